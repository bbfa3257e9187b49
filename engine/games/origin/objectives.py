"""ru «Карты цели»: whether a player meets an objective card's condition right now."""

from __future__ import annotations

from engine.games.origin.components import (
    ADJACENT,
    CARDS,
    COLOUR,
    CONTINENT,
    OBJECTIVE_HAND_LIMIT,
    PAWN_COLOURS,
)
from engine.games.origin.state import State


def hand_limit(state: State, seat: str) -> int:
    """ru: at most two objectives in hand; Map: «до 3 карт цели»."""
    return OBJECTIVE_HAND_LIMIT + ("map" in state.player(seat).in_play)


def met(state: State, seat: str, card: str) -> bool:
    """ru: «нужно иметь указанное число элементов или больше»."""
    condition = CARDS[card].condition
    what = condition[0]
    mine = [(t, p) for t, p in enumerate(state.board) if p is not None and p.owner == seat]
    if what == "continent":
        return bool(sum(CONTINENT[t] == condition[1] for t, _ in mine) >= condition[2])
    if what == "territory_colour":
        return bool(sum(COLOUR[t] == condition[1] for t, _ in mine) >= condition[2])
    if what == "strength":
        return bool(sum(p.strength == condition[1] for _, p in mine) >= condition[2])
    if what == "height":
        return bool(sum(p.height == condition[1] for _, p in mine) >= condition[2])
    if what == "each_colour":
        return all(sum(p.colour == c for _, p in mine) >= condition[1] for c in PAWN_COLOURS)
    if what == "continents":
        return bool(len({CONTINENT[t] for t, _ in mine}) >= condition[1])
    if what == "tiles":
        return bool(state.player(seat).tiles[condition[1] - 1] >= condition[2])
    if what == "strait_tokens":
        return bool(len(state.player(seat).straits) >= condition[1])
    if what == "adjacent":
        return _adjacent_group(frozenset(t for t, _ in mine), condition[1], condition[2])
    raise ValueError(f"unknown objective condition {what!r}")


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
