"""Handing committed outbox rows to RQ (DESIGN.md §5.3, §5.5).

Enqueueing happens after the commit and is best effort: with Redis down the move stands,
and the sweeper (``workers.jobs.sweep_outbox``) enqueues the row once Redis is back.
Each row has one job id, ``outbox-<id>``: the sweeper leaves a row alone while its job
waits in the queue or for a retry, so an outage of the mail relay is retried on RQ's
schedule, not once more by every sweep.
"""

from __future__ import annotations

import functools
import logging

from redis import Redis
from redis.exceptions import RedisError
from rq import Queue, Retry
from rq.job import Job, JobStatus

from service.config import Settings

log = logging.getLogger(__name__)
SEND_JOB = "workers.jobs.send_outbox"
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
            job.delete()
        kept.append(outbox_id)
    return kept
