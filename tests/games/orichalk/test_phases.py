"""uk «Хід гравця»: the metropolis, phase 1 (take a card), phase 2 (place its tile), the card
after phase 3, phase 5 (two players)."""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.games.orichalk import GAME
from engine.games.orichalk.components import SIZES
from engine.games.orichalk.events import (
    CARD_DISCARDED,
    CARD_TAKEN,
    MINED,
    PORT_COVERED,
    TILE_RETURNED,
    TURN_ENDED,
)
from engine.games.orichalk.geometry import layout
from engine.games.orichalk.state import ACTION, DISCARD, EXTRA, PLACE, TAKE
from tests.games.orichalk.helpers import (
    act,
    at_step,
    cell,
    event,
    fresh_island,
    land,
    moves_of,
    new_game,
    types,
    with_island,
    with_offers,
    with_player,
)


def _game(players: int = 2):
    state = new_game(players, seed=3)
    first = state.turn.seat
    return state, first


def test_the_first_turn_starts_with_the_metropolis_on_one_of_the_three_ports():
    state, seat = _game()
    state = with_island(state, seat, fresh_island(metropolis=None))
    moves = moves_of(state, seat)
    assert [m["cell"] for m in moves] == ["A5", "D1", "F6"]
    assert GAME.describe(state, moves[0]) == (
        "Place your metropolis on the port at A5 (+1 hoplite, +1 orichalcum)"
    )


def test_the_metropolis_takes_its_port_bonus_at_once_before_the_card_is_taken():
    state, seat = _game()
    state = with_island(state, seat, fresh_island(metropolis=None))
    before = state.player(seat)
    state, _ = act(state, seat, {"type": "place_metropolis", "cell": "D1"})
    after = state.player(seat)
    assert after.hoplites == before.hoplites + 2 and after.orichalcum == before.orichalcum
    assert after.island.metropolis == cell(state, seat, "D1")
    assert state.turn.step == TAKE


def test_the_two_leftmost_cards_are_free_and_the_others_cost_the_printed_hoplites():
    state, seat = _game(4)
    state = with_island(state, seat, fresh_island())
    state = at_step(state, seat, TAKE)
    state = with_player(state, seat, hoplites=1)
    assert [m["slot"] for m in moves_of(state, seat)] == [0, 1, 2, 3]
    state = with_player(state, seat, hoplites=0)
    assert [m["slot"] for m in moves_of(state, seat)] == [0, 1]
    state = with_player(state, seat, hoplites=5)
    assert [m["slot"] for m in moves_of(state, seat)] == [0, 1, 2, 3, 4, 5]
    state, events = act(state, seat, {"type": "take_card", "slot": 4, "card": state.offers[4].card})
    assert state.player(seat).hoplites == 3
    assert event(events, CARD_TAKEN)["cost"] == 2


def test_taking_a_card_slides_the_cards_on_its_right_to_the_left():
    state, seat = _game(3)
    state = with_island(state, seat, fresh_island())
    state = with_player(state, seat, hoplites=3)
    state = at_step(state, seat, TAKE)
    cards = [o.card for o in state.offers]
    state, _ = act(state, seat, {"type": "take_card", "slot": 2, "card": cards[2]})
    assert [o.card for o in state.offers] == cards[:2] + cards[3:]
    assert state.turn.card == cards[2]


def test_the_card_comes_with_its_tile_and_its_creature():
    state, seat = _game()
    state = with_island(state, seat, fresh_island())
    state = at_step(state, seat, TAKE)
    state = with_offers(state, ("capture-double", 46, ["hydra"]), ("mine-single", 1, []))
    state, _ = act(state, seat, {"type": "take_card", "slot": 0, "card": "capture-double"})
    assert state.turn.tile == 46 and state.turn.creatures == ("hydra",)
    assert state.turn.step == PLACE
    move = next(m for m in moves_of(state, seat) if m["cells"] == ["C2", "D2"])
    assert GAME.describe(state, move) == "Place the desert–volcano tile at C2, pointing south-east"
    state, _ = act(state, seat, move)
    island = state.player(seat).island
    assert island.terrain[cell(state, seat, "C2")] == "desert"
    assert island.creature[cell(state, seat, "D2")] == "hydra"


def test_a_tile_goes_wholly_on_the_island_on_free_spaces_next_to_land_or_the_metropolis():
    state, seat = _game()
    island = land(fresh_island(), {"D2": "F"})
    state = with_island(state, seat, island)
    state = at_step(state, seat, PLACE, card="mine-single", tile=1)
    spaces = {m["cell"] for m in moves_of(state, seat)}
    # next to the metropolis (D1) or the forest (D2), never on them, never off the island
    assert spaces == {"C2", "E2", "C3", "D3", "E3"}
    state = at_step(state, seat, PLACE, card="mine-triple", tile=49)
    for move in moves_of(state, seat):
        assert not {"D1", "D2"} & set(move["cells"])
        assert {"C2", "E2", "C3", "D3", "E3"} & set(move["cells"])


def test_every_rotation_of_a_tile_is_offered():
    state, seat = _game()
    state = with_island(state, seat, land(fresh_island(), {"D3": "F"}))
    state = at_step(state, seat, PLACE, card="mine-double", tile=34)  # forest–lagoon
    from_d4 = {m["rotation"] for m in moves_of(state, seat) if m["cell"] == "D4"}
    assert from_d4 == {0, 1, 2, 4, 5}  # west of D4 is the forest already there
    state = at_step(state, seat, PLACE, card="mine-double", tile=26)  # forest–forest
    moves = moves_of(state, seat)
    assert len({frozenset(m["cells"]) for m in moves}) == len(moves), "the same spaces once"


def test_a_tile_that_cannot_be_placed_goes_under_its_stack_with_its_creature_to_the_bag():
    state, seat = _game()
    lay = layout("1", "easy")
    island = land(fresh_island(), {s: "F" for s in lay.labels if s not in ("D1", "G3", "G4")})
    state = with_island(state, seat, island)
    state = at_step(state, seat, TAKE)
    state = with_offers(state, ("create-triple", 65, ["gorgon"]), ("mine-single", 1, []))
    assert not GAME.legal_moves(at_step(state, seat, PLACE, card="x", tile=65), seat)
    bag = sum(state.creature_bag)
    stack = state.stacks[SIZES.index("triple")]
    state, events = act(state, seat, {"type": "take_card", "slot": 0, "card": "create-triple"})
    assert TILE_RETURNED in types(events)
    assert state.stacks[SIZES.index("triple")] == (*stack, 65)
    assert sum(state.creature_bag) == bag + 1
    assert state.turn.tile == 0 and state.turn.step in (ACTION, EXTRA, DISCARD)


def test_covering_a_port_gives_its_bonus_once():
    state, seat = _game()
    state = with_island(state, seat, land(fresh_island(), {"E5": "F", "E6": "F"}))
    state = at_step(state, seat, PLACE, card="mine-single", tile=6)
    before = state.player(seat).orichalcum
    state, events = act(state, seat, {"type": "place_tile", "cell": "F6", "rotation": 0,
                                      "cells": ["F6"]})  # fmt: skip
    assert event(events, PORT_COVERED) == {
        "type": PORT_COVERED, "seat": seat, "cell": "F6", "hoplites": 0, "orichalcum": 2,
    }  # fmt: skip
    assert state.player(seat).orichalcum == before + 2
    assert cell(state, seat, "F6") in state.player(seat).island.ports_taken


def test_the_card_goes_to_the_discard_after_phase_3_even_when_its_action_is_skipped():
    state, seat = _game(3)
    state = with_island(state, seat, fresh_island())
    state = at_step(state, seat, ACTION, card="mine-single", action="mine")
    state, events = act(state, seat, {"type": "skip"})
    assert state.discard[-1] == "mine-single"
    assert event(events, CARD_DISCARDED)["card"] == "mine-single"
    assert state.turn is None or state.turn.card == ""


def test_with_two_players_the_active_player_discards_a_card_from_the_action_board():
    state, seat = _game(2)
    state = with_island(state, seat, fresh_island())
    state = at_step(state, seat, DISCARD)
    state = with_offers(state, ("mine-single", 1, []), ("capture-double", 46, ["hydra"]),
                        ("create-single", 2, []))  # fmt: skip
    bag = sum(state.creature_bag)
    stack = state.stacks[SIZES.index("double")]
    assert [m["slot"] for m in moves_of(state, seat)] == [0, 1, 2]
    state, events = act(state, seat, {"type": "discard_card", "slot": 1, "card": "capture-double"})
    assert [o.card for o in state.offers] == ["mine-single", "create-single"]
    assert state.discard[-1] == "capture-double"
    assert state.stacks[SIZES.index("double")] == (*stack, 46)
    assert sum(state.creature_bag) == bag + 1
    assert TURN_ENDED in types(events)


def test_with_three_players_the_turn_ends_after_phase_4():
    state, seat = _game(3)
    state = with_island(state, seat, fresh_island())
    state = with_player(state, seat, hoplites=0, orichalcum=0, creatures=())
    state = at_step(state, seat, ACTION, card="mine-single", action="mine")
    state, events = act(state, seat, {"type": "mine", "favour": False})
    assert types(events)[:3] == [MINED, CARD_DISCARDED, TURN_ENDED]


def test_it_is_nobody_elses_turn():
    state, seat = _game(3)
    other = next(s for s in state.seats if s != seat)
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.decide(state, other, {"type": "place_metropolis", "cell": "A5"}, None)
