"""How the RQ worker process runs (the Procfile's ``worker``; the demo, the bench and the
tests start it with :data:`service.cli.demo.WORKER_OPTIONS`).

RQ's default worker forks a fresh process for every job, which then imports the job's
modules and opens its own database and SMTP connections: most of an email's cost. The
``SimpleWorker`` runs jobs in the worker process itself, so the engine, the templates, the
database pool, the state cache and the SMTP connection are set up once per worker. Jobs are
short and take ids (DESIGN.md §10.5); a job that fails is retried as before, and RQ still
enforces each job's timeout.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from typing import Any

from rq.worker import SimpleWorker

from service import dkim_keys, logs, secret_key
from service.config import Settings, load_extra_games
from workers.warm import warm_up


class Worker(SimpleWorker):
    """A ``SimpleWorker`` that refuses to start with a key anyone could know (issue 14), and
    loads what every email job reads before it takes one (:mod:`workers.warm`, issue 34 §2).

    RQ imports a job's module only when it runs the job, so a check there would let the
    worker start, register and then fail every email. The worker class is what ``rq worker``
    builds and starts before it takes any job: it stops with the one-line reason and exit
    status 1, before it has registered in Redis. (Each job checks too,
    :func:`workers.jobs.settings_for_job`, for a worker started with another class.)"""

    def work(self, *args: Any, **kwargs: Any) -> bool:
        settings = Settings.from_env()
        secret_key.refuse_to_start(settings.secret_key)
        dkim_keys.refuse_to_start(settings)  # it signs every email it sends (issue 31)
        logs.configure_from(settings)  # RQ's own lines too, through the one handler
        load_extra_games(settings)
        unmap_freed_pictures()
        warm_up()  # issue 34 §2: not on the first jobs
        return super().work(*args, **kwargs)


M_MMAP_THRESHOLD = -3
"""glibc's ``mallopt`` parameter (``malloc.h``)."""
MMAP_FROM = 128 * 1024
"""glibc's default threshold, kept fixed."""


def unmap_freed_pictures() -> bool:
    """Keep glibc's malloc giving blocks of 128 KiB and more their own mapping, returned to
    the system when freed (issue 34 §4). By default glibc raises that threshold each time
    such a block is freed, up to 32 MiB, so after the first pictures the buffers of every
    later one (several MiB each, supersampled) come from the heap, which fragments and
    stays resident: a worker's peak memory after 100 picture emails was 226 MiB, 203 MiB
    with the threshold fixed (docs/performance.md). False where the C library has no
    ``mallopt`` (not glibc): nothing changes there."""
    name = ctypes.util.find_library("c")
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError, TypeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_FROM))
