"""Reading what comes back about the emails we sent (issue 31 §2): delivery reports and
feedback-loop complaints, received like replies (the inbound server, ``POST
/inbound/mime``) and read by the same job, never answered (no mail loops).

Which email a report is about is never taken from what it says: it is the email its
bounce address names (the envelope recipient, ``bounce+<token>@MAIL_DOMAIN``, sealed:
:mod:`service.links.bounces`), or, for a complaint sent to the address an operator
registered with a feedback loop, the bounce address in the Return-Path of the original it
returns. A report naming no email of ours is kept and changes nothing.

What it says is read by flufl.bounce, Mailman's reader of bounces: RFC 3464 delivery
status notifications and the shapes real servers send instead (Postfix, Exim, Exchange,
Yahoo, ...). ``all_failures`` gives the addresses it reports as failing temporarily and
permanently; the email's own verdict is the worst it reports (``hard`` for a permanent
failure, ``soft`` for a temporary one). A DSN whose action is ``delivered`` (or
``relayed``, ``expanded``) is a sign of life. A feedback report (RFC 5965,
``message/feedback-report``) of abuse is a complaint. :mod:`service.play.reach` keeps
each verdict and decides what it means for the address.

The verdict is kept in the inbox row's outcome (``bounce: permanent failure`` ...), the row
names the email (``email_id``) and its game and seat, so forgetting its player finds it.
"""

from __future__ import annotations

import email
import email.policy
from email.message import Message

from flufl.bounce import all_failures
from sqlalchemy.orm import Session

from service import counters
from service.config import Settings
from service.links import bounces
from service.mail import inbox
from service.play import reach
from service.store.eventstore import now
from service.store.models import EmailRow, InboxRow

MAX_REPORT = 512 * 1024
"""A report is a few kB, and quotes at most the original (a turn email with its picture)."""
MAX_PARTS = 200
"""MIME delimiters read at most: a report has three parts, a returned original a few."""
FEEDBACK = "feedback-report"
COMPLAINTS = frozenset({"abuse", "fraud", "virus", "other"})
"""RFC 5965 §7.3's feedback types that say "this recipient did not want this email";
``not-spam`` and ``auth-failure`` (RFC 6591, a DMARC failure report) do not."""
DELIVERED = ("delivered", "relayed", "expanded")
"""RFC 3464 §2.3.3's actions of an email that went on its way."""


def concerns(settings: Settings, row: InboxRow) -> bool:
    """Whether a received message is for this reader: sent to a bounce address, or a
    feedback report (which a feedback loop sends to the address the operator registered,
    at ``MAIL_DOMAIN``). Decided from the envelope and one header: nothing is parsed."""
    if bounces.decode(settings.secret_key, row.rcpt_to or "") is not None:
        return True
    kind = (inbox.header(bytes(row.raw or b"")[:65536], "Content-Type") or "").lower()
    return "multipart/report" in kind and FEEDBACK in kind


def read(session: Session, settings: Settings, row: InboxRow) -> list[int]:
    """Read the report ``row`` once, in the reading job's transaction: its verdict kept on
    ``row`` and on the email it names; the outbox ids that tell tables an address became
    unreachable (never an answer to the report)."""
    raw = bytes(row.raw or b"")
    if len(raw) > MAX_REPORT:
        row.outcome = "ignored: report too large"
        return []
    if raw.count(b"\n--") > MAX_PARTS:
        row.outcome = "ignored: report of too many parts"
        return []
    try:
        message = email.message_from_bytes(raw, policy=email.policy.compat32)
    except (ValueError, TypeError, IndexError, LookupError, RecursionError):
        row.outcome = "ignored: unreadable report"
        return []
    feedback = _feedback_type(message)
    email_id = bounces.decode(settings.secret_key, row.rcpt_to or "")
    if feedback is not None:
        email_id = _returned(settings, message) or email_id
    sent = session.get(EmailRow, email_id, with_for_update=True) if email_id is not None else None
    if sent is None:
        row.outcome = "kept: a report about no email of ours"
        return []
    row.email_id, row.game_id, row.seat = sent.id, sent.game_id, sent.seat
    moment = now()
    if feedback is not None:
        if feedback not in COMPLAINTS:
            row.outcome = f"kept: feedback report ({feedback})"[:120]
            return []
        reach.complained(session, sent, moment)
        counters.complaint()
        row.outcome = "complaint: every email to the address stopped"
        return []
    try:
        temporary, permanent = all_failures(message)
    except Exception:  # a detector tripped on a hostile report: nothing was learnt
        row.outcome = "ignored: unreadable report"
        return []
    if permanent:
        verdict, said = "hard", "bounce: permanent failure"
    elif temporary:
        verdict, said = "soft", "bounce: temporary failure"
    elif _delivered(message):
        verdict, said = "delivered", "delivered"
    else:
        # An auto-reply to the envelope sender, a read receipt, a report of nothing.
        row.outcome = "ignored: not a delivery report"
        return []
    if verdict in counters.BOUNCE_KINDS:
        counters.bounced(verdict)
    was = reach.refusal(session, sent.address)
    told = reach.judged(session, sent, verdict, moment)
    if was != reach.UNREACHABLE and reach.refusal(session, sent.address) == reach.UNREACHABLE:
        said += "; the address is now unreachable"
    row.outcome = said
    return told


def _feedback_type(message: Message) -> str | None:
    """The Feedback-Type of a feedback report (RFC 5965), lower case; None for any other
    message."""
    if message.get_content_type() != "multipart/report":
        return None
    for part in _parts(message):
        if part.get_content_type() == "message/feedback-report":
            fields = part.get_payload()
            block = fields[0] if isinstance(fields, list) and fields else part
            if isinstance(block, Message):
                found = str(block.get("Feedback-Type", "")).strip().lower()
                return found or "other"
            text = str(fields) if not isinstance(fields, list) else ""
            for line in text.splitlines():
                name, _, value = line.partition(":")
                if name.strip().lower() == "feedback-type":
                    return value.strip().lower() or "other"
            return "other"
    return None


def _returned(settings: Settings, message: Message) -> int | None:
    """The email a feedback report returns: the bounce address its receiver recorded as
    the original's Return-Path (a feedback loop may blank the recipient, never that)."""
    for part in _parts(message):
        if part.get_content_type() not in ("message/rfc822", "text/rfc822-headers"):
            continue
        payload = part.get_payload()
        if isinstance(payload, list) and payload and isinstance(payload[0], Message):
            original = payload[0]
        else:
            text = part.get_payload(decode=True)
            original = email.message_from_bytes(
                text if isinstance(text, bytes) else str(payload).encode("utf-8", "replace"),
                policy=email.policy.compat32,
            )
        for field in ("Return-Path", "X-Original-Return-Path"):
            for value in original.get_all(field) or []:
                found = bounces.decode(settings.secret_key, str(value))
                if found is not None:
                    return found
    return None


def _delivered(message: Message) -> bool:
    """Whether an RFC 3464 report says the email went on its way."""
    for part in _parts(message):
        if part.get_content_type() != "message/delivery-status":
            continue
        blocks = part.get_payload()
        for block in blocks if isinstance(blocks, list) else []:
            if isinstance(block, Message):
                action = str(block.get("Action", "")).strip().lower()
                if action.startswith(DELIVERED):
                    return True
    return False


def _parts(message: Message) -> list[Message]:
    """Every part to a fixed depth and count (iteratively: no recursion for hostile mail)."""
    found: list[Message] = []
    stack: list[tuple[Message, int]] = [(message, 0)]
    while stack and len(found) < MAX_PARTS:
        part, depth = stack.pop()
        found.append(part)
        inner = part.get_payload()
        if depth < 6 and isinstance(inner, list):
            stack.extend((p, depth + 1) for p in reversed(inner) if isinstance(p, Message))
    return found
