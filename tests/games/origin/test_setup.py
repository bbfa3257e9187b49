"""ru «Подготовка к игре», «Подготовка для 2-3 игроков»."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import IllegalMove
from engine.games.origin import GAME
from engine.games.origin import events as ev
from engine.games.origin.components import (
    GREENS,
    INDEX,
    KINDS,
    ORIGIN,
    STRAITS,
    VILLAGES_PER_PLAYER,
)
from tests.games.origin.helpers import act, deck, new_game


def _set_up(players: int, seed: int = 1):
    seats = [f"p{i + 1}" for i in range(players)]
    return GAME.replay(GAME.setup(seats, {}, random.Random(seed)))


@pytest.mark.parametrize(("players", "pawns"), [(2, 27), (3, 27), (4, 36)])
def test_two_or_three_players_use_27_distinct_pawns_and_four_players_36(players, pawns):
    state = _set_up(players)
    on_board = sum(p is not None for p in state.board)
    assert sum(state.reserve) + on_board == pawns
    doubled = {KINDS[k].height for k, n in enumerate(state.reserve) if n == 2}
    assert doubled == ({2} if players == 4 else set())


def test_a_short_slender_neutral_pawn_of_random_colour_starts_on_the_origin_territory():
    colours = set()
    for seed in range(30):
        state = _set_up(2, seed)
        pawn = state.board[INDEX[ORIGIN]]
        assert pawn is not None and pawn.owner is None
        assert (pawn.height, pawn.strength) == (1, 1)
        assert sum(p is not None for p in state.board) == 1
        colours.add(pawn.colour)
    assert colours == {"white", "brown", "black"}


def test_at_least_three_level_one_tiles_lie_face_up_on_the_reward_board():
    for seed in range(200):
        state = _set_up(2, seed)
        face_up = [level for column in state.columns for level in column]
        assert len(face_up) == 15 and face_up.count(1) >= 3
        assert [len(c) for c in state.columns] == [3, 3, 3, 6]
        assert len(state.tile_reserve) == 15


def test_hunting_tokens_lie_on_the_five_green_territories_and_one_returns_to_the_box():
    events = GAME.setup(["p1", "p2"], {}, random.Random(4))
    placed = next(e for e in events if e["type"] == ev.HUNTING_TOKENS_PLACED)
    assert len(placed["returned_to_box"]) == 1
    state = GAME.replay(events)
    assert [i for i, v in enumerate(state.hunting) if v is not None] == list(GREENS)
    values = [state.hunting[g] for g in GREENS] + placed["returned_to_box"]
    assert sorted(values) == [4, 5, 6, 6, 7, 8]


def test_each_of_the_eleven_straits_gets_a_token():
    state = _set_up(3)
    assert len(STRAITS) == 11
    assert all(v in (3, 4, 5) for v in state.straits)


def test_every_player_starts_with_nine_villages_and_no_pawn():
    state = _set_up(4)
    assert all(p.villages == VILLAGES_PER_PLAYER for p in state.players)


def test_every_player_keeps_one_of_three_objectives_all_at_the_same_time():
    state = _set_up(3)
    assert GAME.to_act(state) == {"p1", "p2", "p3"}
    dealt = state.player("p2").dealt
    assert len(dealt) == 3
    assert GAME.legal_moves(state, "p2") == [{"type": "keep_objective", "card": c} for c in dealt]
    state, _ = act(state, "p2", {"type": "keep_objective", "card": dealt[1]})
    assert GAME.to_act(state) == {"p1", "p3"}
    assert state.player("p2").objectives == (dealt[1],)
    with pytest.raises(IllegalMove, match="already"):
        GAME.decide(state, "p2", {"type": "keep_objective", "card": dealt[0]}, random.Random(0))


def test_the_objectives_not_kept_go_back_and_the_deck_is_reshuffled():
    state = _set_up(2, seed=3)
    returned = set(state.player("p1").dealt[1:]) | set(state.player("p2").dealt[1:])
    state, _ = act(state, "p1", {"type": "keep_objective", "card": state.player("p1").dealt[0]})
    state, events = act(
        state, "p2", {"type": "keep_objective", "card": state.player("p2").dealt[0]}
    )
    assert [e["type"] for e in events] == [
        ev.OBJECTIVE_KEPT,
        ev.OBJECTIVES_SHUFFLED,
        ev.TURN_STARTED,
    ]
    objectives = deck(state, "objective")
    assert len(objectives) == 20 - 2 and returned <= set(objectives)
    assert events[-1]["seat"] == state.first


def test_the_first_player_is_drawn_at_random():
    firsts = Counter(new_game(3, seed).turn.seat for seed in range(30))
    assert set(firsts) == {"p1", "p2", "p3"}


def test_origin_takes_two_to_four_players():
    with pytest.raises(IllegalMove):
        GAME.setup(["p1"], {}, random.Random(0))
    with pytest.raises(IllegalMove):
        GAME.setup(["p1", "p2", "p3", "p4", "p5"], {}, random.Random(0))
