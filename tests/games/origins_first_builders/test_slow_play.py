"""Slow play with Origins: First Builders (issue 9): a bot voted in for a late seat finishes
a real game through the scheduler's job; and in the solo training mode, with nobody else at
the table, a passed deadline opens no ballot among zero voters (the game sleeps until its
player moves) and a takeback needs nobody's approval."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from freezegun import freeze_time
from sqlalchemy import select

from engine import registry
from service.links import urls as links
from service.mail.queue import queue
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow
from tests.helpers import URL, headline, path, play_now, text_of
from tests.workers.test_slow_play import PLAYERS
from tests.workers.test_slow_play import (
    test_a_bot_voted_in_for_a_late_seat_finishes_a_real_game as bot_finishes_a_game,
)

GAME = registry.get("origins-first-builders")
ANN = "ann@example.org"
START = datetime.fromisoformat("2026-03-02T09:00:00+00:00")  # a Monday

# Ann has played here before: a newcomer's rule (one email until they act, issue 31 §3) is
# tested on its own.
pytestmark = pytest.mark.usefixtures("regulars")


@pytest.fixture
def tick(settings, work):
    def run() -> None:
        queue(settings).enqueue("workers.schedule.tick")
        work()

    return run


def test_a_bot_voted_in_for_a_late_seat_finishes_a_two_player_game(client, smtp, settings, tick):
    bot_finishes_a_game(client, smtp, settings, tick, "origins-first-builders", PLAYERS)


def solo(client) -> str:
    body = {"game": "origins-first-builders", "players": [f"Ann <{ANN}>"]}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def table_events(settings, game_id) -> list[dict]:
    with sessions(settings.database_url)() as s:
        rows = s.scalars(
            select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq)
        ).all()
        return [r.payload for r in rows if r.type.startswith("table.")]


def play_bot(settings, game_id: str, until: str | None = None) -> None:
    """One bot decision for the solo player (or, with ``until``, decisions until the head of
    the turn is a step of that kind)."""
    while True:
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            move = GAME.bot_move(loaded.state, "p1")
            play_now(s, game_id, "p1", move, loaded.turn_seq)
            after = eventstore.load(s, game_id).state
        if until is None or after.pending[0].kind == until:
            return


def seat_page(settings, game_id) -> str:
    with sessions(settings.database_url)() as s:
        return path(links.seat_url(settings, eventstore.load(s, game_id), "p1"))


def headlines(smtp) -> list[str]:
    return [headline(m) for m in smtp.to(ANN)]


def test_a_solo_game_past_its_deadline_sleeps_without_a_ballot_until_its_player_moves(
    client, smtp, settings, tick
):
    with freeze_time(START) as clock:
        game_id = solo(client)
        tick()
        clock.tick(timedelta(days=4, hours=16))  # past the end of Thursday
        tick()
        kinds = [e["type"] for e in table_events(settings, game_id)]
        assert "table.deadline_passed" not in kinds and "table.vote_decided" not in kinds
        assert {"type": "table.dormant", "seat": "p1"} in table_events(settings, game_id)
        assert client.get(f"/api/games/{game_id}").get_json()["asleep"]
        asleep = [m for m in smtp.to(ANN) if "asleep" in headline(m)]
        assert len(asleep) == 1
        words = " ".join(text_of(asleep[0]).split())
        assert "Your deadline has passed, and nobody else at the table votes" in words
        assert not any("what should we do" in s for s in headlines(smtp))
        history = client.get(f"/games/{game_id}/history?all=1").get_data(as_text=True)
        assert "Ann&#39;s deadline passed with nobody else to vote" in history
        page = client.get(seat_page(settings, game_id)).get_data(as_text=True)
        assert "a deadline passed with nobody else at the table to vote" in page
        sent = len(smtp.to(ANN))
        for _ in range(10):
            clock.tick(timedelta(days=3))
            tick()
        assert len(smtp.to(ANN)) == sent, "a sleeping solo game sends nothing"
        wake = next(u for u in URL.findall(text_of(asleep[0])) if "/seat/" in u)
        assert "Wake the game up" in client.get(path(wake)).get_data(as_text=True)
        play_bot(settings, game_id)
        assert not client.get(f"/api/games/{game_id}").get_json()["asleep"]
        clock.tick(timedelta(hours=25))
        tick()
    assert any("reminder" in s for s in headlines(smtp)), "the move started the clock afresh"


def test_in_a_solo_game_a_takeback_needs_nobodys_approval(client, settings):
    game_id = solo(client)
    play_bot(settings, game_id, until="main")
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        visit = next(m for m in GAME.legal_moves(loaded.state, "p1") if m["type"] == "visit")
    with sessions(settings.database_url).begin() as s:
        play_now(s, game_id, "p1", visit, loaded.turn_seq)
    page = seat_page(settings, game_id)
    assert "Take it back (nobody else needs to approve)" in client.get(page).get_data(as_text=True)
    assert client.post(page + "/takeback").status_code == 303
    kinds = [e["type"] for e in table_events(settings, game_id)]
    assert kinds[-2:] == ["table.takeback_requested", "table.taken_back"]
    with sessions(settings.database_url)() as s:
        state = eventstore.load(s, game_id).state
    assert state.pending[0].kind == "main", "back at the decision before the visit"
    assert visit in GAME.legal_moves(state, "p1")
