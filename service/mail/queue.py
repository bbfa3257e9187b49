"""Handing committed outbox rows to RQ (DESIGN.md §5.3, §5.5), and sweeping up those never
handed over.

Enqueueing happens after the commit and is best effort: with Redis down the move stands,
and the sweeper (:func:`sweep`, run by the scheduler's ``workers.jobs.sweep_outbox`` and by
``pbem sweep``) enqueues the row once Redis is back.
Each row has one job id, ``outbox-<id>``: the sweeper leaves a row alone while its job
waits in the queue or for a retry, so an outage of the mail relay is retried on RQ's
schedule, not once more by every sweep.
"""

from __future__ import annotations

import functools
import logging
from datetime import timedelta

from redis import Redis
from redis.exceptions import RedisError
from rq import Queue, Retry
from rq.job import Job, JobStatus
from sqlalchemy import or_, select

from service.config import Settings
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import OutboxRow

log = logging.getLogger(__name__)
SEND_JOB = "workers.jobs.send_outbox"
"""The RQ job that sends one row, named (RQ imports it in the worker), never imported here."""
WAITING = frozenset({JobStatus.QUEUED, JobStatus.SCHEDULED, JobStatus.DEFERRED})
"""A job in one of these states will run: enqueueing its row again would only repeat it."""


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


def enqueue_outbox(settings: Settings, outbox_ids: list[int], *, sweeping: bool = False) -> int:
    """Enqueue one send job per row, all in one pipeline; returns how many were enqueued
    (none when Redis fails: the sweeper enqueues them later; the rest wait).

    ``sweeping``: the rows may have had jobs before; a row whose job still waits is
    skipped, and a finished, failed or abandoned job (its worker was killed) is replaced.
    """
    if not outbox_ids or not settings.redis_url:
        return 0
    try:
        q = queue(settings)
        if sweeping:
            outbox_ids = _without_waiting_jobs(q, outbox_ids)
        retry = retry_policy(settings)
        # One round trip to Redis for every row of the move.
        q.enqueue_many(
            [
                Queue.prepare_data(
                    SEND_JOB,
                    (outbox_id,),
                    job_id=job_id(outbox_id),
                    retry=retry,
                    description=f"send outbox #{outbox_id}",
                )
                for outbox_id in outbox_ids
            ]
        )
    except RedisError as exc:
        log.warning("could not enqueue outbox %s, the sweeper will: %s", outbox_ids, exc)
        return 0
    return len(outbox_ids)


def _without_waiting_jobs(q: Queue, outbox_ids: list[int]) -> list[int]:
    jobs = Job.fetch_many([job_id(i) for i in outbox_ids], connection=q.connection)
    kept = []
    for outbox_id, job in zip(outbox_ids, jobs, strict=True):
        if job is not None:
            if job.get_status(refresh=False) in WAITING:
                continue
            discard(job)
        kept.append(outbox_id)
    return kept


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


def claim_ttl(settings: Settings) -> timedelta:
    """How long a send in progress holds its row: longer than an SMTP exchange may take."""
    return timedelta(seconds=settings.claim_ttl)


def sweep(settings: Settings, older_than: int | None = None) -> list[int]:
    """Enqueue rows committed but unsent for over ``older_than`` seconds (``sweep_after`` by
    default): Redis was down, or a process died between commit and enqueue, or a send's
    claim ran out. Returns the rows' ids."""
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
                        OutboxRow.claimed_at <= moment - claim_ttl(settings),
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
