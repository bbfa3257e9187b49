"""Fault (issue 18): a real worker process (the Procfile's ``workers.process.Worker``) killed
with SIGKILL in the middle of reading a reply. A replacement worker and the sweepers finish:
the reply's move is applied once, it is answered once, and nothing is lost.

``read_inbox`` commits twice: the claim, then one transaction holding the move, the emails
it queues (the next turn's, the answer) and the message marked read. So there are two
deaths that matter (:mod:`tests.faults.stalling_worker` holds the worker at each): before
that commit (all of it rolled back by the database; the claim, committed, holds the message
until it runs out) and just after the commit that appended the move's events (all of it
done; the emails wait unsent in the outbox, and the message, marked read in that same
commit, is never read again).

No assertion races the real clock: the claim's end is production's ``CLAIM_TTL``, passed
on this process's frozen clock, where the sweepers and the replacement worker run."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from datetime import timedelta

import pytest
from freezegun import freeze_time

from service.cli.demo import WORKER_OPTIONS
from service.config import Settings
from service.mail.queue import sweep_inbox
from tests.checkout import ROOT
from tests.faults.checks import drain, kill
from tests.faults.replies import (
    assert_applied_and_answered_once,
    inbound_server,
    inbox,
    moves_in_log,
    reply_to_turn,
    send,
)
from tests.faults.stalling_worker import STALLED
from tests.service.hostile import new_game
from workers.jobs import read_inbox

pytestmark = [pytest.mark.faults, pytest.mark.slow]


def stalling_worker(settings: Settings, moment: str) -> subprocess.Popen[str]:
    """``rq worker`` as the Procfile runs it, held at ``moment`` of reading a reply."""
    env = {**os.environ, **settings.as_env(), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [
            *(sys.executable, "-m", "tests.faults.stalling_worker", moment),
            *(*WORKER_OPTIONS, "--url", settings.redis_url, settings.queue_name),
        ],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def held(process: subprocess.Popen[str], moment: str, timeout: float = 120) -> bool:
    """Whether ``process`` says it is held at ``moment`` within ``timeout`` seconds (its
    output read line by line as it comes; never a guess at how long reading takes)."""
    seen = threading.Event()
    lines: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line)
            if line.strip() == f"{STALLED} {moment}":
                seen.set()
                return

    threading.Thread(target=read, daemon=True).start()
    found = seen.wait(timeout)
    if not found:
        print("".join(lines), file=sys.stderr)
    return found


@pytest.mark.parametrize("moment", ["read", "committed"])
def test_a_worker_killed_while_reading_a_reply_applies_it_once_and_answers_it_once(
    client, smtp, settings, moment
):
    game_id = new_game(client)
    drain(settings)  # the invitations: the first turn email is in the player's mailbox
    with inbound_server(settings) as port:
        send(port, reply_to_turn(settings, smtp, game_id))
    (received,) = inbox(settings)
    worker = stalling_worker(settings, moment)
    try:
        assert held(worker, moment), "the worker began reading the reply"
    finally:
        kill(worker)

    (left,) = inbox(settings)
    if moment == "read":
        assert left.claimed_at is not None, "the dead worker's claim outlives it"
        assert left.processed_at is None and left.outcome is None, "nothing else committed"
        assert moves_in_log(settings, game_id) == 0
        claim_ends = left.claimed_at + timedelta(seconds=settings.claim_ttl)
        with freeze_time(claim_ends - timedelta(seconds=1)):
            assert sweep_inbox(settings, older_than=0) == [], "a live claim may be reading"
            assert read_inbox(received.id) == "being read by another job"
        later = claim_ends + timedelta(seconds=1)
    else:
        assert left.processed_at is not None and left.claimed_at is None
        assert left.outcome == "applied" and moves_in_log(settings, game_id) == 1
        later = left.processed_at + timedelta(seconds=settings.claim_ttl + 1)

    with freeze_time(later):
        swept = sweep_inbox(settings, older_than=0)
        assert swept == ([received.id] if moment == "read" else []), (
            "handed over once its claim ran out; once read, never again"
        )
        drain(settings)  # a replacement worker: the reading job, then every email queued
        # Read again (a duplicate job, RQ's retry of the dead one): nothing more is done.
        assert read_inbox(received.id) == "already done"
        drain(settings)

    assert_applied_and_answered_once(settings, smtp, game_id, replies=1)
