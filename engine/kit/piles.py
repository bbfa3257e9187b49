"""Piles shuffled at setup: decks, stacks, bags, each its own list (DESIGN.md §10.1: chance
comes in as ``rng``, and what it dealt is written into the opening events)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import TypeVar

K = TypeVar("K")
T = TypeVar("T")


def shuffled_piles(rng: random.Random, piles: Mapping[K, Iterable[T]]) -> dict[K, list[T]]:
    """Each of ``piles`` copied and shuffled, in the mapping's order: the order ``rng`` is
    drawn in, so the same seed deals the same piles again (the audit replays it)."""
    shuffled: dict[K, list[T]] = {}
    for name, pile in piles.items():
        items = list(pile)
        rng.shuffle(items)
        shuffled[name] = items
    return shuffled
