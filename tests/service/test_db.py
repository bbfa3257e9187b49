"""Pooled database connections (service/store/db.py): a connection that rested is checked before
use and replaced when the database closed it; a busy one is used straight away."""

from __future__ import annotations

from datetime import timedelta

import pytest
from freezegun import freeze_time
from sqlalchemy import create_engine, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import QueuePool

from service.store.db import IDLE_PING_AFTER, _ping_idle_connections


@pytest.fixture
def engine(tmp_path):  # type: ignore[no-untyped-def]
    engine = create_engine(f"sqlite:///{tmp_path / 'pool.sqlite3'}", poolclass=QueuePool)
    _ping_idle_connections(engine)
    yield engine
    engine.dispose()


def close_behind_the_pools_back(engine) -> None:  # type: ignore[no-untyped-def]
    """What a database restart does to a pooled connection."""
    with engine.connect() as conn:
        pooled = conn.connection.dbapi_connection
    pooled.close()


def test_a_rested_connection_the_database_closed_is_replaced_before_use(engine):
    with freeze_time("2026-01-05 12:00:00") as clock:
        close_behind_the_pools_back(engine)
        clock.tick(timedelta(seconds=IDLE_PING_AFTER + 1))
        with engine.connect() as conn:
            assert conn.execute(text("SELECT 42")).scalar() == 42


def test_a_connection_back_in_the_pool_a_moment_ago_is_used_without_a_ping(engine):
    with freeze_time("2026-01-05 12:00:00"):
        close_behind_the_pools_back(engine)
        with pytest.raises(DBAPIError), engine.connect() as conn:
            conn.execute(text("SELECT 42"))
        with engine.connect() as conn:
            assert conn.execute(text("SELECT 42")).scalar() == 42, "the pool recovered"
