"""Appending to and loading a game's event log (DESIGN.md §4).

Appends state the sequence number they expect; a second writer gets :class:`Conflict`,
never a fork. Rows are never updated or deleted. Snapshots are only a cache.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import event, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from engine import Event, Game, State, codec, registry
from service import hashchain
from service.errors import Conflict, NotFound
from service.models import EVENT_SCHEMA_VERSION, EventRow, GameRow, SnapshotRow
from service.upcast import upcast

log = logging.getLogger(__name__)


@dataclass
class Loaded:
    row: GameRow
    game: Game
    state: State
    seq: int


def now() -> datetime:
    return datetime.now(UTC)


def header(row: GameRow) -> dict[str, Any]:
    """The immutable facts the chain is anchored on."""
    return {
        "game": row.game,
        "ruleset": row.ruleset,
        "seats": [s.seat for s in row.seats],
        "options": row.options,
        "commitment": row.commitment,
    }


def append(
    session: Session,
    row: GameRow,
    events: list[Event],
    seat: str | None,
    expected_seq: int,
    over: bool = False,
    *,
    move: dict[str, Any] | None = None,
    recorded_at: datetime | None = None,
) -> None:
    """Append ``events`` after ``expected_seq``; :class:`Conflict` if another writer won."""
    moment = recorded_at or now()
    prev = row.head_hash if expected_seq else hashchain.header_hash(header(row))
    rows = []
    for offset, payload in enumerate(events, start=1):
        seq = expected_seq + offset
        first_move = move if offset == 1 else None
        digest = hashchain.event_hash(prev, seq, seat, moment, payload, first_move)
        rows.append(
            {
                "game_id": row.id,
                "seq": seq,
                "type": payload["type"],
                "payload": payload,
                "move": first_move,
                "seat": seat,
                "recorded_at": moment,
                "schema_version": EVENT_SCHEMA_VERSION,
                "prev_hash": prev,
                "hash": digest,
            }
        )
        prev = digest
    moved = session.execute(
        update(GameRow)
        .where(GameRow.id == row.id, GameRow.last_seq == expected_seq)
        .values(last_seq=expected_seq + len(events), head_hash=prev, over=over)
        .execution_options(synchronize_session=False)
    )
    if moved.rowcount != 1:
        raise Conflict("Another move was recorded first.", game_id=row.id)
    try:
        session.execute(insert(EventRow), rows)
    except IntegrityError as exc:
        raise Conflict("Another move was recorded first.", game_id=row.id) from exc
    row.last_seq, row.head_hash, row.over = expected_seq + len(events), prev, over


def get_row(session: Session, game_id: str) -> GameRow:
    row = session.scalars(select(GameRow).where(GameRow.id == game_id)).one_or_none()
    if row is None:
        raise NotFound(f"There is no game {game_id!r}.")
    return row


def events_of(session: Session, game_id: str, after: int = 0) -> list[EventRow]:
    query = select(EventRow).where(EventRow.game_id == game_id, EventRow.seq > after)
    return list(session.scalars(query.order_by(EventRow.seq)))


def payloads(rows: list[EventRow], game: str) -> list[Event]:
    return [upcast(game, r.schema_version, r.payload) for r in rows]


def load(session: Session, game_id: str) -> Loaded:
    """The game's current state: from this process's cache when it holds the newest state,
    else the newest usable snapshot plus the events after it."""
    row = get_row(session, game_id)
    game = registry.get(row.game)
    state = _STATES.recall(row.id, row.last_seq, game.ruleset)
    if state is None:
        state, seq = _from_snapshot(session, row, game)
        for payload in payloads(events_of(session, row.id, after=seq), row.game):
            state = game.apply(state, payload)
        remember(session, row.id, row.last_seq, game.ruleset, state)
    return Loaded(row=row, game=game, state=state, seq=row.last_seq)


class _StateCache:
    """Recent states by game, keyed by their ``seq``: sound because a game's log only grows
    and ``seq`` is unique, so ``(game, seq)`` names one state forever."""

    def __init__(self, size: int = 1024) -> None:
        self._entries: OrderedDict[str, tuple[int, str, State]] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def recall(self, game_id: str, seq: int, ruleset: str) -> State | None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None or entry[0] != seq or entry[1] != ruleset:
                return None
            self._entries.move_to_end(game_id)
            return entry[2]

    def store(self, game_id: str, seq: int, ruleset: str, state: State) -> None:
        with self._lock:
            self._entries[game_id] = (seq, ruleset, state)
            self._entries.move_to_end(game_id)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)


_STATES = _StateCache()
_PENDING = "pbem.states"


def remember(session: Session, game_id: str, seq: int, ruleset: str, state: State) -> None:
    """Cache ``state`` once ``session`` commits (a rolled-back append is never cached)."""
    session.info.setdefault(_PENDING, []).append((game_id, seq, ruleset, state))


@event.listens_for(Session, "after_commit")
def _publish_states(session: Session) -> None:
    for entry in session.info.pop(_PENDING, []):
        _STATES.store(*entry)


@event.listens_for(Session, "after_rollback")
def _drop_states(session: Session) -> None:
    session.info.pop(_PENDING, None)


def maybe_snapshot(
    session: Session, loaded: Loaded, state: State, old_seq: int, new_seq: int, every: int
) -> None:
    if every <= 0 or new_seq // every == old_seq // every:
        return
    session.add(
        SnapshotRow(
            game_id=loaded.row.id,
            seq=new_seq,
            ruleset=loaded.game.ruleset,
            state=codec.encode(state),
        )
    )


def _from_snapshot(session: Session, row: GameRow, game: Game) -> tuple[State, int]:
    snap = session.scalars(
        select(SnapshotRow)
        .where(SnapshotRow.game_id == row.id, SnapshotRow.ruleset == game.ruleset)
        .order_by(SnapshotRow.seq.desc())
        .limit(1)
    ).one_or_none()
    if snap is None:
        return None, 0
    try:
        return codec.decode(snap.state), snap.seq
    except (codec.CodecError, TypeError) as exc:
        log.warning("ignoring snapshot %s@%s: %s", row.id, snap.seq, exc)
        return None, 0
