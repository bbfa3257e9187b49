"""A game's event log as rows (DESIGN.md §4): its game row, its events in order, and the
append.

An append states the sequence number it expects: a second writer gets :class:`Conflict`,
never a fork. Rows are never updated or deleted; stored payloads are upcast when read.
"""

from __future__ import annotations

import functools
import re
import typing
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    CursorResult,
    Exists,
    Select,
    String,
    Table,
    Update,
    bindparam,
    cast,
    func,
    insert,
    literal,
    select,
    union_all,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, joinedload
from sqlalchemy.orm.attributes import set_committed_value

from engine import Event
from service.errors import Conflict, NotFound
from service.store import hashchain
from service.store.models import (
    EVENT_SCHEMA_VERSION,
    EventRow,
    GameRow,
    OutboxRow,
    SeatRow,
    UsedLinkRow,
)
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
_SEATS = SeatRow.__table__
_ADVANCE_GUARDED = _ADVANCE.where(
    _GAMES.c.ruleset == bindparam("g_ruleset"),
    _GAMES.c.plans == bindparam("g_plans"),
    select(_SEATS.c.id)
    .where(
        _SEATS.c.game_id == _GAMES.c.id,
        _SEATS.c.seat == bindparam("g_seat"),
        _SEATS.c.left_at.is_(None),
        _SEATS.c.email.is_not_distinct_from(bindparam("g_email")),
    )
    .exists(),
)
"""The same, for an append made from a row not read (:attr:`Riders.unchanged`)."""
_UNCHANGED = ("g_ruleset", "g_seat", "g_email", "g_plans")
"""The parameters of :data:`_ADVANCE_GUARDED`, in the order of :attr:`Riders.unchanged`."""
_INSERT_EVENTS = insert(EventRow.__table__)
_OUTBOX = OutboxRow.__table__
_USE_LINK = insert(UsedLinkRow.__table__)
_INSERT_OUTBOX = insert(_OUTBOX).returning(_OUTBOX.c.id)
_GAME_BY_ID = (
    select(GameRow)
    .where(GameRow.id == bindparam("game_id"))
    # Its seats in the same statement: nearly every reader of a game asks for them, and a
    # lazy load is a second round trip (issue 34 §1).
    .options(joinedload(GameRow.seats))
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
_LAST_DECISION_OF = _LAST_DECISION.where(EventRow.seat == bindparam("seat"))


RECORDED_FIRST = _("Another move was recorded first. Try again.")
"""An append another writer beat (the move path decides again, up to three times)."""


@dataclass(frozen=True)
class Riders:
    """Rows written with an append, only if it is (issue 34 §1): on PostgreSQL in the
    append's one statement, elsewhere one statement each after it."""

    used_link: dict[str, Any] | None = None
    """A ``used_links`` row: the link that made the move."""
    outbox: list[dict[str, Any]] = field(default_factory=list)
    """``outbox`` rows: the emails the move queues."""
    heard: tuple[Update, dict[str, Any]] | None = None
    """An UPDATE returning one value and its parameters (``service.store.people.hearing``;
    built once: its parameter names must not be those of the append), run whatever the
    append's outcome (a refused append rolls it back with the rest)."""
    unchanged: tuple[str, str, str | None, int] | None = None
    """(ruleset, seat, address, plans): the append is refused, as another writer's win is,
    unless the game row still has this ruleset and count of waiting plans and the seat this
    address and no departure. For an append made from a row not read
    (``eventstore.load(unread=True)``, issue 34 §1): a seat's address changes, its player
    leaves and a plan is set (issue 38) without an event."""


@dataclass(frozen=True)
class Ridden:
    outbox_ids: list[int] = field(default_factory=list)
    heard: Any = None
    """What :attr:`Riders.heard` returned; None when it matched no row."""


class LinkUsed(Exception):
    """The rider's link was used already (its row exists): a reused link, not a race."""


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
    riders: Riders | None = None,
) -> Ridden:
    """Append ``events`` after ``expected_seq``; :class:`Conflict` if another writer won,
    :class:`LinkUsed` if the riders' link was used. Writes the riders' rows with them."""
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
    advance = {
        "b_id": row.id,
        "b_expected": expected_seq,
        "b_last_seq": expected_seq + len(events),
        "b_head_hash": prev,
        "b_over": over,
        "b_due_at": due_at,
    }
    riders = riders or Riders()
    if session.get_bind().dialect.name == "postgresql" and rows:
        ridden = _append_in_one(session, row.id, advance, rows, riders)
    else:
        ridden = _append_in_turn(session, row.id, advance, rows, riders)
    # The guarded UPDATE above already wrote these: set them without marking the row dirty,
    # so no second UPDATE is flushed.
    for name, value in (
        ("last_seq", expected_seq + len(events)),
        ("head_hash", prev),
        ("over", over),
        ("due_at", due_at),
    ):
        set_committed_value(row, name, value)
    return ridden


def _append_in_turn(
    session: Session,
    game_id: str,
    advance: dict[str, Any],
    rows: list[dict[str, Any]],
    riders: Riders,
) -> Ridden:
    if riders.unchanged is None:
        moved = session.execute(_ADVANCE, advance)
    else:
        moved = session.execute(*_advance(advance, riders.unchanged))
    if typing.cast(CursorResult[Any], moved).rowcount != 1:
        raise Conflict(RECORDED_FIRST, game_id=game_id)
    try:
        session.execute(_INSERT_EVENTS, rows)
    except IntegrityError as exc:
        raise Conflict(RECORDED_FIRST, game_id=game_id) from exc
    heard = None if riders.heard is None else session.execute(*riders.heard).scalar_one_or_none()
    if riders.used_link is not None:
        try:
            session.execute(_USE_LINK, riders.used_link)
        except IntegrityError as exc:
            raise LinkUsed() from exc
    queued = list(session.scalars(_INSERT_OUTBOX, riders.outbox)) if riders.outbox else []
    return Ridden(outbox_ids=queued, heard=heard)


def _append_in_one(
    session: Session,
    game_id: str,
    advance: dict[str, Any],
    rows: list[dict[str, Any]],
    riders: Riders,
) -> Ridden:
    """The guarded advance, the events and the riders in one statement, so one round trip
    (issue 34 §1): data-modifying CTEs, each insert taking its rows only if the advance
    matched. PostgreSQL runs every CTE once, to completion, read or not. The statement is
    built once for each shape (how many events and emails, which riders) and run with
    parameters, as the other statements of a move are."""
    heard = riders.heard
    statement = _in_one(
        tuple(rows[0]),
        len(rows),
        riders.used_link is not None,
        len(riders.outbox),
        None if heard is None else heard[0],
        riders.unchanged is not None,
    )
    params = dict(advance)
    for i, values in enumerate(rows):
        params.update({f"e{i}_{name}": value for name, value in values.items()})
    for i, values in enumerate(riders.outbox):
        params.update({f"o{i}_{name}": value for name, value in values.items()})
    if riders.used_link is not None:
        params.update({f"l0_{name}": value for name, value in riders.used_link.items()})
    if heard is not None:
        params.update(heard[1])
    if riders.unchanged is not None:
        params.update(zip(_UNCHANGED, riders.unchanged, strict=True))
    try:
        found = session.execute(statement, params).one()
    except IntegrityError as exc:
        if getattr(getattr(exc.orig, "diag", None), "table_name", None) == "used_links":
            raise LinkUsed() from exc
        raise Conflict(RECORDED_FIRST, game_id=game_id) from exc
    if found.moved != 1:
        raise Conflict(RECORDED_FIRST, game_id=game_id)
    return Ridden(
        outbox_ids=sorted(found.queued or []) if riders.outbox else [],
        heard=found.heard if heard is not None else None,
    )


_USED_LINK_COLUMNS = ("digest", "game_id", "seq", "used_at")
_OUTBOX_COLUMNS = ("game_id", "seq", "seat", "kind", "created_at", "attempts")


@functools.cache
def _in_one(
    event_columns: tuple[str, ...],
    events: int,
    link: bool,
    emails: int,
    heard: Update | None,
    guarded: bool,
) -> Select[Any]:
    """The statement of :func:`_append_in_one` for one shape, its values named ``e0_seq``
    (the first event's), ``o0_seat``, ``l0_digest``, ``b_expected``, ``g_seat``..."""
    moved = _ADVANCE_GUARDED if guarded else _ADVANCE
    moved_cte = moved.returning(_GAMES.c.id).cte("moved")
    matched = select(moved_cte.c.id).exists()
    appended = _rows_into(EventRow.__table__, "e", event_columns, events, matched)
    written = [appended.returning(literal(1)).cte("appended")]
    if link:
        used = _rows_into(UsedLinkRow.__table__, "l", _USED_LINK_COLUMNS, 1, matched)
        written.append(used.returning(literal(1)).cte("used"))
    columns = [select(func.count()).select_from(moved_cte).scalar_subquery().label("moved")]
    if emails:
        queued = _rows_into(_OUTBOX, "o", _OUTBOX_COLUMNS, emails, matched)
        queued_cte = queued.returning(_OUTBOX.c.id).cte("queued")
        columns.append(select(func.array_agg(queued_cte.c.id)).scalar_subquery().label("queued"))
    if heard is not None:
        heard_cte = heard.cte("heard")
        columns.append(select(heard_cte.c[0]).scalar_subquery().label("heard"))
    return select(*columns).add_cte(*written)


def _advance(advance: dict[str, Any], unchanged: tuple[str, str, str | None, int]) -> Any:
    """:data:`_ADVANCE_GUARDED` and its parameters."""
    return _ADVANCE_GUARDED, {**advance, **dict(zip(_UNCHANGED, unchanged, strict=True))}


def _rows_into(
    table: Table, prefix: str, names: tuple[str, ...], count: int, matched: Exists
) -> Any:
    """INSERT of ``count`` rows of the columns ``names`` from a SELECT of parameters
    (``<prefix><i>_<name>``), each row only when ``matched``."""
    selects: list[Select[Any]] = [
        select(
            *[bindparam(f"{prefix}{i}_{n}", type_=table.c[n].type).label(n) for n in names]
        ).where(matched)
        for i in range(count)
    ]
    source = selects[0] if count == 1 else union_all(*selects)
    return insert(table).from_select(list(names), source)


GAME_ID = re.compile(r"[a-z0-9]{1,16}")
"""What a game id may be (``play.new_game_id`` makes them): anything else names no game."""


def get_row(session: Session, game_id: str, events: tuple[int, int] | None = None) -> GameRow:
    """The game's row; an id that cannot be a game's is refused without a query (and named
    by its first 40 characters: it is whatever a visitor typed). ``events``: (after, upto),
    the events in that range read with it, in :attr:`GameRow.caught_up` (issue 34 §1)."""
    query = _GAME_BY_ID
    if events is not None:
        after, upto = events
        query = query.options(
            joinedload(GameRow.caught_up.and_(EventRow.seq > after, EventRow.seq <= upto))
        )
    row = (
        session.scalars(query, {"game_id": game_id}).unique().one_or_none()
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


def last_decision_of(session: Session, game_id: str, seat: str) -> int | None:
    """The newest event that opened one of ``seat``'s decisions (None: it had none yet)."""
    found = session.scalar(_LAST_DECISION_OF, {"game_id": game_id, "seat": seat})
    return int(found) if found else None


def deciders(session: Session, game_id: str) -> list[tuple[int, str | None]]:
    """(seq, seat) of every event that opened a decision, in order: two columns, no payload."""
    return [(seq, seat) for seq, seat in session.execute(_DECIDERS, {"game_id": game_id})]


def abandoned(session: Session, game_id: str) -> bool:
    """Ended by the players' vote and not revived since: two numbers read, no event."""
    newest = {kind: seq for kind, seq in session.execute(_ENDINGS, {"game_id": game_id})}
    return newest.get("table.abandoned", 0) > newest.get("table.revived", 0)


def payloads(rows: list[EventRow], game: str) -> list[Event]:
    return [upcast(game, r.schema_version, r.payload) for r in rows]
