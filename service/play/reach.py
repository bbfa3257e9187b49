"""Whether an address still receives our emails (issue 31 §2), from what came back about
the emails sent to it (the ledger's verdicts, :mod:`service.mail.bounces`).

- A permanent failure (a delivery report's ``5.x.x``, "user unknown", or the relay's own
  ``550`` to the recipient) marks the address unreachable at once.
- Temporary failures add up: :data:`SOFT_LIMIT` of them within :data:`SOFT_WINDOW`, with no
  sign of life from the address since the first, mark it too. A sign of life (a move or a
  reply from it, a sign-in from an emailed link, a report that an email was delivered)
  forgives those before it (:func:`heard_from`).
- A complaint (a feedback-loop report: its player called our email spam) stops every
  email to the address at once, as "stop" from everything would: email style ``none`` in
  every game, and a mark so that invitations, votes and digests stop too.

An unreachable address gets no more email: the send path skips it and records why
(:data:`UNREACHABLE`). Each game going on where it holds a seat records
``table.unreachable`` (the seat alone: events name nobody), and its other players are told
once, in their own language; the table's absent-seat rules then run as for any silent seat.
The player gives a new address from their seat page or desk, confirmed by a link sent to
it (:func:`move_address`), which moves their seats and settings there and tells the tables
they receive our emails again (``table.reachable``).

The caller owns the transaction and enqueues the returned outbox ids.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

import idna
from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from service.addresses import normal
from service.errors import BadRequest
from service.play import channels, slowplay, suppression
from service.play.games import check_email
from service.play.moves import outbox, resend
from service.store import eventstore, people
from service.store.models import AddressRow, EmailRow, GameRow, PersonRow, SeatRow
from service.words import _

UNREACHABLE = "the address no longer receives our emails"
"""Why an email to an unreachable address was not sent (``OutboxRow.skipped``)."""
COMPLAINED = "the player reported our email as spam"
"""Why an email to an address whose player complained was not sent."""
SOFT_LIMIT = 4
SOFT_WINDOW = timedelta(days=14)
"""Temporary failures that mark an address unreachable, within this long (issue 31)."""
RANK = {"delivered": 0, "soft": 1, "hard": 2, "complaint": 3}
"""An email's verdict only ever moves up: a later report of a temporary failure does not
undo a permanent one."""


READ = "reach.addresses"
"""``session.info``'s key of the address rows :func:`refusal` read in the session (None for
an address with no row): what :func:`read` answers without asking again."""
_UNREAD = object()


def read(session: Session, key: str) -> AddressRow | None:
    """The row of what we know of the address ``key`` (as :func:`service.addresses.normal`
    writes it): as :func:`refusal` read it in this session, or asked now. A row added since
    (by :func:`service.play.channels.recount`) is found in the session."""
    kept = session.info.get(READ, {}).get(key, _UNREAD)
    if kept is _UNREAD or kept is None:
        return session.get(AddressRow, key) if kept is _UNREAD else _added(session, key)
    assert isinstance(kept, AddressRow)
    return kept


def _added(session: Session, key: str) -> AddressRow | None:
    for row in session.new:
        if isinstance(row, AddressRow) and row.key == key:
            return row
    return None


def refusal(session: Session, address: str | None, *, answering: bool = False) -> str | None:
    """Why no email of ours goes to ``address`` now (:data:`UNREACHABLE`,
    :data:`COMPLAINED`, or :data:`service.play.suppression.SUPPRESSED`: its owner asked
    never to be emailed, issue 31 §3), else None. ``answering``: an answer to the player's
    own reply, which their complaint does not stop (they wrote to us); their wish never to
    be emailed does."""
    key = normal(address) if address else None
    if key is None:
        return None
    if suppression.suppressed(session, key):
        return suppression.SUPPRESSED
    row = session.get(AddressRow, key)
    # Kept, found or not, for the channels' check of the same job (issue 36, ``read``).
    session.info.setdefault(READ, {})[key] = row
    if row is None:
        return None
    if row.unreachable_at is not None:
        return UNREACHABLE
    if row.complained_at is not None and not answering:
        return COMPLAINED
    return None


def unreachable(session: Session, addresses: Iterable[str | None]) -> set[str]:
    """Those of ``addresses`` (as given) that no longer receive our emails: one query."""
    keys = {a: normal(a) for a in addresses if a}
    wanted = {k for k in keys.values() if k is not None}
    if not wanted:
        return set()
    marked = set(
        session.scalars(
            select(AddressRow.key).where(
                AddressRow.key.in_(wanted), AddressRow.unreachable_at.is_not(None)
            )
        )
    )
    return {address for address, key in keys.items() if key in marked}


def _row(session: Session, key: str) -> AddressRow:
    row = session.get(AddressRow, key, with_for_update=True)
    if row is None:
        row = AddressRow(key=key)
        session.add(row)
        session.flush()
    return row


def judged(session: Session, email: EmailRow, verdict: str, moment: datetime) -> list[int]:
    """Keep ``verdict`` (``hard``, ``soft``, ``delivered``) of one email we sent, and what
    it says of its address: the outbox ids that tell the tables when it is now
    unreachable."""
    if RANK[verdict] > RANK.get(email.verdict or "", -1):
        email.verdict, email.verdict_at = verdict, moment
    session.flush()
    if email.address_key is None:
        return []  # its player was forgotten
    row = _row(session, email.address_key)
    if verdict == "delivered":
        row.heard_at = moment
        return []
    if verdict == "soft" and not _too_many_soft(session, row, moment):
        return []
    return mark_unreachable(session, email.address_key, moment, email.address or "")


def _too_many_soft(session: Session, row: AddressRow, moment: datetime) -> bool:
    """Whether :data:`SOFT_LIMIT` emails to the address failed for a while within
    :data:`SOFT_WINDOW`, none of them before its newest sign of life."""
    key = row.key
    since = moment - SOFT_WINDOW
    if row.heard_at is not None and row.heard_at > since:
        since = row.heard_at
    soft = session.scalar(
        select(func.count())
        .select_from(EmailRow)
        .where(
            EmailRow.address_key == key,
            EmailRow.verdict == "soft",
            EmailRow.verdict_at > since,
        )
    )
    return (soft or 0) >= SOFT_LIMIT


def mark_unreachable(session: Session, key: str, moment: datetime, *spelled: str) -> list[int]:
    """The address ``key`` receives nothing of ours any more: marked, and each game going on
    where it holds a seat told (once: :func:`tell`)."""
    row = _row(session, key)
    if row.unreachable_at is None:
        row.unreachable_at = moment
    sent: list[int] = []
    for seat in seats_of(session, key, *spelled):
        sent += tell(session, seat.game_id, seat.seat)
    return sent


def seats_of(session: Session, key: str, *spelled: str) -> list[SeatRow]:
    """The seats held by the address ``key`` (an address as compared), however each was
    typed: its domain in punycode or in its own script, its local part in any case (and
    ``spelled`` as given, for a local part whose case SQL does not fold)."""
    local, _, domain = key.rpartition("@")
    try:
        readable = idna.decode(domain)
    except (idna.IDNAError, UnicodeError):
        readable = domain
    spellings = {f"{local}@{domain}", f"{local}@{readable}"}
    found = session.scalars(
        select(SeatRow)
        .where(
            or_(
                func.lower(SeatRow.email).in_(sorted(spellings)),
                SeatRow.email.in_(sorted(set(spelled))),
            )
        )
        .order_by(SeatRow.game_id, SeatRow.position)
    ).all()
    return [s for s in found if s.email is not None and normal(s.email) == key]


def tell(session: Session, game_id: str, seat: str) -> list[int]:
    """Record ``table.unreachable`` for ``seat`` in a game going on, unless the table knows
    already, and tell its other players; the outbox ids."""
    loaded = eventstore.load(session, game_id)
    table = loaded.table
    if loaded.row.over or table.final or seat in table.unreachable or seat in table.resigned:
        return []  # nobody to tell, or nobody the table waits for (issue 32: resigned)
    after = eventstore.record(session, loaded, [{"type": "table.unreachable", "seat": seat}], None)
    others = [
        s.seat
        for s in after.row.seats
        if s.seat != seat and s.left_at is None and s.email is not None
    ]
    return outbox(session, after.row, others, "unreachable")


def complained(session: Session, email: EmailRow, moment: datetime) -> None:
    """The player at ``email``'s address called it spam: no more email of any kind, and no
    turn emails, reminders or digests in any game even once they ask for email again."""
    email.verdict, email.verdict_at = "complaint", moment
    if email.address_key is None or email.address is None:
        return
    row = _row(session, email.address_key)
    if row.complained_at is None:
        row.complained_at = moment
    spellings = {s.email for s in seats_of(session, email.address_key, email.address) if s.email}
    for spelled in sorted(spellings | {email.address}):
        slowplay.set_notify(session, spelled, "none", moment)


def move_address(session: Session, old: str, new: str, moment: datetime) -> list[int]:
    """The player of ``old`` confirmed ``new`` from a link sent to it: every seat of
    ``old`` and its settings move to ``new``; ``new`` is marked as receiving (the link
    reached it), and each table that was told ``old`` no longer received our emails is
    told this seat does again, the seat sent its decision afresh when one waits. The
    outbox ids."""
    old_key, new_key = normal(old), normal(new)
    if old_key is None or new_key is None:
        return []
    seats = seats_of(session, old_key, old)
    for seat in seats:
        seat.email = new
    _move_person(session, old, new)
    channels.move(session, old, new)  # issue 36: their channels beside email go with them
    fresh = _row(session, new_key)
    fresh.unreachable_at, fresh.complained_at, fresh.heard_at = None, None, moment
    people.acted(session, new_key, moment)  # its player followed our link: no newcomer
    sent: list[int] = []
    for seat in seats:
        sent += _reachable(session, seat.game_id, seat.seat)
    return sent


def new_address(session: Session, typed: str) -> str:
    """The address a player typed to have their games emailed to, or :class:`BadRequest`
    saying why it cannot be: no address, too long, blocked by the operator, or its owner
    asked never to be emailed."""
    if len(typed) > 320:  # RFC 5321 §4.5.3.1
        raise BadRequest(_("An email address is at most 320 characters long."))
    address = check_email(typed.strip())
    suppression.refuse(session, [address])
    return address


def _move_person(session: Session, old: str, new: str) -> None:
    """The player's own settings (email style, digest hour) go with them to ``new``,
    whatever ``new`` had, as its player is the same person."""
    before = session.scalars(
        select(PersonRow).where(func.lower(PersonRow.email) == func.lower(old))
    ).first()
    if before is None:
        return
    after = session.get(PersonRow, new)
    if after is None:
        after = PersonRow(email=new)
        session.add(after)
    after.notify, after.digest_hour = before.notify, before.digest_hour
    after.next_digest_at = before.next_digest_at
    session.delete(before)
    session.flush()


def _reachable(session: Session, game_id: str, seat: str) -> list[int]:
    loaded = eventstore.load(session, game_id)
    game: GameRow = loaded.row
    if game.over or seat not in loaded.table.unreachable:
        return []
    after = eventstore.record(session, loaded, [{"type": "table.reachable", "seat": seat}], seat)
    others = [s.seat for s in after.row.seats if s.seat != seat and s.left_at is None]
    sent = outbox(session, after.row, others, "reachable")
    fresh = resend(session, game_id, seat, after.table.generation(seat))
    return sent + ([fresh] if fresh is not None else [])
