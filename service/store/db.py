"""Database engines and sessions (SQLAlchemy 2.0 style) and Alembic migrations."""

from __future__ import annotations

import functools
import time
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, make_url
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import ArgumentError, DisconnectionError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import ConnectionPoolEntry, PoolProxiedConnection

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


HIDDEN = {"hide_parameters": True}
"""A failed statement's error names its SQL, never its values: a player's address or name
(an inbox row's sender, a seat's address) would otherwise reach the log that records the
error (issue 30)."""


@functools.cache
def engine_for(url: str) -> Engine:
    """One pooled engine per URL and process."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 30}, **HIDDEN)
        _serialise_sqlite_writers(engine)
        return engine
    parsed, connect_args = _prepare_threshold(url)
    engine = create_engine(
        parsed, pool_size=10, max_overflow=10, connect_args=connect_args, **HIDDEN
    )
    _ping_idle_connections(engine)
    return engine


def _prepare_threshold(url: str) -> tuple[Any, dict[str, Any]]:
    """``?prepare_threshold=none`` on a PostgreSQL URL: psycopg's own switch, as a number or
    ``none``. ``none`` turns server-side prepared statements off, which a transaction-mode
    pooler needs (PgBouncer before 1.21 and RDS Proxy hand each transaction to any server
    connection, where a statement prepared on another one does not exist)."""
    parsed = make_url(url)
    raw = parsed.query.get("prepare_threshold")
    if raw is None:
        return parsed, {}
    value = raw[-1] if isinstance(raw, tuple) else raw
    if value.strip().lower() in {"none", "off", ""}:
        threshold = None
    elif value.strip().isdigit():
        threshold = int(value)
    else:
        raise ArgumentError(f"prepare_threshold must be a number or 'none', not {value!r}")
    return parsed.difference_update_query(["prepare_threshold"]), {"prepare_threshold": threshold}


IDLE_PING_AFTER = 10.0
"""Seconds a pooled connection may rest before it is checked at checkout."""


def _ping_idle_connections(engine: Engine) -> None:
    """Check a pooled connection before use only when it has rested a while.

    A connection that rested may have been closed by a database restart, a proxy or an idle
    timeout: it is pinged, and replaced when it answers no more (SQLAlchemy's pessimistic
    disconnect handling, as ``pool_pre_ping``). A busy process does not pay that round trip
    on every request; if the database restarts under it, the requests already holding a
    connection fail once ("nothing was recorded"), the pool is invalidated and later
    requests reconnect.
    """

    @event.listens_for(engine, "checkin")
    def _rested_since(_dbapi_connection: DBAPIConnection, record: ConnectionPoolEntry) -> None:
        record.info["checked_in"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _ping_if_rested(
        dbapi_connection: DBAPIConnection,
        record: ConnectionPoolEntry,
        _proxy: PoolProxiedConnection,
    ) -> None:
        since = record.info.get("checked_in")
        if since is None or time.monotonic() - since < IDLE_PING_AFTER:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as exc:
            if engine.dialect.is_disconnect(exc, dbapi_connection, None):
                raise DisconnectionError() from exc
            raise


def sessions(url: str) -> sessionmaker[Session]:
    return _sessionmaker(url)


@functools.cache
def _sessionmaker(url: str) -> sessionmaker[Session]:
    return sessionmaker(engine_for(url), expire_on_commit=False)


def _serialise_sqlite_writers(engine: Engine) -> None:
    """SQLite upgrades a read lock to a write lock by failing; take the write lock up front.

    Every transaction begins IMMEDIATE, so a second writer waits (busy timeout) and then
    reads the first one's result instead of failing half-way.
    """

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")  # safe in WAL: no corruption on crash
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def schema_state(url: str) -> tuple[str | None, str | None]:
    """(the database's schema revision, the newest migration's): equal when it is current."""
    from alembic.migration import MigrationContext
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config(url)).get_current_head()
    with engine_for(url).connect() as conn:
        return MigrationContext.configure(conn).get_current_revision(), head


def migrate(url: str) -> None:
    """Bring the database at ``url`` to the newest schema, then rebuild what a migration it
    ran could not (:mod:`service.store.rebuild`)."""
    from alembic.script import ScriptDirectory

    from service.store import rebuild

    engine_for(url)  # creates the SQLite folder
    config = alembic_config(url)
    before, _ = schema_state(url)
    command.upgrade(config, "head")
    if before is None:
        return  # a new database: no game to rebuild anything of
    scripts = ScriptDirectory.from_config(config)
    passed = {script.revision for script in scripts.iterate_revisions("head", before)}
    for revision, step in rebuild.AFTER.items():
        if revision in passed:
            step(url)
