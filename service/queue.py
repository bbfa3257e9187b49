"""Handing committed outbox rows to RQ (DESIGN.md §5.3, §5.5).

Enqueueing happens after the commit and is best effort: with Redis down the move stands,
and the sweeper (``workers.jobs.sweep_outbox``) enqueues the row once Redis is back.
"""

from __future__ import annotations

import functools
import logging

from redis import Redis
from redis.exceptions import RedisError
from rq import Queue, Retry

from service.config import Settings

log = logging.getLogger(__name__)
SEND_JOB = "workers.jobs.send_outbox"


@functools.cache
def connection(url: str) -> Redis:
    return Redis.from_url(url, socket_connect_timeout=2, socket_timeout=10)


def queue(settings: Settings) -> Queue:
    return Queue(settings.queue_name, connection=connection(settings.redis_url))


def retry_policy(settings: Settings) -> Retry:
    intervals = list(settings.retry_intervals) or [0]
    return Retry(max=len(intervals), interval=intervals)


def enqueue_outbox(settings: Settings, outbox_ids: list[int]) -> int:
    """Enqueue one send job per row; returns how many were enqueued (the rest wait)."""
    if not outbox_ids or not settings.redis_url:
        return 0
    try:
        q = queue(settings)
        for outbox_id in outbox_ids:
            q.enqueue(
                SEND_JOB,
                outbox_id,
                retry=retry_policy(settings),
                description=f"send outbox #{outbox_id}",
            )
    except RedisError as exc:
        log.warning("could not enqueue outbox %s, the sweeper will: %s", outbox_ids, exc)
        return 0
    return len(outbox_ids)
