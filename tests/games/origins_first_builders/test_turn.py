"""ru «Действия игроков»: tower levels, population, superiority tokens, and the shape of a
turn (one main action, then the turn passes on)."""

from __future__ import annotations

from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.state import Step
from tests.games.origins_first_builders.helpers import (
    act,
    acts,
    at,
    citizens,
    moves_of,
    new_game,
    player,
    step,
    types,
    with_player,
)


def test_a_tower_level_costs_as_much_gold_as_the_levels_already_built():
    # ru example: the orange tower has 3 levels; the fourth costs 3 gold.
    state = new_game(2, seed=2)
    state = with_player(state, "p1", gold=3, towers=(1, 3, 1, 1, 1))
    supply = state.tower_supply[1]
    state = at(state, "p1", Step("tower"), Step("turn_end"))
    assert "pay 3 gold" in GAME.describe(state, {"type": "tower", "colour": "orange"})
    state, _ = act(state, "p1", {"type": "tower", "colour": "orange"})
    p1 = player(state, "p1")
    assert p1.towers[1] == 4 and p1.gold == 0
    assert state.tower_supply[1] == supply - 1


def test_a_tower_needs_a_tier_of_its_colour_in_the_supply_and_its_gold():
    state = new_game(2, seed=2)
    state = with_player(state, "p1", gold=1, stone=9, towers=(2, 1, 1, 1, 1))
    from engine.games.origins_first_builders.state import replace

    state = replace(state, tower_supply=(3, 0, 1, 1, 1))
    state = at(state, "p1", Step("tower"))
    assert [m["colour"] for m in moves_of(state, "p1")] == ["yellow", "blue", "purple"]


def test_a_new_base_costs_the_food_above_the_leftmost_base_and_the_last_scores_10():
    state = new_game(2, seed=2)
    state = with_player(state, "p1", food=2, gold=0)
    state, _ = act(at(state, "p1"), "p1", {"type": "populate"})
    assert player(state, "p1").bases == 3 and player(state, "p1").food == 0
    state = with_player(state, "p1", food=8, bases=5, vp=0)
    state, _ = act(at(state, "p1"), "p1", {"type": "populate"})
    p1 = player(state, "p1")
    assert p1.bases == 6 and p1.food == 0 and p1.vp == 10
    assert {"type": "populate"} not in moves_of(at(state, "p1"), "p1")


def test_passing_is_always_possible():
    state = new_game(2, seed=2)
    state = with_player(state, "p1", citizens=(), archon=3, gold=0, food=0)
    assert moves_of(at(state, "p1"), "p1") == [{"type": "pass"}]


def test_after_one_main_action_the_turn_passes_on():
    state = with_player(new_game(2, seed=2), "p1", tokens=0)
    state, _ = acts(
        at(state, "p1"), "p1", {"type": "visit", "worker": "archon"}, {"type": "zone", "zone": 0}
    )
    state, _ = act(state, "p1", moves_of(state, "p1")[0])
    while "p1" in GAME.to_act(state):
        state, _ = act(state, "p1", moves_of(state, "p1")[0])
    assert GAME.to_act(state) == {"p2"}


def test_a_superiority_token_buys_one_more_main_action_once_per_turn():
    state = with_player(new_game(2, seed=2), "p1", tokens=2, food=9)
    state, _ = act(at(state, "p1"), "p1", {"type": "populate"})
    assert moves_of(state, "p1") == [{"type": "end_turn"}, {"type": "extra_action"}]
    state, _ = act(state, "p1", {"type": "extra_action"})
    assert player(state, "p1").tokens == 1 and step(state) == "main"
    state, _ = act(state, "p1", {"type": "populate"})
    # One token per turn: the second action ends the turn.
    assert GAME.to_act(state) == {"p2"}


def test_a_token_gained_this_turn_may_be_spent_at_once():
    from tests.games.origins_first_builders.helpers import war

    state = war(with_player(new_game(2, seed=2), "p1", tokens=0), ("p1", 2), ("p2", 0))
    state = at(state, "p1", Step("war", ref="or", n=2), Step("turn_end"))
    state, _ = act(state, "p1", {"type": "advance", "spaces": 2})
    assert {"type": "extra_action"} in moves_of(state, "p1")


def test_after_spending_a_token_the_player_may_pass_at_once():
    state = with_player(new_game(2, seed=2), "p1", tokens=1, food=9)
    state, _ = acts(at(state, "p1"), "p1", {"type": "populate"}, {"type": "extra_action"})
    assert {"type": "pass"} in moves_of(state, "p1")
    state, events = act(state, "p1", {"type": "pass"})
    assert E.PASSED in types(events) and player(state, "p1").passed


def test_no_token_can_be_spent_after_passing():
    state = with_player(new_game(2, seed=2), "p1", tokens=1, citizens=citizens(("red", 2, 1)))
    state, _ = act(at(state, "p1"), "p1", {"type": "pass"})
    assert GAME.to_act(state) == {"p2"} and player(state, "p1").tokens == 1
