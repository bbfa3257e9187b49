"""RQ jobs (DESIGN.md §5.5, §10.5): they take ids, reload what they need, and are safe twice."""

from __future__ import annotations

from sqlalchemy import update

from service import secret_key
from service.config import Settings, load_extra_games
from service.mail import signin as signin_mail
from service.mail.compose import compose
from service.mail.queue import claim_ttl, sweep
from service.mail.smtp import send
from service.play import signin
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import OutboxRow


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
        row.attempts += 1
        if isinstance(outgoing, str):
            row.skipped = outgoing
            return f"skipped: {outgoing}"
        row.claimed_at = now()
    message = outgoing.message
    try:
        send(settings.smtp_url, message, to=outgoing.to)
    except Exception as exc:
        with session_factory.begin() as session:
            failed = session.get(OutboxRow, outbox_id)
            assert failed is not None
            failed.claimed_at = None
            failed.last_error = f"{type(exc).__name__}: {exc}"[:2000]
        raise
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


def send_sign_in(email: str, language: str) -> str:
    """Send a sign-in link to the desk of ``email`` (issue 20), made here so the link never
    waits in Redis. Safe twice: a second run sends a second link, each good once."""
    settings = settings_for_job()
    url = signin_mail.sign_in_url(settings, email, signin.nonce())
    send(settings.smtp_url, signin_mail.message(settings, email, language, url), to=email)
    return "sent"
