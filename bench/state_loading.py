"""State loading cost against game length: a game of 100, 1 000 and 10 000 events loads in
about the same time, because loading starts from the newest snapshot (DESIGN.md §4).

For every registered game, logs of each length are written through the service's own append
(hash chain, snapshots every ``SNAPSHOT_EVERY`` events): the game's decisions from a seeded
random playout, stopped before the game ends, and between them the reminders a slow game
collects (``table.reminded``), spread evenly, up to the length. Each load is cold: the
process's state cache is emptied first, as in a new process. For contrast, the same logs
folded from their first event (what a load would cost without snapshots). A log of exactly
100, 1 000 or 10 000 events has a snapshot at its head (one every 50), so each is measured
again 25 events later, half-way to the next snapshot. Target: the 10 000-event load within
1.5x the 100-event load of the same game, in the same run, at both points.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import func, select

from engine import registry
from engine.chance import rng_for
from service.config import Settings
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.eventstore import Loaded
from service.store.models import SnapshotRow
from tests.engine.playout import play_random

LENGTHS = (100, 1_000, 10_000)
COLD_LOADS = 41
FROM_START_LOADS = 3
FLAT_MAX = 1.5
MIDWAY = 25
"""Events appended one by one after the first measurement, for the second."""
CHUNK = 50
"""Reminders appended together, at most (a slow game's table events come one by one; a
chunk keeps building the log quick without changing its shape)."""


def build(settings: Settings, name: str, length: int) -> str:
    """A game of ``name`` whose log holds exactly ``length`` events."""
    game = registry.get(name)
    players = [f"p{i}.load@bench.example.org" for i in range(1, game.min_players + 1)]
    with sessions(settings.database_url).begin() as session:
        loaded = create_game(session, name, players).loaded
    seed = bytes.fromhex(loaded.row.seed)
    # A rehearsal tells how long a game runs, so the reminders can be spread over it.
    rehearsal = play_random(game, game.min_players, seed=11)
    room = length - loaded.seq
    game_budget = min(room, int(0.9 * (len(rehearsal.events) - loaded.seq)))
    per_decision = (room - game_budget) / max(1, rehearsal.decisions)
    rng = random.Random(11)
    played, owed = 0, 0.0
    while True:
        state = loaded.state
        seat = sorted(game.to_act(state))[0]
        move = rng.choice(game.legal_moves(state, seat))
        events = game.decide(state, seat, move, rng_for(seed, loaded.seq + 1))
        after = state
        for event in events:
            after = game.apply(after, event)
        if not game.to_act(after) or played + len(events) > game_budget:
            break  # the game stays in progress, within its share of the log
        loaded = _record(settings, loaded, events, seat, move)
        played += len(events)
        owed += per_decision
        loaded = _remind(settings, loaded, min(int(owed), length - loaded.seq))
        owed -= int(owed)
    loaded = _remind(settings, loaded, length - loaded.seq)
    assert loaded.seq == length, (name, length, loaded.seq)
    return loaded.row.id


def _record(
    settings: Settings,
    loaded: Loaded,
    events: list[dict[str, Any]],
    seat: str | None,
    move: dict[str, Any] | None = None,
) -> Loaded:
    with sessions(settings.database_url).begin() as session:
        fresh = eventstore.load(session, loaded.row.id)
        return eventstore.record(
            session, fresh, events, seat, move=move, snapshot_every=settings.snapshot_every
        )


def _remind(settings: Settings, loaded: Loaded, count: int) -> Loaded:
    while count > 0:
        batch = min(count, CHUNK)
        seat = sorted(loaded.game.to_act(loaded.state) or loaded.table.seats)[0]
        events = [{"type": "table.reminded", "seat": seat, "number": 1} for _ in range(batch)]
        loaded = _record(settings, loaded, events, None)
        count -= batch
    return loaded


def _measure(settings: Settings, ids: dict[int, str]) -> dict[str, dict[str, Any]]:
    cold: dict[int, list[float]] = {length: [] for length in ids}
    full: dict[int, list[float]] = {length: [] for length in ids}
    # Lengths take turns, so the machine's ups and downs fall on all of them alike.
    for round_ in range(COLD_LOADS):
        for length, game_id in ids.items():
            cold[length].append(_cold_load_ms(settings, game_id))
            if round_ < FROM_START_LOADS:
                full[length].append(_from_start_ms(settings, game_id))
    return {
        str(length): {
            "cold_load_ms": statistics.median(cold[length]),
            "cold_load_p90_ms": sorted(cold[length])[math.ceil(0.9 * COLD_LOADS) - 1],
            "from_start_ms": statistics.median(full[length]),
            "events_after_snapshot": _after_snapshot(settings, ids[length]),
        }
        for length in ids
    }


def _cold_load_ms(settings: Settings, game_id: str) -> float:
    eventstore.forget_states()
    with sessions(settings.database_url)() as session:
        t0 = time.perf_counter()
        eventstore.load(session, game_id)
        return 1000 * (time.perf_counter() - t0)


def _after_snapshot(settings: Settings, game_id: str) -> int:
    """How many events a cold load folds after the newest snapshot."""
    with sessions(settings.database_url)() as session:
        row = eventstore.get_row(session, game_id)
        newest = session.scalar(
            select(func.max(SnapshotRow.seq)).where(SnapshotRow.game_id == game_id)
        )
        return row.last_seq - (newest or 0)


def _from_start_ms(settings: Settings, game_id: str) -> float:
    with sessions(settings.database_url)() as session:
        t0 = time.perf_counter()
        row = eventstore.get_row(session, game_id)
        eventstore.load_from_start(session, row, registry.get(row.game))
        return 1000 * (time.perf_counter() - t0)


def run(
    settings: Settings,
    log: Callable[[str], None] = print,
    built: dict[str, dict[int, str]] | None = None,
) -> dict[str, Any]:
    """``built``, when given, receives each game's logs by length (the history bench reads
    them again)."""
    results: dict[str, Any] = {}
    for name in sorted(registry.GAMES):
        log(f"load: building {name} logs of {', '.join(f'{n:,}' for n in LENGTHS)} events ...")
        ids = {length: build(settings, name, length) for length in LENGTHS}
        if built is not None:
            built[name] = ids
        by_length = _measure(settings, ids)
        # At 100, 1 000 and 10 000 events a snapshot was just written (every 50): the best
        # case. Half-way to the next one, a load also folds the events since.
        for game_id in ids.values():
            with sessions(settings.database_url)() as session:
                loaded = eventstore.load(session, game_id)
            for _ in range(MIDWAY):
                loaded = _remind(settings, loaded, 1)
        midway = _measure(settings, ids)
        for length, entry in by_length.items():
            entry["midway"] = midway[length]
        shortest, longest = by_length[str(LENGTHS[0])], by_length[str(LENGTHS[-1])]
        results[name] = {
            "lengths": by_length,
            "growth": longest["cold_load_ms"] / shortest["cold_load_ms"],
            "growth_from_start": longest["from_start_ms"] / shortest["from_start_ms"],
        }
        log(
            f"load: {name}: "
            + ", ".join(f"{n} events {v['cold_load_ms']:.2f} ms" for n, v in by_length.items())
        )
    return {
        "games": results,
        "snapshot_every": settings.snapshot_every,
        "targets": {"growth_max": FLAT_MAX},
    }
