"""History and replay cost against game length (issue 19): the first page of a game's
history and one replay step cost about the same at 100, 1 000 and 10 000 events, because
each reads its own events from the newest snapshot before them (DESIGN.md §4).

The games are the state-loading bench's own logs (:func:`bench.state_loading.build`: each
game's decisions with a slow game's reminders between them); without them, this module builds
its own. Each request goes through the app's test client (routing, the fold, narration, the
template) with the process's state cache emptied first, as in a new process: the first page
of the public history (the story view), the replay step in the middle of the log, and the
replay step at the same moment of the game in every log (the middle of the shortest log's
game: a step's cost is mostly its picture, which grows as the board fills). For contrast,
the whole log narrated as every page did before (:func:`service.audit.history.load` of
every event). Target: the 10 000-event figure within the state-loading bench's growth
(1.5x) of the 100-event one, in the same run, for the first page and the step at the same
moment; the step in the middle of each log is shown beside them.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from sqlalchemy import select

from bench import state_loading
from engine import registry
from service import create_app
from service.audit import history
from service.config import Settings
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow
from service.web.history import PAGE

LENGTHS = state_loading.LENGTHS
REQUESTS = 21
WHOLE_LOG_LOADS = 1
FLAT_MAX = state_loading.FLAT_MAX


def run(
    settings: Settings,
    log: Callable[[str], None] = print,
    ids: dict[str, dict[int, str]] | None = None,
) -> dict[str, Any]:
    """``ids``: for each game, its logs by length (built here when not given)."""
    # The bench reads far more pages than a person: the per-address page limit is not measured.
    settings = replace(settings, page_limit="1000000 per minute")
    client = create_app(settings).test_client()
    if ids is None:
        ids = {}
        for name in sorted(registry.GAMES):
            log(f"history: building {name} logs of {', '.join(f'{n:,}' for n in LENGTHS)} ...")
            ids[name] = {n: state_loading.build(settings, name, n) for n in LENGTHS}
    results: dict[str, Any] = {}
    for name, by_length in ids.items():
        pages: dict[int, list[float]] = {n: [] for n in by_length}
        steps: dict[int, list[float]] = {n: [] for n in by_length}
        placed: dict[int, list[float]] = {n: [] for n in by_length}
        events = {length: _last_seq(settings, game_id) for length, game_id in by_length.items()}
        middle = {length: max(1, n // 2) for length, n in events.items()}
        same = _same_position(settings, by_length)
        failed = 0
        # Lengths take turns, so the machine's ups and downs fall on all of them alike.
        for _ in range(REQUESTS):
            for length, game_id in by_length.items():
                ms, ok = _cold_get(client, f"/games/{game_id}/history")
                pages[length].append(ms)
                failed += not ok
                ms, ok = _cold_get(client, f"/games/{game_id}/replay/{middle[length]}")
                steps[length].append(ms)
                failed += not ok
                ms, ok = _cold_get(client, f"/games/{game_id}/replay/{same[length]}")
                placed[length].append(ms)
                failed += not ok
        lengths = {
            str(length): {
                "events": events[length],
                "replay_step": middle[length],
                "first_page_ms": statistics.median(pages[length]),
                "first_page_p90_ms": _p90(pages[length]),
                "replay_step_ms": statistics.median(steps[length]),
                "replay_step_p90_ms": _p90(steps[length]),
                "same_position_step": same[length],
                "same_position_step_ms": statistics.median(placed[length]),
                "whole_log_ms": statistics.median(
                    _whole_log_ms(settings, game_id) for _ in range(WHOLE_LOG_LOADS)
                ),
            }
            for length, game_id in by_length.items()
        }
        shortest, longest = lengths[str(min(by_length))], lengths[str(max(by_length))]
        results[name] = {
            "lengths": lengths,
            "failed": failed,
            "growth_first_page": longest["first_page_ms"] / shortest["first_page_ms"],
            "growth_replay_step": longest["replay_step_ms"] / shortest["replay_step_ms"],
            "growth_same_position_step": (
                longest["same_position_step_ms"] / shortest["same_position_step_ms"]
            ),
            "growth_whole_log": longest["whole_log_ms"] / shortest["whole_log_ms"],
        }
        log(
            f"history: {name}: "
            + ", ".join(
                f"{int(n):,} events page {v['first_page_ms']:.1f} ms step "
                f"{v['replay_step_ms']:.1f} ms"
                for n, v in lengths.items()
            )
        )
    return {
        "games": results,
        "page": PAGE,
        "requests": REQUESTS,
        "snapshot_every": settings.snapshot_every,
        "targets": {"growth_max": FLAT_MAX},
    }


def _cold_get(client: Any, url: str) -> tuple[float, bool]:
    eventstore.forget_states()
    t0 = time.perf_counter()
    response = client.get(url, buffered=True)
    return 1000 * (time.perf_counter() - t0), response.status_code == 200


def _same_position(settings: Settings, by_length: dict[int, str]) -> dict[int, int]:
    """For each log, the seq of its ``n``-th game event, ``n`` half the game events of the
    shortest log: the same moment of a game in every log, so the picture drawn (most of a
    step's cost, and growing as the board fills) is alike and only the log's length differs."""
    with sessions(settings.database_url)() as session:
        seqs = {
            length: list(
                session.scalars(
                    select(EventRow.seq)
                    .where(EventRow.game_id == game_id, EventRow.type.not_like("table.%"))
                    .order_by(EventRow.seq)
                )
            )
            for length, game_id in by_length.items()
        }
    n = max(1, len(seqs[min(seqs)]) // 2)
    return {length: found[n - 1] for length, found in seqs.items()}


def _last_seq(settings: Settings, game_id: str) -> int:
    with sessions(settings.database_url)() as session:
        return eventstore.get_row(session, game_id).last_seq


def _whole_log_ms(settings: Settings, game_id: str) -> float:
    """Every event folded and narrated, as the history and each replay step did before."""
    eventstore.forget_states()
    with sessions(settings.database_url)() as session:
        t0 = time.perf_counter()
        history.entries(history.load(session, game_id), history.SPECTATOR)
        return 1000 * (time.perf_counter() - t0)


def _p90(values: list[float]) -> float:
    return sorted(values)[math.ceil(0.9 * len(values)) - 1]
