"""``GET /metrics`` (issue 19): what an operator alerts on, in Prometheus's text format.

Off unless ``METRICS_TOKEN`` is set; then a scraper sends it as a bearer token. Three kinds
of figures:

- **The system's state**, read at each scrape from the database and Redis, so every web
  process tells the same truth about every worker: emails waiting to go and how long the
  oldest has waited, received replies waiting to be read, games whose due work is late
  (the tick or the workers lag), RQ's jobs by state, how long the next job has waited, its
  workers, and the time since the tick last ran. Each query reads only an index of what is
  pending, so a scrape costs the same at any history.
- **What every process counted** (:mod:`service.counters`): moves accepted and refused by
  reason, emails sent, failed and retried, in web requests and in workers alike (why
  counters and not the database: see there).
- **This web process's requests**: counts and durations by route (never by path: a path
  holds a link's token). With several gunicorn workers, set ``PROMETHEUS_MULTIPROC_DIR``
  (prometheus_client's multiprocess mode) so a scrape sums them all.
"""

from __future__ import annotations

import hmac
import math
import os
from collections.abc import Iterator
from datetime import timedelta
from typing import cast

from flask import Blueprint, Response, abort, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from redis import Redis
from rq import Queue, Worker
from rq.job import Job
from rq.utils import str_to_date
from sqlalchemy import and_, func, or_, select

from service import counters
from service.config import Settings
from service.mail import holding
from service.mail.queue import LAST_TICK, connection
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import AddressRow, GameRow, InboxRow, OutboxRow
from service.web import settings

bp = Blueprint("metrics", __name__)
LATE_AFTER = timedelta(minutes=2)
"""A game whose due work waits longer than this is late: the tick runs every minute."""

REQUESTS = Counter(
    "pbem_http_requests",
    "Requests served, by route, method and status",
    ("route", "method", "status"),
    registry=None,
)
DURATION = Histogram(
    "pbem_http_request_duration_seconds",
    "Time to serve a request, by route",
    ("route",),
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
    registry=None,
)


def observe(route: str, method: str, status: int, seconds: float) -> None:
    """One served request (called by :mod:`service.web.access` for every request)."""
    REQUESTS.labels(route, method, str(status)).inc()
    DURATION.labels(route).observe(seconds)


class SystemState(Collector):
    """The gauges read from the database and Redis at each scrape."""

    def __init__(self, current: Settings) -> None:
        self.settings = current

    def collect(self) -> Iterator[GaugeMetricFamily]:
        moment = now()
        with sessions(self.settings.database_url)() as session:
            pending = OutboxRow.sent_at.is_(None), OutboxRow.skipped.is_(None)
            # A held email (issue 31 §3) is pending from the moment its hour comes.
            free = OutboxRow.held_for.is_(None)
            due = (OutboxRow.held_for.is_not(None), OutboxRow.held_until <= moment)
            waiting = session.scalar(
                select(func.count()).select_from(OutboxRow).where(*pending, or_(free, and_(*due)))
            )
            oldest = min(
                (
                    found
                    for found in (
                        session.scalar(
                            select(func.min(OutboxRow.created_at)).where(*pending, free)
                        ),
                        session.scalar(
                            select(func.min(OutboxRow.held_until)).where(*pending, *due)
                        ),
                    )
                    if found is not None
                ),
                default=None,
            )
            held = holding.held_count(session)
            unread = session.scalar(
                select(func.count()).select_from(InboxRow).where(InboxRow.processed_at.is_(None))
            )
            unreachable = session.scalar(
                select(func.count())
                .select_from(AddressRow)
                .where(AddressRow.unreachable_at.is_not(None))
            )
            late = session.scalar(
                select(func.count())
                .select_from(GameRow)
                .where(GameRow.over.is_(False), GameRow.due_at <= moment - LATE_AFTER)
            )
        yield _gauge("pbem_outbox_pending", "Emails written and not yet sent or skipped", waiting)
        yield _gauge(
            "pbem_outbox_oldest_pending_seconds",
            "How long the oldest email still to send has waited (0 when none)",
            (moment - oldest).total_seconds() if oldest is not None else 0,
        )
        held_now = GaugeMetricFamily(
            "pbem_emails_held",
            "Emails held for their address (issue 31 §3): its hourly cap is full (cap), or it "
            "has not answered its invitation (newcomer); they go later, as one email",
            labels=["reason"],
        )
        for reason, count in sorted(held.items()):
            held_now.add_metric([reason], count)
        yield held_now
        yield _gauge("pbem_inbox_pending", "Received messages not yet read", unread)
        yield _gauge(
            "pbem_addresses_unreachable",
            "Addresses that no longer receive our emails (a permanent failure, or too many "
            "temporary ones): their players get nothing until they give a new one",
            unreachable,
        )
        yield _gauge(
            "pbem_games_late",
            f"Games whose due work has waited over {int(LATE_AFTER.total_seconds())} s",
            late,
        )
        if self.settings.redis_url:
            yield from self._queue()

    def _queue(self) -> Iterator[GaugeMetricFamily]:
        redis = connection(self.settings.redis_url)
        q = Queue(self.settings.queue_name, connection=redis)
        jobs = GaugeMetricFamily(
            "pbem_jobs", "RQ jobs of the service's queue, by state", labels=["state"]
        )
        jobs.add_metric(["queued"], q.count)
        jobs.add_metric(["started"], q.started_job_registry.count)
        jobs.add_metric(["scheduled"], q.scheduled_job_registry.count)
        jobs.add_metric(["deferred"], q.deferred_job_registry.count)
        jobs.add_metric(["failed"], q.failed_job_registry.count)
        yield jobs
        yield _gauge(
            "pbem_jobs_oldest_queued_seconds",
            "How long the job at the head of the queue has waited (0 when none waits)",
            _waited(redis, q),
        )
        yield _gauge("pbem_workers", "RQ workers serving the queue", Worker.count(queue=q))
        last = cast(bytes | None, redis.get(LAST_TICK))  # redis-py types sync and async alike
        yield GaugeMetricFamily(
            "pbem_tick_lag_seconds",
            "Time since the scheduler's tick last did its work (+Inf: never)",
            value=now().timestamp() - float(last) if last is not None else math.inf,
        )


def _waited(redis: Redis, q: Queue) -> float:
    """Seconds since the job at the head of the queue (the next to run: the oldest, as the
    service never enqueues at the front) was enqueued."""
    head = q.get_job_ids(0, 1)
    if not head:
        return 0.0
    enqueued = cast(bytes | None, redis.hget(Job.key_for(head[0]), "enqueued_at"))
    if not enqueued:
        return 0.0  # gone meanwhile (run, or expired)
    return max(0.0, (now() - str_to_date(enqueued)).total_seconds())


def _gauge(name: str, documentation: str, value: float | int | None) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, documentation, value=float(value or 0))


@bp.get("/metrics")
def metrics() -> Response:
    current = settings()
    if not current.metrics_token:
        abort(404)
    given = request.headers.get("Authorization", "")
    if not hmac.compare_digest(given.encode(), f"Bearer {current.metrics_token}".encode()):
        return Response("A bearer token is required.\n", 401, {"WWW-Authenticate": "Bearer"})
    registry = CollectorRegistry()
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]  # prometheus_client: unannotated
    else:
        for counted in (REQUESTS, DURATION, *counters.ALL):
            registry.register(counted)
    registry.register(SystemState(current))
    return Response(generate_latest(registry), 200, {"Content-Type": CONTENT_TYPE_LATEST})
