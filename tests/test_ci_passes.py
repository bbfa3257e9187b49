"""CI's first pass (PBEM_STORAGE_PASS=1, .ci/run) runs on PostgreSQL and Redis only the tests
that reach them; the embedded pass runs every test. A test reaches storage when any of its
fixtures, however deep, asks for the database or the Redis."""

from __future__ import annotations

import pytest

from tests.conftest import reaches_storage


def test_a_test_through_the_web_client_reaches_storage(request: pytest.FixtureRequest, client):
    assert reaches_storage(request.node)


def test_a_test_that_asks_only_for_redis_reaches_storage(request: pytest.FixtureRequest, redis_url):
    assert reaches_storage(request.node)


def test_a_test_of_the_engine_alone_runs_in_the_embedded_pass_only(
    request: pytest.FixtureRequest, tmp_path
):
    assert not reaches_storage(request.node)
