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
        warm_up()  # issue 34 §2: not on the first jobs
        return super().work(*args, **kwargs)
