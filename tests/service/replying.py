"""Replying as a mail client does (issue 18): a reply to a turn email built as a real
``email.message`` object, stored as the inbound server stores it, and read by
:func:`service.mail.replies.read` in its own transaction, as the reading job does."""

from __future__ import annotations

import re
from email import policy
from email.message import EmailMessage
from email.utils import make_msgid

from service.config import Settings
from service.links import replyto
from service.mail import replies
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import InboxRow
from tests.fixtures import TEST_KEY
from tests.helpers import text_of

CODE_LINE = re.compile(r"^\s*(?:\* )?\[([0-9a-z]+)\] (.*)$")


def codes_of(message: EmailMessage) -> list[tuple[str, str]]:
    """``[(code, label)]`` of the options an email lists, in its order."""
    found = []
    for line in text_of(message).splitlines():
        match = CODE_LINE.match(line)
        if match:
            found.append((match.group(1), match.group(2).strip()))
    return found


def reply_message(
    original: EmailMessage,
    body: str,
    *,
    sender: str | None = None,
    html: str | None = None,
    to: str | None = None,
) -> EmailMessage:
    """A reply to ``original`` from its recipient (or ``sender``), to its Reply-To."""
    message = EmailMessage(policy=policy.SMTP)
    message["From"] = sender or str(original["To"])
    message["To"] = to or str(original["Reply-To"])
    message["Subject"] = "Re: " + str(original["Subject"])
    message["Message-ID"] = make_msgid(domain="client.example")
    message["In-Reply-To"] = str(original["Message-ID"])
    if html is None:
        message.set_content(body)
    else:
        message.set_content(html, subtype="html")
    return message


def deliver(
    settings: Settings,
    message: EmailMessage | bytes,
    *,
    rcpt_to: str | None = None,
    mail_from: str | None = None,
    client_ip: str | None = None,
    last_try: bool = True,
) -> tuple[InboxRow, list[int]]:
    """Store ``message`` as received (from the server at ``client_ip``) and read it; the row
    as read and the outbox ids."""
    raw = message if isinstance(message, bytes) else message.as_bytes()
    if rcpt_to is None:
        assert isinstance(message, EmailMessage)
        rcpt_to = str(message["To"])
    if mail_from is None:
        assert isinstance(message, EmailMessage)
        mail_from = message["From"].addresses[0].addr_spec
    factory = sessions(settings.database_url)
    with factory.begin() as session:
        row = InboxRow(
            message_key=make_msgid(domain="key.test"),
            received_at=now(),
            mail_from=mail_from,
            rcpt_to=rcpt_to,
            raw=raw,
            client_ip=client_ip,
        )
        session.add(row)
        session.flush()
        ids = replies.read(session, settings, row, last_try=last_try)
        row.processed_at = now()
        session.flush()
        session.expunge(row)
    return row, ids


def signed_address(game: int = 0, domain: str = "pbem.localhost") -> str:
    """A reply address this server signed (under the tests' key), for a game that need not
    exist: the inbound server and ``POST /inbound/mime`` take only such addresses (issue 31),
    and the reader finds no game behind it ("refused: bad address")."""
    fields = replyto.ReplyTo(f"g{game}", 0, 0, None, 1, "00000000")
    return f"{replyto.encode(TEST_KEY, fields)}@{domain}"
