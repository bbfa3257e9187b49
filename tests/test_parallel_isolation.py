"""The suite runs in parallel (pytest-xdist, issue 15). Each worker process wipes its
database and flushes its Redis around every test, so no two workers may share either: the
fixtures give each worker its own (``tests/fixtures.py``)."""

from __future__ import annotations

import pytest
from redis.connection import parse_url
from sqlalchemy import create_engine, inspect, make_url, text
from sqlalchemy.pool import NullPool

from tests.fixtures import worker_database, worker_redis

WORKERS = ["gw0", "gw1", "gw2", "gw3"]


@pytest.mark.parametrize(
    "url",
    [
        "redis://127.0.0.1:6379/0",
        "redis://127.0.0.1:6379",
        "redis://127.0.0.1:6379/2?socket_timeout=5",
        "redis://127.0.0.1:6379/?db=4",
        "unix:///nowhere/redis.sock?db=3",
        "unix:///nowhere/redis.sock",
    ],
)
def test_each_worker_has_a_redis_database_of_its_own_never_the_one_the_url_names(url):
    given = parse_url(url)
    mine = [parse_url(worker_redis(url, worker)) for worker in WORKERS]
    databases = [int(m["db"]) for m in mine]
    assert len(set(databases)) == len(WORKERS), databases
    assert int(given.get("db", 0)) not in databases, "a run without workers keeps the URL's"
    for m in mine:
        assert {k: v for k, v in m.items() if k != "db"} == {
            k: v for k, v in given.items() if k != "db"
        }, "the same server, the same options"
    assert worker_redis(url, None) == url


def test_more_workers_than_the_redis_server_has_databases_is_a_usage_error(redis_server):
    with pytest.raises(pytest.UsageError, match="too few for xdist worker gw99"):
        worker_redis(redis_server, "gw99")


def test_each_worker_has_a_database_of_its_own_made_anew_each_run(database_url):
    given = make_url(database_url)
    assert worker_database(database_url, None) == database_url
    if given.get_backend_name() == "sqlite":
        files = [make_url(worker_database(database_url, w)).database for w in WORKERS]
        assert len({*files, given.database}) == len(WORKERS) + 1, files
        return
    # On PostgreSQL (DATABASE_URL): a database of this name on the same server, created,
    # then dropped and created empty by the next run, whatever an older run left in it.
    url = worker_database(database_url, "gwtest")
    mine = make_url(url)
    assert mine.database == f"{given.database}_gwtest"
    assert mine.set(database=given.database) == given, "the same server and user"
    try:
        engine = create_engine(url, poolclass=NullPool)
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE left_by_an_older_run (id integer)"))
        assert worker_database(database_url, "gwtest") == url
        assert inspect(engine).get_table_names() == []
    finally:
        maintenance = create_engine(database_url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
        with maintenance.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{mine.database}" WITH (FORCE)'))
