"""The bots' bench (issue 37 §2): its interval and its games, without a long run."""

from __future__ import annotations

import pytest

from bench.bots import judged, lines, play, wilson
from engine.kit.search import LEVELS, Level


def test_the_wilson_interval_of_7_wins_in_10_games_is_the_textbook_one():
    low, high = wilson(7, 10)
    assert low == pytest.approx(0.3968, abs=1e-4) and high == pytest.approx(0.8922, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 10)[0] == 0.0


@pytest.mark.parametrize("name", ["origin", "orichalk", "origins-first-builders"])
def test_a_bench_game_ends_with_a_point_shared_out_and_each_level_timed(name):
    tiny = Level("casual", iterations=2, horizon=2)
    r = play(name, [LEVELS["stand-in"], tiny], seed=0, label="test")
    assert sum(r["points"].values()) in (1.0, 0.5, 1.5)  # a win, or a shared first place
    assert set(r["times"]) == {"stand-in", "casual"} and r["decisions"] > 0


def test_the_report_is_told_and_judged_against_the_targets():
    games = {
        "origin": {
            "matches": {
                "strong vs stand-in": {"games": 4, "points": 3, "rate": 0.75,
                                       "interval": [0.3, 0.95], "draws": 0},
            },
            "decision_s": {"strong": {"decisions": 9, "median": 1.0, "p95": 6.0, "max": 7.0}},
            "decisions_per_game": 200,
        }
    }  # fmt: skip
    report = {
        "games": games,
        "smoke": {"origin 3p": {"ended": 20, "decisions_mean": 300}},
        "failures": [],
        "levels": {
            "casual": {"iterations": 1, "horizon": 1},
            "strong": {"iterations": 2, "horizon": 2},
        },
        "settings": {"workers": 1, "smoke_share": 0.1},
        "seconds": 1.0,
    }
    verdicts = {f.name: f.verdict for f in judged(report)}
    assert verdicts["bots origin: strong vs stand-in, win rate of 4 games"] == "met"
    assert verdicts["bots origin: strong decision, p95"] == "MISSED"
    assert any("origin 3p 20 ended" in line for line in lines(report))
