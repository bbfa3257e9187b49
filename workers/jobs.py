"""RQ jobs (DESIGN.md §5.5, §10.5): they take ids, reload what they need, and are safe twice."""

from __future__ import annotations

import logging

from rq import get_current_job
from sqlalchemy import update

from service import counters, secret_key
from service.config import Settings, load_extra_games
from service.mail import replies
from service.mail import signin as signin_mail
from service.mail.compose import compose
from service.mail.queue import claim_ttl, enqueue_outbox, sweep, sweep_inbox
from service.mail.smtp import send
from service.play import blocklist, signin
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import InboxRow, OutboxRow

log = logging.getLogger(__name__)


def settings_for_job() -> Settings:
    """The settings every job runs with; a key anyone could know fails the job (the row
    stays unsent for the sweeper) rather than sign a link with it (issue 14)."""
    settings = Settings.from_env()
    secret_key.require(settings.secret_key)
    load_extra_games(settings)
    return settings


def send_outbox(outbox_id: int) -> str:
    """Render and send one outbox row; a row already sent or skipped sends nothing."""
    settings = settings_for_job()
    session_factory = sessions(settings.database_url)
    with session_factory.begin() as session:
        row = session.get(OutboxRow, outbox_id, with_for_update=True)
        if row is None:
            return "missing"
        if row.sent_at is not None or row.skipped is not None:
            return "already done"
        if row.claimed_at is not None and now() - row.claimed_at < claim_ttl(settings):
            return "being sent by another job"
        outgoing = compose(session, settings, row)
        retry = row.attempts > 0  # an earlier attempt failed, or its worker died
        row.attempts += 1
        if isinstance(outgoing, str):
            row.skipped = outgoing
        else:
            row.claimed_at = now()
    # Counted once committed, as the row now says.
    if isinstance(outgoing, str):
        counters.email("skipped")
        return f"skipped: {outgoing}"
    if retry:
        counters.email_retried()
    message = outgoing.message
    try:
        send(settings.smtp_url, message, to=outgoing.to)
    except Exception as exc:
        counters.email("failed")
        with session_factory.begin() as session:
            failed = session.get(OutboxRow, outbox_id)
            assert failed is not None
            failed.claimed_at = None
            failed.last_error = f"{type(exc).__name__}: {exc}"[:2000]
        raise
    counters.email("sent")
    with session_factory.begin() as session:
        session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == outbox_id)
            .values(sent_at=now(), message_id=message["Message-ID"], last_error=None)
        )
    return "sent"


def sweep_outbox(older_than: int | None = None) -> list[int]:
    """The scheduler's sweep (:func:`service.mail.queue.sweep`) with the job's settings."""
    return sweep(settings_for_job(), older_than)


def sweep_inbox_job(older_than: int | None = None) -> list[int]:
    """The scheduler's sweep of unread messages (:func:`service.mail.queue.sweep_inbox`)."""
    return sweep_inbox(settings_for_job(), older_than)


def read_inbox(inbox_id: int) -> str:
    """Read one received message exactly once (issue 18): claim it, let
    :func:`service.mail.replies.read` act on it and mark it read in one transaction, then
    enqueue the emails that reading queued.

    A second job on the same message, at once or later, does nothing. A failure rolls the
    reading back and leaves the message for RQ's next retry; after the last retry it is
    marked failed, never read again. A sender the DNS could not check now is such a
    failure, until the last try, which tells the seat so (issue 31 §4)."""
    settings = settings_for_job()
    job = get_current_job()
    last_try = job is None or not job.retries_left
    session_factory = sessions(settings.database_url)
    with session_factory.begin() as session:
        row = session.get(InboxRow, inbox_id, with_for_update=True)
        if row is None:
            return "missing"
        if row.processed_at is not None:
            return "already done"
        if row.claimed_at is not None and now() - row.claimed_at < claim_ttl(settings):
            return "being read by another job"
        claim = row.claimed_at = now()
    try:
        with session_factory.begin() as session:
            row = session.get(InboxRow, inbox_id, with_for_update=True)
            assert row is not None
            if row.processed_at is not None or row.claimed_at != claim:
                # Our claim ran out and another job took the message over.
                return "taken over by another job"
            outbox_ids = replies.read(session, settings, row, last_try=last_try)
            row.processed_at = now()
            row.claimed_at = None
    except Exception as exc:
        _failed(settings, inbox_id, exc)
        raise
    enqueue_outbox(settings, outbox_ids)
    return row.outcome or "read"


def _failed(settings: Settings, inbox_id: int, exc: Exception) -> None:
    """Free the message for RQ's retry, or, when no retry is left, mark it failed so that
    neither RQ nor the sweeper reads it again (a message that always fails is no loop)."""
    job = get_current_job()
    last = job is None or not job.retries_left
    with sessions(settings.database_url).begin() as session:
        row = session.get(InboxRow, inbox_id, with_for_update=True)
        if row is None or row.processed_at is not None:
            return
        row.claimed_at = None
        if last:
            row.processed_at = now()
            row.outcome = f"failed: {type(exc).__name__}: {exc}"[:120]
            log.error("gave up reading inbox #%d: %s", inbox_id, row.outcome)


def send_sign_in(email: str, language: str) -> str:
    """Send a sign-in link to the desk of ``email`` (issue 20), made here so the link never
    waits in Redis. Safe twice: a second run sends a second link, each good once."""
    settings = settings_for_job()
    with sessions(settings.database_url)() as session:
        if blocklist.blocked(session, email):  # blocked since it was asked for (issue 30)
            return "skipped: the address is blocked"
    url = signin_mail.sign_in_url(settings, email, signin.nonce())
    try:
        send(settings.smtp_url, signin_mail.message(settings, email, language, url), to=email)
    except Exception:
        counters.email("failed")
        raise
    counters.email("sent")
    return "sent"
