"""The fold's tools for frozen state (DESIGN.md §3: state is frozen data, folded on every
event): a changed copy of a dataclass, of a tuple, of one seat's player."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Seated(Protocol):
    """A game's state: its seats, and one player per seat in the same order."""

    @property
    def seats(self) -> tuple[str, ...]: ...

    @property
    def players(self) -> tuple[Any, ...]: ...


S = TypeVar("S", bound=Seated)


def replace(obj: T, **changes: Any) -> T:
    """``dataclasses.replace`` for plain frozen dataclasses (no ``__post_init__``, no
    ``InitVar``), without re-running ``__init__``: the fold runs it on every event."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def with_player(state: S, seat: str, **changes: Any) -> S:
    """``state`` with ``changes`` made to ``seat``'s player."""
    i = state.seats.index(seat)
    players = list(state.players)
    players[i] = replace(players[i], **changes)
    return replace(state, players=tuple(players))


def set_at(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def add_at(counts: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    return set_at(counts, i, counts[i] + delta)


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items`` less the first ``item``."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]
