"""Scoring a game as it stands (engine contract ``standing``), for a game the players end
early: the end-of-game count of ru «Конец игры», applied to the present state."""

from __future__ import annotations

from engine.games.origin import GAME
from engine.games.origin.scoring import score
from engine.games.origin.state import OVER, replace
from tests.engine.playout import play_bots
from tests.games.origin.helpers import new_game, turn_of, with_player, with_stacks


def _midgame():
    state = turn_of(new_game(3, seed=2), "p1")
    state = with_player(state, "p1", completed=("africa",), hunting=(6,), straits=(("suez", 4),))
    state = with_stacks(state, "p2", 5, 1)
    return with_player(state, "p3", actions=("hunter", "sailor"), in_play=("treasure",))


def test_standing_counts_points_as_at_the_end():
    state = _midgame()
    standing = GAME.standing(state)
    assert standing["scores"] == {p.seat: score(p) for p in state.players}
    assert GAME.outcome(state) is None
    assert standing == GAME.outcome(replace(state, phase=OVER))


def test_standing_breaks_a_tie_on_points_by_cards_in_hand_as_at_the_end():
    state = turn_of(new_game(3, seed=2), "p1")
    state = with_player(state, "p1", objectives=(), hunting=(2,))
    state = with_player(state, "p2", objectives=("africa", "eurasia"))
    state = with_player(state, "p3", objectives=("green",))
    standing = GAME.standing(state)
    assert standing["scores"] == {"p1": 2, "p2": 2, "p3": 1}
    assert standing["ranking"] == [["p2"], ["p1"], ["p3"]]
    assert standing["tie_break"] == "cards in hand"


def test_standing_at_the_end_is_the_outcome():
    run = play_bots(GAME, 4, seed=5)
    assert GAME.standing(run.final) == GAME.outcome(run.final)
