"""The working state of one ``decide``: events emitted so far and the steps still waiting."""

from __future__ import annotations

from typing import Any

from engine.contract import Event
from engine.games.origin.fold import apply
from engine.games.origin.state import State, Step


class Ctx:
    def __init__(self, state: State) -> None:
        self.st = state
        self.events: list[Event] = []
        self.queue: list[Step] = list(state.pending)
        self.turn_over = False

    @property
    def seat(self) -> str:
        assert self.st.turn is not None
        return self.st.turn.seat

    def emit(self, kind: str, **fields: Any) -> None:
        event: Event = {"type": kind, **fields}
        self.events.append(event)
        self.st = apply(self.st, event)

    def push(self, *steps: Step) -> None:
        """Put ``steps`` at the head of the queue, in order."""
        self.queue[0:0] = steps
