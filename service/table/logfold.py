"""Folding a stored log: game events through the engine, ``table.*`` events through
:mod:`service.table.state`, in one pass (DESIGN.md §4, issue 4).

Events appended together share their ``recorded_at``; once such a batch is folded the
table learns who must decide now (:func:`service.table.state.settle_clocks`). A takeback rewinds the
game to the state before the decision it undoes, which the folder keeps at hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Protocol

from engine import Game, State
from service.table.events import TAKEN_BACK
from service.table.state import Table, fold_event, game_changed, is_table, settle_clocks


class Row(Protocol):
    # Read-only: a stored event, or a frozen one (service.audit.gamelog.LogEvent).
    @property
    def seq(self) -> int: ...
    @property
    def seat(self) -> str | None: ...
    @property
    def recorded_at(self) -> datetime: ...
    @property
    def move(self) -> dict[str, Any] | None: ...


@dataclass
class Folded:
    state: State
    table: Table
    seq: int
    before_last: State | None
    """The game before the newest decision (None when unknown, e.g. after a snapshot)."""


def over(game: Game, folded: Folded) -> bool:
    """Ended: by the game's rules, or as abandoned by the players' vote."""
    return folded.table.abandoned is not None or (
        folded.state is not None and game.outcome(folded.state) is not None
    )


class Folder:
    def __init__(self, game: Game, seats: Iterable[str], start: Folded | None = None) -> None:
        self.game = game
        self.now = start or Folded(
            state=None, table=Table(seats=tuple(seats)), seq=0, before_last=None
        )
        self._batch: datetime | None = None

    def feed(self, row: Row, payload: dict[str, Any]) -> None:
        if self._batch is not None and row.recorded_at != self._batch:
            self.settle()
        self._batch = row.recorded_at
        now = self.now
        if is_table(payload):
            folded_table = fold_event(now.table, row.seq, row.seat, row.recorded_at, payload)
            state, before = now.state, now.before_last
            if payload["type"] == TAKEN_BACK:
                if before is None:
                    raise RewindUnknown(row.seq)
                state, before = before, None
            self.now = Folded(state, folded_table, row.seq, before)
            return
        starts = row.move is not None
        before = now.state if starts else now.before_last
        state = self.game.apply(now.state, payload)
        table = game_changed(now.table, row.seq, row.seat, starts, row.recorded_at)
        self.now = Folded(state, table, row.seq, before)

    def settle(self) -> None:
        if self._batch is None or self.now.state is None:
            return
        to_act = self.game.to_act(self.now.state)
        table = settle_clocks(self.now.table, to_act, self.now.seq, self._batch)
        self.now = replace(self.now, table=table)
        self._batch = None

    def done(self) -> Folded:
        self.settle()
        return self.now


class RewindUnknown(Exception):
    """A takeback met without the state before the decision: fold from the beginning."""


def fold(
    game: Game,
    seats: Iterable[str],
    rows: Iterable[tuple[Row, dict[str, Any]]],
    start: Folded | None = None,
) -> Folded:
    folder = Folder(game, seats, start)
    for row, payload in rows:
        folder.feed(row, payload)
    return folder.done()


def steps(
    game: Game, seats: Iterable[str], rows: Iterable[tuple[Row, dict[str, Any]]]
) -> Iterator[Folded]:
    """The folded game after each event, in order (for history and the replay viewer)."""
    folder = Folder(game, seats)
    for row, payload in rows:
        folder.feed(row, payload)
        yield folder.now


def game_events(rows: Iterable[tuple[Row, dict[str, Any]]]) -> list[dict[str, Any]]:
    """The game's effective events, without table events and without what was taken back."""
    kept: list[tuple[int, dict[str, Any]]] = []
    for row, payload in rows:
        if payload["type"] == TAKEN_BACK:
            first = payload["first_seq"]
            kept = [(seq, p) for seq, p in kept if seq < first]
        elif not is_table(payload):
            kept.append((row.seq, payload))
    return [p for _, p in kept]
