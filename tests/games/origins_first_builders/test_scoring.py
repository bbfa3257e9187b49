"""ru «Подсчёт очков»: gold, the advisor track, the two lowest temples, power centres times
their tower, the worked 72-point example, and the tie-break by buildings."""

from __future__ import annotations

from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders.components import TEMPLE_POINTS
from engine.games.origins_first_builders.scoring import breakdown, estimate, score, standing
from engine.games.origins_first_builders.state import OVER, Centre, replace
from tests.games.origins_first_builders.helpers import (
    city,
    new_game,
    player,
    temple,
    with_player,
)


def test_the_worked_example_scores_72_points():
    # ru «Пример подсчёта очков»: 4 gold; 6 beside the blue advisor (the third); temples at
    # 70, 31 and 16 (the highest ignored: 47); an orange 6 in a power centre with an orange
    # tower of 2 (12); a red 3 with a red tower of 1 (3). 72 in all.
    state = new_game(2, seed=1)
    steps = {p: TEMPLE_POINTS.index(p) for p in (70, 31, 16)}
    state = temple(state, "forest", ("p1", steps[70]), ("p2", 0))
    state = temple(state, "mountain", ("p1", steps[31]), ("p2", 0))
    state = temple(state, "sea", ("p1", steps[16]), ("p2", 0))
    state = with_player(
        state, "p1", vp=0, gold=4, advisors=("purple", "red", "blue"),
        centres=(Centre(1, -1, "orange", 6), Centre(0, 0, "red", 3)),
        towers=(1, 2, 1, 1, 1),
    )  # fmt: skip
    points = breakdown(state, player(state, "p1"))
    assert points == {
        "during the game": 0,
        "gold": 4,
        "advisors": 6,
        "temples": 47,
        "power centres": 15,
    }
    assert score(state, player(state, "p1")) == 72


def test_points_scored_during_the_game_add_to_the_final_count():
    state = with_player(new_game(2, seed=1), "p1", vp=30, gold=2)
    assert score(state, player(state, "p1")) == 32


def test_the_most_points_wins_and_a_tie_goes_to_the_most_buildings():
    state = new_game(3, seed=1)
    state = with_player(state, "p1", vp=20, gold=0, city=city((1, 0, "mint")))
    state = with_player(state, "p2", vp=20, gold=0)
    state = with_player(state, "p3", vp=25, gold=0)
    state = replace(state, phase=OVER)
    outcome = GAME.outcome(state)
    assert outcome["ranking"] == [["p3"], ["p1"], ["p2"]]
    assert outcome["tie_break"] == "most buildings in the city"


def test_equal_points_and_buildings_share_the_place():
    state = new_game(2, seed=1)
    state = with_player(state, "p1", vp=10, gold=0)
    state = with_player(state, "p2", vp=10, gold=0)
    outcome = GAME.standing(state)
    assert outcome["ranking"] == [["p1", "p2"]]
    assert outcome["tie_break"] == "shared: same points and buildings"


def test_the_standing_counts_the_game_as_it_stands_and_is_the_outcome_at_the_end():
    state = with_player(new_game(2, seed=1), "p1", vp=5, gold=3)
    assert GAME.outcome(state) is None
    assert GAME.standing(state)["scores"]["p1"] == 8
    over = replace(state, phase=OVER)
    assert GAME.outcome(over) == GAME.standing(over)


def test_the_estimate_counts_a_temple_disc_the_standing_does_not_show_yet():
    # ru «Подсчёт очков»: the highest disc is ignored, so p1's first two steps in one temple
    # score nothing as the game stands; they still bring its final count nearer.
    state = temple(new_game(2, seed=1), "forest", ("p1", 2), ("p2", 0))
    assert standing(state)["scores"]["p1"] == standing(state)["scores"]["p2"]
    assert estimate(state)["scores"]["p1"] > estimate(state)["scores"]["p2"]
    assert estimate(state)["ranking"][0] == ["p1"]
