"""Replies to an open table's emails (issue 35 §1): mail is the interface, so a seat is
taken, or left, by replying as by following its link. A reply to the email that asks to
confirm a join takes the seat, unless its first line says to leave (``leave``, ``нет``,
``退席``… :data:`service.mail.keywords.LEAVE_TABLE`); a reply saying so to any of the
table's emails gives the seat up before the game starts.

The reply must be the seat's address's own (its From, DKIM and DMARC, as a game's reply
must, :func:`service.mail.replies.read` checks it); otherwise nothing is done and nothing
is answered: an address someone else typed is never seated by a third party's mail.
What a reply did is answered by the table's next email (seated, left, or no longer open).
"""

from __future__ import annotations

from collections.abc import Callable
from email.message import Message

from sqlalchemy.orm import Session

from service.config import Settings
from service.errors import ServiceError
from service.mail import authenticity, keywords, parsing, reading, tableletters
from service.play import opentables
from service.store import people
from service.store.models import InboxRow, OpenSeatRow

LEAVE_WORDS = frozenset(
    parsing.normal(w) for phrases in keywords.LEAVE_TABLE.values() for w in phrases
)
Forged = Callable[[str], "str | None"]
"""Why a reply is not from the given address (an outcome), or None: the game replies' check."""


def wants_to_leave(lines: list[str]) -> bool:
    return bool(lines) and parsing.normal(lines[0]) in LEAVE_WORDS


def read(
    session: Session,
    settings: Settings,
    row: InboxRow,
    seat_id: int,
    head: Message,
    raw: bytes,
    forged: Forged,
    last_try: bool,
) -> list[int]:
    """Act on a reply to the seat ``seat_id``'s email; the started game's outbox ids."""
    seat = session.get(OpenSeatRow, seat_id)
    if seat is None:
        row.outcome = "refused: bad address"
        return []
    try:
        refused = forged(seat.email)
    except authenticity.DnsUnavailable:
        if not last_try:
            raise
        row.outcome = "refused: sender could not be checked"
        return []
    if refused is not None:
        row.outcome = refused
        return []
    people.heard_from(session, seat.email)  # the address wrote: a sign of life
    message = reading.body(raw)
    lines = reading.meaningful(reading.text(message)) if message is not None else []
    leaving = wants_to_leave(lines)
    try:
        outcome = (opentables.leave if leaving else opentables.confirm)(session, seat_id)
    except ServiceError as exc:
        row.outcome = f"refused: {exc.message}"[:120]
        tableletters.after_commit(
            session, settings, [opentables.Letter(seat_id, opentables.NOT_OPEN)]
        )
        return []
    row.outcome = "left the table" if leaving else "took the seat"
    tableletters.after_commit(session, settings, outcome.letters)
    return outcome.outbox_ids
