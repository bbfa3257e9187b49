"""Everything the service holds about one address, as one JSON document (issue 30): what a
signed-in player downloads from their desk before deciding whether to be forgotten.

Every table that can hold an address or a name is read (``service/store/models.py``):
seats (each game, its seat, the name given, its settings), the player's private notes on
them (issue 35 §3: nowhere else does a note leave the service), seats held before a hand-over,
seats offered to the address, its email settings and daily digests, the emails written
to its seats (what, when, sent or why not: the text itself is made when sent and kept
nowhere), the replies received from it or for its seats (whole, as they came), its
sign-ins, and whether the operator blocked it. The games' logs are public on each game's
page and name no player; the document links to them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, SQLColumnExpression, and_, func, or_, select
from sqlalchemy.orm import Session

from engine import registry
from service.addresses import normal
from service.config import Settings
from service.links import urls
from service.play import blocklist, channels, notes, opentables, plans, signin, suppression
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

FORMAT = "pbem-personal-data/1"


def everything(session: Session, settings: Settings, address: str) -> dict[str, Any]:
    """The document for ``address`` (any case, as the desk finds it)."""
    same = _same(address)
    seats = signin.seats_of(session, address)
    person = session.scalars(select(PersonRow).where(same(PersonRow.email))).all()
    return {
        "format": FORMAT,
        "address": address,
        "server": settings.base_url.rstrip("/"),
        "written_at": _when(now()),
        "blocked": blocklist.blocked(session, address),
        "never_email_me_again": suppression.suppressed(session, address),
        "games": [_seat(session, settings, s) for s in seats],
        "channels": [  # issue 36: their channels beside email
            {
                "kind": c.kind,
                "receiver": c.flavour,
                "label": c.label,
                "game": c.game_id,
                "target": c.target,
                "created_at": _when(c.created_at),
                "failures": c.failures,
                "disabled_at": _when(c.disabled_at),
                "disabled_reason": c.disabled_reason,
            }
            for c in channels.of_player(session, address)
        ],
        "notes": [
            {"game": n.game_id, "seat": n.seat, "text": n.text, "updated_at": _when(n.updated_at)}
            for n in notes.of_seats(session, [(s.game_id, s.seat) for s in seats])
        ],
        # Issue 38: the player's own plans, the words of each, and why each stopped.
        "plans": [
            {
                "game": p.game_id,
                "seat": p.seat,
                "number": p.number,
                "order": p.body,
                "set_at": _when(p.set_at),
                "waiting": p.live,
                "moves_played": p.fired,
                "stopped": p.reason,
                "stopped_at": _when(p.ended_at),
            }
            for p in plans.of_holders(session, [(s.game_id, s.seat) for s in seats])
        ],
        "seats_held_before": [
            _held(settings, h)
            for h in session.scalars(
                select(SeatHolderRow)
                .where(same(SeatHolderRow.email))
                .order_by(SeatHolderRow.game_id, SeatHolderRow.until_seq)
            )
        ],
        "seats_offered": [
            {
                "game": o.game_id,
                "seat": o.seat,
                "ballot": o.ballot,
                "proposed_by": o.proposed_by,
                "name": o.name,
                "created_at": _when(o.created_at),
                "claimed_at": _when(o.claimed_at),
            }
            for o in session.scalars(
                select(SeatOfferRow).where(same(SeatOfferRow.email)).order_by(SeatOfferRow.id)
            )
        ],
        "open_tables": [
            {
                "table": t.table_id,
                "name": t.name,
                "language": t.language,
                "time_zone": t.time_zone,
                "opened_it": t.host,
                "asked_at": _when(t.asked_at),
                "seated_at": _when(t.confirmed_at),
                "left_at": _when(t.left_at),
            }
            for t in opentables.of_address(session, address)
        ],
        "email_settings": [
            {
                "address": p.email,
                "turn_emails": p.notify,
                "digest_hour_utc": p.digest_hour,
                "next_digest_at": _when(p.next_digest_at),
                "signed_out_everywhere_before": _when(p.signed_out_before),
            }
            for p in person
        ],
        "digests": [
            {
                "day": d.day,
                "games": d.games,
                "created_at": _when(d.created_at),
                "sent_at": _when(d.sent_at),
            }
            for d in session.scalars(
                select(DigestRow).where(same(DigestRow.email)).order_by(DigestRow.day)
            )
        ],
        "emails": _emails(session, seats),
        "emails_sent": _sent(session, address),
        "delivery": _delivery(session, address),
        "replies_received": _replies(session, address, seats),
        "sign_ins": [
            {"signed_in_at": _when(r.used_at), "signed_out_at": _when(r.ended_at)}
            for r in session.scalars(
                select(SignInRow)
                .where(SignInRow.address == signin.key(address))
                .order_by(SignInRow.used_at)
            )
        ],
    }


def _sent(session: Session, address: str) -> list[dict[str, Any]]:
    """Every email the ledger holds as handed to the relay for the address (issue 31): what
    kind, for which game, when, and what came back about it. Its text is kept nowhere."""
    key = normal(address)
    if key is None:
        return []
    return [
        {
            "kind": e.kind,
            "game": e.game_id,
            "seat": e.seat,
            "composed_at": _when(e.created_at),
            "sent_at": _when(e.sent_at),
            "came_back": e.verdict,
            "came_back_at": _when(e.verdict_at),
        }
        for e in session.scalars(
            select(EmailRow).where(EmailRow.address_key == key).order_by(EmailRow.id)
        )
    ]


def _delivery(session: Session, address: str) -> dict[str, Any]:
    """What mail that came back taught us of the address (issue 31)."""
    key = normal(address)
    row = session.get(AddressRow, key) if key is not None else None
    return {
        "unreachable_since": _when(row.unreachable_at) if row else None,
        "complained_at": _when(row.complained_at) if row else None,
        "last_sign_of_life": _when(row.heard_at) if row else None,
        # Issue 31 §3: whether it ever acted on our emails, and its invitation's emails.
        "first_acted_at": _when(row.acted_at) if row else None,
        "invited_at": _when(row.invited_at) if row else None,
        "reminded_at": _when(row.reminded_at) if row else None,
    }


def _same(address: str) -> Callable[[SQLColumnExpression[str | None]], ColumnElement[bool]]:
    return lambda column: func.lower(column) == func.lower(address)


def _when(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def _title(game: str) -> str:
    try:
        return registry.get(game).title
    except KeyError:
        return game


def _seat(session: Session, settings: Settings, seat: SeatRow) -> dict[str, Any]:
    loaded = eventstore.load(session, seat.game_id)
    return {
        "game": seat.game_id,
        "title": _title(loaded.row.game),
        "url": urls.game_url(settings, seat.game_id),
        "history_url": urls.game_url(settings, seat.game_id) + "/history",
        "created_at": _when(loaded.row.created_at),
        "over": loaded.row.over,
        "seat": seat.seat,
        "seat_number": seat.position + 1,
        "name": seat.name,
        "language": seat.language,
        "time_zone": seat.time_zone,
        "turn_emails": seat.notify,
        "unsubscribed_at": _when(seat.muted_at),
    }


def _held(settings: Settings, holder: SeatHolderRow) -> dict[str, Any]:
    return {
        "game": holder.game_id,
        "url": urls.game_url(settings, holder.game_id),
        "seat": holder.seat,
        "name": holder.name,
        "until_event": holder.until_seq,
    }


def _emails(session: Session, seats: Sequence[SeatRow]) -> list[dict[str, Any]]:
    """The emails written to the address's seats, since each seat became theirs."""
    if not seats:
        return []
    since = {(s.game_id, s.seat): _taken_at(session, s) for s in seats}
    rows = session.scalars(
        select(OutboxRow)
        .where(or_(*(and_(OutboxRow.game_id == g, OutboxRow.seat == t) for g, t in since)))
        .order_by(OutboxRow.id)
    ).all()
    return [
        {
            "game": r.game_id,
            "seat": r.seat,
            "kind": r.kind,
            "written_at": _when(r.created_at),
            "sent_at": _when(r.sent_at),
            "not_sent_because": r.skipped,
            "held_until": _when(r.held_until) if r.held_for else None,
            "held_until_you_answer": r.held_for is not None and r.held_until is None,
            "attempts": r.attempts,
            "message_id": r.message_id,
        }
        for r in rows
        if r.seq >= since[(r.game_id, r.seat)]
    ]


def _taken_at(session: Session, seat: SeatRow) -> int:
    """The event from which ``seat`` is its player's: its newest hand-over, else the start."""
    return eventstore.load(session, seat.game_id).table.holders_since(seat.seat)


def _replies(session: Session, address: str, seats: Sequence[SeatRow]) -> list[dict[str, Any]]:
    """Every received message from the address, or to one of its seats' reply addresses."""
    theirs = or_(
        _same(address)(InboxRow.mail_from),
        *(and_(InboxRow.game_id == s.game_id, InboxRow.seat == s.seat) for s in seats),
    )
    return [
        {
            "received_at": _when(r.received_at),
            "from": r.mail_from,
            "to": r.rcpt_to,
            "game": r.game_id,
            "seat": r.seat,
            "what_it_did": r.outcome,
            "read_at": _when(r.processed_at),
            "message": bytes(r.raw or b"").decode("utf-8", "replace"),
        }
        for r in session.scalars(select(InboxRow).where(theirs).order_by(InboxRow.id))
    ]
