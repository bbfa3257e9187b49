"""Plans ahead in the engine (issue 38 §1): every game offers standing answers of its own,
each answering a decision the game really asks; an order plays only one of its seat's legal
moves, reads nothing its seat cannot see, and a list acts or is dropped at its decision."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.catalogue import CATALOGUE
from engine.kit import plans
from engine.kit.plans import Dropped

GAMES = sorted(g.name for g in CATALOGUE)
DECISIONS = 2500


def playout(name: str, seed: int):
    """Every decision of a random two-player game of ``name``: (state, seat) before it."""
    game = registry.get(name)
    rng = random.Random(f"{name}/{seed}")
    state = None
    for event in game.setup(["p1", "p2"], {}, rng):
        state = game.apply(state, event)
    for _ in range(DECISIONS):
        acting = sorted(game.to_act(state))
        if not acting:
            return
        seat = acting[0]
        yield state, seat
        move = rng.choice(game.legal_moves(state, seat))
        for event in game.decide(state, seat, move, rng):
            state = game.apply(state, event)


@pytest.mark.parametrize("name", GAMES)
def test_every_standing_answer_of_a_game_answers_a_decision_its_games_ask(name):
    game = registry.get(name)
    answered = {a.key: 0 for a in game.standing_orders}
    assert answered, "each game offers standing answers of its own"
    for seed in range(3):
        for state, seat in playout(name, seed):
            moves = game.legal_moves(state, seat)
            for answer in game.standing_orders:
                move = plans.act(game, state, seat, {"kind": "answer", "key": answer.key})
                assert move is None or move in moves, (answer.key, move)
                answered[answer.key] += move is not None
    assert all(answered.values()), f"answers no decision ever asked: {answered}"


@pytest.mark.parametrize("name", GAMES)
def test_an_order_plays_only_a_legal_move_and_a_list_plays_its_first_legal_or_is_dropped(name):
    game = registry.get(name)
    for state, seat in playout(name, 7):
        moves = game.legal_moves(state, seat)
        single = plans.act(game, state, seat, {"kind": "single"})
        assert single == (moves[0] if len(moves) == 1 else None)
        listed = [{"type": "no_such_move"}, *reversed(moves[:3])]
        assert plans.act(game, state, seat, {"kind": "first", "moves": listed}) == moves[:3][-1]
        gone = plans.act(game, state, seat, {"kind": "first", "moves": [{"type": "no_such"}]})
        assert gone == Dropped(plans.NONE_LEGAL)
        waiting = [s for s in ("p1", "p2") if s != seat and not game.legal_moves(state, s)]
        for other in waiting:  # not its decision: an order waits
            assert plans.act(game, state, other, {"kind": "single"}) is None


@pytest.mark.parametrize("name", GAMES)
def test_an_order_reads_nothing_its_seat_cannot_see(name):
    game = registry.get(name)
    rng = random.Random(name)
    orders = [{"kind": "single"}, *({"kind": "answer", "key": a.key} for a in game.standing_orders)]
    for i, (state, seat) in enumerate(playout(name, 3)):
        if i % 5:
            continue
        world = game.sample_world(state, seat, rng)  # another hand, another deck order
        for order in orders:
            assert plans.act(game, state, seat, order) == plans.act(game, world, seat, order)


def test_an_order_the_game_does_not_offer_is_a_problem_and_one_it_does_is_none():
    game = registry.get("orichalk")
    assert plans.problem(game, {"kind": "single"}) is None
    assert plans.problem(game, {"kind": "answer", "key": "no_extra"}) is None
    assert plans.problem(game, {"kind": "first", "moves": [{"type": "skip"}]}) is None
    for bad in (
        None, [], {"kind": "never"}, {"kind": "single", "more": 1},
        {"kind": "answer", "key": "complete"}, {"kind": "first", "moves": []},
        {"kind": "first", "moves": [{"type": "skip"}] * 2}, {"kind": "first", "moves": ["x"]},
        {"kind": "first", "moves": [{"type": "t", "n": i} for i in range(plans.MOST_OPTIONS + 1)]},
    ):  # fmt: skip
        assert plans.problem(game, bad) is not None, bad
