"""Random playouts through the engine contract, shared by contract tests and benchmarks."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from engine import Event, Game

MAX_DECISIONS = 20_000


@dataclass
class Playout:
    seats: list[str]
    events: list[Event] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    decisions: int = 0
    final: Any = None


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
        seat = rng.choice(acting)
        moves = game.legal_moves(state, seat)
        assert moves, f"{game.name}: {seat} must act but has no legal move"
        if check_every_move:
            for move in moves:
                game.decide(state, seat, move, random.Random(0))
        move = rng.choice(moves)
        for event in game.decide(state, seat, move, rng):
            state = _append(game, run, state, event)
        run.decisions += 1
        assert run.decisions < MAX_DECISIONS, f"{game.name}: no end after {MAX_DECISIONS} moves"
    run.final = state
    return run


def _append(game: Game, run: Playout, state: Any, event: Event) -> Any:
    assert isinstance(event.get("type"), str), f"event without a type: {event!r}"
    assert json.loads(json.dumps(event)) == event, f"event does not survive JSON: {event!r}"
    state = game.apply(state, event)
    run.events.append(event)
    run.states.append(state)
    return state
