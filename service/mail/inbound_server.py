"""The inbound mail server (issue 18): LMTP for an MTA in front (Postfix hands mail to it
with ``lmtp:inet:host:port``), or plain SMTP for a small setup, the demo and tests.

It takes mail for ``MAIL_DOMAIN`` only, and tells the sender a message was taken (250)
only once it is stored and committed (:func:`service.mail.inbox.store`). Anything that
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
from service.mail.inbox import ours, store
from service.mail.queue import enqueue_inbox
from service.store.db import sessions

log = logging.getLogger(__name__)

TAKEN = "250 2.0.0 Message stored"
NOT_OURS = "550 5.1.1 No such mailbox here"
TRY_LATER = "451 4.3.0 Cannot store the message now, try again later"
TOO_BIG = "552 5.3.4 Message too big"


class _EnhancedLimits:
    """aiosmtpd's refusals of a message over its ``data_size_limit`` ("552 Error: ..."),
    with RFC 3463's enhanced status code, which senders report to people."""

    async def push(self, status: str) -> None:
        if status.startswith("552 Error"):
            status = TOO_BIG
        await super().push(status)  # type: ignore[misc]


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
        recipient = ours(self.settings, address)
        if recipient is None:
            return NOT_OURS
        envelope.rcpt_tos.append(recipient)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        recipients = list(envelope.rcpt_tos)
        if len(raw) > self.settings.inbound_max_bytes:
            return self._each(recipients, TOO_BIG)
        loop = asyncio.get_running_loop()
        try:
            # The database is blocking: off the event loop, so other senders are served.
            ids = await loop.run_in_executor(
                None, self._store, raw, envelope.mail_from or "", recipients
            )
        except Exception:
            log.exception("could not store a message for %s; answered 451", recipients)
            return self._each(recipients, TRY_LATER)
        if ids:
            await loop.run_in_executor(None, self._enqueue, ids)
        return self._each(recipients, TAKEN)

    def _store(self, raw: bytes, mail_from: str, recipients: list[str]) -> list[int]:
        # One transaction for every recipient: all are stored, or none and the sender
        # retries them all.
        with sessions(self.settings.database_url).begin() as session:
            stored = [store(session, raw, mail_from, rcpt) for rcpt in recipients]
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
