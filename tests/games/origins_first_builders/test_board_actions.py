"""ru appendix «Действия на игровом поле» and «Жетоны бонусных действий»: the ten actions of
the contact zones and the five bonus actions."""

from __future__ import annotations

from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.components import TEMPLES, ZONE_ACTIONS
from engine.games.origins_first_builders.state import Die, State, replace
from tests.games.origins_first_builders.helpers import (
    act,
    acts,
    at,
    citizen_row,
    citizens,
    moves_of,
    new_game,
    player,
    step,
    supply,
    with_player,
)

ARCHON = {"type": "visit", "worker": "archon"}


def _at_zone(zone: int, bonus_colour: str | None = None, **p1) -> State:
    """p1's archon has visited ``zone``; with ``bonus_colour`` the archon wears it and the
    zone's tile has it."""
    state = new_game(2, seed=2)
    bonus = ["red", "orange", "yellow", "blue", "purple"]
    advisors: tuple[str, ...] = ()
    if bonus_colour:
        bonus.remove(bonus_colour)
        bonus.insert(zone, bonus_colour)
        advisors = (bonus_colour,)
    state = replace(state, bonus=tuple(bonus), zones=(1, 1, 1, 1, 1))
    p1.setdefault("citizens", ())
    state = with_player(state, "p1", advisors=advisors, **p1)
    state, _ = acts(at(state, "p1"), "p1", ARCHON, {"type": "zone", "zone": zone})
    return state


def _top(zone: int, **p1):
    state = _at_zone(zone, **p1)
    return act(state, "p1", {"type": "act", "slot": "top"})


def _bottom(zone: int, **p1):
    state = _at_zone(zone, **p1)
    return act(state, "p1", {"type": "act", "slot": "bottom"})


def test_the_zones_print_a_resource_action_over_a_use_for_it():
    assert ZONE_ACTIONS == (
        ("stone3", "war"),
        ("food3", "build"),
        ("wisdom3", "temple"),
        ("basic_gold", "citizen"),
        ("one_each", "feed"),
    )


def test_gain_3_stone_3_food_3_wisdom_or_one_of_each():
    assert player(_top(0)[0], "p1").stone == 4
    assert player(_top(1)[0], "p1").food == 4
    assert player(_top(2)[0], "p1").wisdom == 4
    state = _top(4)[0]
    assert (player(state, "p1").stone, player(state, "p1").food, player(state, "p1").wisdom) == (
        2,
        2,
        2,
    )


def test_gain_a_basic_resource_of_your_choice_and_a_gold():
    state, _ = _top(3)
    assert moves_of(state, "p1") == [
        {"type": "gain", "resource": r} for r in ("stone", "food", "wisdom")
    ]
    state, _ = act(state, "p1", {"type": "gain", "resource": "food"})
    assert (player(state, "p1").food, player(state, "p1").gold) == (2, 2)


def test_the_war_action_advances_2_and_or_attacks_in_either_order():
    state, _ = _bottom(0)
    assert moves_of(state, "p1") == [{"type": "advance", "spaces": 2}, {"type": "attack"}]
    after, _ = act(state, "p1", {"type": "attack"})
    assert moves_of(after, "p1") == [{"type": "advance", "spaces": 2}, {"type": "done"}]
    after, _ = act(state, "p1", {"type": "advance", "spaces": 2})
    assert dict(after.war)["p1"] == 2
    assert moves_of(after, "p1") == [{"type": "attack"}, {"type": "done"}]
    done, _ = act(after, "p1", {"type": "done"})
    assert step(done) != "war"


def test_buy_a_building_from_the_row():
    state, _ = _bottom(1, wisdom=5, stone=5)
    assert step(state) == "buy"
    kinds = {m["type"] for m in moves_of(state, "p1")}
    assert kinds == {"buy", "farm"}


def test_the_temple_action_costs_a_stone_climbs_2_and_takes_the_zodiac_card():
    state, _ = _bottom(2, stone=1, gold=0)
    assert moves_of(state, "p1") == [{"type": "temple", "temple": t} for t in TEMPLES]
    state, _ = act(state, "p1", {"type": "temple", "temple": "mountain"})
    assert player(state, "p1").stone == 0
    assert dict(state.temples[1])["p1"] == 2
    assert state.zodiac_owner[1] == "p1"


def test_the_zodiac_card_is_taken_even_from_a_player_further_up():
    state = _at_zone(2, stone=1)
    state = replace(state, zodiac_owner=(None, "p2", None))
    temples = list(state.temples)
    temples[1] = (("p1", 0), ("p2", 7))
    state = replace(state, temples=tuple(temples))
    state, _ = acts(
        state, "p1", {"type": "act", "slot": "bottom"}, {"type": "temple", "temple": "mountain"}
    )
    assert state.zodiac_owner[1] == "p1"


def test_a_temple_disc_never_climbs_past_the_top():
    state = _at_zone(2, stone=1)
    temples = list(state.temples)
    temples[0] = (("p1", 10), ("p2", 0))
    state = replace(state, temples=tuple(temples))
    state, _ = acts(
        state, "p1", {"type": "act", "slot": "bottom"}, {"type": "temple", "temple": "forest"}
    )
    assert dict(state.temples[0])["p1"] == 11


def test_take_a_citizen_paying_the_wisdom_beside_its_slot_and_the_row_shifts_left():
    state = _at_zone(3, wisdom=2, gold=0)
    state = citizen_row(state, ("red", 1), ("orange", 2), ("yellow", 3), ("blue", 4), ("purple", 5))
    state, _ = act(state, "p1", {"type": "act", "slot": "bottom"})
    state, events = act(state, "p1", {"type": "take", "slot": 3}, seed=4)
    p1 = player(state, "p1")
    assert p1.wisdom == 0  # slot 4 costs 2
    assert p1.citizens[-1].colour == "blue" and p1.citizens[-1].value == 4
    refill = next(e for e in events if e["type"] == E.ROW_REFILLED)
    assert refill["colour"] == "blue" and 1 <= refill["value"] <= 5
    rest = (Die("red", 1), Die("orange", 2), Die("yellow", 3), Die("purple", 5))
    assert state.citizen_row == (*rest, Die("blue", refill["value"]))


def test_without_a_free_base_no_citizen_can_be_taken():
    state = new_game(2, seed=2)
    state = with_player(state, "p1", citizens=citizens(("red", 2), ("blue", 3)))
    state = replace(state, zones=(1, 1, 1, 1, 1))
    state, _ = acts(at(state, "p1"), "p1", ARCHON, {"type": "zone", "zone": 3})
    # Only the top action is left: it is played at once, its resource is the choice now.
    assert step(state) == "basic"


def test_a_colour_missing_from_the_supply_leaves_the_slot_empty_and_ends_the_game():
    state = _at_zone(3, wisdom=5)
    state = supply(
        citizen_row(state, ("red", 1), ("orange", 2), ("yellow", 3), ("blue", 4), ("purple", 5)),
        red=0,
    )
    state, events = acts(
        state, "p1", {"type": "act", "slot": "bottom"}, {"type": "take", "slot": 0}
    )
    assert any(e["type"] == E.ROW_REFILL_FAILED for e in events)
    assert state.citizen_row[-1] is None and state.dice_short == ("red",)


def test_spend_up_to_3_food_each_raising_a_citizen_or_advancing_on_the_war_track():
    state = _at_zone(4, food=5, citizens=citizens(("red", 3)))
    state, _ = act(state, "p1", {"type": "act", "slot": "bottom"})
    assert moves_of(state, "p1") == [{"type": "feed", "die": 0}, {"type": "feed_war"}]
    state, _ = act(state, "p1", {"type": "feed", "die": 0})
    state, _ = act(state, "p1", {"type": "feed_war"})
    assert {"type": "done"} in moves_of(state, "p1")
    state, _ = act(state, "p1", {"type": "feed", "die": 0})
    p1 = player(state, "p1")
    assert p1.food == 2 and p1.citizens[0].value == 5 and dict(state.war)["p1"] == 1
    assert step(state) != "feed"


def test_food_spent_on_a_6_turns_it_into_an_advisor():
    state = _at_zone(4, food=1, citizens=citizens(("red", 6)))
    state, _ = acts(state, "p1", {"type": "act", "slot": "bottom"}, {"type": "feed", "die": 0})
    assert player(state, "p1").advisors == ("red",)
    assert player(state, "p1").citizens == ()


def test_bonus_pay_a_stone_to_climb_one_step_without_the_zodiac_card():
    state = _at_zone(0, bonus_colour="purple", stone=1)
    state, _ = acts(state, "p1", {"type": "bonus"}, {"type": "temple_step", "temple": "sea"})
    assert dict(state.temples[2])["p1"] == 1
    assert state.zodiac_owner[2] is None
    assert player(state, "p1").stone == 0


def test_bonus_pay_a_food_to_buy_a_building():
    state = _at_zone(0, bonus_colour="orange", food=1, wisdom=9, stone=9)
    state, _ = act(state, "p1", {"type": "bonus"})
    assert player(state, "p1").food == 0
    assert step(state) == "buy"


def test_bonus_pay_a_wisdom_to_advance_1_or_attack():
    state = _at_zone(0, bonus_colour="red", wisdom=1)
    state, _ = act(state, "p1", {"type": "bonus"})
    assert player(state, "p1").wisdom == 0
    assert moves_of(state, "p1") == [{"type": "advance", "spaces": 1}, {"type": "attack"}]
    state, _ = act(state, "p1", {"type": "advance", "spaces": 1})
    assert dict(state.war)["p1"] == 1 and step(state) == "zone_actions"


def test_bonus_take_a_speaker_die():
    state = _at_zone(0, bonus_colour="blue")
    state = replace(state, speaker_row=(3,))
    state, _ = act(state, "p1", {"type": "bonus"})
    assert player(state, "p1").speakers == (3,) and state.speaker_row == ()


def test_bonus_gain_a_basic_resource():
    state = _at_zone(0, bonus_colour="yellow")
    state, _ = acts(state, "p1", {"type": "bonus"}, {"type": "gain", "resource": "wisdom"})
    assert player(state, "p1").wisdom == 2
