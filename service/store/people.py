"""A player across games, by address: how they hear about their turns (issues 4, 20)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from service.store.models import PersonRow, SeatRow


def notify_of(session: Session, seat: SeatRow) -> str:
    """How this seat's player hears about their turns in its game: the style they chose for
    this game alone, else their own, else an email every turn."""
    if seat.notify is not None:
        return seat.notify
    row = session.get(PersonRow, seat.email)
    return row.notify if row is not None else "each"
