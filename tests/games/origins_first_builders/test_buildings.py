"""ru appendix «Жетоны зданий»: each of the 30 building effects, applied when the tile is
placed in the city."""

from __future__ import annotations

import random

import pytest

from engine.games.origins_first_builders import GAME, effects
from engine.games.origins_first_builders.components import AGORA, BUILDINGS, COLOURS, PALACE
from engine.games.origins_first_builders.context import Ctx
from engine.games.origins_first_builders.effects import EFFECTS
from engine.games.origins_first_builders.state import Centre, Step, replace
from tests.games.origins_first_builders.helpers import (
    act,
    acts,
    at,
    citizen_row,
    citizens,
    city,
    moves_of,
    new_game,
    player,
    step,
    war,
    with_player,
    zodiac,
)


def _ready(**p1):
    state = new_game(3, seed=5)
    p1.setdefault("stone", 5)
    p1.setdefault("citizens", ())
    return with_player(state, "p1", **p1)


def _place(state, kind: str, x: int = 1, y: int = 0):
    """p1 places ``kind`` (its stone paid, no wisdom) on (x, y) and its effect applies."""
    state = at(state, "p1", Step("place", ref=kind), Step("turn_end"))
    return act(state, "p1", {"type": "place", "x": x, "y": y})


def _vp(state) -> int:
    return player(state, "p1").vp


def test_there_are_six_kinds_of_each_colour_fifteen_tiles_each():
    for colour in COLOURS:
        kinds = [b for b in BUILDINGS if b.colour == colour]
        assert len(kinds) == 6 and sum(b.copies for b in kinds) == 15


# ---------------------------------------------------------------- yellow


def test_granary_gives_a_food_and_one_more_per_farm():
    state = _ready(food=0, city=city((-1, 0, "mint", True), (-1, -1, "mint", True)))
    state, _ = _place(state, "granary")
    assert player(state, "p1").food == 3


def test_harbour_scores_2_per_yellow_building_itself_included():
    state = _ready(city=city((-1, 0, "mint"), (-1, -1, "arsenal")))
    state, _ = _place(state, "harbour")
    assert _vp(state) == 4


def test_market_scores_4_per_yellow_citizen_on_the_board_or_beside_it():
    state = _ready(citizens=citizens(("yellow", 2), ("yellow", 3, 1), ("red", 4)))
    state, _ = _place(state, "market")
    assert _vp(state) == 8


def test_mint_gives_a_gold():
    state = _ready(gold=0)
    state, _ = _place(state, "mint")
    assert player(state, "p1").gold == 1


def test_quarry_gives_a_stone_and_one_per_empty_space_beside_it():
    state = _ready(stone=1)
    state, _ = _place(state, "quarry", 1, 0)  # only the Palace beside it: 3 empty sides
    assert player(state, "p1").stone == 1 - 1 + 1 + 3


def test_workshop_gives_a_basic_resource_of_your_choice():
    state, _ = _place(_ready(wisdom=0), "workshop")
    assert step(state) == "basic"
    state, _ = act(state, "p1", {"type": "gain", "resource": "wisdom"})
    assert player(state, "p1").wisdom == 1


# ---------------------------------------------------------------- red


def test_arsenal_advances_2_and_or_attacks():
    state, _ = _place(_ready(), "arsenal")
    assert moves_of(state, "p1") == [{"type": "advance", "spaces": 2}, {"type": "attack"}]


def test_chariot_field_scores_2_per_red_building_and_red_citizen():
    state = _ready(city=city((-1, 0, "outpost")), citizens=citizens(("red", 3), ("blue", 2)))
    state, _ = _place(state, "chariots")
    assert _vp(state) == 2 * (2 + 1)


def test_outpost_advances_1_or_attacks():
    state, _ = _place(_ready(), "outpost")
    assert moves_of(state, "p1") == [{"type": "advance", "spaces": 1}, {"type": "attack"}]
    state, _ = act(state, "p1", {"type": "attack"})
    assert step(state) != "war"


def test_tiltyard_advances_2_then_a_stone_or_food_per_player_behind():
    state = war(_ready(stone=2, food=0), ("p2", 0), ("p1", 1), ("p3", 3))
    state, _ = _place(state, "tiltyard")
    assert dict(state.war)["p1"] == 3
    assert moves_of(state, "p1") == [
        {"type": "tiltyard", "stone": 1, "food": 0},
        {"type": "tiltyard", "stone": 0, "food": 1},
    ]
    state, _ = act(state, "p1", {"type": "tiltyard", "stone": 0, "food": 1})
    assert player(state, "p1").food == 1


def test_citadel_advances_1_per_red_building():
    state = _ready(city=city((-1, 0, "outpost"), (-1, -1, "arsenal")))
    state, _ = _place(state, "citadel")
    assert dict(state.war)["p1"] == 3


def test_veterans_quarter_scores_a_red_citizens_value_then_lowers_it():
    state = _ready(citizens=citizens(("red", 5), ("blue", 6)))
    state, _ = _place(state, "veterans")
    assert moves_of(state, "p1") == [{"type": "veteran", "die": 0}, {"type": "skip"}]
    state, _ = act(state, "p1", {"type": "veteran", "die": 0})
    assert _vp(state) == 5 and player(state, "p1").citizens[0].value == 4


# ---------------------------------------------------------------- orange


def test_castle_scores_1_and_3_per_closed_district():
    state = _ready(centres=(Centre(0, 0, "red", 3), Centre(1, 1, "blue", 2)))
    state, _ = _place(state, "castle", -1, 0)
    assert _vp(state) == 7


def test_construction_site_sets_a_row_building_aside_without_wisdom():
    state = _ready(wisdom=0)
    row = state.building_row
    state, _ = _place(state, "construction")
    assert {"type": "skip"} in moves_of(state, "p1")
    state, _ = act(state, "p1", {"type": "reserve", "slot": 4})
    assert player(state, "p1").reserved == (row[4],)
    assert player(state, "p1").wisdom == 0


def test_courthouse_swaps_a_citizen_for_another_colour_of_the_same_value():
    state = _ready(citizens=citizens(("red", 4)))
    supply = state.dice_supply
    state, _ = _place(state, "court")
    state, _ = acts(
        state, "p1", {"type": "court", "die": 0}, {"type": "recolour", "colour": "blue"}
    )
    assert player(state, "p1").citizens[0].colour == "blue"
    assert player(state, "p1").citizens[0].value == 4
    assert state.dice_supply[0] == supply[0] + 1 and state.dice_supply[3] == supply[3] - 1


def test_manor_takes_a_citizen_from_the_row_for_free():
    row = (("red", 1), ("orange", 2), ("yellow", 3), ("blue", 4), ("purple", 5))
    state = citizen_row(_ready(wisdom=0, gold=0), *row)
    state, _ = _place(state, "manor")
    state, _ = act(state, "p1", {"type": "take", "slot": 4})
    assert player(state, "p1").citizens[-1].colour == "purple"


def test_forum_takes_a_speaker_for_free():
    state = replace(_ready(), speaker_row=(2, 4))
    state, _ = _place(state, "forum")
    state, _ = act(state, "p1", {"type": "speaker", "value": 4})
    assert player(state, "p1").speakers == (4,) and state.speaker_row == (2,)


def test_forum_takes_any_one_speaker_on_the_board_from_the_row_or_a_contact_zone():
    # ru «Форум»: «любого одного оратора с поля»; speakers sent to contact zones are on the
    # board («Верните все кубики ораторов с поля в ряд ораторов»).
    placed = ((2, 3, "p2"), (0, 5, "p3"), (2, 3, "p3"))
    state = replace(_ready(), speaker_row=(2,), zone_speakers=placed)
    state, _ = _place(state, "forum")
    assert moves_of(state, "p1") == [
        {"type": "speaker", "value": 2},
        {"type": "speaker", "value": 5, "zone": 0},
        {"type": "speaker", "value": 3, "zone": 2},
    ]
    move = {"type": "speaker", "value": 5, "zone": 0}
    assert str(GAME.describe(state, move)) == "Take the speaker die showing 5 from zone 1"
    before = state
    state, events = act(state, "p1", move)
    taken = [e for e in events if e["type"] == "speaker_taken"]
    assert taken == [{"type": "speaker_taken", "seat": "p1", "value": 5, "zone": 0}]
    told = GAME.narrate(before, taken[0], None)
    assert str(told) == "p1 took the speaker die showing 5 from zone 1"
    assert player(state, "p1").speakers == (5,)
    assert state.zone_speakers == ((2, 3, "p2"), (2, 3, "p3")) and state.speaker_row == (2,)


def test_under_ofb_1_the_forum_took_a_speaker_from_the_row_only():
    placed = ((2, 3, "p2"),)
    state = replace(_ready(), speaker_row=(2,), zone_speakers=placed, ruleset="ofb-1")
    state, events = _place(state, "forum")  # a single option is taken at once
    taken = [e for e in events if e["type"] == "speaker_taken"]
    assert taken == [{"type": "speaker_taken", "seat": "p1", "value": 2}]
    assert state.zone_speakers == placed


def test_idol_shrine_scores_by_the_colours_of_the_buildings_in_the_city():
    tiles = ((-1, 0, "outpost"), (-1, -1, "gallery"), (1, -1, "mint"), (-1, 1, "mint", True))
    state = _ready(city=city(*tiles))
    state, _ = _place(state, "idols")  # red, blue, yellow, orange: 4 colours
    assert _vp(state) == 6


# ---------------------------------------------------------------- purple


def test_a_temple_building_climbs_its_temple_2_and_may_buy_a_step_elsewhere_for_a_gold():
    state, _ = _place(_ready(gold=1), "mountain_temple")
    assert dict(state.temples[1])["p1"] == 2
    assert moves_of(state, "p1") == [
        {"type": "temple_extra", "temple": "forest"},
        {"type": "temple_extra", "temple": "sea"},
        {"type": "skip"},
    ]
    state, _ = act(state, "p1", {"type": "temple_extra", "temple": "sea"})
    assert dict(state.temples[2])["p1"] == 1 and player(state, "p1").gold == 0


def test_forest_and_sea_temples_climb_their_own_temple():
    state, _ = _place(_ready(gold=0), "forest_temple")
    assert dict(state.temples[0])["p1"] == 2
    state, _ = _place(_ready(gold=0), "sea_temple")
    assert dict(state.temples[2])["p1"] == 2


def test_obelisk_scores_1_2_4_7_for_1_2_3_4_or_more_obelisks():
    for others, points in ((0, 1), (1, 2), (2, 4), (3, 7), (4, 7)):
        tiles = [(-1, -k, "obelisk") for k in range(others)]
        state, _ = _place(_ready(city=city(*tiles)), "obelisk")
        assert _vp(state) == points, others


def test_sanctuary_scores_3_6_10_for_1_2_3_zodiac_cards():
    state = zodiac(zodiac(_ready(), "p1", "leo", "forest"), "p1", "virgo", "sea")
    state, _ = _place(state, "sanctuary")
    assert _vp(state) == 6


def test_statue_climbs_any_temple_by_one():
    state, _ = _place(_ready(), "statue")
    state, _ = act(state, "p1", {"type": "temple_step", "temple": "forest"})
    assert dict(state.temples[0])["p1"] == 1


# ---------------------------------------------------------------- blue


def test_gallery_scores_3_per_colour_among_the_citizens():
    state = _ready(citizens=citizens(("red", 1), ("red", 2), ("blue", 3, 2)))
    state, _ = _place(state, "gallery")
    assert _vp(state) == 6


def test_astronomers_tower_gives_a_wisdom_and_one_per_advisor():
    state, _ = _place(_ready(wisdom=0, advisors=("red", "blue")), "astronomer")
    assert player(state, "p1").wisdom == 3


def test_fountain_of_wisdom_gives_a_wisdom_and_sets_a_starship_to_1():
    state = replace(_ready(wisdom=0), zones=(4, 1, 6, 2, 3))
    state, _ = _place(state, "fountain")
    assert player(state, "p1").wisdom == 1
    state, _ = act(state, "p1", {"type": "starship", "zone": 2})
    assert state.zones == (4, 1, 1, 2, 3)


def test_ritual_gate_adds_0_1_or_2_to_a_citizen_beside_the_board():
    state, _ = _place(_ready(citizens=citizens(("red", 3), ("blue", 2, 1))), "ritual_gate")
    assert moves_of(state, "p1") == [
        {"type": "ritual", "die": 0, "add": 1},
        {"type": "ritual", "die": 0, "add": 2},
        {"type": "skip"},
    ]
    state, _ = act(state, "p1", {"type": "ritual", "die": 0, "add": 2})
    assert player(state, "p1").citizens[0].value == 5


def test_healers_estate_scores_1_and_1_per_citizen():
    state, _ = _place(_ready(citizens=citizens(("red", 3), ("blue", 2, 1))), "healer")
    assert _vp(state) == 3


def test_mages_tower_uses_the_effect_of_an_adjacent_building():
    state = _ready(gold=0, city=city((1, -1, "mint"), (2, 0, "mage")))
    state, _ = _place(state, "mage", 1, 0)
    # Beside it: the Mint, another Mage's Tower and the Palace; only the Mint can be used.
    assert moves_of(state, "p1") == [{"type": "copy", "x": 1, "y": -1}, {"type": "skip"}]
    state, _ = act(state, "p1", {"type": "copy", "x": 1, "y": -1})
    assert player(state, "p1").gold == 1


def test_every_tile_a_city_can_hold_has_an_effect_and_the_palaces_does_nothing():
    assert set(EFFECTS) == {b.id for b in BUILDINGS} | {AGORA, PALACE}
    ctx = Ctx(_ready(), random.Random(0))
    effects.run(ctx, PALACE, (0, 0))
    assert ctx.events == []
    with pytest.raises(KeyError):
        effects.run(ctx, "windmill", (1, 0))
