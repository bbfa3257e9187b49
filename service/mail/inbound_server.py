"""The inbound mail server (issue 18): LMTP for an MTA in front (Postfix hands mail to it
with ``lmtp:inet:host:port``), or plain SMTP for a small setup, the demo and tests.

It takes mail only for the addresses the service reads (issue 31 §4): the reply and bounce
addresses it signed, checked at ``RCPT`` by their HMAC alone, and postmaster (RFC 5321
§4.5.1); every other address, at ``MAIL_DOMAIN`` or not, is refused there (550), so no
byte of a message for it is taken. At most ``INBOUND_MAX_RECIPIENTS`` recipients are taken
per transaction (452 4.5.3 for the next: the sending server sends them in another), and a
message of more MIME parts than the reader reads is refused at ``DATA`` (554 5.6.0): nothing
of it is stored. It tells the sender a message was taken (250) only once it is stored and
committed (:func:`service.mail.inbox.store`), with the sending server's IP address over
SMTP (SPF is checked against it; over LMTP the peer is the MTA in front). Anything that
keeps it from being stored (the database unreachable, any storage error) answers
``451 4.3.0``: a temporary failure, so the sending server keeps the message and retries,
and nothing is lost. A stored message is handed to a reading job; with Redis down it is
still taken, and the sweeper (:func:`service.mail.queue.sweep_inbox`) hands it over later.

Sizes are aiosmtpd's own limits (``data_size_limit``, announced as ``SIZE`` to EHLO), with
RFC 3463's status code for a message too big (552 5.3.4).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP, Envelope, Session

from service.config import Settings
from service.mail import reading
from service.mail.inbox import recipient, store
from service.mail.queue import enqueue_inbox
from service.store.db import sessions

log = logging.getLogger(__name__)

TAKEN = "250 2.0.0 Message stored"
NOT_OURS = "550 5.1.1 No such mailbox here"
TRY_LATER = "451 4.3.0 Cannot store the message now, try again later"
TOO_BIG = "552 5.3.4 Message too big"
TOO_MANY_RECIPIENTS = "452 4.5.3 Too many recipients"
TOO_MANY_PARTS = "554 5.6.0 Too many MIME parts"


class _EnhancedLimits(SMTP):
    """aiosmtpd's refusals of a message over its ``data_size_limit`` ("552 Error: ..."),
    with RFC 3463's enhanced status code, which senders report to people."""

    async def push(self, status: str | bytes) -> None:
        if isinstance(status, str):
            await super().push(TOO_BIG if status.startswith("552 Error") else status)
        else:
            await super().push(status)


class InboundSMTP(_EnhancedLimits, SMTP):
    pass


class InboundLMTP(_EnhancedLimits, LMTP):
    pass


class InboundHandler:
    """aiosmtpd's handler: refuses other domains at RCPT, stores at DATA."""

    def __init__(self, settings: Settings, *, lmtp: bool = False) -> None:
        self.settings = settings
        self.lmtp = lmtp

    async def handle_RCPT(
        self,
        server: SMTP,
        session: Session,
        envelope: Envelope,
        address: str,
        rcpt_options: list[str],
    ) -> str:
        found = recipient(self.settings, address)
        if found is None:
            return NOT_OURS
        if found in envelope.rcpt_tos:
            return "250 2.1.5 OK"  # one address twice (in two cases): one copy
        if len(envelope.rcpt_tos) >= self.settings.inbound_max_recipients:
            return TOO_MANY_RECIPIENTS  # RFC 5321 §4.5.3.1.10
        envelope.rcpt_tos.append(found)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        recipients = list(envelope.rcpt_tos)
        if len(raw) > self.settings.inbound_max_bytes:
            return self._each(recipients, TOO_BIG)
        loop = asyncio.get_running_loop()
        # One pass over the bytes, off the event loop like everything below.
        if await loop.run_in_executor(None, reading.too_many_parts, raw):
            return self._each(recipients, TOO_MANY_PARTS)
        peer = None if self.lmtp else _peer_ip(session)
        try:
            # The database is blocking: off the event loop, so other senders are served.
            ids = await loop.run_in_executor(
                None, self._store, raw, envelope.mail_from or "", recipients, peer
            )
        except Exception:
            log.exception("could not store a message for %s; answered 451", recipients)
            return self._each(recipients, TRY_LATER)
        if ids:
            await loop.run_in_executor(None, self._enqueue, ids)
        return self._each(recipients, TAKEN)

    def _store(
        self, raw: bytes, mail_from: str, recipients: list[str], peer: str | None
    ) -> list[int]:
        # One transaction for every recipient: all are stored, or none and the sender
        # retries them all.
        with sessions(self.settings.database_url).begin() as session:
            stored = [store(session, raw, mail_from, rcpt, peer) for rcpt in recipients]
        return [inbox_id for inbox_id in stored if inbox_id is not None]

    def _enqueue(self, ids: list[int]) -> None:
        try:
            enqueue_inbox(self.settings, ids)
        except Exception:  # stored is stored: the sweeper hands it over later
            log.exception("could not enqueue inbox %s; the sweeper will", ids)

    def _each(self, recipients: list[str], status: str) -> str:
        """LMTP answers DATA once per accepted recipient (RFC 2033 §4.2), SMTP once."""
        if not self.lmtp:
            return status
        return "\r\n".join([status] * max(1, len(recipients)))


def _peer_ip(session: Session) -> str | None:
    """The connecting server's IP address (aiosmtpd's ``session.peer``: host and port)."""
    peer = session.peer
    if isinstance(peer, tuple) and peer and isinstance(peer[0], str):
        return peer[0]
    return None


class InboundController(Controller):
    """aiosmtpd's threaded controller serving :class:`InboundHandler` over SMTP or LMTP."""

    def __init__(self, settings: Settings, host: str, port: int, *, lmtp: bool = False) -> None:
        self.lmtp = lmtp
        self.inbound = InboundHandler(settings, lmtp=lmtp)
        super().__init__(
            self.inbound,
            hostname=host,
            port=port,
            data_size_limit=settings.inbound_max_bytes,
            enable_SMTPUTF8=True,
            decode_data=False,
        )

    def factory(self) -> Any:
        server = InboundLMTP if self.lmtp else InboundSMTP
        return server(self.handler, **self.SMTP_kwargs)
