"""The searching bot (issue 37 §1, engine.kit.search): a legal move, the same one for the
same seed, and blind to what its seat cannot see."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from engine import Game, registry
from engine.kit import search
from engine.kit.search import LEVELS, Level, choose, rewards
from tests.engine.playout import play_bots
from tests.games.origin.test_worlds import mid_game
from tests.games.tictactoe import GAME as TICTACTOE

GAMES: dict[str, Game] = {**registry.GAMES, TICTACTOE.name: TICTACTOE}
QUICK = Level("quick", iterations=24, horizon=8)
"""A small budget: what is checked here holds at every budget."""
DEEP = Level("deep", iterations=40, horizon=30)
"""Rollouts long enough to draw cards and play them: hidden cards come into the search."""


def decisions(game: Game, seed: int, players: int = 2) -> list[tuple[Any, str]]:
    """States a seat decided in (among two moves or more), in a game of greedy bots."""
    return [
        (d.state, d.seat)
        for d in play_bots(game, players, seed).log
        if len(game.legal_moves(d.state, d.seat)) > 1
    ]


def spread(cases: list[Any], count: int) -> list[Any]:
    """``count`` of ``cases`` spread from the beginning to the end."""
    step = max(1, len(cases) // count)
    return cases[::step][:count]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_searching_bot_plays_one_of_the_legal_moves_at_every_level(name):
    game = GAMES[name]
    cases = spread(decisions(game, seed=1), 4)
    assert cases
    for number, (state, seat) in enumerate(cases):
        for level in (QUICK, *(LEVELS if number == 0 else ("stand-in", "casual"))):
            move = choose(game, state, seat, level, random.Random(number))
            assert move in game.legal_moves(state, seat)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_same_state_seat_level_and_seed_choose_the_same_move(name):
    game = GAMES[name]
    for number, (state, seat) in enumerate(spread(decisions(game, seed=2), 4)):
        first = choose(game, state, seat, QUICK, random.Random(number))
        assert choose(game, state, seat, QUICK, random.Random(number)) == first


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_stand_in_is_the_games_own_greedy_bot(name):
    game = GAMES[name]
    for state, seat in spread(decisions(game, seed=3), 4):
        assert choose(game, state, seat, "stand-in", random.Random(0)) == game.bot_move(state, seat)


@dataclass(frozen=True)
class Blindfolded:
    """A game whose worlds cannot be sampled: a search that samples one fails."""

    game: Game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def sample_world(self, state: Any, seat: str, rng: random.Random) -> Any:
        raise AssertionError("searched a decision with a single move")


@pytest.mark.parametrize("name", ["origin", "origins-first-builders"])
def test_a_decision_with_a_single_legal_move_is_played_without_searching(name):
    # The games whose greedy games offer a seat a single move (Orichalk and tic-tac-toe
    # end before one comes).
    game = GAMES[name]
    single = [
        (d.state, d.seat)
        for seed in range(3)
        for d in play_bots(game, 2, seed).log
        if len(game.legal_moves(d.state, d.seat)) == 1
    ]
    assert single, f"{name} offers a single move in these games"
    for state, seat in single[:5]:
        move = choose(Blindfolded(game), state, seat, "strong", random.Random(0))
        assert move == game.legal_moves(state, seat)[0]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_state_the_seat_cannot_tell_apart_gets_the_same_move_for_the_same_seed(name):
    # A world sampled for the seat differs from the state only in what the seat cannot see
    # (each game's sample_world is checked for that by its own tests).
    game = GAMES[name]
    for number, (state, seat) in enumerate(spread(decisions(game, seed=4), 4)):
        twin = game.sample_world(state, seat, random.Random(1000 + number))
        assert game.view(twin, seat) == game.view(state, seat)
        assert choose(game, twin, seat, QUICK, random.Random(number)) == choose(
            game, state, seat, QUICK, random.Random(number)
        )


@pytest.mark.parametrize("players", [2, 3])
def test_origin_another_players_hand_and_the_decks_order_never_change_the_move(players):
    # issue 37 §1: two states differing only in another seat's hidden cards and the deck order.
    cases = mid_game(players, seed=20 + players)
    assert len(cases) >= 6
    origin = registry.get("origin")
    for number, (state, seat, twin) in enumerate(spread(cases, 6)):
        assert twin != state
        assert choose(origin, twin, seat, DEEP, random.Random(number)) == choose(
            origin, state, seat, DEEP, random.Random(number)
        )


def test_the_search_takes_a_winning_line_at_tictactoe():
    events = [
        {"type": "game_set_up", "seats": ["p1", "p2"], "marks_per_turn": 1},
        {"type": "coin_tossed", "first": "p1"},
    ]
    for i, cell in enumerate((0, 8, 1, 7)):  # p1: 0 1; p2: 8 7, both one mark short
        events.append({"type": "mark_placed", "seat": ("p1", "p2")[i % 2], "cell": cell})
        events.append({"type": "turn_passed", "to": ("p2", "p1")[i % 2]})
    state = TICTACTOE.replay(events)
    for seed in range(3):
        assert choose(TICTACTOE, state, "p1", "casual", random.Random(seed)) == {
            "type": "place",
            "cell": 2,
        }


def test_a_reward_lies_between_0_and_1_and_the_first_place_earns_the_most():
    standing = {"scores": {"a": 30, "b": 10, "c": 10}, "ranking": [["a"], ["b", "c"]]}
    got = rewards(standing, {"a": 0.0, "b": 0.0, "c": 0.0})
    assert all(0.0 <= r <= 1.0 for r in got.values())
    assert got["a"] > got["b"] == got["c"]
    # A lead that grew since the world was sampled is worth more than one that shrank.
    assert rewards(standing, {"a": 0.0})["a"] > rewards(standing, {"a": 40.0})["a"]


def test_the_levels_are_stand_in_casual_and_strong_the_strong_searching_more():
    assert list(LEVELS) == ["stand-in", "casual", "strong"]
    assert LEVELS["stand-in"].iterations == 0
    assert 0 < LEVELS["casual"].iterations < LEVELS["strong"].iterations
    assert search.LEVELS is LEVELS


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_prior_on_the_stand_ins_move_keeps_it_unless_the_search_finds_better(name):
    game = GAMES[name]
    leaning = Level("leaning", iterations=4, horizon=4, prior=100)
    for number, (state, seat) in enumerate(spread(decisions(game, seed=5), 3)):
        greedy = game.bot_move(state, seat)
        assert choose(game, state, seat, leaning, random.Random(number)) == greedy
