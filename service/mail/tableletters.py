"""The emails of an open table (issue 35 §1), each in its reader's language: the link
that confirms a join (to the address that asked, and to no other), the news that one is
seated (the creator's with their invitation links), and the notice that a table closed
unfilled. None belongs to a game (the game does not exist yet), so they are sent by a job
of their own, ``workers.jobs.send_table_letter``, as a sign-in link is; the game's own
invitations go out through the outbox once it starts."""

from __future__ import annotations

import logging
import secrets
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from typing import Any

from redis.exceptions import RedisError
from sqlalchemy import event, select
from sqlalchemy.orm import Session

from service import words
from service.config import Settings
from service.links import tableseats, urls
from service.mail import keywords, smtp
from service.mail.compose import render
from service.mail.queue import queue, retry_policy
from service.play import opentables
from service.play.opentables import JOIN_CHECK, LEFT, NOT_OPEN, SEATED, Letter
from service.store.eventstore import now
from service.store.models import OpenSeatRow, OpenTableRow, TableInvitationRow
from service.words import _, n_

log = logging.getLogger(__name__)
TABLE_LETTER_JOB = "workers.jobs.send_table_letter"


def subject(kind: str, title: str) -> Any:
    if kind == JOIN_CHECK:
        return _("Confirm your seat at a table of {title}", title=title)
    if kind == SEATED:
        return _("You have a seat at a table of {title}", title=title)
    if kind == LEFT:
        return _("You left the table of {title}", title=title)
    if kind == NOT_OPEN:
        return _("The table of {title} is no longer open to you", title=title)
    return _("The table of {title} closed before it filled", title=title)


ANSWERED_BY_REPLY = frozenset({JOIN_CHECK, SEATED})
"""The emails a reply acts on: a reply to them takes or leaves the seat
(:mod:`service.mail.tablereplies`)."""


def message(session: Session, settings: Settings, seat: OpenSeatRow, kind: str) -> EmailMessage:
    """The email ``kind`` to ``seat``'s address, in its language and time zone."""
    table = session.get(OpenTableRow, seat.table_id)
    assert table is not None
    with words.speaking(seat.language, seat.time_zone):
        shown = opentables.summary(table)
        others = [s.name for s in opentables.seated(table) if s.id != seat.id]
        context: dict[str, Any] = {
            "kind": kind,
            "table": shown,
            "name": seat.name,
            "email": seat.email,
            "others": words.listing([n or words.text(_("a player")) for n in others]),
            "left": n_("{n} more player", "{n} more players", n=shown["seats_left"]),
            "closes": _when(table.closes_at),
            "table_url": urls.table_url(settings, table.id),
            "seat_url": urls.open_seat_url(settings, seat.id),
            "never_url": urls.never_url(settings, seat.email),
            "home_url": settings.base_url.rstrip("/") + "/",
            "tables_url": settings.base_url.rstrip("/") + "/tables",
            "leave_word": keywords.LEAVE_TABLE[words.language()][0],
            "invitations": _invitations(session, settings, table, seat),
        }
        sent = smtp.message()
        sent["From"] = settings.mail_from
        sent["To"] = smtp.recipient(seat.name, seat.email)
        sent["Subject"] = words.text(subject(kind, shown["title"]))
        sent["Date"] = format_datetime(now())
        sent["Message-ID"] = make_msgid("table", domain=settings.mail_domain)
        sent["Auto-Submitted"] = "auto-generated"
        if kind in ANSWERED_BY_REPLY:
            secret, domain = settings.secret_key, settings.mail_domain
            sent["Reply-To"] = tableseats.address(secret, domain, seat.id)
        sent.set_content(render("open_table.txt", context))
        sent.add_alternative(render("open_table.html", context), subtype="html")
    return sent


def _when(moment: datetime | None) -> str:
    """A moment in the reader's zone and words (UTC when they chose none)."""
    if moment is None:
        return ""
    zone = words.reader_zone()
    return words.moment_words(moment.astimezone(words.zone(zone)))


def _invitations(
    session: Session, settings: Settings, table: OpenTableRow, seat: OpenSeatRow
) -> list[str]:
    """The creator's invitation links not used yet; nobody else's email holds one."""
    if not seat.host or table.state != opentables.OPEN:
        return []
    nonces = session.scalars(
        select(TableInvitationRow.nonce).where(
            TableInvitationRow.table_id == table.id, TableInvitationRow.used_by.is_(None)
        )
    )
    return [urls.table_invitation_url(settings, table.id, n) for n in nonces]


def enqueue(settings: Settings, letters: list[Letter]) -> int:
    """Hand each letter to RQ, best effort, after the transaction that owes it committed:
    with Redis down, none (the page already said what happened; a join is asked again)."""
    if not settings.redis_url or not letters:
        return 0
    try:
        q = queue(settings)
        for letter in letters:
            q.enqueue(
                TABLE_LETTER_JOB,
                letter.seat_id,
                letter.kind,
                secrets.token_hex(16),  # this request: a retry sends what the first composed
                retry=retry_policy(settings),
                description=f"send an open table's {letter.kind} email",
            )
    except RedisError as exc:
        log.warning("could not enqueue an open table's email: %s", exc)
        return 0
    return len(letters)


def after_commit(session: Session, settings: Settings, letters: list[Letter]) -> None:
    """Enqueue ``letters`` once ``session``'s transaction commits (a job reading a reply
    owns no response to send them after); nothing if it rolls back."""
    if not letters:
        return
    event.listen(session, "after_commit", lambda _s: enqueue(settings, letters), once=True)
