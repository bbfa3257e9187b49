"""A game's event log as rows (DESIGN.md §4): its game row, its events in order, and the
append.

An append states the sequence number it expects: a second writer gets :class:`Conflict`,
never a fork. Rows are never updated or deleted; stored payloads are upcast when read.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import CursorResult, String, bindparam, cast, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from engine import Event
from service.errors import Conflict, NotFound
from service.store import hashchain
from service.store.models import EVENT_SCHEMA_VERSION, EventRow, GameRow
from service.store.upcast import upcast
from service.words import _


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


_GAMES = GameRow.__table__
_ADVANCE = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("b_id"), _GAMES.c.last_seq == bindparam("b_expected"))
    .values(
        last_seq=bindparam("b_last_seq"),
        head_hash=bindparam("b_head_hash"),
        over=bindparam("b_over"),
        due_at=bindparam("b_due_at"),
    )
)
"""The guarded advance of the game row: built once, run as plain SQL (no ORM bookkeeping)."""
_INSERT_EVENTS = insert(EventRow.__table__)
_GAME_BY_ID = (
    select(GameRow)
    .where(GameRow.id == bindparam("game_id"))
    .execution_options(populate_existing=True)
)
_EVENTS_AFTER = (
    select(EventRow)
    .where(EventRow.game_id == bindparam("game_id"), EventRow.seq > bindparam("after"))
    .order_by(EventRow.seq)
)
_EVENTS_BETWEEN = _EVENTS_AFTER.where(EventRow.seq <= bindparam("upto"))
_EVENTS_AT = (
    select(EventRow)
    .where(
        EventRow.game_id == bindparam("game_id"),
        EventRow.seq.in_(bindparam("seqs", expanding=True)),
    )
    .order_by(EventRow.seq)
)
_DECISION = (
    EventRow.game_id == bindparam("game_id"),
    func.coalesce(cast(EventRow.move, String), "null") != "null",
    EventRow.type.not_like("table.%"),
)
"""A row that opens a decision: it carries a move (the others hold JSON ``null``), and it is a
game event."""
_ENDINGS = (
    select(EventRow.type, func.max(EventRow.seq))
    .where(
        EventRow.game_id == bindparam("game_id"),
        EventRow.type.in_(("table.abandoned", "table.revived")),
    )
    .group_by(EventRow.type)
)
"""The newest abandonment and the newest revival of a game."""
_LAST_DECISION = select(func.max(EventRow.seq)).where(*_DECISION)
_DECIDERS = select(EventRow.seq, EventRow.seat).where(*_DECISION).order_by(EventRow.seq)


RECORDED_FIRST = _("Another move was recorded first. Try again.")
"""An append another writer beat (the move path decides again, up to three times)."""


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
    due_at: datetime | None = None,
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
        _ADVANCE,
        {
            "b_id": row.id,
            "b_expected": expected_seq,
            "b_last_seq": expected_seq + len(events),
            "b_head_hash": prev,
            "b_over": over,
            "b_due_at": due_at,
        },
    )
    if typing.cast(CursorResult[Any], moved).rowcount != 1:
        raise Conflict(RECORDED_FIRST, game_id=row.id)
    try:
        session.execute(_INSERT_EVENTS, rows)
    except IntegrityError as exc:
        raise Conflict(RECORDED_FIRST, game_id=row.id) from exc
    # The guarded UPDATE above already wrote these: set them without marking the row dirty,
    # so no second UPDATE is flushed.
    for name, value in (
        ("last_seq", expected_seq + len(events)),
        ("head_hash", prev),
        ("over", over),
        ("due_at", due_at),
    ):
        set_committed_value(row, name, value)


GAME_ID = re.compile(r"[a-z0-9]{1,16}")
"""What a game id may be (``play.new_game_id`` makes them): anything else names no game."""


def get_row(session: Session, game_id: str) -> GameRow:
    """The game's row; an id that cannot be a game's is refused without a query (and named
    by its first 40 characters: it is whatever a visitor typed)."""
    row = (
        session.scalars(_GAME_BY_ID, {"game_id": game_id}).one_or_none()
        if GAME_ID.fullmatch(game_id)
        else None
    )
    if row is None:
        raise NotFound(_("There is no game {id}.", id=repr(game_id[:40])))
    return row


def events_of(
    session: Session, game_id: str, after: int = 0, upto: int | None = None
) -> list[EventRow]:
    """The events after ``after`` (and up to ``upto``), in order."""
    if upto is None:
        return list(session.scalars(_EVENTS_AFTER, {"game_id": game_id, "after": after}))
    params = {"game_id": game_id, "after": after, "upto": upto}
    return list(session.scalars(_EVENTS_BETWEEN, params))


def events_at(session: Session, game_id: str, seqs: Iterable[int]) -> list[EventRow]:
    """The events numbered ``seqs`` (those that exist), in order."""
    wanted = sorted(set(seqs))
    if not wanted:
        return []
    return list(session.scalars(_EVENTS_AT, {"game_id": game_id, "seqs": wanted}))


def last_decision_seq(session: Session, game_id: str) -> int:
    """The newest event that opened a decision (0: none yet), read as one number."""
    return session.scalar(_LAST_DECISION, {"game_id": game_id}) or 0


def deciders(session: Session, game_id: str) -> list[tuple[int, str | None]]:
    """(seq, seat) of every event that opened a decision, in order: two columns, no payload."""
    return [(seq, seat) for seq, seat in session.execute(_DECIDERS, {"game_id": game_id})]


def abandoned(session: Session, game_id: str) -> bool:
    """Ended by the players' vote and not revived since: two numbers read, no event."""
    newest = {kind: seq for kind, seq in session.execute(_ENDINGS, {"game_id": game_id})}
    return newest.get("table.abandoned", 0) > newest.get("table.revived", 0)


def payloads(rows: list[EventRow], game: str) -> list[Event]:
    return [upcast(game, r.schema_version, r.payload) for r in rows]
