"""The ledger of every email we send (issue 31; docs/mail.md): one row per email handed to
the relay, written when it is composed.

An email is composed, flattened and DKIM-signed once (:func:`write`), in the transaction
that claims it, and its bytes are kept until the relay takes them: every attempt after the
first sends those very bytes (:func:`letter`), so a retry is the same message, with the
same signature, Date and Message-ID. Once sent, the bytes go (:func:`sent`): what an email
said is kept nowhere. The row's id is what its envelope sender names,
``bounce+<token>@MAIL_DOMAIN`` (:mod:`service.links.bounces`): a delivery report finds the
email here, and its verdict is kept on it (:mod:`service.mail.bounces`).

A job that sends an email no outbox row names (a sign-in link, a daily digest) finds its
own earlier attempt by a key (:func:`of_key`): a digest of what it was asked, never the
address itself.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from service.addresses import normal
from service.config import Settings
from service.links import bounces
from service.mail import signing, smtp
from service.mail.compose import Outgoing
from service.store.eventstore import now
from service.store.models import EmailRow


@dataclass(frozen=True)
class Letter:
    """What one attempt hands to the relay."""

    email_id: int
    raw: bytes
    to: str
    sender: str
    """The envelope sender: this email's bounce address."""


def key(*parts: str) -> str:
    """The key a job without an outbox row finds its attempt by: a digest of ``parts``
    (what the job was asked), so no address is kept in it."""
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()


def of_outbox(session: Session, outbox_id: int) -> EmailRow | None:
    """The email composed for an outbox row, if one was."""
    return session.scalars(select(EmailRow).where(EmailRow.outbox_id == outbox_id)).one_or_none()


def of_key(session: Session, found_by: str) -> EmailRow | None:
    return session.scalars(
        select(EmailRow).where(EmailRow.key == found_by).with_for_update()
    ).one_or_none()


def write(
    session: Session,
    settings: Settings,
    outgoing: Outgoing,
    kind: str,
    *,
    outbox_id: int | None = None,
    found_by: str | None = None,
    game_id: str | None = None,
    seat: str | None = None,
) -> EmailRow:
    """Flatten and sign ``outgoing`` once and keep it, in the caller's transaction."""
    message = outgoing.message
    raw = smtp.flatten(message, utf8=smtp.needs_utf8(outgoing.to))
    row = EmailRow(
        kind=kind,
        outbox_id=outbox_id,
        key=found_by,
        game_id=game_id,
        seat=seat,
        address=outgoing.to,
        address_key=normal(outgoing.to),
        message_id=str(message["Message-ID"] or ""),
        raw=signing.sign(settings, raw),
        created_at=now(),
    )
    session.add(row)
    session.flush()
    return row


def letter(settings: Settings, row: EmailRow) -> Letter | None:
    """What to hand to the relay for ``row``; None when it has nothing left to send (it
    was sent, or given up)."""
    if row.raw is None or row.address is None:
        return None
    sender = bounces.address(settings.secret_key, settings.mail_domain, row.id)
    return Letter(row.id, bytes(row.raw), row.address, sender)


def sent(session: Session, email_id: int, moment: datetime | None = None) -> None:
    """The relay took it: when, and its bytes go."""
    session.execute(
        update(EmailRow).where(EmailRow.id == email_id).values(sent_at=moment or now(), raw=None)
    )


def dropped(session: Session, email_id: int) -> None:
    """It will never be sent (no longer worth it, or given up): its bytes go, unsent."""
    session.execute(update(EmailRow).where(EmailRow.id == email_id).values(raw=None))
