"""ru «Конец игры»: the four triggers, the last round, scoring and the tie-break."""

from __future__ import annotations

import random

import pytest

from engine import IllegalMove
from engine.games.origin import GAME
from engine.games.origin import events as ev
from engine.games.origin.components import INDEX, KINDS, ORIGIN, kind_index
from engine.games.origin.scoring import breakdown, score
from engine.games.origin.state import replace
from tests.games.origin.helpers import (
    act,
    acts,
    new_game,
    put,
    turn_of,
    types,
    with_columns,
    with_deck,
    with_player,
    with_stacks,
)


def _play_out_turn(state, seat: str):
    """Finish ``seat``'s turn with the first option of each decision, ending it when possible."""
    while seat in GAME.to_act(state):
        moves = GAME.legal_moves(state, seat)
        move = next((m for m in moves if m["type"] in ("end_turn", "pass")), moves[0])
        state, _ = act(state, seat, move)
    return state


def _migrate_to_nile(state):
    return acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "sahara"},
        {"type": "migrate_to", "territory": "nile"},
    )  # fmt: skip


def test_taking_the_last_card_of_a_deck_triggers_the_end_and_every_other_player_plays_once_more():
    state = turn_of(new_game(3, seed=9), "p1")
    state = put(state, "p1", "sahara", 1, 1, "white")
    state = with_deck(with_columns(state, yellow=[]), "action", ["hunter"])
    state, events = _migrate_to_nile(state)
    state, events = act(state, "p1", {"type": "reward", "option": "tile_and_card"})
    triggered = next(e for e in events if e["type"] == ev.END_TRIGGERED)
    assert triggered["seat"] == "p1" and triggered["final_turns"] == ["p2", "p3"]
    assert triggered["reasons"] == ["the action deck is empty"]
    assert state.last_round
    if "p1" in GAME.to_act(state):
        state, _ = act(state, "p1", {"type": "end_turn"})
    assert GAME.to_act(state) == {"p2"}
    state = _play_out_turn(state, "p2")
    assert GAME.to_act(state) == {"p3"}
    state = _play_out_turn(state, "p3")
    assert GAME.to_act(state) == frozenset() and GAME.outcome(state) is not None


def test_cards_drawn_to_choose_from_and_put_back_do_not_empty_a_deck():
    state = turn_of(new_game(2, seed=9), "p1")
    state = put(state, "p1", "sahara", 1, 1, "white")
    state = with_deck(state, "action", ["hunter", "sailor", "inventor"])
    state, _ = _migrate_to_nile(state)
    state, _ = act(state, "p1", {"type": "reward", "option": "three_cards"})
    assert not state.last_round
    state, events = act(state, "p1", {"type": "keep", "card": "sailor"})
    assert ev.END_TRIGGERED not in types(events)


def test_taking_the_last_pawn_of_the_reserve_triggers_the_end():
    state = turn_of(new_game(2, seed=9), "p1")
    neutral = state.board[INDEX[ORIGIN]]
    reserve = [0] * len(KINDS)
    reserve[kind_index(1, 2, neutral.colour)] = 1
    state = replace(state, reserve=tuple(reserve))
    state, events = acts(
        state, "p1", {"type": "evolve"}, {"type": "evolve_on", "territory": "congo"},
        {"type": "evolve_pawn", "height": 1, "strength": 2, "colour": neutral.colour},
    )  # fmt: skip
    triggered = next(e for e in events if e["type"] == ev.END_TRIGGERED)
    assert triggered["reasons"] == ["no pawn is left in the reserve"]


def test_taking_the_last_tile_of_the_reward_board_triggers_the_end():
    state = turn_of(new_game(2, seed=9), "p1")
    state = put(state, "p1", "sahara", 1, 1, "white")
    state = replace(
        with_columns(state, yellow=[1], orange=[], purple=[], brown=[]), tile_reserve=()
    )
    state, _ = _migrate_to_nile(state)
    state, events = acts(
        state, "p1", {"type": "reward", "option": "tile_and_card"},
        {"type": "take_tile", "column": "yellow", "level": 1},
    )  # fmt: skip
    triggered = next(e for e in events if e["type"] == ev.END_TRIGGERED)
    assert triggered["reasons"] == ["no innovation tile is left on the reward board"]


def test_placing_the_last_village_of_the_last_player_triggers_the_end():
    state = turn_of(new_game(2, seed=9), "p1")
    state = with_player(with_player(state, "p2", villages=0), "p1", villages=1)
    state, events = acts(
        state, "p1", {"type": "evolve"}, {"type": "evolve_on", "territory": "congo"}
    )
    state, more = act(state, "p1", GAME.legal_moves(state, "p1")[0])
    triggered = next(e for e in events + more if e["type"] == ev.END_TRIGGERED)
    assert triggered["reasons"] == ["every village is on the board"]


def test_the_rulebook_scoring_example_totals_51_points():
    state = new_game(2, seed=9)
    state = with_player(
        state, "p1",
        completed=("south_america", "eurasia", "oceania", "brown", "orange"),  # 6/5/5/4/4
        permanents=("cart", "map"), actions=("hunter",), objectives=(),
        hunting=(4,), straits=(("suez", 4), ("drake", 5)),
    )  # fmt: skip
    state = with_stacks(state, "p1", 5, 2)  # two level 1, two level 2, one each of 3, 4, 5
    assert state.player("p1").tiles == (2, 2, 1, 1, 1)
    points = breakdown(state.player("p1"))
    assert points == {
        "objectives": 24, "cards in hand": 3, "treasure": 0, "hunting tokens": 4,
        "strait tokens": 9, "innovation tiles": 11, "war trophies": 0,
    }  # fmt: skip
    assert score(state.player("p1")) == 51


def test_a_tie_on_points_goes_to_the_player_with_more_cards_in_hand():
    state = replace(new_game(3, seed=9), phase="over", turn=None)
    state = with_player(state, "p1", hunting=(6,), actions=(), objectives=())
    state = with_player(state, "p2", hunting=(4,), actions=("hunter", "sailor"), objectives=())
    state = with_player(state, "p3", hunting=(5,), actions=("hunter",), objectives=())
    outcome = GAME.outcome(state)
    assert outcome["scores"] == {"p1": 6, "p2": 6, "p3": 6}
    assert outcome["ranking"] == [["p2"], ["p3"], ["p1"]]
    assert outcome["tie_break"] == "cards in hand"
    assert outcome["breakdown"]["p2"]["cards in hand"] == 2


def test_players_level_on_points_and_cards_share_their_place():
    state = replace(new_game(2, seed=9), phase="over", turn=None)
    state = with_player(state, "p1", hunting=(6,), objectives=())
    state = with_player(state, "p2", hunting=(6,), objectives=())
    assert GAME.outcome(state)["ranking"] == [["p1", "p2"]]


def test_a_player_who_can_take_no_action_passes_and_a_round_of_passes_ends_the_game():
    state = turn_of(new_game(2, seed=9), "p1")
    state = replace(state, reserve=(0,) * len(KINDS))  # nobody can evolve, nobody has a pawn
    assert GAME.legal_moves(state, "p1") == [{"type": "pass"}]
    state, events = act(state, "p1", {"type": "pass"})
    assert types(events) == [ev.TURN_PASSED, ev.TURN_ENDED, ev.TURN_STARTED]
    state, events = act(state, "p2", {"type": "pass"})
    assert types(events)[-1] == ev.GAME_ENDED and GAME.outcome(state) is not None


def test_a_finished_game_refuses_every_move():
    state = replace(new_game(2, seed=9), phase="over", turn=None)
    assert GAME.to_act(state) == frozenset()
    with pytest.raises(IllegalMove, match="over"):
        GAME.decide(state, "p1", {"type": "end_turn"}, random.Random(0))


def test_a_turn_with_nothing_left_to_do_after_the_action_ends_by_itself():
    state = turn_of(new_game(2, seed=9), "p1")
    state = with_player(put(state, "p1", "sahara", 1, 1, "white"), "p1", actions=(), permanents=())
    state, events = acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "sahara"},
        {"type": "migrate_to", "territory": "congo"},
    )  # fmt: skip
    assert types(events)[-2:] == [ev.TURN_ENDED, ev.TURN_STARTED]
    assert GAME.to_act(state) == {"p2"}


def test_a_player_with_a_playable_card_after_the_action_ends_the_turn_when_ready():
    state = turn_of(new_game(2, seed=9), "p1")
    state = with_player(put(state, "p1", "sahara", 1, 1, "white"), "p1", actions=("inventor",))
    state, _ = acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "sahara"},
        {"type": "migrate_to", "territory": "congo"},
    )  # fmt: skip
    assert GAME.legal_moves(state, "p1") == [
        {"type": "play", "card": "inventor"},
        {"type": "end_turn"},
    ]
    state, events = act(state, "p1", {"type": "end_turn"})
    assert types(events) == [ev.TURN_ENDED, ev.TURN_STARTED]


def test_the_rest_of_the_turn_that_triggers_the_end_follows_the_last_round_rules():
    # RULINGS «The last round for the player who triggered the end»: ru «Конец игры» is
    # silent on the triggering turn; it is that player's last turn, played like the others'.
    state = turn_of(new_game(2, seed=8), "p1")
    state = with_player(state, "p1", objectives=("africa", "green"))
    for territory, h, s in (("sahara", 1, 1), ("congo", 1, 2), ("cape", 2, 1), ("amazonia", 2, 2)):
        state = put(state, "p1", territory, h, s, "white")
    state = with_deck(with_columns(state, yellow=[]), "action", ["hunter"])
    state, _ = _migrate_to_nile(state)
    state, events = act(state, "p1", {"type": "reward", "option": "tile_and_card"})
    assert ev.END_TRIGGERED in types(events) and state.last_round
    state, events = act(state, "p1", {"type": "complete", "card": "africa"})
    assert ev.CARD_DRAWN not in types(events)
    state, events = act(state, "p1", {"type": "complete", "card": "green"})
    assert state.player("p1").completed == ("africa", "green")
    assert state.player("p1").objectives == ()
