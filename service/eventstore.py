"""Appending to and loading a game's event log (DESIGN.md §4).

Appends state the sequence number they expect; a second writer gets :class:`Conflict`,
never a fork. Rows are never updated or deleted. Snapshots are only a cache.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, select, update
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
    recorded_at: datetime | None = None,
) -> list[EventRow]:
    """Append ``events`` after ``expected_seq``; :class:`Conflict` if another writer won."""
    moment = recorded_at or now()
    prev = row.head_hash if expected_seq else hashchain.header_hash(header(row))
    rows = []
    for offset, event in enumerate(events, start=1):
        seq = expected_seq + offset
        digest = hashchain.event_hash(prev, seq, seat, moment, event)
        rows.append(
            EventRow(
                game_id=row.id,
                seq=seq,
                type=event["type"],
                payload=event,
                seat=seat,
                recorded_at=moment,
                schema_version=EVENT_SCHEMA_VERSION,
                prev_hash=prev,
                hash=digest,
            )
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
    session.add_all(rows)
    try:
        session.flush()
    except IntegrityError as exc:
        raise Conflict("Another move was recorded first.", game_id=row.id) from exc
    row.last_seq, row.head_hash, row.over = expected_seq + len(events), prev, over
    return rows


def get_row(session: Session, game_id: str, *, for_update: bool = False) -> GameRow:
    query = select(GameRow).where(GameRow.id == game_id)
    if for_update:
        query = query.with_for_update()
    row = session.scalars(query).one_or_none()
    if row is None:
        raise NotFound(f"There is no game {game_id!r}.")
    return row


def events_of(
    session: Session, game_id: str, after: int = 0, upto: int | None = None
) -> list[EventRow]:
    query = select(EventRow).where(EventRow.game_id == game_id, EventRow.seq > after)
    if upto is not None:
        query = query.where(EventRow.seq <= upto)
    return list(session.scalars(query.order_by(EventRow.seq)))


def payloads(rows: list[EventRow], game: str) -> list[Event]:
    return [upcast(game, r.schema_version, r.payload) for r in rows]


def load(session: Session, game_id: str, *, for_update: bool = False) -> Loaded:
    """The game's current state: its newest usable snapshot plus the events after it."""
    row = get_row(session, game_id, for_update=for_update)
    game = registry.get(row.game)
    state, seq = _from_snapshot(session, row, game)
    for event in payloads(events_of(session, row.id, after=seq), row.game):
        state = game.apply(state, event)
    return Loaded(row=row, game=game, state=state, seq=row.last_seq)


def state_at(session: Session, row: GameRow, seq: int) -> State:
    """The state after event ``seq`` (for history and replay)."""
    game = registry.get(row.game)
    return game.replay(payloads(events_of(session, row.id, upto=seq), row.game))


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


def drop_snapshots(session: Session, game_id: str) -> None:
    session.execute(delete(SnapshotRow).where(SnapshotRow.game_id == game_id))


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
