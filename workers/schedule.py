"""The scheduler's jobs (issue 4), run by RQ's own CronScheduler (``rq cron workers.cron``):
reminders, deadlines, votes and bots for every game that has something due, and the daily
digests. The database is the only memory: a restarted scheduler or worker loses nothing,
and a step done twice is recorded once (appends name the sequence they expect; a digest is
claimed by its (player, day) key)."""

from __future__ import annotations

import logging
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from service.config import Settings
from service.errors import Conflict
from service.mail import digest
from service.mail.queue import enqueue_outbox, queue, retry_policy
from service.mail.smtp import send
from service.play import slowplay
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import DigestRow, GameRow, PersonRow, SeatRow
from workers.jobs import settings_for_job

log = logging.getLogger(__name__)
BATCH = 500
DIGEST_JOB = "workers.schedule.send_digest"


def tick(moment: datetime | None = None) -> dict[str, int]:
    """Advance every game whose due time has come, and queue the digests that are due."""
    settings = settings_for_job()
    moment = moment or now()
    factory = sessions(settings.database_url)
    with factory.begin() as session:
        game_ids = list(
            session.scalars(
                select(GameRow.id)
                .where(GameRow.over.is_(False), GameRow.due_at <= moment)
                .order_by(GameRow.due_at)
                .limit(BATCH)
            )
        )
    outbox: list[int] = []
    for game_id in game_ids:
        try:
            with factory.begin() as session:
                outbox += slowplay.advance(session, game_id, moment, settings.snapshot_every)
        except Conflict:
            log.info("game %s moved while its due work ran; the next tick looks again", game_id)
        except Exception:  # one broken game must not hold up every other game's deadlines
            log.exception("game %s: its due work failed; the next tick tries again", game_id)
    enqueue_outbox(settings, outbox)
    digests = queue_digests(settings, moment)
    return {"games": len(game_ids), "emails": len(outbox), "digests": len(digests)}


def queue_digests(settings: Settings, moment: datetime) -> list[str]:
    """Claim today's digest for every player whose digest hour has come, then queue it."""
    factory = sessions(settings.database_url)
    claimed: list[str] = []
    with factory.begin() as session:
        people = session.scalars(
            select(PersonRow)
            .where(PersonRow.notify == "digest", PersonRow.next_digest_at <= moment)
            .limit(BATCH)
        ).all()
        for person in people:
            day = person.next_digest_at.date().isoformat() if person.next_digest_at else ""
            zone = slowplay.person_zone(session, person.email)
            person.next_digest_at = slowplay.next_digest(moment, person.digest_hour, zone)
            try:
                with session.begin_nested():
                    session.add(DigestRow(email=person.email, day=day, created_at=moment))
            except IntegrityError:
                continue
            claimed.append(f"{person.email}|{day}")
    if claimed and settings.redis_url:
        q = queue(settings)
        for key in claimed:
            email, day = key.split("|")
            q.enqueue(DIGEST_JOB, email, day, retry=retry_policy(settings))
    return claimed


def send_digest(email: str, day: str) -> str:
    """One email listing every game waiting for the player; sent once per claimed day."""
    settings = settings_for_job()
    factory = sessions(settings.database_url)
    with factory.begin() as session:
        claim = session.get(DigestRow, (email, day), with_for_update=True)
        if claim is None or claim.sent_at is not None:
            return "already done"
        games = digest.waiting_games(settings, session, email)
        claim.games = len(games)
        if not games:
            claim.sent_at = now()
            return "nothing waiting"
        name = session.scalars(select(SeatRow.name).where(SeatRow.email == email)).first()
    message = digest.message(settings, email, name, day, games)
    send(settings.smtp_url, message, to=email)
    with factory.begin() as session:
        done = session.get(DigestRow, (email, day))
        assert done is not None
        done.sent_at = now()
    return "sent"
