"""``make bench`` (issue 10): every registered game's playouts and the replay of a complete
game, for each number of players it allows."""

from __future__ import annotations

from bench import replay
from engine import registry


def test_the_engine_bench_replays_a_complete_game_for_every_game_and_player_count():
    report = replay.run(seconds_per_case=0.01)
    for name in registry.GAMES:
        game = registry.get(name)
        counts = report[name]
        assert sorted(counts) == list(range(game.min_players, game.max_players + 1))
        for result in counts.values():
            assert result["playouts_per_s"] > 0 and result["replay_events_per_s"] > 0
            assert result["replayed_game_complete"] is True
    assert report["orichalk"][4]["replayed_game_events"] > 100
