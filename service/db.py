"""Database engines and sessions (SQLAlchemy 2.0 style) and Alembic migrations."""

from __future__ import annotations

import functools
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


@functools.cache
def engine_for(url: str) -> Engine:
    """One pooled engine per URL and process."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 30})
        _serialise_sqlite_writers(engine)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=10)


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
    def _connect(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")  # safe in WAL: no corruption on crash
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection) -> None:  # type: ignore[no-untyped-def]
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def migrate(url: str) -> None:
    """Bring the database at ``url`` to the newest schema."""
    engine_for(url)  # creates the SQLite folder
    command.upgrade(alembic_config(url), "head")
