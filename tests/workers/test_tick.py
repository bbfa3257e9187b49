"""The scheduler's tick (issue 19): one job per due game, spread over every worker, under a
lock, so any number of scheduler processes can run and no game's due work is done twice."""

from __future__ import annotations

from datetime import timedelta

import pytest
from freezegun import freeze_time
from rq.job import Job

from service.mail import botwake
from service.mail.queue import queue
from tests.workers.test_slow_play import EMAILS, START, headlines, kinds, mover, new_game
from workers import schedule

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")


def due_games(client, count: int) -> list[str]:
    """``count`` games whose first reminder fell due a moment ago."""
    return [new_game(client) for _ in range(count)]


def advance_jobs(settings) -> list[str]:
    q = queue(settings)
    return sorted(
        job.args[0]
        for job in Job.fetch_many(q.get_job_ids(), connection=q.connection)
        if job is not None and job.func_name == botwake.ADVANCE_JOB
    )


def test_a_tick_queues_one_job_per_due_game_and_each_sends_its_reminder(
    client, smtp, settings, work
):
    with freeze_time(START) as clock:
        games = due_games(client, 3)
        work()
        clock.tick(timedelta(hours=25))
        assert schedule.tick()["queued"] == 3
        assert advance_jobs(settings) == sorted(games)
        work()
    for game_id in games:
        assert len(kinds(settings, game_id, "reminder")) == 1
        seat, _ = mover(client, game_id)
        assert [s for s in headlines(smtp, EMAILS[seat]) if "reminder" in s]


def test_a_second_tick_while_a_games_job_still_waits_queues_no_second_job(client, settings, work):
    with freeze_time(START) as clock:
        games = due_games(client, 2)
        work()
        clock.tick(timedelta(hours=25))
        schedule.tick()
        second = schedule.tick()  # a second scheduler's tick, before any worker ran
        assert second["games"] == 2 and second["queued"] == 0
        assert advance_jobs(settings) == sorted(games)
        work()
    for game_id in games:
        assert len(kinds(settings, game_id, "reminder")) == 1


def test_a_tick_while_another_holds_the_lock_does_nothing(client, settings, work):
    with freeze_time(START) as clock:
        due_games(client, 1)
        work()
        clock.tick(timedelta(hours=25))
        other = queue(settings).connection.lock(schedule.TICK_LOCK, timeout=60)
        assert other.acquire(blocking=False)
        try:
            assert schedule.tick()["locked_out"] == 1
            assert advance_jobs(settings) == []
        finally:
            other.release()
        assert schedule.tick()["queued"] == 1


def test_due_games_beyond_one_batch_are_all_queued_in_one_tick(
    client, settings, work, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(schedule, "BATCH", 2)  # 5 games: three pipelines
    with freeze_time(START) as clock:
        games = due_games(client, 5)
        work()
        clock.tick(timedelta(hours=25))
        assert schedule.tick() == {"games": 5, "queued": 5, "digests": 0, "locked_out": 0}
        assert advance_jobs(settings) == sorted(games)


def test_a_games_job_that_finished_is_replaced_when_the_game_is_due_again(client, settings, work):
    with freeze_time(START) as clock:
        (game_id,) = due_games(client, 1)
        work()
        clock.tick(timedelta(hours=25))
        schedule.tick()
        work()  # the first reminder
        clock.tick(timedelta(hours=24))
        assert schedule.tick()["queued"] == 1
        work()  # the second
    assert len(kinds(settings, game_id, "reminder")) == 2
