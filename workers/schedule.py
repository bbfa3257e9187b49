"""The scheduler's jobs (issue 4), run by RQ's own CronScheduler (``rq cron workers.cron``):
reminders, deadlines, votes and bots for every game that has something due, and the daily
digests. The database is the only memory: a restarted scheduler or worker loses nothing,
and a step done twice is recorded once (appends name the sequence they expect; a digest is
claimed by its (player, day) key)."""

from __future__ import annotations

import logging
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from service import eventstore, links, notices, slowplay
from service.config import Settings
from service.db import sessions
from service.errors import Conflict
from service.eventstore import now
from service.models import DigestRow, GameRow, PersonRow, SeatRow
from service.queue import enqueue_outbox, queue, retry_policy
from workers.compose import render
from workers.jobs import settings_for_job
from workers.smtp import recipient, send

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
            person.next_digest_at = slowplay.next_digest(moment, person.digest_hour)
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


def waiting_games(settings: Settings, session: Any, email: str) -> list[dict[str, Any]]:
    """Every game where this player must decide or vote now, with its links."""
    games = []
    seats = session.scalars(select(SeatRow).where(SeatRow.email == email)).all()
    for seat in seats:
        loaded = eventstore.load(session, seat.game_id)
        if loaded.row.over:
            continue
        table = loaded.table
        acting = seat.seat in loaded.game.to_act(loaded.state) and seat.seat not in table.bots
        voting = (
            table.ballot is not None
            and seat.seat in table.voters()
            and seat.seat not in dict(table.ballot.votes)
        )
        if not (acting or voting):
            continue
        status = notices.pace(loaded, seat.seat)
        games.append(
            {
                "title": loaded.game.title,
                "id": loaded.row.id,
                "acting": acting,
                "voting": voting,
                "deadline": status["deadline"] if acting else None,
                "url": links.decision_url(settings, loaded, seat.seat)
                if acting
                else links.seat_url(settings, loaded, seat.seat, "vote"),
                "seat_url": links.seat_url(settings, loaded, seat.seat),
            }
        )
    return games


def send_digest(email: str, day: str) -> str:
    """One email listing every game waiting for the player; sent once per claimed day."""
    settings = settings_for_job()
    factory = sessions(settings.database_url)
    with factory.begin() as session:
        claim = session.get(DigestRow, (email, day), with_for_update=True)
        if claim is None or claim.sent_at is not None:
            return "already done"
        games = waiting_games(settings, session, email)
        claim.games = len(games)
        if not games:
            claim.sent_at = now()
            return "nothing waiting"
        name = session.scalars(select(SeatRow.name).where(SeatRow.email == email)).first()
    message = EmailMessage()
    message["From"] = settings.mail_from
    message["To"] = recipient(name or "", email)
    count = f"{len(games)} game{'s' if len(games) != 1 else ''}"
    message["Subject"] = f"Your daily digest: {count} waiting for you"
    message["Date"] = format_datetime(now())
    message["Message-ID"] = make_msgid(f"digest.{day}", domain=settings.mail_domain)
    message["Auto-Submitted"] = "auto-generated"
    context = {
        "name": name or email,
        "games": games,
        "day": day,
        "settings_url": links.person_url(settings, email),
    }
    message.set_content(render("digest.txt", context))
    message.add_alternative(render("digest.html", context), subtype="html")
    send(settings.smtp_url, message, to=email)
    with factory.begin() as session:
        done = session.get(DigestRow, (email, day))
        assert done is not None
        done.sent_at = now()
    return "sent"
