"""ru «Купить здание», «Строительство фермы», «Размещение зданий»: buying from the row, farms,
where tiles go in the city, and the Construction Site's tile set aside."""

from __future__ import annotations

from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.state import Step, Tile, replace
from tests.games.origins_first_builders.helpers import (
    act,
    at,
    city,
    moves_of,
    new_game,
    player,
    step,
    with_player,
)

ROW = ("mint", "gallery", "construction", "arsenal", "obelisk")


def _buying(**p1):
    """p1 buys with the board action; the row is yellow, blue, orange, red, purple."""
    state = new_game(2, seed=3)
    stacks = list(state.stacks)
    stacks[1] = ("castle", "manor", "forum")  # orange
    state = replace(state, building_row=ROW, stacks=tuple(stacks))
    state = with_player(state, "p1", **p1)
    return at(state, "p1", Step("buy", ref="action"), Step("turn_end"))


def test_the_orange_building_costs_its_slots_wisdom_and_its_stone_and_the_tiles_below_move_up():
    # ru example: the orange tile (two tiles below it) costs 2 wisdom and 2 stone; the red
    # and purple tiles move up, the orange stack's top fills the bottom slot, and the stack's
    # next tile is turned face up.
    state = _buying(wisdom=2, stone=2, gold=0)
    assert "2 wisdom, 2 stone" in GAME.describe(state, {"type": "buy", "slot": 2})
    state, events = act(state, "p1", {"type": "buy", "slot": 2})
    assert state.building_row == ("mint", "gallery", "arsenal", "obelisk", "castle")
    assert state.stacks[1] == ("manor", "forum")
    taken = next(e for e in events if e["type"] == E.BUILDING_TAKEN)
    assert (taken["refill"], taken["revealed"]) == ("castle", "manor")
    assert step(state) == "place"
    state, _ = act(state, "p1", {"type": "place", "x": 1, "y": 0})
    p1 = player(state, "p1")
    assert (p1.wisdom, p1.stone) == (0, 0)
    assert Tile(1, 0, "construction") in p1.city


def test_a_building_not_affordable_can_still_be_built_as_a_farm():
    state = _buying(wisdom=0, stone=0, gold=0)
    assert moves_of(state, "p1", "buy") == []
    assert moves_of(state, "p1", "farm") == [{"type": "farm", "slot": i} for i in range(5)]


def test_a_farm_costs_nothing_and_lies_face_down_without_colour_or_effect():
    state = _buying(wisdom=0, stone=0, gold=0)
    purple = state.stacks[4]
    state, _ = act(state, "p1", {"type": "farm", "slot": 4})
    assert state.building_row == ("mint", "gallery", "construction", "arsenal", purple[0])
    state, events = act(state, "p1", {"type": "place", "x": -1, "y": 0})
    assert Tile(-1, 0, "obelisk", True) in player(state, "p1").city
    assert not any(e["type"] == E.SCORED for e in events)  # no Obelisk effect


def test_a_tile_goes_on_an_empty_place_touching_the_city_by_a_side():
    state = _buying(wisdom=9, stone=9)
    state = with_player(state, "p1", city=city((1, 0, "mint")))
    state, _ = act(state, "p1", {"type": "farm", "slot": 0})
    places = {(m["x"], m["y"]) for m in moves_of(state, "p1", "place")}
    assert places == {(0, -2), (-1, -1), (1, -1), (-1, 0), (2, 0), (0, 1), (1, 1)}
    assert (2, -1) not in places and (2, 1) not in places  # corners only: not touching


def test_placing_a_tile_says_when_it_completes_a_district():
    state = _buying(wisdom=9, stone=9)
    state = with_player(state, "p1", city=city((1, 0, "mint")))
    state, _ = act(state, "p1", {"type": "farm", "slot": 0})
    label = GAME.describe(state, {"type": "place", "x": 1, "y": -1})
    assert label.endswith("(completes a district)")


def test_the_top_slot_costs_no_wisdom():
    state = _buying(wisdom=0, stone=2, gold=0)  # the Mint costs 2 stone
    assert moves_of(state, "p1", "buy") == [{"type": "buy", "slot": 0}]


def test_a_tile_set_aside_is_built_later_for_its_stone_only():
    state = _buying(wisdom=0, stone=3, gold=0, reserved=("castle",))
    assert {"type": "build_reserved", "kind": "castle"} in moves_of(state, "p1")
    state, _ = act(state, "p1", {"type": "build_reserved", "kind": "castle"})
    assert player(state, "p1").reserved == ()
    state, _ = act(state, "p1", {"type": "place", "x": 1, "y": 0})
    p1 = player(state, "p1")
    assert p1.stone == 0 and Tile(1, 0, "castle") in p1.city
    assert state.building_row == ROW


def test_an_empty_stack_leaves_the_bottom_slot_empty():
    state = _buying(wisdom=9, stone=9)
    stacks = list(state.stacks)
    stacks[4] = ()  # purple
    state = replace(state, stacks=tuple(stacks))
    state, events = act(state, "p1", {"type": "farm", "slot": 4})
    assert state.building_row[-1] is None
    assert next(e for e in events if e["type"] == E.BUILDING_TAKEN)["refill"] is None
