"""A game's vocabulary of events (DESIGN.md §10.3): every event type it writes, declared
once in its ``events`` module and used by its rules, fold, narration and tests.

The fold and the narration are built from the vocabulary, so each must say what it does
with every type, checked when the game is imported: a type the fold does not handle, or
the narration neither tells nor calls bookkeeping, is an error at once, not a silent gap.
An event of a type the game never declared (a misspelling, another game's event) makes
the fold raise :class:`UnknownEvent` instead of doing nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, TypeVar

from engine.contract import Event

S = TypeVar("S")
H = TypeVar("H")

Folder = Callable[[Any, Event], Any]
Teller = Callable[[Any, Event, "str | None"], str]


class UnknownEvent(ValueError):
    """An event whose type the game never declared."""


class VocabularyError(TypeError):
    """A fold or a narration that does not cover the vocabulary exactly."""


class Vocabulary:
    """The event types of one game, in the order they were declared."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._types: dict[str, None] = {}
        self._names: dict[str, str] = {}

    def declare(self, kind: str) -> str:
        """Add ``kind`` (past tense, ``snake_case``) and return it, for a module constant."""
        if kind in self._types:
            raise VocabularyError(f"{self.game}: event type {kind!r} declared twice")
        self._types[kind] = None
        return kind

    def name(self, kind: str) -> str | None:
        """The type in words, for a row its narration leaves empty; ``None`` if unnamed."""
        return self._names.get(kind)

    def __contains__(self, kind: object) -> bool:
        return kind in self._types

    def __iter__(self) -> Iterator[str]:
        return iter(self._types)

    def __len__(self) -> int:
        return len(self._types)

    def check(self, event: Event) -> str:
        """The event's type, if the game declared it; :class:`UnknownEvent` otherwise."""
        kind = event.get("type") if isinstance(event, dict) else None
        if kind not in self._types:
            raise UnknownEvent(f"{self.game} has no event of type {kind!r}")
        return str(kind)

    def _cover(self, what: str, given: Iterable[str], required: bool) -> None:
        given = list(given)
        unknown = sorted(set(given) - set(self._types))
        if unknown:
            raise VocabularyError(f"{self.game}: the {what} names undeclared {unknown}")
        missing = [k for k in self._types if k not in set(given)]
        if required and missing:
            raise VocabularyError(f"{self.game}: the {what} does not handle {missing}")

    def table(self, what: str, handlers: Mapping[str, H]) -> dict[str, H]:
        """``handlers`` keyed by every declared type and no other, checked now: for a fold or
        a narration whose handlers take more than :meth:`fold` and :meth:`narration` give
        them (the service's ``table.*`` events, folded with their seq, seat and time)."""
        self._cover(what, handlers, required=True)
        return dict(handlers)

    def fold(
        self,
        handlers: Mapping[str, Callable[[S, Event], S]],
        opening: Mapping[str, Callable[[Event], S]],
    ) -> Callable[[S | None, Event], S]:
        """``apply`` for the engine contract: the game's first event through its ``opening``
        builder (the state is ``None`` then), every later one through its handler. Between
        them they must handle every declared type."""
        self._cover("fold", [*handlers, *opening], required=True)
        later, first = dict(handlers), dict(opening)

        def apply(state: S | None, event: Event) -> S:
            kind = self.check(event)
            if state is None:
                build = first.get(kind)
                if build is None:
                    raise UnknownEvent(f"{self.game}: a game cannot open with {kind!r}")
                return build(event)
            handler = later.get(kind)
            if handler is None:
                raise UnknownEvent(f"{self.game}: {kind!r} can only open a game")
            return handler(state, event)

        return apply

    def narration(
        self,
        tellers: Mapping[str, Teller],
        bookkeeping: Mapping[str, str] | Iterable[str] = (),
        names: Mapping[str, str] | None = None,
    ) -> Teller:
        """``narrate`` for the engine contract: each event told by its teller; the types in
        ``bookkeeping`` only keep the engine's books and are told as ``""``. A mapping names
        each of them in words (a message: "turn ended"), as ``names`` names a told type whose
        teller is sometimes silent: the history shows an event told as ``""`` by its name
        (:meth:`name`)."""
        if isinstance(bookkeeping, Mapping):
            self._names.update(bookkeeping)
        self._names.update(names or {})
        quiet = frozenset(bookkeeping)
        both = sorted(quiet & set(tellers))
        if both:
            raise VocabularyError(f"{self.game}: {both} both told and called bookkeeping")
        self._cover("narration", [*tellers, *quiet], required=True)
        self._cover("names", self._names, required=False)
        table = dict(tellers)

        def narrate(state: Any, event: Event, seat: str | None) -> str:
            kind = self.check(event)
            teller = table.get(kind)
            return teller(state, event, seat) if teller is not None else ""

        return narrate
