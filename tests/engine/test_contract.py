"""The engine contract (DESIGN.md §3, §9), checked on every registered game."""

from __future__ import annotations

import json
import os
import random

import pytest

from engine import IllegalMove, codec, registry
from tests.engine.playout import play_random

GAMES = sorted(registry.GAMES)
# Issue 3: at least 500 random games, spread over every player count.
PLAYOUTS = int(os.environ.get("CONTRACT_PLAYOUTS", "500"))


def _cases() -> list[tuple[str, int]]:
    return [
        (name, n)
        for name in GAMES
        for n in range(registry.get(name).min_players, registry.get(name).max_players + 1)
    ]


@pytest.fixture(params=GAMES)
def game(request):
    return registry.get(request.param)


def test_every_game_states_its_identity(game):
    assert game.name in registry.GAMES
    assert game.title and game.ruleset
    assert 1 <= game.min_players <= game.max_players


def test_unknown_game_names_the_known_ones():
    with pytest.raises(KeyError, match="known"):
        registry.get("no-such-game")


@pytest.mark.parametrize(("name", "players"), _cases())
def test_random_games_reach_an_end_with_an_outcome(name, players):
    game = registry.get(name)
    runs = max(1, PLAYOUTS // len([c for c in _cases() if c[0] == name]))
    for seed in range(runs):
        run = play_random(game, players, seed, check_every_move=seed < 5)
        assert game.to_act(run.final) == frozenset()
        outcome = game.outcome(run.final)
        assert outcome is not None, "a finished game has an outcome"
        assert set(outcome["scores"]) == set(run.seats)
        assert sorted(s for group in outcome["ranking"] for s in group) == sorted(run.seats)
        json.dumps(outcome)


@pytest.mark.parametrize(("name", "players"), _cases())
def test_replaying_the_whole_log_gives_the_state_built_step_by_step(name, players):
    game = registry.get(name)
    run = play_random(game, players, seed=7)
    assert game.replay(run.events) == run.final
    assert game.replay(json.loads(json.dumps(run.events))) == run.final


@pytest.mark.parametrize(("name", "players"), _cases())
def test_every_state_survives_the_snapshot_codec(name, players):
    game = registry.get(name)
    run = play_random(game, players, seed=11)
    for state in [*run.states[:: max(1, len(run.states) // 25)], run.final]:
        data = json.loads(json.dumps(codec.encode(state)))
        assert codec.decode(data) == state


@pytest.mark.parametrize(("name", "players"), _cases())
def test_views_are_json_and_only_acting_seats_have_moves(name, players):
    game = registry.get(name)
    run = play_random(game, players, seed=3)
    for state in run.states[:: max(1, len(run.states) // 40)]:
        acting = game.to_act(state)
        for seat in [*run.seats, None]:
            json.dumps(game.view(state, seat))
            if seat is not None and seat not in acting:
                assert game.legal_moves(state, seat) == []
        for seat in acting:
            for move in game.legal_moves(state, seat)[:5]:
                assert isinstance(game.describe(state, move), str)
                assert json.loads(json.dumps(move)) == move


@pytest.mark.parametrize(("name", "players"), _cases())
def test_a_seat_that_need_not_act_is_refused_with_a_reason(name, players):
    game = registry.get(name)
    run = play_random(game, players, seed=5)
    for state in run.states[:: max(1, len(run.states) // 10)]:
        acting = game.to_act(state)
        idle = [s for s in run.seats if s not in acting]
        for seat in idle:
            move = next(
                (m for s in acting for m in game.legal_moves(state, s)), {"type": "nothing"}
            )
            with pytest.raises(IllegalMove) as refused:
                game.decide(state, seat, move, random.Random(0))
            assert str(refused.value)


@pytest.mark.parametrize(("name", "players"), _cases())
def test_nonsense_moves_are_refused_not_crashed_on(name, players):
    game = registry.get(name)
    run = play_random(game, players, seed=9)
    state = run.states[len(run.states) // 2]
    for seat in game.to_act(state):
        for junk in ({}, {"type": "no-such-move"}, {"type": 3}, {"type": "place", "cell": "x"}):
            with pytest.raises(IllegalMove):
                game.decide(state, seat, junk, random.Random(0))
