"""The engine contract (DESIGN.md §3, §9), checked on every registered game."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import GameBase, IllegalMove, codec, registry
from engine.contract import humanise, listed_move
from tests.engine.playout import play_bots, play_random

GAMES = sorted(registry.GAMES)
# Issue 3: at least 500 random games, spread over every player count.
PLAYOUTS = int(os.environ.get("CONTRACT_PLAYOUTS", "500"))
BOT_SEEDS = range(3)
BOT_MAX_DECISIONS = 2_000  # bot games of Origin take at most ~330 decisions


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


def _counted() -> list[tuple[str, int]]:
    return [(n, p) for n, p in _cases() if getattr(registry.get(n), "inventory", None)]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_counts_its_components(name):
    # issue 21: conservation is checked for every game, so each declares its inventory.
    assert callable(getattr(registry.get(name), "inventory", None))


@pytest.mark.parametrize(("name", "players"), _counted())
def test_every_component_stays_accounted_for_from_setup_to_the_end(name, players):
    """Cards, tiles, creatures, dice…: the same count after setup and after every decision
    (within one, a component may be in a player's hand, like a tile bought and not yet
    placed), the last one included: nothing is lost or made, not even by a win mid-turn."""
    game = registry.get(name)
    for seed in range(20):
        run = play_random(game, players, seed=1000 + seed)
        number = len(run.events) - sum(len(d.events) for d in run.log) - 1
        counted = dict(game.inventory(run.states[number]))
        assert counted and all(counted.values()), "the inventory counts every component"
        for decision in run.log:
            number += len(decision.events)
            found = dict(game.inventory(run.states[number]))
            assert found == counted, (seed, number, decision.move, run.events[number])
        assert dict(game.inventory(run.final)) == counted


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


@pytest.mark.parametrize(("name", "players"), _cases())
def test_bots_playing_every_seat_bring_the_game_to_an_end(name, players):
    game = registry.get(name)
    for seed in BOT_SEEDS:
        run = play_bots(game, players, seed, max_decisions=BOT_MAX_DECISIONS)
        assert game.to_act(run.final) == frozenset()
        assert game.outcome(run.final) is not None


@pytest.mark.parametrize(("name", "players"), _cases())
def test_the_bot_plays_a_legal_move_and_the_same_one_for_the_same_state(name, players):
    game = registry.get(name)
    run = play_bots(game, players, seed=1)
    for decision in run.log:
        assert decision.move in game.legal_moves(decision.state, decision.seat)
        assert game.bot_move(decision.state, decision.seat) == decision.move
        copy = codec.decode(json.loads(json.dumps(codec.encode(decision.state))))
        assert game.bot_move(copy, decision.seat) == decision.move


@pytest.mark.parametrize(("name", "players"), _cases())
def test_the_bot_plays_a_legal_move_in_any_state_a_game_can_reach(name, players):
    game = registry.get(name)
    for seed in range(2):
        run = play_random(game, players, seed)
        for decision in run.log:
            move = game.bot_move(decision.state, decision.seat)
            assert move in game.legal_moves(decision.state, decision.seat)


def test_the_bot_plays_the_same_games_whatever_the_process_hash_seed():
    script = (
        "import json, tests.conftest\n"
        "from engine import registry\n"
        "from tests.engine.playout import play_bots\n"
        "print(json.dumps({f'{n} {p}': [d.move for d in play_bots(registry.get(n), p, 0).log]\n"
        "    for n in sorted(registry.GAMES)\n"
        "    for p in range(registry.get(n).min_players, registry.get(n).max_players + 1)}))\n"
    )
    root = Path(__file__).resolve().parents[2]
    games = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        games.append(json.loads(done.stdout))
    assert games[0] == games[1]


@pytest.mark.parametrize(("name", "players"), _cases())
def test_the_standing_has_the_shape_of_the_outcome_and_is_the_outcome_at_the_end(name, players):
    game = registry.get(name)
    run = play_bots(game, players, seed=2)
    outcome = game.outcome(run.final)
    assert game.standing(run.final) == outcome
    for decision in run.log[:: max(1, len(run.log) // 10)]:
        standing = game.standing(decision.state)
        assert set(standing) == set(outcome)
        assert set(standing["scores"]) == set(run.seats)
        assert sorted(s for group in standing["ranking"] for s in group) == sorted(run.seats)
        json.dumps(standing)


@pytest.mark.parametrize(("name", "players"), _cases())
def test_the_estimate_has_the_standing_s_scores_and_ranking_and_is_the_outcome_at_the_end(
    name, players
):
    game = registry.get(name)
    run = play_bots(game, players, seed=2)
    assert game.estimate(run.final) == game.outcome(run.final)
    for decision in run.log[:: max(1, len(run.log) // 10)]:
        estimate = game.estimate(decision.state)
        assert set(estimate["scores"]) == set(run.seats)
        assert sorted(s for group in estimate["ranking"] for s in group) == sorted(run.seats)


@pytest.mark.parametrize(("name", "players"), _cases())
def test_a_decision_reveals_yes_or_no_and_the_one_that_ends_the_game_reveals(name, players):
    game = registry.get(name)
    for run in (play_bots(game, players, seed=3), play_random(game, players, seed=3)):
        for decision in run.log:
            answer = game.reveals(decision.state, decision.seat, decision.events)
            assert isinstance(answer, bool)
        last = run.log[-1]
        assert game.reveals(last.state, last.seat, last.events) is True


def test_a_game_without_every_member_of_the_contract_is_refused_at_registration():
    class Partial(GameBase):
        name, title, min_players, max_players, ruleset = "partial", "Partial", 2, 2, "p-1"

    with pytest.raises(TypeError, match="standing"):
        registry.register(Partial())
    assert "partial" not in registry.GAMES


@pytest.mark.parametrize(("name", "players"), _cases())
def test_every_event_is_told_in_one_line_to_every_reader(name, players):
    game = registry.get(name)
    run = play_random(game, players, seed=13)
    before = [None, *run.states[:-1]]
    for state, event in zip(before, run.events, strict=True):
        for seat in [*run.seats, None]:
            told = game.narrate(state, event, seat)
            assert isinstance(told, str)
            assert "\n" not in told


@pytest.mark.parametrize("name", GAMES)
def test_a_game_tells_its_events_in_its_own_words_not_by_their_type(name):
    game = registry.get(name)
    run = play_random(game, game.max_players, seed=17)
    before = [None, *run.states[:-1]]
    told = [game.narrate(s, e, None) for s, e in zip(before, run.events, strict=True)]
    typed = [t for t, e in zip(told, run.events, strict=True) if t == humanise(e["type"])]
    assert len(typed) <= len(told) // 20, f"{name} tells {len(typed)} events by their type"


@pytest.mark.parametrize("name", GAMES)
def test_every_game_refuses_a_malformed_move_a_stranger_a_waiting_seat_and_an_unlisted_move(
    name,
):
    game = registry.get(name)
    seats = [f"p{i}" for i in range(1, max(2, game.min_players) + 1)]
    rng = random.Random(1)
    state = game.replay(game.setup(seats, {}, rng))
    acting = sorted(game.to_act(state))
    seat, legal = acting[0], game.legal_moves(state, acting[0])
    with pytest.raises(IllegalMove):
        game.decide(state, seat, {"kind": "fly"}, rng)
    with pytest.raises(IllegalMove):
        game.decide(state, "p9", legal[0], rng)
    with pytest.raises(IllegalMove):
        game.decide(state, seat, {"type": "fly"}, rng)
    for waiting in set(seats) - set(acting):
        with pytest.raises(IllegalMove):
            game.decide(state, waiting, legal[0], rng)
    assert game.decide(state, seat, json.loads(json.dumps(legal[0])), rng), "a listed move plays"


def test_listed_move_says_why_a_move_is_refused_in_a_sentence_and_returns_the_listed_one():
    listed = [{"type": "place", "cell": 1}]
    common = {
        "seats": ("p1", "p2"),
        "acting": frozenset({"p1"}),
        "waiting": "Wait for p1.",
        "legal": lambda: listed,
        "prompt": lambda: "Place a mark",
    }
    refusals = [
        ({"type": "place", "cell": 1}, "p1", True, "The game is over."),
        (["place"], "p1", False, "A move must name what you want to do."),
        ({"type": "place", "cell": 1}, "p9", False, "You are not playing in this game."),
        ({"type": "place", "cell": 1}, "p2", False, "Wait for p1."),
        ({"type": "place", "cell": 2}, "p1", False, "That move is not possible now. Place a mark."),
    ]
    for move, seat, over, reason in refusals:
        with pytest.raises(IllegalMove) as refused:
            listed_move(move, seat, over=over, **common)
        assert refused.value.reason == reason
    assert listed_move({"cell": 1, "type": "place"}, "p1", over=False, **common) is listed[0]
