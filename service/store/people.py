"""A player across games, by address: how they hear about their turns (issues 4, 20)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service.addresses import normal
from service.store.eventstore import now
from service.store.models import AddressRow, OutboxRow, PersonRow, SeatRow


def notify_of(session: Session, seat: SeatRow) -> str:
    """How this seat's player hears about their turns in its game: the style they chose for
    this game alone, else their own, else an email every turn."""
    if seat.notify is not None:
        return seat.notify
    row = session.get(PersonRow, seat.email)
    return row.notify if row is not None else "each"


def heard_from(session: Session, address: str | None, moment: datetime | None = None) -> None:
    """A sign of life from ``address`` (issue 31): its player acted on an email of ours (a
    move or a reply from it, a sign-in from a link emailed to it, a form sent from a link).
    Temporary delivery failures before it are forgiven (:mod:`service.play.reach`). The
    first such act of an address that never played before ends its newcomer's wait
    (:func:`acted`): what was held for it goes (issue 31 §3)."""
    key = normal(address) if address else None
    if key is None:
        return
    moment = moment or now()
    found = cast(
        CursorResult[Any],
        session.execute(update(AddressRow).where(AddressRow.key == key).values(heard_at=moment)),
    ).rowcount
    if not found:
        acted(session, key, moment)
        return
    first = cast(
        CursorResult[Any],
        session.execute(
            update(AddressRow)
            .where(AddressRow.key == key, AddressRow.acted_at.is_(None))
            .values(acted_at=moment)
        ),
    ).rowcount
    if first:
        _release(session, key, moment)


def acted(session: Session, key: str, moment: datetime) -> None:
    """The address ``key`` (as compared) acted: it is a newcomer no more, and the emails held
    until it did may go (the sweep sends them, as one). Safe to run twice."""
    row = session.get(AddressRow, key)
    if row is None:
        try:
            with session.begin_nested():
                session.add(AddressRow(key=key, acted_at=moment, heard_at=moment))
        except IntegrityError:  # another transaction wrote it first: act on that row
            row = session.get(AddressRow, key)
    if row is not None:
        if row.acted_at is not None:
            return
        row.acted_at, row.heard_at = moment, moment
    _release(session, key, moment)


def _release(session: Session, key: str, moment: datetime) -> None:
    session.execute(
        update(OutboxRow)
        .where(
            OutboxRow.held_for == key,
            OutboxRow.held_until.is_(None),
            OutboxRow.sent_at.is_(None),
            OutboxRow.skipped.is_(None),
        )
        .values(held_until=moment)
    )


def newcomer(session: Session, address: str | None) -> bool:
    """Whether ``address`` never acted on an email of ours (issue 31 §3): no row of what we
    learnt about it, or one that saw no act."""
    key = normal(address) if address else None
    if key is None:
        return False
    row = session.get(AddressRow, key)
    return row is None or row.acted_at is None


def newcomers(session: Session, addresses: list[str | None]) -> int:
    """How many of ``addresses`` never acted on an email of ours (issue 31 §3): one query."""
    keys = {k for k in (normal(a) for a in addresses if a) if k is not None}
    if not keys:
        return 0
    known = session.scalars(
        select(AddressRow.key).where(
            AddressRow.key.in_(sorted(keys)), AddressRow.acted_at.is_not(None)
        )
    ).all()
    return len(keys) - len(known)
