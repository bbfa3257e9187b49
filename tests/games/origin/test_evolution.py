"""ru «Эволюция», and the Shaman and Great shaman cards."""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.games.origin import GAME
from engine.games.origin import events as ev
from engine.games.origin.components import INDEX, kind_index
from engine.games.origin.state import replace
from tests.games.origin.helpers import (
    act,
    acts,
    clear,
    new_game,
    put,
    targets,
    turn_of,
    types,
    with_player,
)


def _beside_sahara(h: int = 2, s: int = 2, colour: str = "white", players: int = 2):
    """p1 to play; the only pawn on the map is p2's on the Sahara."""
    state = clear(new_game(players, seed=1), "rift")
    state = put(state, "p2", "sahara", h, s, colour)
    return turn_of(state, "p1")


def _pawns_allowed(state, territory: str, seat: str = "p1") -> set[tuple[int, int, str]]:
    state, _ = acts(state, seat, {"type": "evolve"}, {"type": "evolve_on", "territory": territory})
    return {(m["height"], m["strength"], m["colour"]) for m in GAME.legal_moves(state, seat)}


def test_a_new_pawn_goes_on_an_empty_territory_adjacent_to_an_occupied_one():
    state, _ = act(_beside_sahara(), "p1", {"type": "evolve"})
    assert targets(state, "p1", "evolve_on") == {"maghreb", "sahel", "nile", "rift", "congo"}


def test_territories_across_a_strait_count_as_adjacent_for_evolution():
    state = clear(new_game(2, seed=1), "rift")
    state = turn_of(put(state, "p2", "maghreb", 1, 1, "black"), "p1")
    state, _ = act(state, "p1", {"type": "evolve"})
    assert "iberia" in targets(state, "p1", "evolve_on")


def test_a_pawn_may_evolve_identical_to_its_neighbour():
    # Only the doubled height-2 pawns of a 4-player game have a twin.
    assert (2, 2, "white") in _pawns_allowed(_beside_sahara(players=4), "nile")
    assert (2, 2, "white") not in _pawns_allowed(_beside_sahara(players=2), "nile")


def test_a_pawn_may_evolve_differing_only_in_colour():
    allowed = _pawns_allowed(_beside_sahara(), "nile")
    assert {(2, 2, "brown"), (2, 2, "black")} <= allowed


def test_a_pawn_may_evolve_into_one_of_greater_strength_only_by_one():
    allowed = _pawns_allowed(_beside_sahara(1, 1, "white"), "nile")
    assert (1, 2, "white") in allowed
    assert (1, 3, "white") not in allowed  # ru: «Неверно: разница сил больше единицы»


def test_a_pawn_may_evolve_one_taller_than_its_neighbour_but_not_two():
    allowed = _pawns_allowed(_beside_sahara(1, 1, "white"), "nile")
    assert (2, 1, "white") in allowed  # ru: «Верно: отличается только высота»
    assert (3, 1, "white") not in allowed


def test_a_new_pawn_may_never_be_shorter_or_weaker_than_its_neighbour():
    allowed = _pawns_allowed(_beside_sahara(2, 2, "white"), "nile")
    assert (1, 2, "white") not in allowed  # ru: «Неверно: высота новой фишки меньше»
    assert (2, 1, "white") not in allowed


def test_a_new_pawn_may_differ_from_its_neighbour_in_one_property_only():
    allowed = _pawns_allowed(_beside_sahara(1, 1, "white"), "nile")
    assert (2, 1, "black") not in allowed  # ru: «Неверно: два отличия – цвет и высота»
    assert (2, 2, "white") not in allowed
    assert allowed == {(1, 1, "brown"), (1, 1, "black"), (1, 2, "white"), (2, 1, "white")}


def test_compatibility_with_one_of_several_neighbours_is_enough():
    state = put(_beside_sahara(1, 1, "white"), "p2", "rift", 3, 2, "black")
    allowed = _pawns_allowed(state, "nile")  # beside both the Sahara and the Rift
    assert (1, 2, "white") in allowed and (3, 3, "black") in allowed


def test_evolution_takes_a_pawn_from_the_reserve_and_one_of_the_players_villages():
    state = _beside_sahara()
    before = state.reserve[kind_index(2, 2, "black")]
    state, events = acts(
        state, "p1", {"type": "evolve"}, {"type": "evolve_on", "territory": "nile"},
        {"type": "evolve_pawn", "height": 2, "strength": 2, "colour": "black"},
    )  # fmt: skip
    assert types(events)[:2] == [ev.ACTION_CHOSEN, ev.PAWN_PLACED]
    pawn = state.board[INDEX["nile"]]
    assert pawn is not None and (pawn.owner, pawn.colour) == ("p1", "black")
    assert state.reserve[kind_index(2, 2, "black")] == before - 1
    assert state.player("p1").villages == 8


def test_a_player_without_villages_cannot_evolve():
    state = with_player(_beside_sahara(), "p1", villages=0)
    assert {"type": "evolve"} not in GAME.legal_moves(state, "p1")
    with pytest.raises(IllegalMove):
        act(state, "p1", {"type": "evolve"})


def test_a_pawn_no_longer_in_the_reserve_cannot_be_placed():
    state = _beside_sahara(1, 1, "white")
    reserve = list(state.reserve)
    reserve[kind_index(1, 2, "white")] = 0
    state = replace(state, reserve=tuple(reserve))
    assert (1, 2, "white") not in _pawns_allowed(state, "nile")


def test_shaman_lets_a_new_pawn_match_its_neighbour_in_a_single_property():
    state = with_player(_beside_sahara(1, 1, "white"), "p1", in_play=("shaman",))
    allowed = _pawns_allowed(state, "nile")
    assert (2, 1, "black") in allowed and (1, 2, "brown") in allowed and (2, 2, "white") in allowed
    assert (2, 2, "black") not in allowed  # nothing in common
    assert (3, 1, "white") not in allowed  # still at most one step taller


def test_great_shaman_places_any_pawn_beside_an_occupied_territory():
    state = with_player(_beside_sahara(1, 1, "white"), "p1", actions=("great_shaman",))
    state, events = act(state, "p1", {"type": "play", "card": "great_shaman"})
    assert types(events) == [ev.CARD_PLAYED]
    assert state.discard[-1] == "great_shaman"
    allowed = _pawns_allowed(state, "nile")
    assert (3, 3, "black") in allowed and len(allowed) == 27 - 1
    state, _ = act(state, "p1", {"type": "evolve"})
    assert "iberia" not in targets(state, "p1", "evolve_on")  # not adjacent to any pawn
