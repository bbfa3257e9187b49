"""uk «він приверне увагу титана», «Милість титанів», «Кілька титанів»."""

from __future__ import annotations

from engine.games.orichalk import GAME
from engine.games.orichalk.events import TILE_PLACED, TITAN_CLAIMED, TITAN_REFRESHED, TITAN_RETURNED
from engine.games.orichalk.state import ACTION, PLACE, TITANS, replace
from tests.games.orichalk.helpers import (
    act,
    at_step,
    event,
    fresh_island,
    land,
    moves_of,
    new_game,
    types,
    with_island,
    with_player,
)


def _place(state, seat, tile: int, *cells: str):
    move = next(m for m in moves_of(state, seat, "place_tile") if m["cells"] == list(cells))
    return act(state, seat, move)


def _at_place(island, tile: int, players: int = 2):
    state = new_game(players, seed=2)
    seat = state.turn.seat
    state = with_island(state, seat, island)
    return at_step(state, seat, PLACE, card="mine-double", tile=tile), seat


def test_a_4_desert_area_takes_kronos():
    # uk: «Розмістивши плитку ось так, Сергій формує зону з 4 пустель … бере плитку титана
    # Кроноса».
    state, seat = _at_place(land(fresh_island(), {"D2": "D", "D3": "D"}), tile=30)  # desert ×2
    state, events = _place(state, seat, 30, "C3", "C4")
    claim = event(events, TITAN_CLAIMED)
    assert (claim["titan"], claim["from"]) == ("kronos", None)
    assert state.player(seat).titans == (("kronos", True),)
    assert "kronos" not in state.centre
    assert state.player(seat).points == 1
    assert state.turn.step == ACTION


def test_an_area_of_two_attracts_no_titan():
    state, seat = _at_place(land(fresh_island(), {"D2": "D"}), tile=11)
    state = at_step(state, seat, PLACE, card="mine-single", tile=11)
    state, events = _place(state, seat, 11, "D3")
    assert TITAN_CLAIMED not in types(events)


def test_spaces_under_buildings_count_for_no_area():
    island = land(fresh_island(), {"D2": "D", "D3": "D"}, buildings={"D2": "mine"})
    state, seat = _at_place(island, tile=11)
    state = at_step(state, seat, PLACE, card="mine-single", tile=11)
    state, events = _place(state, seat, 11, "D4")
    assert TITAN_CLAIMED not in types(events)


def test_replacing_hyperion_with_theia_sends_hyperion_back_to_the_centre_active():
    # uk: «Сергій створює зону з 3 ділянок лісу … Оскільки в нього вже був Гіперіон, то
    # Сергій повертає Гіперіона в центр стола активним боком вгору».
    state, seat = _at_place(land(fresh_island(), {"D2": "F"}), tile=26)  # forest ×2
    state = with_player(state, seat, titans=(("hyperion", False),))
    state = replace(state, centre=("theia", "themis", "kronos"))
    state, events = _place(state, seat, 26, "D3", "D4")
    assert types(events)[1:3] == [TITAN_RETURNED, TITAN_CLAIMED]
    assert state.player(seat).titans == (("theia", True),)
    assert "hyperion" in state.centre and "theia" not in state.centre


def test_a_titan_can_be_stolen_and_arrives_active():
    state, seat = _at_place(land(fresh_island(), {"D2": "M", "D3": "M"}), tile=16)
    other = next(s for s in state.seats if s != seat)
    state = with_player(state, other, titans=(("hyperion", False),))
    state = replace(state, centre=("theia", "themis", "kronos"))
    state = at_step(state, seat, PLACE, card="mine-single", tile=16)
    state, events = _place(state, seat, 16, "D4")
    assert event(events, TITAN_CLAIMED)["from"] == other
    assert state.player(seat).titans == (("hyperion", True),)
    assert state.player(other).titans == ()


def test_the_last_player_to_grow_an_area_takes_the_titan_even_from_a_bigger_area():
    state, seat = _at_place(land(fresh_island(), {"D2": "L", "D3": "L"}), tile=6)
    other = next(s for s in state.seats if s != seat)
    big = land(fresh_island("2", "easy", metropolis="A5"), {x: "L" for x in ("B4", "B5", "B6")})
    state = with_player(state, other, island=big, titans=(("themis", True),))
    state = replace(state, centre=("theia", "kronos", "hyperion"))
    state = at_step(state, seat, PLACE, card="mine-single", tile=6)
    state, _ = _place(state, seat, 6, "D4")
    assert state.player(seat).titans == (("themis", True),)


def test_growing_an_area_again_turns_ones_own_used_titan_active():
    island = land(fresh_island(), {"D2": "F", "D3": "F", "D4": "F"})
    state, seat = _at_place(island, tile=1)
    state = with_player(state, seat, titans=(("theia", False),))
    state = replace(state, centre=("themis", "kronos", "hyperion"))
    state = at_step(state, seat, PLACE, card="mine-single", tile=1)
    state, events = _place(state, seat, 1, "D5")
    assert TITAN_REFRESHED in types(events)
    assert state.player(seat).titans == (("theia", True),)


def test_with_an_oratory_a_second_titan_is_kept():
    island = land(fresh_island(), {"D2": "F", "D3": "F", "C2": "L"}, buildings={"C2": "oratory"})
    state, seat = _at_place(island, tile=1)
    state = with_player(state, seat, titans=(("kronos", True),))
    state = replace(state, centre=("theia", "themis", "hyperion"))
    state = at_step(state, seat, PLACE, card="mine-single", tile=1)
    state, _ = _place(state, seat, 1, "D4")
    assert state.player(seat).titans == (("kronos", True), ("theia", True))
    assert state.player(seat).points == 2


def test_two_titans_at_once_with_room_for_one_the_player_chooses_which_to_keep():
    island = land(fresh_island(), {"C2": "F", "C3": "F", "E2": "L", "E3": "L"})
    state, seat = _at_place(island, tile=34)  # forest–lagoon
    move = next(
        m for m in moves_of(state, seat) if set(m["cells"]) == {"D2", "D3"} and m["cell"] == "D2"
    )
    state, events = act(state, seat, move)
    terrains = {event(events, TILE_PLACED)["terrains"][0]}
    assert terrains == {"forest"}
    assert state.turn.step == TITANS
    options = moves_of(state, seat)
    assert [m["titans"] for m in options] == [["theia"], ["themis"]]
    assert GAME.describe(state, options[1]) == "Keep Themis"
    state, _ = act(state, seat, options[1])
    assert state.player(seat).titans == (("themis", True),)
    assert "theia" in state.centre
