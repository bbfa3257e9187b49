"""Two jobs on one outbox row at the same time send one email (DESIGN.md §5.5, issue 15).

RQ may run a row's job twice at once: the sweeper enqueues a row whose job is still running,
or a retried job overlaps a slow one. The job claims the row before it talks to the mail
server; another job that finds the claim fresh leaves the row alone. Run on the suite's
database, so on PostgreSQL (row locks) as well as SQLite (serialised writers)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import select

from service.store.db import sessions
from service.store.models import OutboxRow
from workers.jobs import send_outbox

PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]


def invitation_row(client, settings) -> tuple[int, str]:
    """A new game's first unsent row: (its id, its seat's address)."""
    response = client.post("/api/games", json={"game": "tictactoe", "players": PLAYERS})
    assert response.status_code == 201
    with sessions(settings.database_url)() as s:
        row = s.scalars(select(OutboxRow).order_by(OutboxRow.id).limit(1)).one()
        email = {"p1": "ann@example.org", "p2": "bob@example.org"}[row.seat]
        return row.id, email


def sent_at(settings, row_id: int):
    with sessions(settings.database_url)() as s:
        row = s.get(OutboxRow, row_id)
        assert row is not None
        return row.sent_at


def test_a_job_that_finds_the_row_mid_send_leaves_it_to_the_other(client, smtp, settings):
    row_id, email = invitation_row(client, settings)
    smtp.stall = "rcpt"  # the first job is held mid-conversation with the mail server
    with ThreadPoolExecutor(max_workers=1) as pool:
        first = pool.submit(send_outbox, row_id)
        assert smtp.arrived.wait(20), "the first job reached the mail server"
        second = send_outbox(row_id)
        assert sent_at(settings, row_id) is None, "still in the first job's hands"
        smtp.release.set()
        assert first.result(timeout=20) == "sent"
    assert second == "being sent by another job"
    assert len(smtp.to(email)) == 1
    assert sent_at(settings, row_id) is not None


def test_six_jobs_started_together_on_one_row_send_one_email(client, smtp, settings):
    row_id, email = invitation_row(client, settings)
    start = threading.Barrier(6)

    def job() -> str:
        start.wait(timeout=20)
        return send_outbox(row_id)

    with ThreadPoolExecutor(max_workers=6) as pool:
        results = [f.result(timeout=60) for f in [pool.submit(job) for _ in range(6)]]
    assert results.count("sent") == 1, results
    assert set(results) <= {"sent", "being sent by another job", "already done"}, results
    assert len(smtp.to(email)) == 1
    assert sent_at(settings, row_id) is not None


def test_a_claim_is_taken_over_from_the_very_moment_it_runs_out(client, smtp, settings):
    from datetime import timedelta

    from freezegun import freeze_time

    from service.store.eventstore import now

    row_id, email = invitation_row(client, settings)
    with freeze_time("2026-03-02 09:00:00"):
        for age, outcome in ((settings.claim_ttl - 1, "being sent by another job"),
                             (settings.claim_ttl, "sent")):  # fmt: skip
            with sessions(settings.database_url).begin() as s:
                claimed = s.get(OutboxRow, row_id)
                assert claimed is not None
                claimed.claimed_at = now() - timedelta(seconds=age)  # a job died mid-send
            assert send_outbox(row_id) == outcome
    assert len(smtp.to(email)) == 1
