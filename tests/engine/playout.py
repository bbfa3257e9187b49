"""Playouts through the engine contract (random or by bots), shared by contract tests and
benchmarks."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine import Event, Game, Move

MAX_DECISIONS = 20_000


@dataclass(frozen=True)
class Decision:
    state: Any  # the state the decision was made in
    seat: str
    move: Move
    events: list[Event]


@dataclass
class Playout:
    seats: list[str]
    events: list[Event] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    decisions: int = 0
    log: list[Decision] = field(default_factory=list)
    final: Any = None


Chooser = Callable[[Game, Any, list[str], random.Random], tuple[str, Move]]


def play_random(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    check_every_move: bool = False,
) -> Playout:
    """Play to the end choosing uniformly among legal moves; fail loudly on a broken contract.

    With ``check_every_move``, every listed legal move of every decision is also decided
    (on the unchanged state) and must be accepted.
    """

    def choose(game: Game, state: Any, acting: list[str], rng: random.Random) -> tuple[str, Move]:
        seat = rng.choice(acting)
        moves = game.legal_moves(state, seat)
        assert moves, f"{game.name}: {seat} must act but has no legal move"
        if check_every_move:
            for move in moves:
                game.decide(state, seat, move, random.Random(0))
        return seat, rng.choice(moves)

    return _play(game, players, seed, options, choose, MAX_DECISIONS)


def play_bots(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    max_decisions: int = MAX_DECISIONS,
) -> Playout:
    """Play to the end with every seat's ``bot_move``; the first acting seat (by name) moves."""

    def choose(game: Game, state: Any, acting: list[str], rng: random.Random) -> tuple[str, Move]:
        return acting[0], game.bot_move(state, acting[0])

    return _play(game, players, seed, options, choose, max_decisions)


def _play(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, Any] | None,
    choose: Chooser,
    max_decisions: int,
) -> Playout:
    rng = random.Random(seed)
    seats = [f"p{i + 1}" for i in range(players)]
    run = Playout(seats=seats)
    state = None
    for event in game.setup(seats, options or {}, rng):
        state = _append(game, run, state, event)
    while True:
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat, move = choose(game, state, acting, rng)
        before = state
        events = game.decide(state, seat, move, rng)
        for event in events:
            state = _append(game, run, state, event)
        run.log.append(Decision(before, seat, move, events))
        run.decisions += 1
        assert run.decisions < max_decisions, f"{game.name}: no end after {max_decisions} moves"
    run.final = state
    return run


def _append(game: Game, run: Playout, state: Any, event: Event) -> Any:
    assert isinstance(event.get("type"), str), f"event without a type: {event!r}"
    assert json.loads(json.dumps(event)) == event, f"event does not survive JSON: {event!r}"
    state = game.apply(state, event)
    run.events.append(event)
    run.states.append(state)
    return state
