"""Which notifications an email's job owes the channels beside email (issue 36 §2), written
in the transaction that first judges the email (``workers.jobs.send_outbox``), each once:
the key (channel, game, event, kind, seat) makes a second writing a no-op.

- The seat's player's channels (their address in any case; every game, or this one) get
  what the email gets: nothing the email would not carry (a decision already made, a
  player who left, resigned or is away), a turn's news only when the player chose every
  turn — by email (``each``) or on their channels alone (``channels``, no turn emails); a
  daily digest or ``none`` stops them as it stops the emails.
- The table's channels get the events that concern the whole table (:data:`TABLE_KINDS`),
  once per event whatever seat's email triggers it (seat ``""``).

A player without channels, at a table without one, costs no query: the address's row and the
game's row, which the job reads anyway, count their channels (``channels``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, insert, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from service.addresses import normal
from service.mail.compose import CHANNELS_ONLY, Plan, plan
from service.mail.kinds import ANSWER
from service.notify.notice import TABLE_KINDS
from service.play import reach
from service.store.eventstore import now
from service.store.models import ChannelRow, GameRow, NotificationRow, OutboxRow

PUSHED_KINDS = ("webhook", "push")
"""The channel kinds a notification is posted to (a feed is read, never posted): those with
a sender in :data:`service.notify.delivery.SENDERS`."""
NOT_FOR_CHANNELS = frozenset({ANSWER, "seat_offer"})
"""Kinds whose email is no channel's business: an answer to the player's own reply, a seat
offered to a newcomer's address."""


def owed(session: Session, row: OutboxRow, planned: Plan | str) -> list[int]:
    """Write the notifications ``row``'s email owes the channels (``planned``: what
    :func:`service.mail.compose.plan` found for it); the new rows' ids."""
    values: list[dict[str, Any]] = []
    game = session.get(GameRow, row.game_id)
    if game is not None and game.channels > 0 and row.kind in TABLE_KINDS:
        for channel in _of_table(session, row.game_id):
            values.append(_row(channel, row, ""))
    if row.kind not in NOT_FOR_CHANNELS:
        if planned == CHANNELS_ONLY:  # the player's channels get what the email would
            planned = plan(session, row, channels=True)
        email = _player(planned)
        if email is not None and _counted(session, email):
            for channel in _of_player(session, email, row.game_id):
                values.append(_row(channel, row, row.seat))
    return [i for i in (_insert(session, v) for v in values) if i is not None]


def _player(planned: Plan | str) -> str | None:
    """The address whose channels get ``planned``'s news: the email's own recipient (the
    seat's player), none when the email is not worth sending."""
    if isinstance(planned, Plan):
        return None if planned.offer is not None else planned.recipient[1]
    return None


def _counted(session: Session, email: str) -> bool:
    """Whether ``email`` has a working channel: its row of what we know of it, as the
    email's checks read it in this transaction (no query more), else asked."""
    key = normal(email)
    known = reach.read(session, key) if key is not None else None
    return known is not None and known.channels > 0


def _of_player(session: Session, email: str, game_id: str) -> list[ChannelRow]:
    return list(
        session.scalars(
            select(ChannelRow)
            .where(
                func.lower(ChannelRow.email) == email.lower(),
                ChannelRow.disabled_at.is_(None),
                ChannelRow.kind.in_(PUSHED_KINDS),
                or_(ChannelRow.game_id.is_(None), ChannelRow.game_id == game_id),
            )
            .order_by(ChannelRow.id)
        )
    )


def _of_table(session: Session, game_id: str) -> list[ChannelRow]:
    return list(
        session.scalars(
            select(ChannelRow)
            .where(
                ChannelRow.game_id == game_id,
                ChannelRow.email.is_(None),
                ChannelRow.disabled_at.is_(None),
                ChannelRow.kind.in_(PUSHED_KINDS),
            )
            .order_by(ChannelRow.id)
        )
    )


def _row(channel: ChannelRow, row: OutboxRow, seat: str) -> dict[str, Any]:
    return {
        "channel_id": channel.id,
        "game_id": row.game_id,
        "outbox_id": row.id,
        "seq": row.seq,
        "kind": row.kind,
        "seat": seat,
        "created_at": now(),
        "attempts": 0,
    }


def _insert(session: Session, values: dict[str, Any]) -> int | None:
    """INSERT ... ON CONFLICT DO NOTHING on the notification's key: a second writing (a
    second job, another seat's email of the same event) neither fails nor waits."""
    keys = ["channel_id", "game_id", "seq", "kind", "seat"]
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        statement: Any = postgresql.insert(NotificationRow).on_conflict_do_nothing(
            index_elements=keys
        )
    elif dialect == "sqlite":
        statement = sqlite.insert(NotificationRow).on_conflict_do_nothing(index_elements=keys)
    else:  # pragma: no cover - the service runs on PostgreSQL or SQLite only
        statement = insert(NotificationRow)
    inserted = session.execute(statement.values(**values).returning(NotificationRow.id))
    return inserted.scalar()
