"""A player across games, by address: how they hear about their turns (issues 4, 20)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Update, bindparam, func, select, update
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
    answered(session, key, moment, session.execute(*hearing(key, moment)).scalar_one_or_none())


_ADDRESSES = AddressRow.__table__
_HEARING = (
    update(_ADDRESSES)
    .where(_ADDRESSES.c.key == bindparam("h_key"))
    .values(
        heard_at=bindparam("h_moment"),
        acted_at=func.coalesce(_ADDRESSES.c.acted_at, bindparam("h_moment")),
    )
    .returning((_ADDRESSES.c.acted_at == bindparam("h_moment")).label("first"))
)


def hearing(key: str, moment: datetime) -> tuple[Update, dict[str, Any]]:
    """The statement of :func:`heard_from` and its parameters (issue 34 §1: one statement,
    built once, which a move writes with its events): ``key`` is heard at ``moment``, and
    acts for the first time if it never did; it returns whether this was the first act (an
    ``acted_at`` now equal to ``moment`` was empty), no row when the address is unknown."""
    return _HEARING, {"h_key": key, "h_moment": moment}


def answered(session: Session, key: str, moment: datetime, first: bool | None) -> None:
    """What follows :func:`hearing`, given what it returned: an unknown address is written
    as having acted; an address's first act releases what was held for it."""
    if first is None:
        acted(session, key, moment)
    elif first:
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
