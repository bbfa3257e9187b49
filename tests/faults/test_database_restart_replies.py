"""Fault (issue 18): the database restarts while replies arrive and are read, on the suite's
own database (a server dropping every connection and refusing new ones on PostgreSQL, a
file locked by another connection on SQLite: :mod:`tests.faults.outage`).

While it is down, the inbound server answers a temporary failure and stores nothing (the
sending server keeps the message), and a reading job fails and is retried by RQ, or, when it
died holding its claim, is left for the sweeper. Once it is back, the sender's retry is
stored once, and every reply is applied once and answered once.

(That a refused message is a 451 and the retry is stored is the inbound server's own test,
``tests/service/test_inbound_server.py``; here the outage comes and goes under running
replies, and what the readers do through it is what is tested.)"""

from __future__ import annotations

import smtplib
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest
from freezegun import freeze_time
from sqlalchemy import event
from sqlalchemy.orm import Session

from service.config import Settings
from service.mail.queue import sweep_inbox
from tests.faults.checks import assert_every_email_sent_once, assert_log_sound, drain
from tests.faults.outage import Outage, outage_for
from tests.faults.replies import inbound_server, inbox, moves_in_log, reply_to_turn, send
from tests.fixtures import run_queue_dry
from tests.service.hostile import new_game

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = [pytest.mark.faults, pytest.mark.slow, pytest.mark.usefixtures("regulars")]


def reader(settings: Settings, on_failure: Any) -> None:
    """A worker (with RQ's retries) run until the queue is dry; ``on_failure`` is called
    on each failed attempt, after RQ queued its retry and before the worker takes it."""

    def handler(job: Any, *_exc_info: Any) -> bool:
        on_failure(job)
        return True  # and RQ's own handling

    run_queue_dry(settings, exception_handlers=[handler])


def test_replies_through_a_database_restart_are_each_stored_once_applied_once_answered_once(
    client, smtp, settings, monkeypatch
):
    games = [new_game(client) for _ in range(3)]
    drain(settings)  # the invitations
    first, during, mid_read = (reply_to_turn(settings, smtp, g) for g in games)

    with outage_for(settings.database_url) as outage:
        service = replace(settings, database_url=outage.url)
        monkeypatch.setenv("DATABASE_URL", outage.url)  # the jobs' settings, from the env
        with inbound_server(service) as port:
            send(port, first)  # stored; its reading job waits in the queue

            outage.start()
            with pytest.raises(smtplib.SMTPDataError) as refused:
                send(port, during)
            assert refused.value.smtp_code == 451, "a temporary failure: the sender retries"
            failures: list[str] = []

            def back_after_one(job: Any) -> None:
                failures.append(job.id)
                if len(failures) == 1:
                    outage.stop()

            reader(service, back_after_one)  # the first attempt fails, RQ's retry reads it
            assert len(failures) == 1
            assert [(r.outcome, r.processed_at is not None) for r in inbox(settings)] == [
                ("applied", True)
            ], "the first reply read by the retry; the refused one not stored"

            send(port, during)  # the sender's retry, once the database is back
            send(port, during)  # and its retry after a lost 250: the same message
            drain(service)
            send(port, mid_read)
        claimed = died_after_the_claim(service, outage)

        with freeze_time(claimed + timedelta(seconds=settings.claim_ttl + 1)):
            assert sweep_inbox(service, older_than=0) == [inbox(settings)[-1].id]
            drain(service)

    rows = inbox(settings)
    assert [r.outcome for r in rows] == ["applied"] * 3, "each reply stored once, read once"
    assert all(r.processed_at is not None and r.claimed_at is None for r in rows)
    assert sorted(r.game_id for r in rows) == sorted(games)
    for game_id in games:
        assert moves_in_log(settings, game_id) == 1, "each reply's move applied once"
        assert_log_sound(settings, game_id)
    answers = [m for m in smtp.messages if m["Auto-Submitted"] == "auto-replied"]
    assert sorted(str(m["In-Reply-To"]) for m in answers) == sorted(
        str(m["Message-ID"]) for m in (first, during, mid_read)
    ), "each reply answered once"
    assert_every_email_sent_once(settings, smtp)


def died_after_the_claim(settings: Settings, outage: Outage) -> Any:
    """The database goes down just after a reading job committed its claim: the reading
    fails, and so does freeing the message; RQ's retry, once it is back, finds the claim
    live and leaves the message to the sweeper. The claim's moment."""
    claims: list[Session] = []

    def down_after_the_claim(session: Session) -> None:
        if not claims:
            claims.append(session)
            outage.start()

    failures: list[str] = []

    def back(job: Any) -> None:
        failures.append(job.id)
        outage.stop()

    event.listen(Session, "after_commit", down_after_the_claim)
    try:
        reader(settings, back)
    finally:
        event.remove(Session, "after_commit", down_after_the_claim)
    assert len(claims) == 1 and len(failures) == 1
    (*_, row) = inbox(settings)
    assert row.processed_at is None and row.outcome is None, "nothing read"
    assert row.claimed_at is not None, "the claim outlived its reading"
    assert sweep_inbox(settings, older_than=0) == [], "a live claim may be reading"
    return row.claimed_at
