"""Issue 37 §4: whole games with bots of every level in every seat, at every player count:
the game always ends, every component stays accounted for after each decision, and a bot's
choice depends on its seat's view alone (from a world its seat cannot tell from the real one,
it chooses the same move)."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import cycle

import pytest

from engine import registry
from engine.kit.search import LEVELS, Level, choose

MAX_DECISIONS = 5000
SMALL = {
    name: replace(level, iterations=min(level.iterations, 4)) for name, level in LEVELS.items()
}
"""Every level with a budget small enough for a whole game in a test: the bench
(bench/bots.py) measures how well each plays; here, what they do."""


def cases() -> list[tuple[str, int]]:
    return [
        (name, players)
        for name, game in sorted(registry.GAMES.items())
        for players in range(max(2, game.min_players), game.max_players + 1)
    ]


@pytest.mark.parametrize(("name", "players"), cases())
def test_bots_of_every_level_in_every_seat_play_a_game_to_its_end_honestly(name, players):
    game = registry.get(name)
    rng = random.Random(f"{name}-{players}")
    seats = [f"p{i + 1}" for i in range(players)]
    # Each seat a level, every level somewhere at the table, the order turned per count.
    names = list(SMALL)[players % len(SMALL) :] + list(SMALL)[: players % len(SMALL)]
    level_of: dict[str, Level] = dict(zip(seats, cycle(SMALL[n] for n in names), strict=False))
    state = None
    for event in game.setup(seats, {}, rng):
        state = game.apply(state, event)
    counted = dict(game.inventory(state))
    checked = 0
    for decision in range(MAX_DECISIONS):
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = acting[0]
        level = level_of[seat]
        move = choose(game, state, seat, level, random.Random(decision))
        assert move in game.legal_moves(state, seat)
        if level.iterations and decision % 7 == 0:
            # A world the seat cannot tell from this one: the same view, the same choice.
            twin = game.sample_world(state, seat, random.Random(-decision))
            assert game.view(twin, seat) == game.view(state, seat)
            assert choose(game, twin, seat, level, random.Random(decision)) == move, (
                f"{name}: {seat}'s bot read what its seat cannot see at decision {decision}"
            )
            checked += 1
        for event in game.decide(state, seat, move, rng):
            state = game.apply(state, event)
        assert dict(game.inventory(state)) == counted, (decision, seat, move)
    else:
        pytest.fail(f"{name} with {players} bots did not end in {MAX_DECISIONS} decisions")
    assert game.outcome(state) is not None
    assert checked >= 1
