"""Fault: the mail relay refuses everything (451, "try again later") for ten minutes, then
accepts. Time is moved with freezegun through RQ's retry schedule and the cron's sweeps."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from freezegun import freeze_time

from service import create_app
from tests.faults.checks import assert_every_email_sent_once, assert_log_sound, drain, outbox
from tests.fixtures import ServerLikeClient
from tests.service.hostile import new_game

pytestmark = [pytest.mark.faults, pytest.mark.slow]
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
OUTAGE = timedelta(minutes=10)
RETRIES = (10, 60, 300, 1800)
"""The production schedule (``RETRY_INTERVALS``): attempts at 0 s, 10 s, 1 min 10 s,
6 min 10 s and 36 min 10 s."""


def test_a_relay_refusing_for_ten_minutes_delays_each_email_and_sends_it_once(
    settings, smtp, monkeypatch
):
    settings = replace(settings, retry_intervals=RETRIES)
    monkeypatch.setenv("RETRY_INTERVALS", ",".join(map(str, RETRIES)))
    app = create_app(settings)
    app.test_client_class = ServerLikeClient
    smtp.refuse_until = START + OUTAGE
    delivered: dict[str, timedelta] = {}
    with freeze_time(START) as clock:
        game_id = new_game(app.test_client())
        elapsed = timedelta()
        while len(delivered) < 2 and elapsed < timedelta(hours=1):
            drain(settings)  # every 30 s: the cron's sweep, the worker and its scheduler
            for message in smtp.messages:
                delivered.setdefault(str(message["To"]), elapsed)
            clock.tick(timedelta(seconds=30))
            elapsed += timedelta(seconds=30)

    assert len(delivered) == 2, f"both invitations arrive ({smtp.refused} refusals)"
    assert all(OUTAGE < t <= timedelta(minutes=37) for t in delivered.values()), delivered
    assert smtp.refused == 2 * len(RETRIES), "each row tried on RQ's schedule, not every sweep"
    assert all(r.attempts == len(RETRIES) + 1 for r in outbox(settings))
    assert_every_email_sent_once(settings, smtp)
    assert_log_sound(settings, game_id)
