"""ru «Посетить зону контакта»: who may visit, what it costs, the starship, one action (both
with a 6) and the bonus action of a matching colour."""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.state import replace
from tests.games.origins_first_builders.helpers import (
    act,
    acts,
    at,
    citizens,
    moves_of,
    new_game,
    player,
    step,
    with_player,
)

VISIT_BLUE = {"type": "visit", "worker": "citizen", "die": 0}


def _ready(zones=(1, 1, 3, 1, 1), bonus=("red", "orange", "yellow", "blue", "purple"), **p1):
    state = new_game(2, seed=1)
    state = replace(state, zones=tuple(zones), bonus=tuple(bonus))
    state = with_player(state, "p1", **{"citizens": citizens(("blue", 2)), **p1})
    return at(state, "p1")


def _take_speaker(state):
    if step(state) == "take_speaker":
        state, _ = act(state, "p1", moves_of(state, "p1")[0])
    return state


def test_a_citizen_of_value_2_at_a_zone_of_3_costs_1_wisdom():
    # ru example: the blue 2 goes to a contact zone showing 3 and pays 1 wisdom.
    state = _ready(wisdom=1, gold=0)
    state, events = acts(state, "p1", VISIT_BLUE, {"type": "zone", "zone": 2})
    sent = next(e for e in events if e["type"] == E.WORKER_SENT)
    assert (sent["wisdom"], sent["gold"]) == (1, 0)
    assert player(state, "p1").wisdom == 0
    assert player(state, "p1").citizens[0].zone == 2


def test_a_die_short_of_the_zone_without_wisdom_cannot_go_there():
    state = _ready(wisdom=0, gold=0)
    state, _ = act(state, "p1", VISIT_BLUE)
    zones = {m["zone"] for m in moves_of(state, "p1", "zone")}
    assert 2 not in zones and zones == {0, 1, 3, 4}
    with pytest.raises(IllegalMove):
        GAME.decide(state, "p1", {"type": "zone", "zone": 2}, __import__("random").Random(0))


def test_gold_makes_up_for_missing_wisdom():
    state = _ready(wisdom=0, gold=1)
    state, events = acts(state, "p1", VISIT_BLUE, {"type": "zone", "zone": 2})
    sent = next(e for e in events if e["type"] == E.WORKER_SENT)
    assert (sent["wisdom"], sent["gold"]) == (0, 1)


def test_the_archon_visits_any_zone_for_nothing():
    state = _ready(zones=(6, 6, 6, 6, 6), wisdom=0, gold=0)
    state, events = acts(
        state, "p1", {"type": "visit", "worker": "archon"}, {"type": "zone", "zone": 4}
    )
    sent = next(e for e in events if e["type"] == E.WORKER_SENT)
    assert sent["wisdom"] == sent["gold"] == 0
    assert player(state, "p1").archon == 4
    assert {"type": "visit", "worker": "archon"} not in moves_of(at(state, "p1"), "p1")


def test_a_visit_raises_the_starship_by_one_and_a_six_turns_to_one():
    state = _ready(zones=(6, 2, 1, 1, 1))
    after, _ = acts(state, "p1", VISIT_BLUE, {"type": "zone", "zone": 1})
    assert after.zones[1] == 3
    after, _ = acts(state, "p1", {"type": "visit", "worker": "archon"}, {"type": "zone", "zone": 0})
    assert after.zones[0] == 1


def test_several_players_may_visit_the_same_zone():
    state = _ready()
    state = with_player(state, "p2", citizens=citizens(("red", 3, 0)))
    state, _ = acts(state, "p1", VISIT_BLUE, {"type": "zone", "zone": 0})
    assert player(state, "p1").citizens[0].zone == 0


def test_one_of_the_two_main_actions_is_taken():
    state = _ready()
    state, _ = acts(state, "p1", VISIT_BLUE, {"type": "zone", "zone": 0})
    acts_ = moves_of(state, "p1")
    assert acts_ == [{"type": "act", "slot": "top"}, {"type": "act", "slot": "bottom"}]
    state, _ = act(state, "p1", {"type": "act", "slot": "top"})
    assert player(state, "p1").stone == 1 + 3
    assert step(state) != "zone_actions"


def test_a_citizen_of_value_6_takes_both_actions_with_the_bonus_between_them():
    state = _ready(bonus=("blue", "orange", "yellow", "red", "purple"), wisdom=2)
    state = with_player(state, "p1", citizens=citizens(("blue", 6)))
    state, _ = acts(state, "p1", VISIT_BLUE, {"type": "zone", "zone": 0})
    assert {"type": "bonus"} in moves_of(state, "p1")
    state, _ = act(state, "p1", {"type": "act", "slot": "top"})
    assert moves_of(state, "p1") == [
        {"type": "act", "slot": "bottom"},
        {"type": "bonus"},
        {"type": "done"},
    ]
    state, _ = act(state, "p1", {"type": "bonus"})  # blue: a speaker die
    state = _take_speaker(state)
    assert len(player(state, "p1").speakers) == 1
    state, _ = act(state, "p1", {"type": "act", "slot": "bottom"})
    assert step(state) == "war"


def test_the_bonus_action_needs_the_visitors_colour():
    state = _ready(bonus=("red", "orange", "yellow", "blue", "purple"))
    state, _ = acts(state, "p1", VISIT_BLUE, {"type": "zone", "zone": 0})
    assert {"type": "bonus"} not in moves_of(state, "p1")
    state = _ready(bonus=("blue", "orange", "yellow", "red", "purple"))
    state, _ = acts(state, "p1", VISIT_BLUE, {"type": "zone", "zone": 0})
    assert {"type": "bonus"} in moves_of(state, "p1")


def test_the_bonus_action_may_come_before_the_main_action():
    state = _ready(bonus=("blue", "orange", "yellow", "red", "purple"))
    state, _ = acts(state, "p1", VISIT_BLUE, {"type": "zone", "zone": 0}, {"type": "bonus"})
    state = _take_speaker(state)
    assert len(player(state, "p1").speakers) == 1
    assert moves_of(state, "p1") == [
        {"type": "act", "slot": "top"},
        {"type": "act", "slot": "bottom"},
    ]


def test_a_speaker_has_no_colour_and_never_takes_a_bonus_action():
    state = _ready(bonus=("blue", "orange", "yellow", "red", "purple"), speakers=(4,))
    state, _ = acts(
        state, "p1", {"type": "visit", "worker": "speaker", "value": 4}, {"type": "zone", "zone": 0}
    )
    assert {"type": "bonus"} not in moves_of(state, "p1")
    assert player(state, "p1").speakers == ()
    assert (0, 4, "p1") in state.zone_speakers


def test_the_archon_takes_the_colours_of_the_advisors():
    state = _ready(bonus=("blue", "orange", "yellow", "red", "purple"), advisors=("purple", "blue"))
    archon = {"type": "visit", "worker": "archon"}
    assert GAME.describe(state, archon).endswith("(colours: purple, blue)")
    state, _ = acts(state, "p1", {"type": "visit", "worker": "archon"}, {"type": "zone", "zone": 0})
    assert {"type": "bonus"} in moves_of(state, "p1")
    plain = _ready(bonus=("blue", "orange", "yellow", "red", "purple"))
    plain, _ = acts(plain, "p1", {"type": "visit", "worker": "archon"}, {"type": "zone", "zone": 0})
    assert {"type": "bonus"} not in moves_of(plain, "p1")


def test_identical_citizens_are_one_choice_and_the_label_names_the_die_and_cost():
    state = _ready(zones=(1, 1, 5, 1, 1))
    state = with_player(state, "p1", citizens=citizens(("blue", 2), ("blue", 2), ("red", 3)))
    visits = [m for m in moves_of(state, "p1", "visit") if m["worker"] == "citizen"]
    assert [m["die"] for m in visits] == [0, 2]
    state, _ = act(state, "p1", visits[0])
    label = GAME.describe(state, {"type": "zone", "zone": 2})
    assert label.startswith("Send the blue 2 to zone 3 (starship 5, pay 3 wisdom)")
