"""Fault: a real ``rq worker`` process killed with SIGKILL in the middle of sending.

No assertion races the real clock (issue 15): what the sweeper decides about a claim is
asked at a frozen moment, and the real clock is only waited for past a claim's end, a
lower bound that a slow or loaded machine only meets sooner after the wait."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from freezegun import freeze_time

from tests.faults.checks import (
    assert_every_email_sent_once,
    assert_log_sound,
    drain,
    kill,
    outbox,
    start_worker,
)
from tests.service.hostile import new_game
from workers.jobs import sweep_outbox

pytestmark = [pytest.mark.faults, pytest.mark.slow]
CLAIM_TTL = 2
"""Seconds a dead worker's claim holds its row (300 in production: longer than any send),
short here since a real replacement worker process must see it end on the real clock."""


@pytest.fixture
def short_claims(settings, monkeypatch):
    monkeypatch.setenv("CLAIM_TTL", str(CLAIM_TTL))
    return replace(settings, claim_ttl=CLAIM_TTL)


def wait_past(moment: datetime) -> None:
    """Until the real clock, which worker processes read, is past ``moment``."""
    while (left := (moment - datetime.now(UTC)).total_seconds()) >= 0:
        time.sleep(left + 0.05)


def test_a_worker_killed_while_sending_loses_no_email_and_sends_none_twice(
    client, smtp, short_claims
):
    settings = short_claims
    smtp.stall = "rcpt"  # the relay is talking to the worker: no message taken yet
    game_id = new_game(client)
    worker = start_worker(settings)
    try:
        assert smtp.arrived.wait(60), "the worker started sending"
    finally:
        kill(worker)
    smtp.stall = None
    smtp.release.set()

    assert smtp.messages == []
    claimed = [r for r in outbox(settings) if r.claimed_at is not None]
    assert len(claimed) == 1 and claimed[0].sent_at is None, "the dead worker's row is unsent"
    claim_ends = claimed[0].claimed_at + timedelta(seconds=CLAIM_TTL)
    with freeze_time(claim_ends - timedelta(seconds=1)):
        assert claimed[0].id not in sweep_outbox(older_than=0), "a live claim may be sending"

    wait_past(claim_ends)
    replacement = start_worker(settings, "--burst")
    swept = sweep_outbox(older_than=0)
    assert claimed[0].id in swept, "a dead worker's claim expires"
    assert replacement.wait(timeout=120) == 0, replacement.communicate()[0]
    drain(settings)

    assert len(smtp.messages) == 2, "both invitations, the interrupted one included"
    assert_every_email_sent_once(settings, smtp)
    assert_log_sound(settings, game_id)


def test_a_worker_killed_after_the_relay_took_the_message_resends_the_same_message(
    client, smtp, settings
):
    """SMTP has no two-phase commit: killed between the relay's "250 OK" and marking the
    row sent, the worker cannot know the message left. It is sent again, as the very same
    message (same Message-ID), which a mailbox keeps once; production's claim lifetime,
    passed on this process's frozen clock."""
    smtp.stall = "accepted"
    game_id = new_game(client)
    worker = start_worker(settings)
    try:
        assert smtp.arrived.wait(60)
    finally:
        kill(worker)
    smtp.stall = None
    smtp.release.set()
    assert len(smtp.messages) == 1
    first = smtp.messages[0]
    (claimed,) = [r for r in outbox(settings) if r.claimed_at is not None]

    with freeze_time(claimed.claimed_at + timedelta(seconds=settings.claim_ttl + 1)):
        drain(settings)  # the sweep and the job that resends, once the claim has ended

    copies = [m for m in smtp.messages if m["Message-ID"] == first["Message-ID"]]
    assert len(copies) == 2, "sent again, since its worker died before recording it"
    for header in ("Subject", "To", "In-Reply-To"):
        assert copies[0][header] == copies[1][header]
    assert len({m["Message-ID"] for m in smtp.messages}) == 2, "each invitation, one message"
    rows = outbox(settings)
    assert all(r.sent_at is not None for r in rows)
    assert_log_sound(settings, game_id)
