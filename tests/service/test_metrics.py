"""``/metrics`` (issue 19): off unless a token is set, then only for a scraper that sends it;
the system's state as the database and Redis hold it; requests counted by route, never by
a path that holds a link's token."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from freezegun import freeze_time
from prometheus_client.parser import text_string_to_metric_families

from service import create_app
from tests.helpers import act_token, option_links, path

TOKEN = "scrape-token-1234"
PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]


@pytest.fixture
def scraper(settings):  # type: ignore[no-untyped-def]
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

    scrape.client = client  # type: ignore[attr-defined]
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
