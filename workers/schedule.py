"""The scheduler's jobs (issue 4), run by RQ's own CronScheduler (``rq cron workers.cron``):
reminders, deadlines, votes and bots for every game that has something due, the daily
digests, and the rematches whose wait has passed (issue 35 §4). The database is the only
memory: a restarted scheduler or worker loses nothing, and a step done twice is recorded
once (appends name the sequence they expect; a digest is claimed by its (player, day) key;
a rematch by its row)."""

from __future__ import annotations

import logging
from datetime import datetime

from rq import Queue
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from service.addresses import normal
from service.config import Settings
from service.errors import Conflict, ServiceError
from service.mail import digest, holding, ledger, tableletters
from service.mail.botwake import ADVANCE_JOB, advance_job_id
from service.mail.compose import Outgoing
from service.mail.queue import (
    BUSY,
    LAST_TICK,
    enqueue_outbox,
    queue,
    retry_policy,
    without_jobs_in,
)
from service.play import blocklist, opentables, reach, rematch, slowplay
from service.store import people as people_store
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import DigestRow, GameRow, PersonRow, SeatRow
from workers.jobs import deliver_letter, settings_for_job

log = logging.getLogger(__name__)
BATCH = 500
"""Digests claimed per tick (each a row written); due games have no cap."""
DIGEST_JOB = "workers.schedule.send_digest"
DIGEST = "digest"
"""The ledger's kind of a daily digest."""
TICK_LOCK = "pbem:tick"
TICK_LOCK_TTL = 300
"""Seconds a tick may hold the lock; a tick whose worker was killed frees it after this."""


def tick(moment: datetime | None = None) -> dict[str, int]:
    """Queue one job per game whose due time has come (any worker runs it), and the
    digests that are due. Any number of schedulers may enqueue ticks (``rq cron`` has no
    lock of its own): one tick at a time holds the lock, and a game whose job is still
    waiting or running gets no second one, so no game's work is done twice."""
    settings = settings_for_job()
    moment = moment or now()
    q = queue(settings)
    lock = q.connection.lock(TICK_LOCK, timeout=TICK_LOCK_TTL, blocking=False)
    if not lock.acquire():
        log.info("another tick holds the lock; this one does nothing")
        return {"games": 0, "queued": 0, "digests": 0, "locked_out": 1}
    try:
        with sessions(settings.database_url).begin() as session:
            game_ids = list(
                session.scalars(
                    select(GameRow.id)
                    .where(GameRow.over.is_(False), GameRow.due_at <= moment)
                    .order_by(GameRow.due_at)
                )
            )
        queued = _queue_due_games(settings, q, game_ids, moment)
        digests = queue_digests(settings, moment)
        settle_rematches(settings, moment)
        close_tables(settings, moment)
        q.connection.set(LAST_TICK, repr(now().timestamp()))
    finally:
        lock.release()
    return {"games": len(game_ids), "queued": queued, "digests": len(digests), "locked_out": 0}


def _queue_due_games(settings: Settings, q: Queue, game_ids: list[str], moment: datetime) -> int:
    """One job per due game, in pipelines of ``BATCH``; none for a game whose job is still
    waiting or running (a tick while the queue is long)."""
    queued = 0
    for start in range(0, len(game_ids), BATCH):
        fresh = without_jobs_in(q, game_ids[start : start + BATCH], advance_job_id, BUSY)
        q.enqueue_many(
            [
                Queue.prepare_data(
                    ADVANCE_JOB,
                    (game_id, moment.isoformat()),
                    job_id=advance_job_id(game_id),
                    description=f"due work of game {game_id}",
                )
                for game_id in fresh
            ]
        )
        queued += len(fresh)
    return queued


def advance_game(game_id: str, moment: str | None = None) -> int:
    """Do what is due for one game at ``moment`` (the tick's, ISO 8601; now when absent):
    close a ballot, let a bot play, open a ballot, remind. Returns the emails it queued."""
    settings = settings_for_job()
    when = datetime.fromisoformat(moment) if moment else now()
    try:
        with sessions(settings.database_url).begin() as session:
            outbox = slowplay.advance(session, game_id, when, settings.snapshot_every)
    except Conflict:
        log.info("game %s moved while its due work ran; the next tick looks again", game_id)
        return 0
    enqueue_outbox(settings, outbox)
    return len(outbox)


def settle_rematches(settings: Settings, moment: datetime) -> list[str]:
    """Start, or let lapse, every rematch whose wait has passed (issue 35 §4), each in its
    own transaction; the finished games' ids. Settling is claimed by the rematch's row: a
    second tick, or a player confirming meanwhile, starts no second game."""
    factory = sessions(settings.database_url)
    with factory.begin() as session:
        game_ids = rematch.due(session, moment)[:BATCH]
    settled = []
    for game_id in game_ids:
        try:
            with factory.begin() as session:
                outbox = rematch.settle_due(session, game_id, moment)
        except Conflict:
            log.info("the rematch of game %s moved while settled; the next tick looks", game_id)
            continue
        except ServiceError as refused:
            log.warning("the rematch of game %s could not start: %s", game_id, refused.message)
            continue
        enqueue_outbox(settings, outbox)
        settled.append(game_id)
    return settled


def close_tables(settings: Settings, moment: datetime) -> list[str]:
    """Close every open table whose wait passed unfilled (issue 35 §1), each in its own
    transaction (a player confirming meanwhile either fills it first or finds it closed),
    and tell those seated; the closed tables' ids."""
    factory = sessions(settings.database_url)
    with factory.begin() as session:
        table_ids = opentables.due(session, moment, BATCH)
    closed = []
    for table_id in table_ids:
        with factory.begin() as session:
            outcome = opentables.close_due(session, table_id, moment)
        tableletters.enqueue(settings, outcome.letters)
        if outcome.table.state == opentables.CLOSED:
            closed.append(table_id)
    return closed


def queue_digests(settings: Settings, moment: datetime) -> list[str]:
    """Claim today's digest for every player whose digest hour has come, then queue it."""
    factory = sessions(settings.database_url)
    claimed: list[str] = []
    with factory.begin() as session:
        people = session.scalars(
            select(PersonRow)
            # Set only while some game of theirs is heard about by digest (issue 20).
            .where(PersonRow.next_digest_at <= moment)
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
            # Described without the address: RQ logs each job by its description (issue 30).
            q.enqueue(
                DIGEST_JOB,
                email,
                day,
                retry=retry_policy(settings),
                description=f"send the daily digest of {day}",
            )
    return claimed


def send_digest(email: str, day: str) -> str:
    """One email listing every game waiting for the player; sent once per claimed day. A
    second run finds the email the first composed (the ledger's key names the day and the
    address) and sends those bytes, or nothing once sent."""
    settings = settings_for_job()
    factory = sessions(settings.database_url)
    found_by = ledger.key(DIGEST, day, normal(email) or email)
    with factory.begin() as session:
        claim = session.get(DigestRow, (email, day), with_for_update=True)
        if claim is None or claim.sent_at is not None:
            return "already done"
        written = ledger.of_key(session, found_by)
        refused = "the address is blocked" if blocklist.blocked(session, email) else None
        refused = refused or reach.refusal(session, email)  # issues 30, 31
        if refused is None and written is None and people_store.newcomer(session, email):
            refused = holding.NEWCOMER  # issue 31 §3: nothing more until it answers
        if refused is not None:
            claim.sent_at = now()
            if written is not None:
                ledger.dropped(session, written.id)
            return f"skipped: {refused}"
        if written is None:
            games = digest.waiting_games(settings, session, email)
            claim.games = len(games)
            if not games:
                claim.sent_at = now()
                return "nothing waiting"
            name = session.scalars(select(SeatRow.name).where(SeatRow.email == email)).first()
            message = digest.message(settings, email, name, day, games)
            written = ledger.write(
                session, settings, Outgoing(message, email), DIGEST, found_by=found_by
            )
        letter = ledger.letter(settings, written)
    said = "sent" if letter is None else deliver_letter(settings, letter)
    with factory.begin() as session:
        done = session.get(DigestRow, (email, day))
        assert done is not None
        done.sent_at = now()
    return said
