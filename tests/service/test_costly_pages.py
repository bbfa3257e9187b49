"""Costly public pages (issue 14, part 6): the history, replay steps and published log of a
game fold its whole log, and anyone may ask for them. They share a rate limit per client
address (``PAGE_LIMIT``), and a request that must be refused is refused from the game row,
before any event is read: the tests watch every SQL statement the app sends."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import event

from service.config import Settings
from service.links import tokens
from service.store import eventstore
from service.store.db import engine_for, sessions
from tests.helpers import play_now, refusal
from tests.service.hostile import ledger, new_game, overdue_game, roomy_client
from tests.service.test_eventstore import play

pytestmark = pytest.mark.hostile


@contextmanager
def statements(settings: Settings) -> Iterator[list[str]]:
    """Every SQL statement sent to the database meanwhile, by anyone in this process."""
    seen: list[str] = []
    engine = engine_for(settings.database_url)

    def record(conn, cursor, statement, parameters, context, executemany) -> None:
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


def read(seen: list[str], table: str) -> list[str]:
    return [s for s in seen if re.search(rf"\bFROM {table}\b", s)]


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def last_seq(client, game_id: str) -> int:
    return client.get(f"/api/games/{game_id}").get_json()["seq"]


def pages(settings: Settings, game_id: str) -> list[str]:
    seat = f"/seat/{tokens.seat_token(settings.secret_key, game_id, 'p1')}"
    public = f"/games/{game_id}"
    return [
        f"{public}/history",
        f"{public}/replay?n=1",
        f"{public}/replay/1",
        f"{public}/log.jsonl",
        f"{seat}/history",
        f"{seat}/replay?n=1",
        f"{seat}/replay/1",
    ]


# --- the limit --------------------------------------------------------------------------


def test_history_replay_and_log_pages_share_a_limit_per_client_address_with_429_and_retry_after(
    settings,
):
    client = roomy_client(settings, page_limit="7 per hour")
    game_id = new_game(client)
    answers = [client.get(page).status_code for page in pages(settings, game_id)]
    assert answers == [200, 303, 200, 403, 200, 303, 200], "seven pages, one allowance"
    before = ledger(settings)
    for page in pages(settings, game_id):
        refused = client.get(page)
        assert refused.status_code == 429, page
        assert 0 < int(refused.headers["Retry-After"]) <= 3600
        assert "Too many history, replay and log pages" in refused.get_data(as_text=True)
    as_json = client.get(f"/games/{game_id}/history", headers={"Accept": "application/json"})
    assert as_json.status_code == 429 and as_json.get_json()["error"] == "Too many requests"
    assert ledger(settings) == before
    elsewhere = {"REMOTE_ADDR": "192.0.2.7"}
    assert client.get(f"/games/{game_id}/history", environ_base=elsewhere).status_code == 200
    assert client.get(f"/games/{game_id}").status_code == 200, "the game's own page is cheap"
    assert client.get(f"/api/games/{game_id}").status_code == 200


def test_the_default_page_limit_lets_a_reader_step_through_a_minute_of_replay_then_stops(
    settings,
):
    assert Settings().page_limit == "60 per minute;600 per hour"
    client = roomy_client(settings, page_limit=Settings().page_limit)
    game_id = new_game(client)
    answers = [client.get(f"/games/{game_id}/replay/1").status_code for _ in range(61)]
    assert answers[:60] == [200] * 60
    assert answers[60] == 429


# --- refused before anything is folded --------------------------------------------------


def test_the_log_of_an_unfinished_game_is_refused_before_any_event_is_read(client, settings):
    game_id = play(settings, 4)
    with statements(settings) as seen:
        refused = client.get(f"/games/{game_id}/log.jsonl")
    assert refused.status_code == 403
    assert "published when the game ends" in refused.get_data(as_text=True)
    assert read(seen, "games"), "the game row is what decides"
    assert not read(seen, "events") and not read(seen, "snapshots"), seen


def test_the_log_of_an_abandoned_game_stays_unpublished(client, settings, work):
    """Abandoned is over (the row says so) but not finished by the rules: it may be
    revived, so its hidden cards and seed stay hidden."""
    game_id, voter = overdue_game(client, settings, work)
    seat = f"/seat/{tokens.seat_token(settings.secret_key, game_id, voter)}"
    assert client.post(f"{seat}/vote", data={"ballot": "1", "choice": "end"}).status_code == 303
    assert client.get(f"/api/games/{game_id}").get_json()["abandoned"]
    eventstore.forget_states()  # as in a new process: no state at hand to tell it
    with statements(settings) as seen:
        refused = client.get(f"/games/{game_id}/log.jsonl")
    assert refused.status_code == 403
    assert "published when the game ends" in refused.get_data(as_text=True)
    assert not read(seen, "snapshots"), "refused before anything is folded"
    assert not [s for s in seen if "events.payload" in s], seen


def test_a_game_revived_after_its_abandonment_publishes_its_log_once_it_ends(
    client, settings, work
):
    """The newest of abandonment and revival decides: revived, the game went on, and once
    it ends by its rules its log is everyone's."""
    game_id, voter = overdue_game(client, settings, work)
    seats = {s: f"/seat/{tokens.seat_token(settings.secret_key, game_id, s)}" for s in ("p1", "p2")}
    assert (
        client.post(f"{seats[voter]}/vote", data={"ballot": "1", "choice": "end"}).status_code
        == 303
    )
    for seat in seats.values():
        assert client.post(f"{seat}/revive").status_code == 303
    work()
    assert not client.get(f"/api/games/{game_id}").get_json()["over"], "revived"
    while to_act := client.get(f"/api/games/{game_id}").get_json()["to_act"]:
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            cell = loaded.state.board.index(None)  # cells in order: the first mover's diagonal
            play_now(s, game_id, to_act[0], {"type": "place", "cell": cell}, loaded.turn_seq)
    public = client.get(f"/api/games/{game_id}").get_json()
    assert public["over"] and not public["abandoned"] and public["outcome"]
    eventstore.forget_states()
    published = client.get(f"/games/{game_id}/log.jsonl")
    assert published.status_code == 200
    kinds = [json.loads(line)["type"] for line in published.get_data(as_text=True).splitlines()[1:]]
    assert kinds.index("table.abandoned") < kinds.index("table.revived")


def test_a_finished_games_log_is_published(client, settings):
    game_id = play(settings, 9)
    assert client.get(f"/api/games/{game_id}").get_json()["outcome"]
    published = client.get(f"/games/{game_id}/log.jsonl")
    assert published.status_code == 200
    assert '"seed": "' in published.get_data(as_text=True).splitlines()[0]


@pytest.mark.parametrize("step", [0, "next", 10**30])
def test_a_replay_step_outside_the_log_is_refused_before_anything_is_folded(client, settings, step):
    game_id = play(settings, 4)
    last = last_seq(client, game_id)
    step = step if step != "next" else last + 1
    seat = f"/seat/{tokens.seat_token(settings.secret_key, game_id, 'p1')}"
    for base in (f"/games/{game_id}", seat):
        with statements(settings) as seen:
            refused = client.get(f"{base}/replay/{step}")
        assert refused.status_code == 404
        assert f"has events 1 to {last}; there is no {step}." in text(refused)
        assert read(seen, "games")
        assert not read(seen, "events") and not read(seen, "snapshots"), seen


def test_a_negative_replay_step_is_no_page_at_all(client, settings):
    game_id = play(settings, 2)
    with statements(settings) as seen:
        assert client.get(f"/games/{game_id}/replay/-1").status_code == 404
    assert not seen


@pytest.mark.parametrize(
    "page", ["history", "replay", "replay?n=3", "replay/1", "log.jsonl"], ids=str
)
def test_an_unknown_game_is_a_404_before_any_work(client, settings, page):
    with statements(settings) as seen:
        refused = client.get(f"/games/nosuchgm/{page}")
    assert refused.status_code == 404
    assert "There is no game 'nosuchgm'." in text(refused)
    selects = [s for s in seen if s.lstrip().upper().startswith("SELECT")]
    assert len(selects) == 1 and read(selects, "games"), seen


def test_a_game_id_that_cannot_be_one_is_named_in_the_404_by_its_first_40_characters(client):
    refused = client.get(f"/games/{'x' * 39}Y{'z' * 60}")
    assert refused.status_code == 404
    assert refusal(refused.get_data(as_text=True)) == f"There is no game '{'x' * 39}Y'."


def test_the_jump_to_a_step_reads_the_game_row_and_no_event(client, settings):
    game_id = play(settings, 4)
    last = last_seq(client, game_id)
    for asked, shown in (("2", 2), ("-7", 1), ("99", last), ("", last)):
        with statements(settings) as seen:
            jump = client.get(f"/games/{game_id}/replay?n={asked}")
        assert jump.status_code == 303
        assert jump.headers["Location"].endswith(f"/games/{game_id}/replay/{shown}")
        assert not read(seen, "events") and not read(seen, "snapshots"), seen


@pytest.mark.parametrize("query", ["turn=x", "turn=-1", "seat=p9"])
def test_a_history_filter_that_cannot_be_read_is_refused_before_the_log_is(client, settings, query):
    game_id = play(settings, 4)
    with statements(settings) as seen:
        refused = client.get(f"/games/{game_id}/history?{query}")
    assert refused.status_code == 400
    assert not read(seen, "events") and not read(seen, "snapshots"), seen
