"""Engine speed, per game and number of players: random playouts per second, and replay
throughput (events/s) of the longest complete game among those playouts."""

from __future__ import annotations

import time
from typing import Any

from engine import registry, replay
from tests.engine.playout import play_random


def run(seconds_per_case: float = 2.0) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for name in sorted(registry.GAMES):
        game = registry.get(name)
        per_count = {}
        for players in range(game.min_players, game.max_players + 1):
            started, games, longest = time.perf_counter(), 0, None
            while time.perf_counter() - started < seconds_per_case:
                run_ = play_random(game, players, seed=games)
                games += 1
                if longest is None or len(run_.events) > len(longest.events):
                    longest = run_
            playout_rate = games / (time.perf_counter() - started)
            assert longest is not None
            replays, t0 = 0, time.perf_counter()
            while time.perf_counter() - t0 < seconds_per_case / 2:
                replay(game, longest.events)
                replays += 1
            elapsed = time.perf_counter() - t0
            per_count[players] = {
                "playouts_per_s": round(playout_rate, 1),
                "replayed_game_events": len(longest.events),
                "replayed_game_complete": game.outcome(longest.final) is not None,
                "replay_events_per_s": round(replays * len(longest.events) / elapsed),
            }
        results[name] = per_count
    return results
