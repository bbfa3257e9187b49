"""ru «Карты цели»: whether a player meets an objective card's condition right now."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.games.origin.components import (
    ADJACENT,
    CARDS,
    COLOUR,
    CONTINENT,
    OBJECTIVE_HAND_LIMIT,
    PAWN_COLOURS,
)
from engine.games.origin.state import Pawn, State


def hand_limit(state: State, seat: str) -> int:
    """ru: at most two objectives in hand; Map: «до 3 карт цели»."""
    return OBJECTIVE_HAND_LIMIT + ("map" in state.player(seat).in_play)


Held = list[tuple[int, Pawn]]
"""A player's pawns on the board, each with its territory."""

Condition = Callable[[State, str, Held, tuple[Any, ...]], bool]
"""Whether the seat, holding these pawns, meets an objective condition of these values."""

_CONDITIONS: dict[str, Condition] = {
    "continent": lambda st, seat, mine, a: sum(CONTINENT[t] == a[0] for t, _ in mine) >= a[1],
    "territory_colour": lambda st, seat, mine, a: sum(COLOUR[t] == a[0] for t, _ in mine) >= a[1],
    "strength": lambda st, seat, mine, a: sum(p.strength == a[0] for _, p in mine) >= a[1],
    "height": lambda st, seat, mine, a: sum(p.height == a[0] for _, p in mine) >= a[1],
    "each_colour": lambda st, seat, mine, a: all(
        sum(p.colour == c for _, p in mine) >= a[0] for c in PAWN_COLOURS
    ),
    "continents": lambda st, seat, mine, a: len({CONTINENT[t] for t, _ in mine}) >= a[0],
    "tiles": lambda st, seat, mine, a: st.player(seat).tiles[a[0] - 1] >= a[1],
    "strait_tokens": lambda st, seat, mine, a: len(st.player(seat).straits) >= a[0],
    "adjacent": lambda st, seat, mine, a: _adjacent_group(
        frozenset(t for t, _ in mine), a[0], a[1]
    ),
}
"""Each kind of objective condition (``Card.condition``: its kind, then its values)."""


def met(state: State, seat: str, card: str) -> bool:
    """ru: «нужно иметь указанное число элементов или больше»."""
    condition = CARDS[card].condition
    check = _CONDITIONS.get(condition[0])
    if check is None:
        raise ValueError(f"unknown objective condition {condition[0]!r}")
    mine = [(t, p) for t, p in enumerate(state.board) if p is not None and p.owner == seat]
    return check(state, seat, mine, condition[1:])


def _adjacent_group(territories: frozenset[int], size: int, continents: int) -> bool:
    """A connected group of at least ``size`` of the player's territories (straits join too).

    One continent: the group lies within one continent (Oceania's two islands are one).
    Two continents: the group spans at least two continents.
    """
    if continents == 1:
        groups = [
            frozenset(t for t in territories if CONTINENT[t] == c)
            for c in {CONTINENT[t] for t in territories}
        ]
    else:
        groups = [territories]
    for group in groups:
        seen: set[int] = set()
        for start in group:
            if start in seen:
                continue
            component = {start}
            stack = [start]
            while stack:
                here = stack.pop()
                for there in ADJACENT[here]:
                    if there in group and there not in component:
                        component.add(there)
                        stack.append(there)
            seen |= component
            spans = len({CONTINENT[t] for t in component})
            if len(component) >= size and spans >= continents:
                return True
    return False
