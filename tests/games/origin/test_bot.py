"""The bot that plays a seat handed over to it: greedy, deterministic, and blind to what the
seat may not see (engine contract ``bot_move``)."""

from __future__ import annotations

import random

from engine.games.origin import GAME
from engine.games.origin import events as ev
from engine.games.origin.components import INDEX
from engine.games.origin.state import Step, replace
from tests.engine.playout import play_bots
from tests.games.origin.helpers import (
    act,
    new_game,
    put,
    turn_of,
    with_columns,
    with_player,
    with_stacks,
)


def _game(**p1):
    """p1 to play, nothing pending."""
    state = turn_of(new_game(2, seed=8), "p1")
    return with_player(state, "p1", **p1) if p1 else state


def _with_hunting(state, territory: str, value: int):
    hunting = list(state.hunting)
    hunting[INDEX[territory]] = value
    return replace(state, hunting=tuple(hunting))


def _acted(state):
    return replace(state, turn=replace(state.turn, acted=True))


def _awaiting(state, *steps: Step):
    return replace(state, pending=steps)


def _bot_turn(state, seat: str = "p1"):
    """Let the bot play ``seat``'s decisions until another seat is to act; every event."""
    events = []
    while seat in GAME.to_act(state):
        state, more = act(state, seat, GAME.bot_move(state, seat))
        events += more
    return state, events


def test_the_bot_completes_an_objective_when_it_can():
    state = _game(objectives=("africa",))
    for territory, h, s in (("sahara", 1, 1), ("nile", 1, 2), ("cape", 2, 1)):
        state = put(state, "p1", territory, h, s, "white")
    assert GAME.bot_move(state, "p1") == {"type": "complete", "card": "africa"}


def test_the_bot_completes_the_objective_worth_most_first():
    state = _game(objectives=("africa", "eurasia"))
    pawns = ("sahara", "nile", "cape", "iberia", "gaul", "levant")
    for i, territory in enumerate(pawns):
        state = put(state, "p1", territory, 1 + i // 3, 1 + i % 3, "white")
    assert GAME.bot_move(state, "p1") == {"type": "complete", "card": "eurasia"}


def test_the_bot_lands_on_the_territory_whose_reward_is_worth_most():
    state = _with_hunting(put(_game(), "p1", "sahara", 1, 1, "white"), "congo", 8)
    state, events = _bot_turn(state)
    assert {"type": ev.HUNTING_TOKEN_TAKEN, "seat": "p1", "territory": "congo", "value": 8} in (
        events
    )


def test_the_bot_plays_a_card_that_scores_rather_than_ending_its_turn():
    state = _with_hunting(
        put(_game(actions=("hunter",)), "p1", "sahara", 1, 1, "white"), "congo", 7
    )
    state = _acted(state)
    assert {"type": "end_turn"} in GAME.legal_moves(state, "p1")
    assert GAME.bot_move(state, "p1") == {"type": "play", "card": "hunter"}


def test_in_the_last_round_the_bot_keeps_its_permanent_cards_as_points_in_hand():
    state = with_stacks(_acted(_game(permanents=("cart",))), "p1", 1)
    assert GAME.bot_move(state, "p1") == {"type": "play", "card": "cart"}
    state = replace(state, last_round=True)
    assert GAME.bot_move(state, "p1") == {"type": "end_turn"}


def test_the_bot_takes_a_tile_and_a_card_when_it_can_lay_the_tile_else_three_cards():
    state = _awaiting(_acted(_game()), Step("reward", "yellow"))
    layable = with_columns(state, yellow=[1, 3])
    assert GAME.bot_move(layable, "p1") == {"type": "reward", "option": "tile_and_card"}
    out_of_reach = with_columns(state, yellow=[3, 4])
    assert GAME.bot_move(out_of_reach, "p1") == {"type": "reward", "option": "three_cards"}


def test_the_bot_takes_a_level_five_tile_from_any_column_over_two_brown_tiles():
    state = with_stacks(_awaiting(_acted(_game()), Step("reward", "brown")), "p1", 4)
    state = with_columns(state, brown=[1, 1, 2], yellow=[5])
    assert GAME.bot_move(state, "p1") == {"type": "reward", "option": "one_tile_any_column"}
    state, _ = act(state, "p1", GAME.bot_move(state, "p1"))
    assert GAME.bot_move(state, "p1") == {"type": "take_tile", "column": "yellow", "level": 5}
    two_brown = with_columns(state, brown=[1, 1, 2], yellow=[1])
    two_brown = _awaiting(two_brown, Step("reward", "brown"))
    assert GAME.bot_move(two_brown, "p1") == {"type": "reward", "option": "two_brown_tiles"}


def test_the_bot_keeps_the_drawn_objective_it_already_meets():
    state = _game(objectives=("eurasia",))
    state = put(put(state, "p1", "congo", 1, 1, "white"), "p1", "amazonia", 1, 2, "white")
    state = replace(
        _awaiting(_acted(state), Step("keep", "objective")), limbo=("africa", "eurasia", "green")
    )
    assert GAME.bot_move(state, "p1") == {"type": "keep", "card": "green"}


def test_over_the_objective_limit_the_bot_puts_back_the_one_it_is_furthest_from():
    state = _game(objectives=("africa", "eurasia", "green"))
    state = put(put(state, "p1", "sahara", 1, 1, "white"), "p1", "congo", 1, 2, "white")
    state = _awaiting(_acted(state), Step("limit"))
    assert GAME.bot_move(state, "p1") == {"type": "return_objective", "card": "eurasia"}


def test_the_bot_decides_without_looking_at_decks_face_down_tiles_or_other_hands():
    run = play_bots(GAME, 3, seed=4)
    for decision in run.log:
        state, seat = decision.state, decision.seat
        hidden = replace(
            state,
            decks=tuple(tuple(reversed(cards)) for cards in state.decks),
            tile_reserve=tuple(reversed(state.tile_reserve)),
        )
        if not (state.pending and state.pending[0].kind == "steal_card"):
            for other in state.seats:
                if other != seat:
                    player = state.player(other)
                    hidden = with_player(
                        hidden,
                        other,
                        actions=("hunter",) * len(player.actions),
                        permanents=("cart",) * len(player.permanents),
                        objectives=("africa",) * len(player.objectives),
                    )
        assert GAME.bot_move(hidden, seat) == decision.move


def test_the_bot_outscores_a_player_choosing_at_random():
    wins = 0
    for seed in range(10):
        rng, pick = random.Random(seed), random.Random(-seed)
        bot = ("p1", "p2")[seed % 2]
        state = GAME.replay(GAME.setup(["p1", "p2"], {}, rng))
        while GAME.to_act(state):
            seat = min(GAME.to_act(state))
            moves = GAME.legal_moves(state, seat)
            move = GAME.bot_move(state, seat) if seat == bot else pick.choice(moves)
            for event in GAME.decide(state, seat, move, rng):
                state = GAME.apply(state, event)
        wins += GAME.outcome(state)["ranking"][0] == [bot]
    assert wins >= 9
