"""The working state of one ``decide``: the events emitted so far, each folded at once, so
the rules always read the state as it now stands (DESIGN.md §10.2: ``apply`` is the only
way a state changes, during a decision as during a replay)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from engine.contract import Event
from engine.kit.events import Vocabulary

S = TypeVar("S")


class Emitter(Generic[S]):
    """``st`` is the state after every event emitted so far; ``events`` those events.
    A game's context subclasses it to add the steps of its own turn."""

    def __init__(
        self, state: S, vocabulary: Vocabulary, apply: Callable[[S | None, Event], S]
    ) -> None:
        self.st = state
        self.events: list[Event] = []
        self._vocabulary = vocabulary
        self._apply = apply

    def emit(self, kind: str, /, **fields: Any) -> Event:
        """Record an event of ``kind`` (declared in the game's vocabulary) and fold it."""
        event: Event = {"type": kind, **fields}
        self._vocabulary.check(event)
        self.events.append(event)
        self.st = self._apply(self.st, event)
        return event
