"""Worlds a seat cannot tell from the true one (issue 37 §1): the determinizations the
searching bot plays out.

Hidden in Orichalk, and redealt here (uk «Приготування до гри»):

- the order of each land tile stack: step 4, «розкладіть їх на три окремі стоси долілиць
  залежно від розміру». A tile only ever returns to the stack of its own size (phase 2, «кладе
  її до низу відповідного стосу»; phase 5), so each stack keeps its tiles and its height;
- the order of the action deck: step 7, «складіть долілиць у стос», and again after «Якщо
  колода карток дій закінчилася, перемішайте скид» (Поповніть планшет дій).

What a pile holds is no secret: every other tile and card lies face up (the action board, the
islands, the discard), so a pile holds exactly what the box holds less what is seen; only its
order is unknown. The two bags (step 5, the creatures; step 10, the buildings) have no order,
and what they hold is likewise the box less what is seen: the state counts them per kind,
which the sample keeps. Every seat sees the same table (:mod:`.view`), so the sample is the
same for every seat.

Not kept: a tile put back under its stack was seen by everyone, so its place at the bottom
is known by memory; the view does not show it (it gives the stacks' heights only), and the
sample, which may depend on the view alone, shuffles it with the rest of its stack.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TypeVar

from engine.games.orichalk.state import State, replace

T = TypeVar("T", int, str)


def sample_world(state: State, seat: str, rng: random.Random) -> State:
    """A state ``seat``'s view cannot tell from ``state``: each land tile stack (by size) and
    the action deck in an order drawn from ``rng``, from their contents put in canonical order
    first, so that the true order never shows through."""
    # uk «Приготування до гри» 4: a stack per size; 7: the action deck.
    stacks = tuple(_redealt(stack, rng) for stack in state.stacks)
    deck = _redealt(state.deck, rng)
    return replace(state, stacks=stacks, deck=deck)


def _redealt(pile: Iterable[T], rng: random.Random) -> tuple[T, ...]:
    """A face-down pile shuffled again (uk «Приготування до гри» 4, 7)."""
    pool = sorted(pile)
    rng.shuffle(pool)
    return tuple(pool)
