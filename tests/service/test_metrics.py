"""``/metrics`` (issue 19): off unless a token is set, then only for a scraper that sends it;
the system's state as the database and Redis hold it; requests counted by route, never by
a path that holds a link's token."""

from __future__ import annotations

import os
import smtplib
import subprocess
import sys
from dataclasses import replace
from datetime import timedelta

import pytest
from freezegun import freeze_time
from prometheus_client.parser import text_string_to_metric_families

from service import create_app, words
from service.errors import Conflict
from service.store import eventstore
from service.store.db import sessions
from tests.checkout import ROOT
from tests.helpers import act_token, option_links, path, play_now
from workers.jobs import send_sign_in

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")

TOKEN = "scrape-token-1234"
PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]


@pytest.fixture
def scraper(settings):
    client = create_app(replace(settings, metrics_token=TOKEN)).test_client()

    def scrape() -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
        response = client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
        assert response.status_code == 200
        assert response.content_type.startswith("text/plain; version=")
        return {
            (sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(response.get_data(as_text=True))
            for sample in family.samples
        }

    scrape.client = client
    return scrape


def test_without_a_token_set_there_is_no_metrics_page(client):
    assert client.get("/metrics").status_code == 404


@pytest.mark.parametrize("sent", [None, "Bearer wrong", f"Basic {TOKEN}", f"Bearer {TOKEN}x"])
def test_a_scraper_without_the_token_is_refused(scraper, sent):
    headers = {"Authorization": sent} if sent else {}
    response = scraper.client.get("/metrics", headers=headers)
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"] == "Bearer"


def test_emails_still_to_send_and_their_jobs_are_counted_until_the_worker_sends_them(
    client, scraper, smtp, work
):
    assert client.post("/api/games", json={"game": "tictactoe", "players": PLAYERS}).status_code
    before = scraper()
    assert before[("pbem_outbox_pending", ())] == 2  # the two invitations
    assert before[("pbem_outbox_oldest_pending_seconds", ())] >= 0
    assert before[("pbem_inbox_pending", ())] == 0
    work()
    after = scraper()
    assert after[("pbem_outbox_pending", ())] == 0
    assert after[("pbem_outbox_oldest_pending_seconds", ())] == 0
    assert after[("pbem_jobs", (("state", "queued"),))] == 0
    assert after[("pbem_jobs", (("state", "failed"),))] == 0


def test_a_game_whose_due_work_waits_past_two_minutes_is_late(client, scraper, work):
    with freeze_time("2026-03-02T09:00:00Z") as clock:
        assert client.post("/api/games", json={"game": "tictactoe", "players": PLAYERS})
        work()
        clock.tick(timedelta(hours=24, minutes=1))  # the first reminder is due
        assert scraper()[("pbem_games_late", ())] == 0
        clock.tick(timedelta(minutes=2))  # and no tick has run
        assert scraper()[("pbem_games_late", ())] == 1


def test_requests_are_counted_by_route_never_by_the_path_that_holds_a_token(
    client, scraper, smtp, work
):
    assert client.post("/api/games", json={"game": "tictactoe", "players": PLAYERS}).status_code
    work()
    link = path(next(url for m in smtp.messages for _, url in option_links(m)))
    key = (
        "pbem_http_requests_total",
        (("method", "GET"), ("route", "/act/<token>"), ("status", "200")),
    )
    before = scraper().get(key, 0)
    assert scraper.client.get(link).status_code == 200
    samples = scraper()
    assert samples[key] == before + 1
    assert not any(act_token(link) in str(labels) for _, labels in samples)
    assert samples[("pbem_http_request_duration_seconds_count", (("route", "/act/<token>"),))] >= 1


def moves_counted(
    samples: dict[tuple[str, tuple[tuple[str, str], ...]], float],
) -> dict[str, float]:
    return {
        dict(labels)["outcome"]: value
        for (name, labels), value in samples.items()
        if name == "pbem_moves_total"
    }


def test_each_move_is_counted_once_as_accepted_or_by_the_reason_it_was_refused(
    client, scraper, smtp, work
):
    assert client.post("/api/games", json={"game": "tictactoe", "players": PLAYERS}).status_code
    work()
    links = next(option_links(m) for m in smtp.messages if option_links(m))
    (_, first), (_, second) = links[:2]
    before = moves_counted(scraper())
    assert client.post(path(first)).status_code == 303
    assert client.post(path(first)).status_code == 409  # the same link again
    assert client.post(path(second)).status_code == 409  # another option of that decision
    after = moves_counted(scraper())
    moved = {k: after.get(k, 0) - before.get(k, 0) for k in after}
    assert {k: v for k, v in moved.items() if v} == {"accepted": 1, "reused": 1, "stale": 1}


def test_emails_sent_failed_and_retried_are_counted_by_the_worker_that_sends_them(
    client, scraper, smtp, work
):
    smtp.fail_next = 1  # the first invitation's first attempt is refused, then retried
    keys = {
        "sent": ("pbem_emails_total", (("outcome", "sent"),)),
        "failed": ("pbem_emails_total", (("outcome", "failed"),)),
        "retried": ("pbem_email_retries_total", ()),
    }
    before = scraper()
    assert client.post("/api/games", json={"game": "tictactoe", "players": PLAYERS}).status_code
    work()
    after = scraper()
    assert smtp.refused == 1 and len(smtp.messages) == 2
    moved = {k: after.get(key, 0) - before.get(key, 0) for k, key in keys.items()}
    assert moved == {"sent": 2, "failed": 1, "retried": 1}


def test_a_sign_in_email_is_counted_sent_or_failed_like_any_other(scraper, smtp):
    key = {
        outcome: ("pbem_emails_total", (("outcome", outcome),)) for outcome in ("sent", "failed")
    }
    before = scraper()
    smtp.fail_next = 1
    with pytest.raises(smtplib.SMTPException):
        send_sign_in("ann@example.org", "en")
    assert send_sign_in("ann@example.org", "en") == "sent"
    after = scraper()
    assert {k: after.get(v, 0) - before.get(v, 0) for k, v in key.items()} == {
        "sent": 1,
        "failed": 1,
    }


def test_the_tick_lag_is_the_time_since_the_last_tick_did_its_work(scraper, tick):
    with freeze_time("2026-03-02T09:00:00Z") as clock:
        assert scraper()[("pbem_tick_lag_seconds", ())] == float("inf")  # never ticked
        tick()
        assert scraper()[("pbem_tick_lag_seconds", ())] == 0
        clock.tick(timedelta(seconds=90))
        assert scraper()[("pbem_tick_lag_seconds", ())] == 90


def test_the_oldest_queued_job_is_aged_from_when_it_was_enqueued(client, scraper, work):
    with freeze_time("2026-03-02T09:00:00Z") as clock:
        assert scraper()[("pbem_jobs_oldest_queued_seconds", ())] == 0
        assert client.post("/api/games", json={"game": "tictactoe", "players": PLAYERS})
        clock.tick(timedelta(seconds=45))
        samples = scraper()
        assert samples[("pbem_jobs", (("state", "queued"),))] == 2
        assert samples[("pbem_jobs_oldest_queued_seconds", ())] == 45
        work()
        assert scraper()[("pbem_jobs_oldest_queued_seconds", ())] == 0


COUNT_IN_A_WORKER = """
from service import counters
from service.errors import Illegal
counters.email("sent")
counters.email("sent")
counters.move_refused(Illegal("no"))
"""
SCRAPE_LIKE_THE_WEB = """
from prometheus_client import CollectorRegistry, generate_latest, multiprocess
from service import counters
counters.move_accepted()
registry = CollectorRegistry()
multiprocess.MultiProcessCollector(registry)
print(generate_latest(registry).decode())
"""


def test_with_a_shared_multiprocess_folder_a_scrape_sums_what_every_process_counted(tmp_path):
    folder = tmp_path / "prometheus"
    folder.mkdir()
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(folder), "PYTHONPATH": str(ROOT)}
    for script in (COUNT_IN_A_WORKER, COUNT_IN_A_WORKER):
        subprocess.run([sys.executable, "-c", script], env=env, check=True, timeout=60)
    out = subprocess.run(
        [sys.executable, "-c", SCRAPE_LIKE_THE_WEB],
        env=env,
        check=True,
        timeout=60,
        capture_output=True,
        text=True,
    ).stdout
    samples = {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(out)
        for s in family.samples
    }
    assert samples[("pbem_emails_total", (("outcome", "sent"),))] == 4
    assert samples[("pbem_moves_total", (("outcome", "illegal"),))] == 2
    assert samples[("pbem_moves_total", (("outcome", "accepted"),))] == 1


@pytest.mark.parametrize(("losses", "outcome"), [(2, "accepted"), (3, "conflict")])
def test_a_move_that_loses_the_race_for_the_log_is_tried_again_twice_then_refused(
    client, scraper, settings, monkeypatch, losses, outcome
):
    """DESIGN.md §4: an append that another writer beat is a :class:`Conflict`; the move is
    decided again on the new log (a nudge or a vote in between is no reason to refuse), at
    most three times in all, and counted once."""

    game_id = client.post("/api/games", json={"game": "tictactoe", "players": PLAYERS}).json["id"]
    real = eventstore.append
    lost: list[int] = []

    def beaten(session, row, events, seat, expected_seq, *args, **kwargs):
        if kwargs.get("move") is not None and len(lost) < losses:
            lost.append(expected_seq)  # another writer got there first: the guard says so
            return real(session, row, events, seat, expected_seq - 1, *args, **kwargs)
        return real(session, row, events, seat, expected_seq, *args, **kwargs)

    monkeypatch.setattr(eventstore, "append", beaten)
    before = moves_counted(scraper())
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        seat, turn, head = sorted(loaded.game.to_act(loaded.state))[0], loaded.turn_seq, loaded.seq
    with sessions(settings.database_url).begin() as s:
        if outcome == "accepted":
            play_now(s, game_id, seat, {"type": "place", "cell": 4}, turn)
        else:
            with pytest.raises(Conflict) as refused:
                play_now(s, game_id, seat, {"type": "place", "cell": 4}, turn)
            assert (
                words.text(refused.value.message) == "Another move was recorded first. Try again."
            )
            assert refused.value.context["game_id"] == game_id
    after = moves_counted(scraper())
    moved = {k: after.get(k, 0) - before.get(k, 0) for k in after}
    assert {k: v for k, v in moved.items() if v} == {outcome: 1}
    assert len(lost) == losses
    with sessions(settings.database_url)() as s:
        moves = eventstore.load(s, game_id).seq - head
    assert (moves > 0) is (outcome == "accepted")
