"""A player asks to be forgotten (issue 30), from their desk once signed in.

Everything the service holds of their address goes, in one transaction:

- In every game they play, their seat keeps no address and no name: readers see
  "Player 2 (left)" (:mod:`service.store.names`). A game not ended by its rules records
  ``table.player_left`` (the seat only: events name nobody), and its table's absent-seat
  rules take the seat at once, as for a player who went quiet: if it must decide, the
  others vote on it straight away (wait, a bot, someone new, the end); a bot they chose
  goes on playing it; it is not asked to vote, approve a takeback or agree to a revival.
  The others are told by email. Its links act and show no more (:class:`errors.Left`).
- Seats they held before they were replaced, and seats handed to them and not yet taken,
  keep no address or name either (an offer they were sent can no longer be claimed: the
  seat's deadline runs out and the others vote again, as when a newcomer never answers).
- Emails still queued for their seats are dropped (marked skipped, :data:`LEFT`); what
  the relay answered about past sends is cleared; the ledger of emails sent to them keeps
  no address and no bytes, and what bounces taught of their address goes (issue 31);
  received replies from them or to their seats keep no byte and no sender; their email
  settings, digests and sign-ins go (every browser signed in as them is signed out), and
  so do their private notes on their seats (issue 35 §3). What they said to their tables
  is erased (issue 35 §2): the ``table.said`` events stay, with the digest the chain covers,
  and read "(erased)".
- Their private Atom feed goes (issue 36 §1): its secret URL answers 404, as one that never
  was.

What cannot change: the stored payload of an event recorded before issue 30 that named a
newcomer (a seat offered, claimed or voted for). The hash chain covers it, so it stays in
the game's export; no page, email or API answer reads it (:mod:`service.store.upcast`).

The caller owns the transaction, then drops the jobs in Redis that name the address
(:func:`service.mail.queue.drop_jobs_of`) and enqueues the returned outbox rows. Nothing
here logs the address or a name.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy import ColumnElement, SQLColumnExpression, and_, delete, func, or_, select, update
from sqlalchemy.orm import Session

from service.addresses import normal
from service.play import channels, feeds, notes, opentables, plans, signin, slowplay, talk
from service.play.holders import seat_row
from service.play.moves import outbox
from service.store import eventstore
from service.store.eventstore import now
from service.store.models import (
    AddressRow,
    DigestRow,
    EmailRow,
    InboxRow,
    OutboxRow,
    PersonRow,
    SeatHolderRow,
    SeatOfferRow,
    SeatRow,
    SignInRow,
)

LEFT = "the player left and was forgotten"
"""Why an email to a seat whose player asked to be forgotten was not sent
(``OutboxRow.skipped``)."""


def forget(session: Session, address: str) -> list[int]:
    """Forget the player at ``address`` (any case, as the desk finds it); the outbox rows
    that tell the others and carry the absent-seat rules out."""
    moment = now()
    seats = signin.seats_of(session, address)
    sent: list[int] = []
    notes.drop(session, [(s.game_id, s.seat) for s in seats])  # issue 35 §3: their own words
    talk.erase(session, _spans(session, address, seats))  # issue 35 §2: what they said
    talk.drop_mutes(session, [(s.game_id, s.seat) for s in seats])
    for game_id in sorted({s.game_id for s in seats}):
        sent += _leave(session, game_id, [s.seat for s in seats if s.game_id == game_id], moment)
    same = _same_address(address)
    session.execute(
        update(SeatHolderRow)
        .where(same(SeatHolderRow.email))
        .values(email=None, name="", left_at=moment)
    )
    _withdraw_offers(session, address)
    opentables.forget(session, address)  # issue 35 §1: seats at tables not yet started
    feeds.forget(session, address)  # issue 36 §1: its private feed's secret URL
    channels.forget(session, address)  # issue 36: their webhooks, push, feed
    emails = _forget_emails(session, address)
    _forget_replies(session, address, seats, emails, moment)
    session.execute(delete(PersonRow).where(same(PersonRow.email)))
    session.execute(delete(DigestRow).where(same(DigestRow.email)))
    session.execute(delete(SignInRow).where(SignInRow.address == signin.key(address)))
    return sent


def _spans(
    session: Session, address: str, seats: list[SeatRow]
) -> list[tuple[str, str, int, int | None]]:
    """Each stretch of a game's log in which the address held a seat (game, seat, after seq,
    up to seq or None for now): its seats now since they were handed to it, and the seats it
    held before it was replaced (issue 35 §2: what they said there is theirs to erase)."""
    games = {s.game_id for s in seats} | set(
        session.scalars(
            select(SeatHolderRow.game_id).where(_same_address(address)(SeatHolderRow.email))
        )
    )
    holders = session.scalars(select(SeatHolderRow).where(SeatHolderRow.game_id.in_(games)))
    claims: dict[tuple[str, str], list[tuple[int, str | None]]] = {}
    for h in holders:
        claims.setdefault((h.game_id, h.seat), []).append((h.until_seq, h.email))
    spans: list[tuple[str, str, int, int | None]] = []
    for seat in seats:
        ends = [until for until, _email in claims.get((seat.game_id, seat.seat), [])]
        spans.append((seat.game_id, seat.seat, max(ends, default=0), None))
    for (game_id, seat_name), held in claims.items():
        for until, email in held:
            if email is not None and email.lower() == address.lower():
                after = max((u for u, _e in held if u < until), default=0)
                spans.append((game_id, seat_name, after, until - 1))
    return spans


def _same_address(address: str) -> Callable[[SQLColumnExpression[str | None]], ColumnElement[bool]]:
    """A clause for a column holding ``address`` in any case, lowered by the database on
    both sides, as the desk finds seats (:func:`service.play.signin.seats_of`)."""
    return lambda column: func.lower(column) == func.lower(address)


def _leave(session: Session, game_id: str, seats: list[str], moment: datetime) -> list[int]:
    """The player leaves these seats of one game; the table takes them at once."""
    loaded = eventstore.load(session, game_id)
    sent: list[int] = []
    # A game that ended by its rules, or for good (the host closed it, a player resigned
    # and ended it), records nothing more.
    going_on = not loaded.finished and not loaded.table.final
    for seat in seats:
        plans.drop_seat(session, loaded.row, seat)  # issue 38: nobody's plans any more
        if going_on:
            left = {"type": "table.player_left", "seat": seat}
            loaded = eventstore.record(session, loaded, [left], seat)
            others = [
                s.seat
                for s in loaded.row.seats
                if s.seat not in seats and s.left_at is None and s.email is not None
            ]
            sent += outbox(session, loaded.row, others, "left")
        _empty(seat_row(loaded.row, seat), moment)
    session.flush()
    if going_on and not loaded.row.over:
        # The absent-seat rules, now rather than at the next tick: a vote on a seat that
        # must decide, a vote its player will never cast counted out; a bot's move in the
        # job its commit queues (issue 37 §3).
        sent += slowplay.advance(session, game_id, moment, bots=False)
    # Their seats' emails; not a seat offer's, which goes to the newcomer the seat is
    # handed to (forgetting whom is :func:`_withdraw_offers`'s).
    quiet = and_(
        OutboxRow.game_id == game_id,
        OutboxRow.seat.in_(seats),
        OutboxRow.kind != "seat_offer",
    )
    session.execute(
        update(OutboxRow)
        .where(quiet, OutboxRow.sent_at.is_(None), OutboxRow.skipped.is_(None))
        .values(skipped=LEFT)
    )
    session.execute(update(OutboxRow).where(quiet).values(last_error=None))
    return [i for i in sent if _still_to_send(session, i)]


def _withdraw_offers(session: Session, address: str) -> None:
    """Offers of a seat to the address keep no address or name; the email of one still
    waiting to be taken is dropped. The seat waits for its newcomer in vain, and when its
    deadline runs out the others vote again, as when a newcomer never answers."""
    offers = session.scalars(
        select(SeatOfferRow).where(_same_address(address)(SeatOfferRow.email))
    ).all()
    for offer in offers:
        if offer.claimed_at is None and slowplay.still_offered(
            eventstore.load(session, offer.game_id), offer
        ):
            session.execute(
                update(OutboxRow)
                .where(
                    OutboxRow.game_id == offer.game_id,
                    OutboxRow.seat == offer.seat,
                    OutboxRow.kind == "seat_offer",
                    OutboxRow.sent_at.is_(None),
                    OutboxRow.skipped.is_(None),
                )
                .values(skipped=LEFT)
            )
        offer.email, offer.name = None, ""


def _empty(seat: SeatRow, moment: datetime) -> None:
    """The seat keeps nothing of its player: no address, no name, no settings."""
    seat.email, seat.name, seat.left_at = None, "", moment
    seat.time_zone, seat.notify, seat.muted_at = None, None, None


def _still_to_send(session: Session, outbox_id: int) -> bool:
    row = session.get(OutboxRow, outbox_id)
    return row is not None and row.skipped is None


def _forget_emails(session: Session, address: str) -> list[int]:
    """The ledger's emails to the address (issue 31) keep no address, no bytes and no key
    (a digest of the address): only that an email of that kind went, when, and what came
    back. What mail that came back taught us of the address goes. Their ids."""
    key = normal(address)
    if key is None:
        return []
    ids = list(session.scalars(select(EmailRow.id).where(EmailRow.address_key == key)))
    if ids:
        session.execute(
            update(EmailRow)
            .where(EmailRow.id.in_(ids))
            .values(address=None, address_key=None, raw=None, key=None)
        )
    session.execute(delete(AddressRow).where(AddressRow.key == key))
    return ids


def _forget_replies(
    session: Session, address: str, seats: list[SeatRow], emails: list[int], moment: datetime
) -> None:
    """Messages from the address, sent to its seats' reply addresses, or reporting on an
    email to it (a robot's bounce quotes the address too), keep no byte and no sender;
    those not yet read never will be."""
    same = _same_address(address)
    theirs = or_(
        same(InboxRow.mail_from),
        *(and_(InboxRow.game_id == s.game_id, InboxRow.seat == s.seat) for s in seats),
        InboxRow.email_id.in_(emails),
    )
    session.execute(
        update(InboxRow)
        .where(theirs, InboxRow.processed_at.is_(None))
        .values(processed_at=moment, claimed_at=None, outcome="forgotten: the player left")
    )
    session.execute(
        update(InboxRow).where(theirs).values(raw=b"", mail_from="", client_ip=None, answer=None)
    )
