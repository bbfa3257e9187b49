"""Reading a received message exactly once (issue 18), on the suite's database: on
PostgreSQL (row locks) as on SQLite (serialised writers).

What reading does is part B's (``service.mail.replies.read``); these tests hold only to
what the job promises around it: the message is marked read once, by one job, and a
reading that fails is undone and retried, then given up."""

from __future__ import annotations

import contextlib
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from freezegun import freeze_time
from sqlalchemy import select

from service.config import Settings
from service.mail import queue as queue_module
from service.mail import replies
from service.mail.inbox import store
from service.mail.queue import (
    GIVE_UP_AFTER,
    connection,
    enqueue_inbox,
    inbox_job_id,
    queue,
    sweep_inbox,
)
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import InboxRow
from tests.fixtures import run_queue_dry
from workers.jobs import read_inbox

RAW = b"Message-ID: <r@example.org>\r\nFrom: ann@example.org\r\n\r\n1\r\n"
READ = "refused: bad address"
"""What the reader makes of RAW, sent to an address no seat signed: it writes nothing else,
so the message's own row tells whether, and how often, it was read."""


def received(settings: Settings, raw: bytes = RAW) -> int:
    with sessions(settings.database_url).begin() as session:
        inbox_id = store(session, raw, "ann@example.org", "play+x@pbem.localhost")
    assert inbox_id is not None
    return inbox_id


def row(settings: Settings, inbox_id: int) -> InboxRow:
    with sessions(settings.database_url)() as session:
        found = session.get(InboxRow, inbox_id)
        assert found is not None
        return found


def test_a_message_is_read_once_and_a_second_job_does_nothing(settings):
    inbox_id = received(settings)
    assert read_inbox(inbox_id) == READ
    read = row(settings, inbox_id)
    assert read.processed_at is not None and read.claimed_at is None
    assert read_inbox(inbox_id) == "already done"
    assert row(settings, inbox_id).processed_at == read.processed_at


def test_a_job_for_a_message_that_is_not_there_does_nothing(settings):
    assert read_inbox(12345) == "missing"


def test_six_jobs_started_together_on_one_message_read_it_once(settings):
    inbox_id = received(settings)
    start = threading.Barrier(6)

    def job() -> str:
        start.wait(timeout=20)
        return read_inbox(inbox_id)

    with ThreadPoolExecutor(max_workers=6) as pool:
        results = [f.result(timeout=60) for f in [pool.submit(job) for _ in range(6)]]
    assert results.count(READ) == 1, results
    assert set(results) <= {READ, "being read by another job", "already done"}, results
    assert row(settings, inbox_id).processed_at is not None


def test_a_job_that_finds_the_message_mid_read_leaves_it_to_the_other(settings, monkeypatch):
    inbox_id = received(settings)
    reading, release = threading.Event(), threading.Event()
    real_read = replies.read

    def slow_read(session, settings, row, **kwargs):
        reading.set()
        assert release.wait(20)
        return real_read(session, settings, row, **kwargs)

    monkeypatch.setattr(replies, "read", slow_read)
    with ThreadPoolExecutor(max_workers=2) as pool:
        first = pool.submit(read_inbox, inbox_id)
        assert reading.wait(20), "the first job is reading"
        monkeypatch.setattr(replies, "read", real_read)  # the second would read at once
        second = pool.submit(read_inbox, inbox_id)
        assert not second.done()
        release.set()
        assert first.result(timeout=30) == READ
        assert second.result(timeout=30) in {"already done", "being read by another job"}
    assert row(settings, inbox_id).outcome == READ


def test_a_message_is_read_under_its_jobs_claim_which_ends_with_the_reading(settings, monkeypatch):
    """The claim is what the sweeper and a second job see while a job reads (the sweeper
    leaving a claimed message is tested above)."""
    inbox_id = received(settings)
    real_read = replies.read
    claims = []

    def watched_read(session, settings, row, **kwargs):
        claims.append(row.claimed_at)
        return real_read(session, settings, row, **kwargs)

    monkeypatch.setattr(replies, "read", watched_read)
    with freeze_time("2026-03-02 09:00:00"):
        assert read_inbox(inbox_id) == READ
    assert claims == [datetime(2026, 3, 2, 9, 0, tzinfo=UTC)]
    assert row(settings, inbox_id).claimed_at is None


def test_a_claim_that_ran_out_is_taken_over_by_the_next_job(settings):
    inbox_id = received(settings)
    # A job claimed the message and died before reading it (its worker was killed).
    with sessions(settings.database_url).begin() as session:
        stale = session.get(InboxRow, inbox_id)
        assert stale is not None
        stale.claimed_at = now() - timedelta(seconds=settings.claim_ttl - 5)
    assert read_inbox(inbox_id) == "being read by another job"
    with sessions(settings.database_url).begin() as session:
        stale = session.get(InboxRow, inbox_id)
        assert stale is not None
        stale.claimed_at = now() - timedelta(seconds=settings.claim_ttl + 1)
    assert read_inbox(inbox_id) == READ


def test_a_failing_read_is_undone_retried_then_given_up(settings, monkeypatch):
    attempts = []

    def failing(session, settings, row, **kwargs):
        row.game_id = "half-done"
        attempts.append(row.id)
        raise RuntimeError("the reader broke")

    monkeypatch.setattr(replies, "read", failing)
    inbox_id = received(settings)
    enqueue_inbox(settings, [inbox_id])
    run_queue_dry(settings)
    # The job and every retry of RQ's policy, then no more.
    assert len(attempts) == 1 + len(settings.retry_intervals)
    failed = row(settings, inbox_id)
    assert failed.game_id is None, "each failed reading was rolled back"
    assert failed.processed_at is not None and failed.claimed_at is None
    assert failed.outcome == "failed: RuntimeError: the reader broke"
    assert sweep_inbox(settings, older_than=0) == []
    run_queue_dry(settings)
    assert len(attempts) == 1 + len(settings.retry_intervals)


def test_a_read_that_failed_once_is_read_on_retry(settings, monkeypatch):
    real_read = replies.read
    attempts = []

    def once_failing(session, settings, row, **kwargs):
        attempts.append(row.id)
        if len(attempts) == 1:
            raise RuntimeError("a passing fault")
        return real_read(session, settings, row, **kwargs)

    monkeypatch.setattr(replies, "read", once_failing)
    inbox_id = received(settings)
    enqueue_inbox(settings, [inbox_id])
    run_queue_dry(settings)
    assert len(attempts) == 2
    assert row(settings, inbox_id).outcome == READ


def test_the_sweeper_hands_over_a_message_whose_job_was_lost(settings):
    inbox_id = received(settings)  # stored, never enqueued: Redis was down, say
    assert sweep_inbox(settings, older_than=60) == [], "too young: its job may be coming"
    assert sweep_inbox(settings, older_than=0) == [inbox_id]
    assert sweep_inbox(settings, older_than=0) == [inbox_id]  # its job still waits...
    assert len(queue(settings)) == 1  # ...so it is not enqueued twice
    run_queue_dry(settings)
    assert row(settings, inbox_id).processed_at is not None
    assert sweep_inbox(settings, older_than=0) == []


def test_the_sweeper_hands_over_a_lost_message_from_the_very_second_it_is_old_enough(settings):
    with freeze_time("2026-03-02 09:00:00") as clock:
        inbox_id = received(settings)
        clock.tick(59)
        assert sweep_inbox(settings, older_than=60) == [], "a second too young"
        clock.tick(1)
        assert sweep_inbox(settings, older_than=60) == [inbox_id]


def test_the_sweeper_leaves_a_message_being_read_until_its_claim_runs_out(settings):
    inbox_id = received(settings)
    with sessions(settings.database_url).begin() as session:
        claimed = session.get(InboxRow, inbox_id)
        assert claimed is not None
        claimed.claimed_at = now()
    assert sweep_inbox(settings, older_than=0) == []
    with sessions(settings.database_url).begin() as session:
        claimed = session.get(InboxRow, inbox_id)
        assert claimed is not None
        claimed.claimed_at = now() - timedelta(seconds=settings.claim_ttl + 1)
    assert sweep_inbox(settings, older_than=0) == [inbox_id]
    run_queue_dry(settings)
    assert row(settings, inbox_id).outcome == READ


@pytest.mark.parametrize("claimed", [True, False])
def test_the_sweeper_gives_up_on_a_message_no_job_ever_finished(settings, claimed):
    inbox_id = received(settings)
    with sessions(settings.database_url).begin() as session:
        old = session.get(InboxRow, inbox_id)
        assert old is not None
        old.received_at = now() - GIVE_UP_AFTER - timedelta(minutes=1)
        old.claimed_at = now() - timedelta(seconds=settings.claim_ttl + 1) if claimed else None
    swept = sweep_inbox(settings, older_than=0)
    given_up = row(settings, inbox_id)
    if claimed:  # jobs began it and died each time: given up
        assert swept == []
        assert given_up.outcome == "failed: never finished reading"
        assert given_up.processed_at is not None
    else:  # never begun (Redis was down for long): still read
        assert swept == [inbox_id]
        assert given_up.processed_at is None


@pytest.mark.parametrize(
    ("received_ago", "claimed_ago", "given_up"),
    [
        ("give up", "ttl", True),  # both limits reached at this very moment
        ("give up", "ttl - 1", False),  # a job reads it right now: left to it
        ("give up - 1", "ttl", False),  # not yet old enough to give up: swept again
    ],
)
def test_the_sweeper_gives_up_from_the_very_moment_both_limits_are_reached(
    settings, caplog, received_ago, claimed_ago, given_up
):
    inbox_id = received(settings)
    seconds = {
        "give up": GIVE_UP_AFTER,
        "give up - 1": GIVE_UP_AFTER - timedelta(seconds=1),
        "ttl": timedelta(seconds=settings.claim_ttl),
        "ttl - 1": timedelta(seconds=settings.claim_ttl - 1),
    }
    with freeze_time("2026-03-02 09:00:00"):
        with sessions(settings.database_url).begin() as session:
            old = session.get(InboxRow, inbox_id)
            assert old is not None
            old.received_at = now() - seconds[received_ago]
            old.claimed_at = now() - seconds[claimed_ago]
        swept = sweep_inbox(settings, older_than=0)
    outcome = row(settings, inbox_id).outcome
    if given_up:
        assert swept == [] and outcome == "failed: never finished reading"
        assert f"gave up reading inbox #{inbox_id}: no job finished it" in caplog.messages
    else:
        assert outcome is None and "gave up" not in caplog.text
        assert swept == ([] if claimed_ago == "ttl - 1" else [inbox_id])


def test_a_reading_job_runs_in_a_real_worker_from_the_queue(settings):
    ids = [received(settings, RAW.replace(b"<r@", f"<r{i}@".encode())) for i in range(3)]
    assert enqueue_inbox(settings, ids) == 3
    run_queue_dry(settings)
    with sessions(settings.database_url)() as session:
        outcomes = session.scalars(select(InboxRow.outcome).order_by(InboxRow.id)).all()
    assert outcomes == [READ] * 3


# --- a real reply through the job, and the job's edges (mutants of issue 15) -------------


def test_a_reply_read_by_its_job_plays_the_code_and_the_answer_goes_out(settings, smtp, work):
    from rq.job import Job

    from service.mail.queue import inbox_job_id
    from service.play.games import create_game
    from service.store import eventstore
    from tests.service.replying import codes_of, reply_message

    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "tictactoe", ["ann@example.org", "bob@example.org"]).loaded.row.id
    work()
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        (mover,) = loaded.game.to_act(loaded.state)
        address = {seat.seat: seat.email for seat in loaded.row.seats}[mover]
    turn = smtp.to(address)[-1]
    (code, _label), *_ = codes_of(turn)
    reply = reply_message(turn, f"{code}\n")
    with sessions(settings.database_url).begin() as s:
        inbox_id = store(s, reply.as_bytes(), address, str(reply["To"]))
    assert inbox_id is not None
    smtp.clear()
    assert enqueue_inbox(settings, [inbox_id]) == 1
    job = Job.fetch(inbox_job_id(inbox_id), connection=connection(settings.redis_url))
    assert job.description == f"read inbox #{inbox_id}", "operators see what each job reads"
    work()
    assert row(settings, inbox_id).outcome == "applied"
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        assert mover not in loaded.game.to_act(loaded.state), "the code was played"
    answered = [m for m in smtp.to(address) if m["Auto-Submitted"] == "auto-replied"]
    assert len(answered) == 1, "the answer the reading queued is sent by the same work"


def test_the_schedulers_sweep_job_hands_a_lost_message_to_a_reading_job(settings, work):
    inbox_id = received(settings)  # stored, its job never enqueued
    queue(settings).enqueue("workers.jobs.sweep_inbox_job", 0)
    work()
    assert row(settings, inbox_id).outcome == READ
    young = received(settings, RAW.replace(b"<r@", b"<young@"))
    queue(settings).enqueue("workers.jobs.sweep_inbox_job")  # the settings' age: too young
    work()
    assert row(settings, young).processed_at is None


def test_a_claim_is_taken_over_from_the_very_moment_it_runs_out(settings):
    inbox_id = received(settings)
    with freeze_time("2026-03-02 09:00:00"):
        with sessions(settings.database_url).begin() as session:
            stale = session.get(InboxRow, inbox_id)
            assert stale is not None
            stale.claimed_at = now() - timedelta(seconds=settings.claim_ttl)
        assert read_inbox(inbox_id) == READ


def test_a_job_whose_claim_was_taken_over_before_it_read_reads_nothing(settings, monkeypatch):
    import workers.jobs

    inbox_id = received(settings)
    real = workers.jobs.sessions
    begun = []

    class TakenOverBetween:
        """The job's sessions, where another job takes the message over between the
        claim's transaction and the reading's."""

        def __init__(self, url: str) -> None:
            self.factory = real(url)

        def begin(self):
            begun.append(1)
            if len(begun) == 2:
                with self.factory.begin() as other:
                    taken = other.get(InboxRow, inbox_id)
                    assert taken is not None
                    taken.claimed_at = now() + timedelta(seconds=1)
            return self.factory.begin()

    monkeypatch.setattr(workers.jobs, "sessions", TakenOverBetween)
    assert read_inbox(inbox_id) == "taken over by another job"
    assert row(settings, inbox_id).processed_at is None, "left to the job that took it"


def test_a_failure_after_another_job_finished_the_message_changes_nothing(settings):
    from workers.jobs import _failed

    inbox_id = received(settings)
    assert read_inbox(inbox_id) == READ
    done = row(settings, inbox_id)
    _failed(settings, inbox_id, RuntimeError("late"))
    after = row(settings, inbox_id)
    assert (after.outcome, after.processed_at) == (done.outcome, done.processed_at)


def test_a_message_given_up_keeps_a_short_outcome_and_says_so_in_the_log(
    settings, monkeypatch, caplog
):
    def failing(session, settings, row, **kwargs):
        raise RuntimeError("x" * 500)

    monkeypatch.setattr(replies, "read", failing)
    inbox_id = received(settings)
    with pytest.raises(RuntimeError):
        read_inbox(inbox_id)  # no job around it: no retry left
    outcome = row(settings, inbox_id).outcome
    assert outcome is not None and outcome.startswith("failed: RuntimeError: xxx")
    assert len(outcome) == 120, "the column holds 120 characters"
    assert f"gave up reading inbox #{inbox_id}: {outcome}" in caplog.messages


def test_the_sweeper_hands_over_at_most_500_messages_at_a_time_and_says_how_many(settings, caplog):
    import logging

    with sessions(settings.database_url).begin() as session:
        ids = [
            store(
                session,
                RAW.replace(b"<r@", f"<r{i}@".encode()),
                "a@example.org",
                "play+x@pbem.localhost",
            )
            for i in range(501)
        ]
    caplog.set_level(logging.INFO)
    assert sweep_inbox(settings, older_than=0) == ids[:500], "the first 500, in order"
    assert "swept 500 unread inbox rows" in caplog.messages


def test_two_schedulers_sweeping_unread_messages_at_once_queue_each_reading_once(
    settings, monkeypatch
):
    """Issue 34 §3, as for the outbox (tests/workers/test_outbox_sweep.py): two sweeps made
    to overlap after each read that no message has a job would both enqueue them; the lock
    held for each sweep lets one through."""
    ids = [received(settings, RAW.replace(b"<r@", f"<r{i}@".encode())) for i in range(5)]
    both_read = threading.Barrier(2, timeout=2)
    read_statuses = queue_module.without_jobs_in

    def read_then_wait_for_the_other(*args):
        free = read_statuses(*args)
        with contextlib.suppress(threading.BrokenBarrierError):  # the other sweep is out
            both_read.wait()
        return free

    monkeypatch.setattr(queue_module, "without_jobs_in", read_then_wait_for_the_other)
    with ThreadPoolExecutor(max_workers=2) as schedulers:
        sweeps = [schedulers.submit(sweep_inbox, settings, 0) for _ in range(2)]
        swept = [f.result(timeout=30) for f in sweeps]
    assert sorted(i for found in swept for i in found) == sorted(ids), "one sweep found them"
    assert sorted(queue(settings).job_ids) == sorted(inbox_job_id(i) for i in ids), "once each"
