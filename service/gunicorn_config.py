"""gunicorn's configuration for the web process (the Procfile's ``web``, with
``--config python:service.gunicorn_config``).

The app itself refuses a key anyone could know (:func:`service.create_app`), but from inside
a gunicorn worker that refusal comes wrapped in gunicorn's tracebacks, once per worker. The
master checks first, before it listens: one line, exit status 1.
"""

from __future__ import annotations

import os
from typing import Any

from service import dkim_keys, logs, secret_key
from service.config import Settings

_settings = Settings.from_env()
logconfig_dict = logs.config(_settings.log_level, _settings.log_format)
accesslog = None
"""gunicorn's access log would print each path, and a path holds a link's token: the app
writes its own (:mod:`service.web.access`)."""


def on_starting(_server: Any) -> None:
    settings = Settings.from_env()
    secret_key.refuse_to_start(settings.secret_key)
    dkim_keys.refuse_to_start(settings)


def child_exit(_server: Any, worker: Any) -> None:
    """A gunicorn worker's request counts stay in ``/metrics`` after it exits, as gone."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]  # prometheus_client: unannotated
