"""A player across games, by address: how they hear about their turns (issues 4, 20)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import update
from sqlalchemy.orm import Session

from service.addresses import normal
from service.store.eventstore import now
from service.store.models import AddressRow, PersonRow, SeatRow


def notify_of(session: Session, seat: SeatRow) -> str:
    """How this seat's player hears about their turns in its game: the style they chose for
    this game alone, else their own, else an email every turn."""
    if seat.notify is not None:
        return seat.notify
    row = session.get(PersonRow, seat.email)
    return row.notify if row is not None else "each"


def heard_from(session: Session, address: str | None, moment: datetime | None = None) -> None:
    """A sign of life from ``address`` (issue 31): a move or a reply from it, a sign-in
    from a link emailed to it, a report of an email delivered. Temporary delivery failures
    before it are forgiven (:mod:`service.play.reach`). Writes only for an address mail
    came back about: one indexed update, of no row for most."""
    key = normal(address) if address else None
    if key is not None:
        session.execute(
            update(AddressRow).where(AddressRow.key == key).values(heard_at=moment or now())
        )
