"""Handing committed outbox rows to RQ (DESIGN.md §5.3, §5.5), and sweeping up those never
handed over.

Enqueueing happens after the commit and is best effort: with Redis down the move stands,
and the sweeper (:func:`sweep`, run by the scheduler's ``workers.jobs.sweep_outbox`` and by
``pbem sweep``) enqueues the row once Redis is back.
Each row has one job id, ``outbox-<id>``: the sweeper leaves a row alone while its job
waits in the queue or for a retry, so an outage of the mail relay is retried on RQ's
schedule, not once more by every sweep.

Received messages (issue 18) are handed over the same way: one reading job per ``inbox``
row (``inbox-<id>``), enqueued once the message is committed, and :func:`sweep_inbox` for
those Redis or a dead worker left unread.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import TypeVar

from redis import Redis
from redis.exceptions import RedisError
from rq import Queue, Retry
from rq.job import Job, JobStatus
from sqlalchemy import Select, or_, select

from service.config import Settings
from service.mail import holding
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import InboxRow, OutboxRow

log = logging.getLogger(__name__)
SEND_JOB = "workers.jobs.send_outbox"
"""The RQ job that sends one row, named (RQ imports it in the worker), never imported here."""
HELD_JOB = "workers.jobs.send_held"
"""The RQ job that sends what is held for an address as one email (issue 31 §3)."""
NOTIFY_JOB = "workers.jobs.send_notification"
"""The RQ job that delivers one notification on a channel beside email (issue 36)."""
READ_JOB = "workers.jobs.read_inbox"
"""The RQ job that reads one received message (issue 18), named likewise."""
LAST_TICK = "pbem:tick:done"
"""When the scheduler's tick last finished its work (Unix seconds, in Redis): ``/metrics``
shows the time since (``workers.schedule.tick`` writes it)."""
ADDRESSED_JOBS = frozenset(
    {"workers.jobs.send_sign_in", "workers.schedule.send_digest", "workers.jobs.send_address_check"}
)
"""The jobs whose first argument is an address (a sign-in link, a daily digest, the link
confirming a new address): what forgetting a player drops from Redis (issue 30). Every
other job names a row by its id."""
SWEEP_LOCK = "pbem:sweep:outbox"
SWEEP_INBOX_LOCK = "pbem:sweep:inbox"
SWEEP_LOCK_TTL = 300
"""Seconds a sweep may hold its lock; a sweep whose worker was killed frees it after this."""
K = TypeVar("K", int, str)
WAITING = frozenset({JobStatus.QUEUED, JobStatus.SCHEDULED, JobStatus.DEFERRED})
"""A job in one of these states will run: enqueueing its row again would only repeat it."""
BUSY = WAITING | {JobStatus.STARTED}
"""A job in one of these states will run or is running: a game's due work gets no second."""


@functools.cache
def connection(url: str) -> Redis:
    return Redis.from_url(url, socket_connect_timeout=2, socket_timeout=10)


def queue(settings: Settings) -> Queue:
    return Queue(settings.queue_name, connection=connection(settings.redis_url))


def retry_policy(settings: Settings) -> Retry:
    intervals = list(settings.retry_intervals) or [0]
    return Retry(max=len(intervals), interval=intervals)


def job_id(outbox_id: int) -> str:
    return f"outbox-{outbox_id}"


def inbox_job_id(inbox_id: int) -> str:
    return f"inbox-{inbox_id}"


def held_job_id(outbox_id: int) -> str:
    return f"held-{outbox_id}"


def enqueue_outbox(settings: Settings, outbox_ids: list[int], *, sweeping: bool = False) -> int:
    """Enqueue one send job per row, all in one pipeline; returns how many were enqueued
    (none when Redis fails: the sweeper enqueues them later; the rest wait).

    ``sweeping``: the rows may have had jobs before; a row whose job still waits is
    skipped, and a finished, failed or abandoned job (its worker was killed) is replaced.
    """
    return _enqueue(settings, SEND_JOB, job_id, "send outbox", outbox_ids, sweeping)


def enqueue_held(settings: Settings, outbox_ids: list[int]) -> int:
    """Enqueue :data:`HELD_JOB` for held rows (one per address, named by its smallest held
    row), as the sweep does: a job still waiting is left alone."""
    return _enqueue(settings, HELD_JOB, held_job_id, "send held", outbox_ids, True)


def notification_job_id(notification_id: int) -> str:
    return f"notification-{notification_id}"


def enqueue_notifications(
    settings: Settings, notification_ids: list[int], *, sweeping: bool = False
) -> int:
    """Enqueue one delivery job per notification (issue 36), as :func:`enqueue_outbox` does
    for emails: best effort, after the commit; with the same retries; ``sweeping``, a
    notification whose job still waits is left alone."""
    return _enqueue(
        settings, NOTIFY_JOB, notification_job_id, "send notification", notification_ids,
        sweeping,
    )  # fmt: skip


def enqueue_inbox(settings: Settings, inbox_ids: list[int], *, sweeping: bool = False) -> int:
    """Enqueue one reading job per received message, as :func:`enqueue_outbox` does for
    sends: best effort, the sweeper (:func:`sweep_inbox`) catches what Redis missed."""
    return _enqueue(settings, READ_JOB, inbox_job_id, "read inbox", inbox_ids, sweeping)


def _enqueue(
    settings: Settings,
    function: str,
    name: Callable[[int], str],
    description: str,
    row_ids: list[int],
    sweeping: bool,
) -> int:
    if not row_ids or not settings.redis_url:
        return 0
    try:
        q = queue(settings)
        if sweeping:
            row_ids = without_jobs_in(q, row_ids, name, WAITING)
        retry = retry_policy(settings)
        # One round trip to Redis for every row of the move.
        q.enqueue_many(
            [
                Queue.prepare_data(
                    function,
                    (row_id,),
                    job_id=name(row_id),
                    retry=retry,
                    description=f"{description} #{row_id}",
                )
                for row_id in row_ids
            ]
        )
    except RedisError as exc:
        log.warning("could not enqueue %s %s, the sweeper will: %s", description, row_ids, exc)
        return 0
    return len(row_ids)


def without_jobs_in(
    q: Queue, ids: list[K], name: Callable[[K], str], busy: frozenset[JobStatus]
) -> list[K]:
    """``ids`` less those whose job (named by ``name``) is in a ``busy`` status; an ended
    job (finished, failed, or abandoned by a killed worker) is discarded, so a new one can
    take its id. Each job's status alone is read, in one round trip: a job is fetched whole
    only to be discarded."""
    with q.connection.pipeline(transaction=False) as pipe:
        for key in ids:
            pipe.hget(Job.key_for(name(key)), "status")
        statuses = pipe.execute()
    taken = {status.value.encode() for status in busy}
    free = [key for key, status in zip(ids, statuses, strict=True) if status not in taken]
    ended = [
        name(k) for k, status in zip(ids, statuses, strict=True) if status and status not in taken
    ]
    for job in Job.fetch_many(ended, connection=q.connection):
        if job is not None:
            discard(job)
    return free


def discard(job: Job) -> None:
    """Delete a finished, failed or abandoned job so that a new one can take its id.

    RQ's ``delete`` first reads each of the job's execution records, and raises ValueError
    when one of them expired while the job still lists it (a worker killed mid-job, clocks
    apart): the job's own key then goes alone, and its registries drop the id when RQ
    cleans them."""
    try:
        job.delete()
    except ValueError:
        job.connection.delete(job.key)


def drop_jobs_of(settings: Settings, address: str) -> int:
    """Delete every job that names ``address`` (any case) and is not running: waiting,
    scheduled for a retry, failed or finished (whose arguments RQ keeps for a while). Best
    effort: with Redis down nothing is dropped, and a waiting job then finds nothing to
    send to. Returns how many went."""
    if not settings.redis_url:
        return 0
    wanted = address.lower()
    try:
        q = queue(settings)
        ids = set(q.get_job_ids())
        for held in (
            q.scheduled_job_registry,
            q.deferred_job_registry,
            q.failed_job_registry,
            q.finished_job_registry,
        ):
            ids.update(held.get_job_ids())
        dropped = 0
        for job in Job.fetch_many(sorted(ids), connection=q.connection):
            if job is None or job.func_name not in ADDRESSED_JOBS or not job.args:
                continue
            if str(job.args[0]).lower() == wanted:
                discard(job)
                dropped += 1
    except RedisError as exc:
        # Named by its kind only: the address stays out of the log.
        log.warning("could not drop the jobs of a forgotten address: %s", type(exc).__name__)
        return 0
    return dropped


@contextmanager
def sweeping(settings: Settings, lock_name: str) -> Iterator[bool]:
    """Hold ``lock_name`` for one sweep, as the scheduler's tick holds its own (issue 34 §3):
    every scheduler process runs the sweeps, and two sweeps at once would both find a row's
    job absent and both enqueue it, so that it runs twice. Yields False when another sweep
    holds the lock (this one then does nothing; the next finds what is left). With Redis
    unreachable nothing can be enqueued and nothing races: the sweep goes on unlocked."""
    if not settings.redis_url:
        yield True
        return
    lock = connection(settings.redis_url).lock(lock_name, timeout=SWEEP_LOCK_TTL, blocking=False)
    try:
        held = lock.acquire()
    except RedisError:
        yield True
        return
    if not held:
        log.info("another sweep holds %s; this one does nothing", lock_name)
        yield False
        return
    try:
        yield True
    finally:
        try:
            lock.release()
        except RedisError:  # lost with Redis, or run out: it frees itself
            log.warning("could not release %s; it runs out by itself", lock_name)


def claim_ttl(settings: Settings) -> timedelta:
    """How long a send in progress holds its row: longer than an SMTP exchange may take."""
    return timedelta(seconds=settings.claim_ttl)


def sweep(settings: Settings, older_than: int | None = None) -> list[int]:
    """Enqueue rows committed but unsent for over ``older_than`` seconds (``sweep_after`` by
    default): Redis was down, or a process died between commit and enqueue, or a send's
    claim ran out; and the emails held for an address whose hour has come (issue 31 §3,
    :func:`service.mail.holding.due`). Returns the ids of the rows enqueued one by one (none
    when another sweep holds the lock, issue 34 §3)."""
    with sweeping(settings, SWEEP_LOCK) as held_lock:
        if not held_lock:
            return []
        return _sweep_outbox(settings, older_than)


def pending(moment: datetime, age: timedelta, ttl: timedelta) -> Select[int]:
    """The sweep's query: the first 500 rows unsent at ``moment`` for over ``age`` whose claim
    (if any) is older than ``ttl``. Its conditions imply the predicate of the partial index
    ``ix_outbox_pending`` (migration 0005), so the planner reads them from it (issue 34 §4)."""
    return (
        select(OutboxRow.id)
        .where(
            OutboxRow.sent_at.is_(None),
            OutboxRow.skipped.is_(None),
            # Held for its address, or carried by one email of several: the job that sends
            # what is held has them (issue 31 §3).
            OutboxRow.held_for.is_(None),
            OutboxRow.bundle_id.is_(None),
            OutboxRow.created_at <= moment - age,
            or_(OutboxRow.claimed_at.is_(None), OutboxRow.claimed_at <= moment - ttl),
        )
        .order_by(OutboxRow.id)
        .limit(500)
    )


def _sweep_outbox(settings: Settings, older_than: int | None) -> list[int]:
    age = timedelta(seconds=settings.sweep_after if older_than is None else older_than)
    moment = now()
    with sessions(settings.database_url).begin() as session:
        held = holding.due(session, moment, claim_ttl(settings))
        ids = list(session.scalars(pending(moment, age, claim_ttl(settings))))
    if ids:
        enqueue_outbox(settings, ids, sweeping=True)
        log.info("swept %d unsent outbox rows", len(ids))
    if held:
        enqueue_held(settings, held)
        log.info("handed %d addresses' held emails to be sent", len(held))
    return ids


GIVE_UP_AFTER = timedelta(days=1)
"""A received message a job began to read but none finished for this long (its worker died
each time, say on a message that exhausts it) is marked failed instead of read again."""


def sweep_inbox(settings: Settings, older_than: int | None = None) -> list[int]:
    """Enqueue received messages left unread for over ``older_than`` seconds
    (``sweep_after`` by default): Redis was down when they came, or a reading job died, its
    claim run out. One that jobs began and never finished for :data:`GIVE_UP_AFTER` is
    marked failed and left. Returns the ids enqueued (none when another sweep holds the
    lock, issue 34 §3)."""
    with sweeping(settings, SWEEP_INBOX_LOCK) as held_lock:
        if not held_lock:
            return []
        return _sweep_inbox(settings, older_than)


def _sweep_inbox(settings: Settings, older_than: int | None) -> list[int]:
    age = timedelta(seconds=settings.sweep_after if older_than is None else older_than)
    moment = now()
    with sessions(settings.database_url).begin() as session:
        hopeless = session.scalars(
            select(InboxRow)
            .where(
                InboxRow.processed_at.is_(None),
                InboxRow.claimed_at <= moment - claim_ttl(settings),  # never NULL: begun
                InboxRow.received_at <= moment - GIVE_UP_AFTER,
            )
            .with_for_update(skip_locked=True)
        ).all()
        for row in hopeless:
            row.processed_at = moment
            row.claimed_at = None
            row.outcome = "failed: never finished reading"
            log.error("gave up reading inbox #%d: no job finished it", row.id)
        ids = list(
            session.scalars(
                select(InboxRow.id)
                .where(
                    InboxRow.processed_at.is_(None),
                    InboxRow.received_at <= moment - age,
                    or_(
                        InboxRow.claimed_at.is_(None),
                        InboxRow.claimed_at <= moment - claim_ttl(settings),
                    ),
                )
                .order_by(InboxRow.id)
                .limit(500)
            )
        )
    if ids:
        enqueue_inbox(settings, ids, sweeping=True)
        log.info("swept %d unread inbox rows", len(ids))
    return ids
