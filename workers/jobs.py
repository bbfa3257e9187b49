"""RQ jobs (DESIGN.md §5.5, §10.5): they take ids, reload what they need, and are safe twice."""

from __future__ import annotations

import logging
from datetime import timedelta

from sqlalchemy import or_, select

from service.config import Settings, load_extra_games
from service.db import sessions
from service.eventstore import now
from service.models import OutboxRow
from service.queue import enqueue_outbox
from workers.compose import compose
from workers.smtp import send

log = logging.getLogger(__name__)
CLAIM_TTL = timedelta(minutes=5)


def settings_for_job() -> Settings:
    settings = Settings.from_env()
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
        if row.claimed_at is not None and now() - row.claimed_at < CLAIM_TTL:
            return "being sent by another job"
        message = compose(session, settings, row)
        row.attempts += 1
        if isinstance(message, str):
            row.skipped = message
            return f"skipped: {message}"
        row.claimed_at = now()
    try:
        send(settings.smtp_url, message)
    except Exception as exc:
        with session_factory.begin() as session:
            failed = session.get(OutboxRow, outbox_id)
            assert failed is not None
            failed.claimed_at = None
            failed.last_error = f"{type(exc).__name__}: {exc}"[:2000]
        raise
    with session_factory.begin() as session:
        sent = session.get(OutboxRow, outbox_id)
        assert sent is not None
        sent.sent_at = now()
        sent.message_id = message["Message-ID"]
        sent.last_error = None
    return "sent"


def sweep_outbox(older_than: int | None = None) -> list[int]:
    """Enqueue rows committed but unsent for over ``older_than`` seconds (Redis was down,
    or a process died between commit and enqueue)."""
    settings = settings_for_job()
    age = timedelta(seconds=settings.sweep_after if older_than is None else older_than)
    moment = now()
    with sessions(settings.database_url).begin() as session:
        ids = list(
            session.scalars(
                select(OutboxRow.id)
                .where(
                    OutboxRow.sent_at.is_(None),
                    OutboxRow.skipped.is_(None),
                    OutboxRow.created_at <= moment - age,
                    or_(OutboxRow.claimed_at.is_(None), OutboxRow.claimed_at <= moment - CLAIM_TTL),
                )
                .order_by(OutboxRow.id)
                .limit(500)
            )
        )
    if ids:
        enqueue_outbox(settings, ids)
        log.info("swept %d unsent outbox rows", len(ids))
    return ids
