"""The working state of one ``decide``: the events emitted so far (:class:`engine.kit.Emitter`)
and the steps of the turn still waiting."""

from __future__ import annotations

from engine.games.origin.events import EVENTS
from engine.games.origin.fold import apply
from engine.games.origin.state import State, Step
from engine.kit import Emitter


class Ctx(Emitter[State]):
    def __init__(self, state: State) -> None:
        super().__init__(state, EVENTS, apply)
        self.queue: list[Step] = list(state.pending)
        self.turn_over = False

    @property
    def seat(self) -> str:
        assert self.st.turn is not None
        return self.st.turn.seat

    def push(self, *steps: Step) -> None:
        """Put ``steps`` at the head of the queue, in order."""
        self.queue[0:0] = steps
