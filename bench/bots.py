"""How strong and how quick the searching bot is (issue 37 §2), engine alone (no database).

For each game, seeded two-player matches, the seats alternated (each opening played twice,
each level once in each seat): strong against stand-in, casual against stand-in, strong
against casual. A win counts 1, a draw (a shared first place) 1/2; each rate is given with
its 95% Wilson interval. Each decision of each level is timed with ``time.process_time``
(the CPU of the process deciding, so other processes on the machine do not count).
Targets, each game: strong wins at least 70% against stand-in, casual at least 60%;
strong's median decision at most 2 s, its p95 at most 5 s.

Then a smoke: games of 3 and 4 players (where the game seats them) with every level at the
table, each must end without an error. Its searching seats think with a share of their
level's budget (``BENCH_BOT_SMOKE_SHARE``, default 0.05): the smoke checks that mixed tables
run to the end, not how well they play.

Run alone: ``python -m bench.bots``. ``BENCH_BOT_GAMES`` (default 2) games per match and
game, ``BENCH_BOT_SMOKE_GAMES`` (default 20) per player count and game, ``BENCH_BOT_WORKERS``
(default 2) processes, ``BENCH_BOT_ONLY`` (default all) a comma-separated list of games,
``BENCH_BOT_MATCHES`` (default all) of matches (``strong vs stand-in,...``).
"""

from __future__ import annotations

import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from bench.figures import Figure, at_least, at_most, shown
from bench.harness import log as default_log
from engine import registry
from engine.catalogue import CATALOGUE
from engine.kit.search import LEVELS, Level, choose

MATCHES = (("strong", "stand-in"), ("casual", "stand-in"), ("strong", "casual"))
TARGETS = {
    "strong vs stand-in": 0.70,
    "casual vs stand-in": 0.60,
    "strong median s": 2.0,
    "strong p95 s": 5.0,
}
MAX_DECISIONS = 5_000


def _env(name: str, default: str) -> str:
    return os.environ.get(name, default)


def play(name: str, seats_levels: list[Level], seed: int, label: str) -> dict[str, Any]:
    """One game of ``name``, seat ``p<i+1>`` played at ``seats_levels[i]``: the points of
    each seat (1 first, 1/2 a shared first place, else 0) and each level's decision times."""
    game = registry.get(name)
    seats = [f"p{i + 1}" for i in range(len(seats_levels))]
    level_of = dict(zip(seats, seats_levels, strict=True))
    chance = random.Random(f"{label}/{seed}")
    state = None
    for event in game.setup(seats, {}, chance):
        state = game.apply(state, event)
    times: dict[str, list[float]] = {}
    decisions = 0
    while acting := sorted(game.to_act(state)):
        seat = acting[0]
        level = level_of[seat]
        started = time.process_time()
        move = choose(game, state, seat, level, random.Random(f"{label}/{seed}/{decisions}"))
        times.setdefault(level.name, []).append(time.process_time() - started)
        for event in game.decide(state, seat, move, chance):
            state = game.apply(state, event)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"{name} {label} {seed}: no end after {decisions} decisions")
    outcome = game.outcome(state)
    assert outcome is not None
    first = outcome["ranking"][0]
    points = {s: (0.0 if s not in first else 1.0 if len(first) == 1 else 0.5) for s in seats}
    return {"points": points, "times": times, "decisions": decisions}


def wilson(points: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``points`` in ``games``."""
    if games == 0:
        return (0.0, 1.0)
    p = points / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _match_game(job: tuple[str, str, str, int]) -> dict[str, Any]:
    name, a, b, number = job
    opening = number // 2
    levels = [LEVELS[a], LEVELS[b]] if number % 2 == 0 else [LEVELS[b], LEVELS[a]]
    r = play(name, levels, opening, f"{name}/{a}-{b}")
    a_seat = "p1" if number % 2 == 0 else "p2"
    return {**r, "game": name, "match": f"{a} vs {b}", "points": r["points"][a_seat]}


def _smoke_game(job: tuple[str, int, int, float]) -> dict[str, Any]:
    name, players, number, share = job
    kinds = [LEVELS[k] for k in ("stand-in", "casual", "strong")]
    levels = [kinds[(number + i) % len(kinds)] for i in range(players)]
    levels = [
        replace(lv, iterations=max(2, round(lv.iterations * share))) if lv.iterations else lv
        for lv in levels
    ]
    r = play(name, levels, number, f"{name}/smoke{players}")
    return {"game": name, "players": players, "decisions": r["decisions"]}


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def run(settings: Any = None, log: Callable[[str], None] = default_log) -> dict[str, Any]:
    games = int(_env("BENCH_BOT_GAMES", "2"))
    smoke_games = int(_env("BENCH_BOT_SMOKE_GAMES", "20"))
    share = float(_env("BENCH_BOT_SMOKE_SHARE", "0.05"))
    workers = int(_env("BENCH_BOT_WORKERS", "2"))
    only = [n for n in _env("BENCH_BOT_ONLY", "").split(",") if n]
    picked = [m for m in _env("BENCH_BOT_MATCHES", "").split(",") if m]
    names = [g.name for g in CATALOGUE if not only or g.name in only]
    started = time.perf_counter()
    matches = [(a, b) for a, b in MATCHES if not picked or f"{a} vs {b}" in picked]
    jobs = [(n, a, b, i) for n in names for a, b in matches for i in range(games)]
    smoke_jobs = [
        (n, p, i, share)
        for n in names
        for p in (3, 4)
        if registry.get(n).min_players <= p <= registry.get(n).max_players
        for i in range(smoke_games)
    ]
    report: dict[str, Any] = {"games": {}, "smoke": {}, "failures": []}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = []
        for done, r in enumerate(pool.map(_match_game, jobs), start=1):
            results.append(r)
            log(
                f"bots: {done}/{len(jobs)} match games ({time.perf_counter() - started:.0f} s): "
                f"{r['game']} {r['match']} {r['points']}"
            )
        smoke: list[dict[str, Any]] = []
        for job, future in [(j, pool.submit(_smoke_game, j)) for j in smoke_jobs]:
            try:
                smoke.append(future.result())
            except Exception as exc:  # a crash is what the smoke reports
                report["failures"].append(f"{job}: {exc!r}")
        log(f"bots: {len(smoke)} smoke games ({time.perf_counter() - started:.0f} s)")
    for name in names:
        mine = [r for r in results if r["game"] == name]
        rates = {}
        for a, b in matches:
            played = [r for r in mine if r["match"] == f"{a} vs {b}"]
            points = sum(r["points"] for r in played)
            low, high = wilson(points, len(played))
            rates[f"{a} vs {b}"] = {
                "games": len(played),
                "points": points,
                "rate": round(points / len(played), 3) if played else 0.0,
                "interval": [round(low, 3), round(high, 3)],
                "draws": sum(1 for r in played if r["points"] == 0.5),
            }
        times: dict[str, list[float]] = {}
        for r in mine:
            for level, ts in r["times"].items():
                times.setdefault(level, []).extend(ts)
        report["games"][name] = {
            "matches": rates,
            "decision_s": {
                level: {
                    "decisions": len(ts),
                    "median": round(statistics.median(ts), 4),
                    "p95": round(_percentile(ts, 0.95), 4),
                    "max": round(max(ts), 4),
                }
                for level, ts in sorted(times.items())
                if ts
            },
            "decisions_per_game": round(statistics.mean(r["decisions"] for r in mine), 1)
            if mine
            else 0.0,
        }
        for players in (3, 4):
            ended = [s for s in smoke if s["game"] == name and s["players"] == players]
            if ended:
                report["smoke"][f"{name} {players}p"] = {
                    "ended": len(ended),
                    "decisions_mean": round(statistics.mean(s["decisions"] for s in ended), 1),
                }
    report["levels"] = {
        k: {"iterations": v.iterations, "horizon": v.horizon} for k, v in LEVELS.items()
    }
    report["settings"] = {
        "games_per_match": games,
        "smoke_games": smoke_games,
        "smoke_share": share,
        "workers": workers,
    }
    report["targets"] = TARGETS
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report


def valid(b: dict[str, Any]) -> bool:
    return not b["failures"]


def judged(b: dict[str, Any]) -> list[Figure]:
    ok = valid(b)
    figures: list[Figure] = []
    for name, g in b["games"].items():
        for match, m in g["matches"].items():
            label = f"bots {name}: {match}, win rate of {m['games']} games"
            target = TARGETS.get(match)
            if target is None:
                figures.append(shown(label, m["rate"], "", ok))
            else:
                figures.append(at_least(label, m["rate"], "", target, ok))
        strong = g["decision_s"].get("strong")
        if strong:
            figures.append(
                at_most(f"bots {name}: strong decision, median", strong["median"], "s",
                        TARGETS["strong median s"], ok)
            )  # fmt: skip
            figures.append(
                at_most(f"bots {name}: strong decision, p95", strong["p95"], "s",
                        TARGETS["strong p95 s"], ok)
            )  # fmt: skip
    return figures


def lines(b: dict[str, Any]) -> list[str]:
    lv = b["levels"]
    out = [
        f"Bots (issue 37 §2; engine only, {b['settings']['workers']} processes, "
        f"{b['seconds']} s): casual {lv['casual']['iterations']} iterations, strong "
        f"{lv['strong']['iterations']}, rollouts of {lv['casual']['horizon']} / "
        f"{lv['strong']['horizon']} decisions; rate = wins + draws/2 of the first level, "
        "95% Wilson interval; decision CPU s:"
    ]
    for name, g in b["games"].items():
        rates = ", ".join(
            f"{match} {m['rate']:.2f} [{m['interval'][0]:.2f}, {m['interval'][1]:.2f}] "
            f"of {m['games']}"
            for match, m in g["matches"].items()
        )
        out.append(f"  {name}: {rates}")
        times = ", ".join(
            f"{level} median {t['median']:.3f} p95 {t['p95']:.3f} max {t['max']:.3f} "
            f"({t['decisions']})"
            for level, t in g["decision_s"].items()
        )
        out.append(f"  {name} decisions ({g['decisions_per_game']} a game): {times}")
    smoke = ", ".join(f"{k} {v['ended']} ended" for k, v in b["smoke"].items())
    out.append(
        f"  smoke (every level at the table, searching at {b['settings']['smoke_share']:g} of "
        f"the budget): {smoke or 'none'}"
    )
    for failure in b["failures"]:
        out.append(f"  FAILED {failure}")
    return out


def main() -> int:
    r = run()
    print("\n".join(lines(r)))
    for figure in judged(r):
        print(figure.line())
    return 0 if valid(r) else 1


if __name__ == "__main__":
    sys.exit(main())
