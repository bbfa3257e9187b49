"""uk «Кінець гри та перемога»: 5 victory points and no creature on the island win at once;
the standing of the others (scoring module)."""

from __future__ import annotations

from engine.games.orichalk import GAME
from engine.games.orichalk.events import GAME_WON, MEDALLION_FORGED, TILE_PLACED, TITAN_CLAIMED
from engine.games.orichalk.state import ACTION, OVER, PLACE, replace
from tests.games.orichalk.helpers import (
    Dice,
    act,
    at_step,
    fresh_island,
    land,
    moves_of,
    new_game,
    types,
    with_island,
    with_player,
)


def _state(players: int = 3, **player):
    state = new_game(players, seed=8)
    seat = state.turn.seat
    return with_player(state, seat, **player), seat


def test_five_victory_points_and_no_creature_win_at_once_in_the_middle_of_the_turn():
    state, seat = _state(orichalcum=5, tokens=("temple", "temple", "medallion", "temple"))
    state = with_island(state, seat, fresh_island())
    state = at_step(state, seat, ACTION, card="create-single", action="create")
    state, events = act(state, seat, {"type": "medallion"})
    assert types(events) == [MEDALLION_FORGED, GAME_WON]
    assert state.phase == OVER and state.winner == seat
    assert GAME.to_act(state) == frozenset()
    outcome = GAME.outcome(state)
    assert outcome["ranking"][0] == [seat] and outcome["scores"][seat] == 5
    assert outcome["winner"] == seat


def test_five_victory_points_with_a_creature_on_the_island_do_not_win():
    island = land(fresh_island(), {"C3": "V"}, creatures={"C3": "hydra"})
    state, seat = _state(orichalcum=5, tokens=("temple",) * 4)
    state = with_island(state, seat, island)
    state = at_step(state, seat, ACTION, card="create-single", action="create")
    state, events = act(state, seat, {"type": "medallion"})
    assert GAME_WON not in types(events)
    assert state.player(seat).points == 5 and state.phase != OVER


def test_capturing_the_last_creature_with_five_points_wins():
    island = land(fresh_island(), {"C3": "V"}, creatures={"C3": "cerberus"})
    state, seat = _state(hoplites=0, tokens=("medallion",) * 5)
    state = with_island(state, seat, island)
    state = at_step(state, seat, ACTION, card="capture-single", action="capture")
    move = {"type": "fight", "cell": "C3", "hoplites": 0, "favour": False}
    state, events = act(state, seat, move, Dice(5))
    assert types(events)[-1] == GAME_WON and state.winner == seat


def test_claiming_a_titan_for_the_fifth_point_wins_and_the_turn_stops_there():
    state, seat = _state(tokens=("temple",) * 4)
    state = with_island(state, seat, land(fresh_island(), {"D2": "F", "D3": "F"}))
    state = at_step(state, seat, PLACE, card="mine-single", tile=1)
    move = next(m for m in moves_of(state, seat) if m["cells"] == ["D4"])
    state, events = act(state, seat, move)
    assert types(events) == [TILE_PLACED, TITAN_CLAIMED, GAME_WON]
    assert state.turn.step == PLACE and GAME.to_act(state) == frozenset()


def _win_holding_a_card(state, seat):
    state = with_island(state, seat, land(fresh_island(), {"D2": "F", "D3": "F"}))
    state = at_step(state, seat, PLACE, card="mine-single", tile=1)
    move = next(m for m in moves_of(state, seat) if m["cells"] == ["D4"])
    return act(state, seat, move)


def test_a_win_in_the_middle_of_a_turn_keeps_the_card_held_that_turn_in_the_final_state():
    # uk «Кінець гри та перемога»: the turn is not finished; the card taken in phase 1 is
    # still the winner's, not gone from the game.
    state, seat = _state(tokens=("temple",) * 4)
    state, events = _win_holding_a_card(state, seat)
    assert types(events)[-1] == GAME_WON and state.phase == OVER
    assert state.turn.seat == seat and state.turn.card == "mine-single"
    assert GAME.view(state, None)["turn"]["card"]["id"] == "mine-single"
    assert GAME.to_act(state) == frozenset() and GAME.legal_moves(state, seat) == []


def test_under_orichalk_1_a_win_in_the_middle_of_a_turn_dropped_the_turn():
    state, seat = _state(tokens=("temple",) * 4)
    state, _ = _win_holding_a_card(replace(state, ruleset="orichalk-1"), seat)
    assert state.phase == OVER and state.turn is None


def test_a_tile_bringing_a_creature_is_placed_before_its_titan_counts():
    state, seat = _state(tokens=("temple",) * 4)
    state = with_island(state, seat, land(fresh_island(), {"D2": "F", "D3": "F"}))
    state = at_step(state, seat, PLACE, card="mine-double", tile=41, creatures=("gorgon",))
    move = next(m for m in moves_of(state, seat) if m["cells"] == ["D4", "D5"])
    state, events = act(state, seat, move)
    assert TITAN_CLAIMED in types(events) and GAME_WON not in types(events)


def test_the_standing_ranks_by_points_then_fewer_creatures_then_more_orichalcum():
    state = new_game(4, seed=8)
    state = with_player(state, "p1", tokens=("temple",), orichalcum=1)
    state = with_player(state, "p2", tokens=("temple",), orichalcum=3)
    state = with_player(state, "p3", tokens=("temple", "temple"))
    island = land(fresh_island(), {"C3": "V"}, creatures={"C3": "hydra"})
    state = with_player(state, "p4", tokens=("temple",), orichalcum=9, island=island)
    standing = GAME.standing(state)
    assert standing["ranking"] == [["p3"], ["p2"], ["p1"], ["p4"]]
    assert standing["tie_break"] == "fewer creatures on the island, then more orichalcum"
    assert GAME.outcome(state) is None


def test_players_equal_on_every_count_share_a_place():
    state = new_game(3, seed=8)
    for seat in state.seats:
        state = with_player(state, seat, orichalcum=2, tokens=())
    state = replace(state, winner=None)
    assert GAME.standing(state)["ranking"] == [["p1", "p2", "p3"]]
