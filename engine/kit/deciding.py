"""What every game's ``decide`` checks first (DESIGN.md §3, §10.2: all checking lives in
``decide``), read from a state the kit's way: its ``phase`` (``"over"`` when the game has
ended) and its ``seats``. Each game says only what is its own: who is to act, the moves it
lists, its prompt, and what a seat out of turn is told (issue 33 §4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from engine.contract import Move, listed_move

OVER = "over"
"""The phase of every game that has ended."""


class Phased(Protocol):
    @property
    def phase(self) -> str: ...

    @property
    def seats(self) -> tuple[str, ...]: ...


S = TypeVar("S", bound=Phased)


def checked_move(
    state: S,
    seat: str,
    move: Any,
    to_act: Callable[[S], frozenset[str]],
    legal: Callable[[S, str], list[Move]],
    prompt: Callable[[S, str], str],
    waiting: str,
) -> Move:
    """``move`` as ``legal(state, seat)`` lists it (:func:`engine.contract.listed_move`), or
    ``IllegalMove``: the game is over, the move names nothing, the seat is not playing, or
    not among ``to_act(state)`` (told ``waiting``), or the move is not listed (told the
    ``prompt``)."""
    return listed_move(
        move,
        seat,
        over=state.phase == OVER,
        seats=state.seats,
        acting=to_act(state),
        waiting=waiting,
        legal=lambda: legal(state, seat),
        prompt=lambda: prompt(state, seat),
    )
