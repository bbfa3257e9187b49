"""Which decisions show hidden information (engine contract ``reveals``): the building stacks
below their tops, and every die still to be rolled."""

from __future__ import annotations

import pytest

from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.components import BUILDING, COLOURS
from engine.games.origins_first_builders.events import EVENTS
from engine.games.origins_first_builders.reveals import CONCEALING, REVEALING
from engine.games.origins_first_builders.state import Step, replace
from tests.games.origins_first_builders.helpers import act, at, citizen_row, new_game, with_player


def _reveals(state, move, seat="p1"):
    after, events = act(state, seat, move)
    return after, GAME.reveals(state, seat, events)


def test_every_event_type_is_classified():
    by_payload = {E.BUILDING_TAKEN, E.SPEAKERS_RETURNED}
    assert REVEALING | CONCEALING | by_payload == set(EVENTS)
    assert not REVEALING & CONCEALING


def test_visiting_a_zone_and_gaining_resources_reveal_nothing():
    state = at(new_game(2, seed=3), "p1")
    state, revealed = _reveals(state, {"type": "visit", "worker": "archon"})
    assert not revealed
    state, revealed = _reveals(state, {"type": "zone", "zone": 0})
    assert not revealed


def test_buying_a_building_turns_the_next_tile_of_its_stack_face_up():
    state = with_player(new_game(2, seed=3), "p1", wisdom=9, stone=9)
    state = at(state, "p1", Step("buy", ref="action"), Step("turn_end"))
    _, revealed = _reveals(state, {"type": "farm", "slot": 0})
    assert revealed


def test_taking_the_last_face_down_tile_of_a_stack_turns_nothing_up():
    state = with_player(new_game(2, seed=3), "p1", wisdom=9, stone=9)
    c = COLOURS.index(BUILDING[state.building_row[0]].colour)
    stacks = list(state.stacks)
    stacks[c] = stacks[c][:1]  # only the face-up top is left: it fills the row
    state = replace(state, stacks=tuple(stacks))
    state = at(state, "p1", Step("buy", ref="action"), Step("turn_end"))
    _, revealed = _reveals(state, {"type": "farm", "slot": 0})
    assert not revealed


def test_taking_a_citizen_rolls_a_new_die_for_the_row():
    state = with_player(new_game(2, seed=3), "p1", wisdom=9, citizens=())
    state = citizen_row(state, ("red", 1), ("orange", 2), ("yellow", 3), ("blue", 4), ("purple", 5))
    state = at(state, "p1", Step("take_citizen", ref="action"))
    _, revealed = _reveals(state, {"type": "take", "slot": 0})
    assert revealed


@pytest.mark.parametrize("kind", sorted(REVEALING))
def test_revealing_event_types_reveal(kind):
    assert GAME.reveals(None, "p1", [{"type": kind}])


def test_an_unknown_event_type_counts_as_revealing():
    assert GAME.reveals(None, "p1", [{"type": "something_new"}])
