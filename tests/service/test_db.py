"""Pooled database connections (service/store/db.py): a connection that rested is checked before
use and replaced when the database closed it; a busy one is used straight away."""

from __future__ import annotations

from datetime import timedelta

import pytest
from freezegun import freeze_time
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.exc import ArgumentError, DBAPIError
from sqlalchemy.pool import QueuePool

from service.store.db import IDLE_PING_AFTER, _ping_idle_connections, _prepare_threshold, engine_for


@pytest.fixture
def engine(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'pool.sqlite3'}", poolclass=QueuePool)
    _ping_idle_connections(engine)
    yield engine
    engine.dispose()


def close_behind_the_pools_back(engine) -> None:
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


def test_prepare_threshold_none_on_the_url_turns_server_side_prepared_statements_off(
    database_url,
):
    """Behind a transaction-mode pooler (PgBouncer before 1.21, RDS Proxy) a statement
    prepared on one server connection is missing on the next: ``?prepare_threshold=none``."""
    parsed, connect_args = _prepare_threshold("postgresql+psycopg://u@h/db?prepare_threshold=none")
    assert connect_args == {"prepare_threshold": None}
    assert "prepare_threshold" not in parsed.query
    assert _prepare_threshold("postgresql+psycopg://u@h/db?prepare_threshold=3")[1] == {
        "prepare_threshold": 3
    }
    assert _prepare_threshold("postgresql+psycopg://u@h/db")[1] == {}
    with pytest.raises(ArgumentError):
        _prepare_threshold("postgresql+psycopg://u@h/db?prepare_threshold=often")
    if make_url(database_url).get_backend_name() != "postgresql":
        return  # SQLite prepares nothing on a server; the PostgreSQL pass checks the server
    for threshold, prepared in (("none", 0), ("0", 1)):
        url = make_url(database_url).update_query_dict({"prepare_threshold": threshold})
        engine = engine_for(url.render_as_string(hide_password=False))
        with engine.connect() as conn:
            for _ in range(3):
                conn.execute(text("SELECT count(*) FROM games WHERE id = :id"), {"id": "x"})
            count = conn.execute(
                text("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE :s"),
                {"s": "%FROM games WHERE id%"},
            ).scalar()
        assert count == prepared, threshold
        engine.dispose()
