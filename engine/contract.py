"""The engine contract (DESIGN.md §3): what every game offers the service.

A game is a plain object with the members of :class:`Game`. The service and the tools
rely on nothing else, so a game package is free to organise its rules as it likes,
provided it keeps the shape of DESIGN.md §10.3.
"""

from __future__ import annotations

import functools
import random
from typing import Any, Protocol, runtime_checkable

Event = dict[str, Any]
"""A past-tense fact, JSON-serialisable, with a ``"type"`` key (``"pawn_migrated"``)."""

Move = dict[str, Any]
"""An imperative choice, JSON-serialisable, with a ``"type"`` key (``"migrate"``)."""

State = Any
"""Frozen, cheap to fold, JSON-serialisable through :mod:`engine.codec`."""


class IllegalMove(Exception):
    """A move the rules forbid; ``str(exc)`` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@runtime_checkable
class Game(Protocol):
    name: str
    title: str
    min_players: int
    max_players: int
    ruleset: str

    def setup(self, seats: list[str], options: dict[str, Any], rng: random.Random) -> list[Event]:
        """The opening events, every chance outcome written into them."""
        ...

    def apply(self, state: State | None, event: Event) -> State:
        """The fold. Total: never validates, never draws."""
        ...

    def to_act(self, state: State) -> frozenset[str]:
        """The seats that must decide now; empty once the game is over."""
        ...

    def legal_moves(self, state: State, seat: str) -> list[Move]:
        """Every complete choice for the seat's current decision."""
        ...

    def decide(self, state: State, seat: str, move: Move, rng: random.Random) -> list[Event]:
        """Validate ``move`` and return its events; raise :class:`IllegalMove` otherwise."""
        ...

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may see; ``None`` is a spectator."""
        ...

    def describe(self, state: State, move: Move) -> str:
        """A short human label for a move, used as link text."""
        ...

    def outcome(self, state: State) -> dict[str, Any] | None:
        """Final scores, ranking and tie-break once the game is over, else ``None``."""
        ...


def replay(game: Game, events: list[Event], state: State | None = None) -> State:
    """Fold ``events`` through ``game.apply``, from ``state`` (``None``: the beginning)."""
    return functools.reduce(game.apply, events, state)


class GameBase:
    """Members every game shares; a game subclasses it and fills in the rules."""

    name: str
    title: str
    min_players: int
    max_players: int
    ruleset: str

    def replay(self, events: list[Event]) -> State:
        return replay(self, events)  # type: ignore[arg-type]
