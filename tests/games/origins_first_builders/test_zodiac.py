"""ru appendix «Карты зодиака»: each of the twelve cards and its clarification."""

from __future__ import annotations

from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.components import BUILDING
from engine.games.origins_first_builders.state import Step, Tile, replace
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

ROW = (("red", 1), ("orange", 2), ("yellow", 3), ("blue", 4), ("purple", 5))


def _holding(card: str, **p1):
    state = new_game(2, seed=6)
    state = citizen_row(zodiac(state, "p1", card), *ROW)
    p1.setdefault("citizens", ())
    return with_player(state, "p1", **p1)


def test_sagittarius_may_add_1_to_a_citizen_die_taken_but_not_above_6():
    state = at(_holding("sagittarius", wisdom=9), "p1", Step("take_citizen", ref="action"))
    state, _ = act(state, "p1", {"type": "take", "slot": 2})
    assert moves_of(state, "p1") == [
        {"type": "sagittarius", "add": 1},
        {"type": "sagittarius", "add": 0},
    ]
    state, _ = act(state, "p1", {"type": "sagittarius", "add": 1})
    assert player(state, "p1").citizens[-1].value == 4


def test_sagittarius_may_add_1_to_a_speaker_taken_but_not_above_5():
    state = replace(_holding("sagittarius"), speaker_row=(3, 5))
    state = at(state, "p1", Step("take_speaker"))
    after, _ = act(state, "p1", {"type": "speaker", "value": 5})
    assert player(after, "p1").speakers == (5,) and step(after) != "sagittarius"
    after, _ = acts(state, "p1", {"type": "speaker", "value": 3}, {"type": "sagittarius", "add": 1})
    assert player(after, "p1").speakers == (4,)


def test_pisces_may_take_a_bonus_action_as_a_gold():
    bonus = ("red", "orange", "yellow", "blue", "purple")
    state = replace(_holding("pisces", advisors=("red",), gold=0), bonus=bonus)
    state, _ = acts(
        at(state, "p1"), "p1", {"type": "visit", "worker": "archon"}, {"type": "zone", "zone": 0}
    )
    assert {"type": "bonus_gold"} in moves_of(state, "p1")
    state, _ = act(state, "p1", {"type": "bonus_gold"})
    assert player(state, "p1").gold == 1


def test_capricorn_may_add_2_to_a_citizen_when_a_tower_level_is_built():
    state = _holding("capricorn", gold=1, citizens=citizens(("red", 5), ("blue", 2, 3)))
    state, _ = act(
        at(state, "p1", Step("tower"), Step("turn_end")), "p1", {"type": "tower", "colour": "red"}
    )
    assert moves_of(state, "p1") == [
        {"type": "capricorn", "die": 0}, {"type": "capricorn", "die": 1}, {"type": "skip"},
    ]  # fmt: skip
    state, _ = act(state, "p1", {"type": "capricorn", "die": 0})
    assert player(state, "p1").citizens[0].value == 6  # a 5 becomes a 6, no more


def test_aquarius_may_pay_a_gold_for_a_step_on_another_temple_after_climbing_2():
    state = at(_holding("aquarius", stone=1, gold=1), "p1", Step("temple"))
    state, _ = act(state, "p1", {"type": "temple", "temple": "sea"})
    assert {"type": "temple_extra", "temple": "forest"} in moves_of(state, "p1")
    state, _ = act(state, "p1", {"type": "temple_extra", "temple": "forest"})
    assert dict(state.temples[0])["p1"] == 1 and player(state, "p1").gold == 0


def test_taurus_takes_a_wisdom_off_buildings_and_citizens_from_a_row():
    state = at(_holding("taurus", wisdom=1, gold=0), "p1", Step("take_citizen", ref="action"))
    assert {"type": "take", "slot": 4} in moves_of(state, "p1")  # 2 - 1
    plain = at(_holding("leo", wisdom=1, gold=0), "p1", Step("take_citizen", ref="action"))
    assert {"type": "take", "slot": 4} not in moves_of(plain, "p1")


def test_cancer_takes_a_free_citizen_from_the_row_on_passing_before_the_dice_age():
    state = _holding("cancer", wisdom=0, gold=0, citizens=citizens(("red", 6, 0)))
    state, _ = act(at(state, "p1"), "p1", {"type": "pass"})
    assert step(state) == "take_citizen"
    state, _ = act(state, "p1", {"type": "take", "slot": 4})
    p1 = player(state, "p1")
    assert [c.colour for c in p1.citizens] == ["purple"] and p1.advisors == ("red",)


def test_libra_may_take_a_citizen_paying_wisdom_after_closing_a_district():
    state = _holding("libra", wisdom=2, citizens=citizens(("red", 3), ("blue", 3)))
    state = with_player(state, "p1", city=city((1, -1, "mint"), (1, 0, "mint")))
    state, _ = acts(at(state, "p1"), "p1", {"type": "close"}, {"type": "close_die", "die": 1})
    state, _ = act(state, "p1", {"type": "gain", "resource": "food"})  # the Agora fires first
    assert step(state) == "take_citizen" and {"type": "skip"} in moves_of(state, "p1")
    state, _ = act(state, "p1", {"type": "take", "slot": 3})
    assert player(state, "p1").wisdom == 0


def test_aries_scores_a_point_per_red_die_when_attacking():
    state = war(
        _holding("aries", vp=0, citizens=citizens(("red", 1), ("red", 2, 0))), ("p2", 0), ("p1", 0)
    )
    state, _ = act(at(state, "p1", Step("war", ref="or", n=1)), "p1", {"type": "attack"})
    assert player(state, "p1").vp == 2


def test_leo_adds_2_to_the_die_placed_in_a_power_centre_but_not_above_6():
    state = _holding("leo", citizens=citizens(("red", 5), ("blue", 3)))
    state = with_player(state, "p1", city=city((1, -1, "gallery"), (1, 0, "gallery")))
    state, _ = acts(at(state, "p1"), "p1", {"type": "close"}, {"type": "close_die", "die": 0})
    assert player(state, "p1").centres[0].value == 6


def test_gemini_gives_a_basic_resource_per_space_the_disc_will_fall_back_when_passing():
    state = war(_holding("gemini", stone=0, food=0), ("p2", 0), ("p1", 6))
    state, _ = act(at(state, "p1"), "p1", {"type": "pass"})
    assert step(state) == "gemini"
    assert len(moves_of(state, "p1")) == 6  # two resources among three kinds
    state, _ = act(state, "p1", {"type": "gemini", "stone": 1, "food": 1, "wisdom": 0})
    assert (player(state, "p1").stone, player(state, "p1").food) == (1, 1)


def test_virgo_builds_on_a_farm_for_free_and_the_farm_goes_under_its_stack():
    state = _holding("virgo", wisdom=0, stone=0, gold=0)
    state = with_player(state, "p1", city=city((1, 0, "mint", True)))
    state = at(state, "p1", Step("buy", ref="action"), Step("turn_end"))
    slot = next(i for i, k in enumerate(state.building_row) if BUILDING[k].colour != "yellow")
    kind = state.building_row[slot]
    yellow = state.stacks[2]
    # Nothing to pay with: the farm is the only place, taken at once.
    state, events = act(state, "p1", {"type": "buy", "slot": slot})
    assert any(e["type"] == E.FARM_REPLACED for e in events)
    assert Tile(1, 0, kind) in player(state, "p1").city
    assert Tile(1, 0, "mint", True) not in player(state, "p1").city
    assert state.stacks[2] == (*yellow, "mint")


def test_scorpio_gives_a_wisdom_for_closing_a_district_and_for_a_6_that_must_advise():
    state = _holding("scorpio", wisdom=0, citizens=citizens(("red", 6, 0), ("blue", 3)))
    state, _ = act(at(state, "p1"), "p1", {"type": "pass"})
    assert player(state, "p1").wisdom == 1
    state = _holding("scorpio", wisdom=0, citizens=citizens(("red", 3)))
    state = with_player(state, "p1", city=city((1, -1, "gallery"), (1, 0, "gallery")))
    state, _ = act(at(state, "p1"), "p1", {"type": "close"})
    assert player(state, "p1").wisdom == 1
    # Not when an effect chooses to raise a 6 (spending food).
    state = _holding("scorpio", wisdom=0, food=1, citizens=citizens(("red", 6)))
    state, _ = act(at(state, "p1", Step("feed")), "p1", {"type": "feed", "die": 0})
    assert player(state, "p1").wisdom == 0 and player(state, "p1").advisors == ("red",)
