"""This process's cache of the newest known state of recent games (docs/performance.md).

Sound because a game's log only grows and ``seq`` is unique, so ``(game, seq)`` names one
state forever, and the state at a later ``seq`` is that one with the events after it folded
in. A state enters the cache only once the session that folded it commits: a rolled-back
append is never cached.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.orm import Mapper, Session, make_transient_to_detached
from sqlalchemy.orm.attributes import set_committed_value

from service.store.models import GameRow, SeatRow
from service.table.logfold import Folded


@dataclass(frozen=True)
class RowFacts:
    """A game row and its seats' columns as a committed transaction left them (issue 34 §1):
    a move made from them skips reading the row, and its append is refused unless the row
    still is what they say in all the move relies on (its ``last_seq``, so its head hash,
    its end and its state; its ruleset; the mover's seat, address and presence)."""

    game: tuple[tuple[str, Any], ...]
    seats: tuple[tuple[tuple[str, Any], ...], ...]

    @property
    def last_seq(self) -> int:
        return int(dict(self.game)["last_seq"])

    @classmethod
    def of(cls, row: GameRow) -> RowFacts:
        return cls(game=_columns(row), seats=tuple(_columns(seat) for seat in row.seats))

    def row(self) -> GameRow:
        """A detached copy, every column loaded (its other relationships are not: reading
        one raises rather than query). Made without the ORM's attribute events: a move
        makes one."""
        row: GameRow = _built(GameRow, self.game)
        set_committed_value(row, "seats", [_built(SeatRow, seat) for seat in self.seats])
        return row


def _built(kind: type[Any], columns: tuple[tuple[str, Any], ...]) -> Any:
    made = inspect(kind).class_manager.new_instance()
    for key, value in columns:
        set_committed_value(made, key, value)
    make_transient_to_detached(made)
    return made


def _columns(row: GameRow | SeatRow) -> tuple[tuple[str, Any], ...]:
    mapper: Mapper[Any] = inspect(type(row))
    return tuple((attr.key, getattr(row, attr.key)) for attr in mapper.column_attrs)


class StateCache:
    """The newest known state of up to ``size`` games, least recently used first out."""

    def __init__(self, size: int = 1024) -> None:
        self._entries: OrderedDict[str, tuple[str, Folded, RowFacts | None]] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def recall(self, game_id: str, ruleset: str) -> Folded | None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None or entry[0] != ruleset:
                return None
            self._entries.move_to_end(game_id)
            return entry[1]

    def newest_seq(self, game_id: str) -> int | None:
        with self._lock:
            entry = self._entries.get(game_id)
            return None if entry is None else entry[1].seq

    def recall_row(self, game_id: str) -> tuple[RowFacts, Folded] | None:
        """The game's row and state as of one ``seq``, when this process knows both."""
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None or entry[2] is None or entry[2].last_seq != entry[1].seq:
                return None
            self._entries.move_to_end(game_id)
            return entry[2], entry[1]

    def store(
        self, game_id: str, ruleset: str, state: Folded, facts: RowFacts | None = None
    ) -> None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None or entry[0] != ruleset or entry[1].seq <= state.seq:
                if facts is None and entry is not None and entry[1].seq == state.seq:
                    facts = entry[2]  # the same state again: what is known of its row stays
                self._entries[game_id] = (ruleset, state, facts)
            self._entries.move_to_end(game_id)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


_STATES = StateCache()
_PENDING = "pbem.states"


def recall(game_id: str, ruleset: str) -> Folded | None:
    """The newest state of the game this process knows, under ``ruleset``."""
    return _STATES.recall(game_id, ruleset)


def newest_seq(game_id: str) -> int | None:
    """The ``seq`` of the newest state of the game this process knows, under any ruleset."""
    return _STATES.newest_seq(game_id)


def recall_row(game_id: str) -> tuple[RowFacts, Folded] | None:
    """The game's row (a detached copy's makings) and its state, when both are known."""
    return _STATES.recall_row(game_id)


def forget_states() -> None:
    """Empty this process's state cache (a cold start, as for a new process)."""
    _STATES.clear()


def remember(
    session: Session, game_id: str, ruleset: str, state: Folded, row: GameRow | None = None
) -> None:
    """Cache ``state`` (and ``row`` as it is now, at that state) once ``session`` commits (a
    rolled-back append is never cached)."""
    facts = None if row is None else RowFacts.of(row)
    session.info.setdefault(_PENDING, []).append((game_id, ruleset, state, facts))


@event.listens_for(Session, "after_commit")
def _publish_states(session: Session) -> None:
    for entry in session.info.pop(_PENDING, []):
        _STATES.store(*entry)


@event.listens_for(Session, "after_rollback")
def _drop_states(session: Session) -> None:
    session.info.pop(_PENDING, None)
