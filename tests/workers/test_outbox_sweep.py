"""The outbox sweeper (DESIGN.md §5.5): which unsent rows it hands to RQ, from which moment,
how many at a time, and that a row whose job still waits is not enqueued twice."""

from __future__ import annotations

import contextlib
import logging
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from freezegun import freeze_time
from rq.job import Job, JobStatus
from rq.registry import FailedJobRegistry, ScheduledJobRegistry
from sqlalchemy import delete

from service.cli.localnet import free_port
from service.config import Settings
from service.mail import queue as queue_module
from service.mail.queue import enqueue_outbox, job_id, queue, retry_policy, sweep
from service.play.games import create_game
from service.store.db import sessions
from service.store.models import OutboxRow
from tests.fixtures import run_queue_dry
from workers import jobs

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]


def rows(settings: Settings, **kinds: dict) -> dict[str, int]:
    """One outbox row per keyword (its columns as given), of a fresh game; their ids."""
    with sessions(settings.database_url).begin() as session:
        game_id = create_game(session, "tictactoe", PLAYERS).loaded.row.id
        session.execute(delete(OutboxRow))  # the game's own invitations: not under test
        made = {
            name: OutboxRow(game_id=game_id, seq=seq, seat="p1", kind="turn", **columns)
            for seq, (name, columns) in enumerate(kinds.items(), start=1)
        }
        session.add_all(made.values())
        session.flush()
        return {name: row.id for name, row in made.items()}


def test_the_sweeper_hands_over_unsent_rows_old_enough_whose_claim_ran_out_or_never_was(
    settings,
):
    age, ttl = timedelta(seconds=60), timedelta(seconds=settings.claim_ttl)
    ids = rows(
        settings,
        never_claimed={"created_at": NOW - age},
        claim_ran_out={"created_at": NOW - age, "claimed_at": NOW - ttl},
        being_sent={"created_at": NOW - age, "claimed_at": NOW - ttl + timedelta(seconds=1)},
        too_young={"created_at": NOW - age + timedelta(seconds=1)},
        sent={"created_at": NOW - age, "sent_at": NOW - age},
        skipped={"created_at": NOW - age, "skipped": "the seat is a bot's"},
    )
    with freeze_time(NOW):
        swept = sweep(settings, older_than=60)
    assert swept == [ids["never_claimed"], ids["claim_ran_out"]]


def test_a_row_whose_job_still_waits_is_not_enqueued_twice(settings):
    ids = rows(settings, lost={"created_at": NOW})
    with freeze_time(NOW + timedelta(minutes=2)):
        assert sweep(settings, older_than=60) == [ids["lost"]]
        assert sweep(settings, older_than=60) == [ids["lost"]]  # its job still waits...
    assert len(queue(settings)) == 1  # ...so it is enqueued once
    job = Job.fetch(job_id(ids["lost"]), connection=queue(settings).connection)
    assert job.description == f"send outbox #{ids['lost']}", "as RQ's dashboards list it"


def test_a_send_waiting_for_its_retry_is_left_to_its_backoff_by_every_sweep(settings):
    """A send the relay refused waits in RQ's scheduled registry for its next attempt: a
    sweep must leave that job as it is (not discard it and enqueue a fresh one, which would
    send at once, every sweep, with every retry restored, defeating the backoff and the
    give-up during an outage)."""
    ids = rows(settings, refused={"created_at": NOW})
    q = queue(settings)
    enqueue_outbox(settings, [ids["refused"]])
    job = Job.fetch(job_id(ids["refused"]), connection=q.connection)
    q.remove(job)  # as RQ does when an attempt fails and a retry is due later
    job.retries_left = 1
    job.save()
    scheduled = ScheduledJobRegistry(queue=q)
    scheduled.schedule(job, NOW + timedelta(minutes=30))
    job.set_status(JobStatus.SCHEDULED)
    with freeze_time(NOW + timedelta(minutes=2)):
        for _ in range(3):
            sweep(settings, older_than=60)
    kept = Job.fetch(job_id(ids["refused"]), connection=q.connection)
    assert kept.get_status() == JobStatus.SCHEDULED and kept.retries_left == 1
    assert scheduled.get_job_ids() == [job_id(ids["refused"])]
    assert len(q) == 0, "nothing sent before its time"


def test_the_sweeper_hands_over_at_most_500_rows_at_a_time_in_order_and_says_how_many(
    settings, caplog
):
    ids = rows(settings, **{f"r{i:03}": {"created_at": NOW} for i in range(501)})
    caplog.set_level(logging.INFO)
    with freeze_time(NOW + timedelta(minutes=2)):
        swept = sweep(settings, older_than=60)
    assert swept == sorted(ids.values())[:500], "the first 500, in order"
    assert "swept 500 unsent outbox rows" in caplog.messages


@pytest.mark.parametrize("claimed", [None, "now"])
def test_a_sweep_with_nothing_to_hand_over_enqueues_nothing_and_logs_nothing(
    settings, caplog, claimed
):
    rows(settings, fresh={"created_at": NOW, "claimed_at": NOW if claimed else None})
    caplog.set_level(logging.INFO)
    with freeze_time(NOW):
        assert sweep(settings, older_than=60) == []
    assert len(queue(settings)) == 0
    assert not [m for m in caplog.messages if m.startswith("swept")]


def test_a_row_whose_job_failed_is_swept_into_a_fresh_job_the_failed_one_forgotten(settings):
    """RQ keeps a failed job, and lists it as failed, for a year: the sweeper discards it
    so the row's new job starts clean, not as a failed job's hash written over."""
    ids = rows(settings, failed={"created_at": NOW})
    q = queue(settings)
    job = q.enqueue("workers.jobs.send_outbox", ids["failed"], job_id=job_id(ids["failed"]))
    q.remove(job)
    job.set_status(JobStatus.FAILED)
    FailedJobRegistry(queue=q).add(job, ttl=3600, exc_string="SMTP said no")
    job.meta["stale"] = "left by the failed job"
    job.save_meta()
    with freeze_time(NOW + timedelta(minutes=2)):
        assert sweep(settings, older_than=60) == [ids["failed"]]
    fresh = Job.fetch(job_id(ids["failed"]), connection=q.connection)
    assert fresh.get_status() == JobStatus.QUEUED
    assert "stale" not in fresh.meta
    assert job_id(ids["failed"]) not in FailedJobRegistry(queue=q).get_job_ids()
    assert q.job_ids == [job_id(ids["failed"])]


@pytest.mark.parametrize(("intervals", "retries"), [((), [0]), ((5, 60), [5, 60])])
def test_a_send_is_retried_at_the_configured_intervals_and_once_at_once_when_none_are_set(
    settings, intervals, retries
):
    """RETRY_INTERVALS="" (an operator clearing it) still leaves one retry, straight away."""
    policy = retry_policy(replace(settings, retry_intervals=intervals))
    assert (policy.max, policy.intervals) == (len(retries), retries)


def test_nothing_to_hand_over_or_no_redis_enqueues_nothing_and_says_none(settings):
    ids = rows(settings, waiting={"created_at": NOW})
    assert enqueue_outbox(settings, []) == 0
    assert enqueue_outbox(replace(settings, redis_url=""), list(ids.values())) == 0
    assert len(queue(settings)) == 0
    assert enqueue_outbox(settings, list(ids.values())) == 1


def test_rows_redis_could_not_take_are_left_to_the_sweeper_saying_which(settings, caplog):
    ids = rows(settings, waiting={"created_at": NOW})
    down = replace(settings, redis_url=f"redis://127.0.0.1:{free_port()}/0")
    caplog.set_level(logging.WARNING)
    assert enqueue_outbox(down, list(ids.values())) == 0
    (said,) = caplog.messages
    assert said.startswith(
        f"could not enqueue send outbox {list(ids.values())}, the sweeper will: "
    )
    assert "Connection refused" in said, "and why"


def test_two_schedulers_sweeping_one_backlog_at_once_run_each_rows_send_job_once(
    settings, monkeypatch
):
    """Issue 34 §3: every scheduler process runs the sweep. Two sweeps that both read a
    row's job as absent before either enqueues it would enqueue it twice (one job id, two
    entries in the queue: the job runs twice). Here the two sweeps are made to overlap at
    exactly that point; a lock held for each sweep lets one of them through."""
    backlog = rows(settings, **{f"r{i:02}": {"created_at": NOW} for i in range(40)})
    both_read = threading.Barrier(2, timeout=2)
    read_statuses = queue_module.without_jobs_in

    def read_then_wait_for_the_other(*args: Any) -> Any:
        free = read_statuses(*args)
        with contextlib.suppress(threading.BrokenBarrierError):  # the other sweep is out
            both_read.wait()
        return free

    monkeypatch.setattr(queue_module, "without_jobs_in", read_then_wait_for_the_other)
    with ThreadPoolExecutor(max_workers=2) as schedulers:  # the rows are months old
        sweeps = [schedulers.submit(sweep, settings, 60) for _ in range(2)]
        swept = [f.result(timeout=30) for f in sweeps]
    runs: Counter[int] = Counter()
    monkeypatch.setattr(jobs, "send_outbox", lambda outbox_id: runs.update([outbox_id]))
    run_queue_dry(settings)
    assert runs == Counter(backlog.values()), "each row's send job ran once"
    assert sorted(id_ for ids in swept for id_ in ids) == sorted(backlog.values())
