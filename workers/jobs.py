"""RQ jobs (DESIGN.md §5.5, §10.5): they take ids, reload what they need, and are safe twice."""

from __future__ import annotations

import logging
from datetime import timedelta

from sqlalchemy import or_, select, update

from service.config import Settings, load_extra_games
from service.db import sessions
from service.eventstore import now
from service.models import OutboxRow
from service.queue import enqueue_outbox
from workers.compose import compose
from workers.smtp import send

log = logging.getLogger(__name__)


def settings_for_job() -> Settings:
    settings = Settings.from_env()
    load_extra_games(settings)
    return settings


def _claim_ttl(settings: Settings) -> timedelta:
    """How long a send in progress holds its row: longer than an SMTP exchange may take."""
    return timedelta(seconds=settings.claim_ttl)


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
        if row.claimed_at is not None and now() - row.claimed_at < _claim_ttl(settings):
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
                    or_(
                        OutboxRow.claimed_at.is_(None),
                        OutboxRow.claimed_at <= moment - _claim_ttl(settings),
                    ),
                )
                .order_by(OutboxRow.id)
                .limit(500)
            )
        )
    if ids:
        enqueue_outbox(settings, ids, sweeping=True)
        log.info("swept %d unsent outbox rows", len(ids))
    return ids
