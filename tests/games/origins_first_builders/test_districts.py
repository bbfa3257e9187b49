"""ru «Закрыть район»: 2x2 districts, the die in the power centre, district cards turned or
mirrored, first and later points, gold, and the buildings a closed district activates."""

from __future__ import annotations

from itertools import permutations

from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.city import matches, open_centres
from engine.games.origins_first_builders.state import Centre, replace
from tests.games.origins_first_builders.helpers import (
    act,
    acts,
    at,
    citizens,
    city,
    moves_of,
    new_game,
    player,
    step,
    with_player,
)

CLOSE = {"type": "close"}
CENTRE = {"type": "centre", "x": 1, "y": -1}

# A district away from the Agora and the Palace: corner (1, -1), cells clockwise from it
# (1, -1) (2, -1) (2, 0) (1, 0).
DISTRICT = ((1, -1), (2, -1), (2, 0), (1, 0))


def _city(*kinds: str, farms: tuple[int, ...] = ()):
    cells = zip(DISTRICT, kinds, strict=True)
    return city(*((x, y, k, i in farms) for i, ((x, y), k) in enumerate(cells)))


def _closing(kinds=("mint", "outpost", "arsenal", "gallery"), dice=(("red", 4),), cards=(), **p1):
    state = new_game(2, seed=7)
    if cards:
        state = replace(state, districts=tuple(cards), district_gold=(2,) * len(cards))
    state = with_player(state, "p1", city=_city(*kinds), citizens=citizens(*dice), **p1)
    return at(state, "p1")


def test_a_2x2_group_of_buildings_is_a_district_with_a_power_centre():
    state = _closing()
    # The new district and the one of the Agora, the Palace and the two tiles beside them.
    assert open_centres(player(state, "p1")) == [(0, -1), (1, -1)]


def test_a_district_is_closed_with_a_citizen_beside_the_board_whose_base_stays_home():
    state = _closing(dice=(("red", 4), ("blue", 2)))
    state, _ = acts(state, "p1", CLOSE, CENTRE, {"type": "close_die", "die": 0})
    p1 = player(state, "p1")
    assert p1.centres == (Centre(1, -1, "red", 4),)
    assert [c.colour for c in p1.citizens] == ["blue"] and p1.free_bases == 1
    assert open_centres(p1) == [(0, -1)]


def test_only_a_citizen_beside_the_board_can_close_a_district():
    state = _closing(dice=(("red", 4, 2),), speakers=(3,))
    assert {"type": "close"} not in moves_of(state, "p1")


def test_a_district_card_matches_its_three_buildings_turned_and_mirrored():
    pattern = ("red", "blue", "yellow")  # the corner, then the two beside it
    matched = 0
    for wild in range(4):
        for arms in permutations(("blue", "yellow")):
            colours: list[str | None] = [None] * 4
            colours[(wild + 2) % 4] = "red"
            colours[(wild + 1) % 4] = arms[0]
            colours[(wild + 3) % 4] = arms[1]
            colours[wild] = "purple"
            assert matches(tuple(colours), pattern)
            matched += 1
    assert matched == 8  # four turns, each mirrored
    # The two beside the corner must both touch it.
    assert not matches(("red", "purple", "blue", "yellow"), pattern)


def test_the_empty_place_takes_any_tile_but_a_farm_or_grey_tile_is_no_colour():
    assert matches(("grey", "red", "red", "red"), ("red", "red", "red"))
    assert matches((None, "red", "red", "red"), ("red", "red", "red"))
    assert not matches(("red", None, "red", "grey"), ("red", "red", "red"))
    assert not matches(("red", "grey", "red", None), ("red", "red", "red"))


def test_a_matching_card_scores_its_first_points_and_takes_its_gold_then_fewer_points():
    # d06: corner red, beside it red and orange. District: Outpost (red) corner at (2, -1),
    # beside it Arsenal (red) at (2, 0) and Castle (orange) at (1, -1); Gallery anywhere.
    kinds = ("castle", "outpost", "arsenal", "gallery")
    state = _closing(kinds=kinds, dice=(("blue", 3), ("red", 2)), cards=("d06", "d01"), gold=0)
    state, events = acts(state, "p1", CLOSE, CENTRE, {"type": "close_die", "die": 0})
    scored = next(e for e in events if e["type"] == E.DISTRICT_SCORED)
    assert (scored["card"], scored["points"], scored["gold"]) == ("d06", 7, 2)
    p1 = player(state, "p1")
    assert p1.vp == 7 + 3 and p1.gold == 2  # and the blue Gallery: 3 VP, one citizen colour
    assert state.district_gold == (0, 2)
    # A second district matching the same card scores its lower points, and no gold.
    later = with_player(state, "p1", centres=(), citizens=citizens(("blue", 3), ("red", 2)))
    later = at(later, "p1")
    later, events = acts(later, "p1", CLOSE, CENTRE, {"type": "close_die", "die": 0})
    scored = next(e for e in events if e["type"] == E.DISTRICT_SCORED)
    assert (scored["points"], scored["gold"]) == (3, 0)


def test_another_player_scores_a_card_for_the_first_time_at_its_higher_points():
    kinds = ("castle", "outpost", "arsenal", "gallery")
    state = _closing(kinds=kinds, dice=(("blue", 3),), cards=("d06",))
    state = with_player(state, "p2", scored=("d06",))
    state, events = acts(state, "p1", CLOSE, CENTRE)
    assert next(e for e in events if e["type"] == E.DISTRICT_SCORED)["points"] == 7


def test_with_several_matching_cards_the_player_chooses_one():
    kinds = ("castle", "outpost", "arsenal", "gallery")
    state = _closing(kinds=kinds, dice=(("purple", 3),), cards=("d06", "d08"))
    state, _ = acts(state, "p1", CLOSE, CENTRE)
    assert step(state) == "district_card"
    assert moves_of(state, "p1") == [
        {"type": "card", "card": "d06"},
        {"type": "card", "card": "d08"},
    ]


def test_closing_activates_the_districts_buildings_of_the_dies_colour():
    # ru example: a red die closes a district; the adjacent red building's effect applies.
    kinds = ("mint", "outpost", "gallery", "mint")
    state = _closing(kinds=kinds, dice=(("red", 4),))
    state, _ = acts(state, "p1", CLOSE, CENTRE)
    assert moves_of(state, "p1") == [{"type": "advance", "spaces": 1}, {"type": "attack"}]


def test_the_agora_fires_in_any_district_it_belongs_to():
    state = new_game(2, seed=7)
    tiles = city((1, -1, "mint"), (1, 0, "mint"))
    state = with_player(state, "p1", city=tiles, citizens=citizens(("blue", 2)), gold=0)
    # One district, one die: both are chosen for the player.
    state, _ = act(at(state, "p1"), "p1", {"type": "close"})
    # Two Mints do not match blue; the Agora (any colour) asks for its basic resource.
    assert step(state) == "basic"
    assert player(state, "p1").gold == 0


def test_several_activated_buildings_fire_in_the_order_the_player_chooses():
    kinds = ("mint", "mint", "granary", "mint")
    state = _closing(kinds=kinds, dice=(("yellow", 4),), gold=0, food=0)
    state, _ = acts(state, "p1", CLOSE, CENTRE)
    assert step(state) == "activate"
    assert len(moves_of(state, "p1")) == 4
    for _ in range(3):
        state, _ = act(state, "p1", moves_of(state, "p1")[0])
    # The fourth fired by itself and ended the turn.
    p1 = player(state, "p1")
    assert p1.gold == 3 and p1.food == 1
    assert GAME.to_act(state) == {"p2"}
