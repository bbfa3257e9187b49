"""Helpers for the hostile-input and fault tests: a game to attack, its current signed link,
and what the database holds (to show that a refused request wrote nothing)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from freezegun import freeze_time
from sqlalchemy import func, select

from service import create_app
from service.config import Settings
from service.links import urls as links
from service.mail.queue import queue
from service.store import eventstore
from service.store.db import sessions
from service.store.models import Base
from tests.fixtures import ServerLikeClient

PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]
ROOMY = {"create_limit": "10000/minute", "nudge_limit": "10000/minute"}
ROOMY |= {"page_limit": "10000/minute", "note_limit": "10000/minute"}
"""Rate limits no test of input reaches (those tests are about input, not floods)."""


def roomy_client(settings: Settings, **changes: Any):
    """A client of the app with :data:`ROOMY` rate limits."""
    app = create_app(replace(settings, **(ROOMY | changes)))
    app.test_client_class = ServerLikeClient
    return app.test_client()


def new_game(client, game: str = "tictactoe", players: list[str] = PLAYERS) -> str:
    response = client.post("/api/games", json={"game": game, "players": players})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["id"]


def turn_link(
    settings: Settings, game_id: str, move: dict[str, Any] | None = None, seat: str | None = None
) -> tuple[str, str]:
    """``(seat, path)`` of the deciding seat's link to its current decision, as its email
    would hold it (with ``move``, one option of it)."""
    with sessions(settings.database_url)() as session:
        loaded = eventstore.load(session, game_id)
        seat = seat or sorted(loaded.game.to_act(loaded.state))[0]
        token = links.decision_token(settings, loaded, seat, move)
    return seat, f"/act/{token}"


def ledger(settings: Settings) -> dict[str, int]:
    """How many rows each table holds: equal before and after means nothing was written."""
    with sessions(settings.database_url)() as session:
        return {
            table.name: session.scalar(select(func.count()).select_from(table)) or 0
            for table in Base.metadata.sorted_tables
        }


def contents(settings: Settings) -> dict[str, list[str]]:
    """Every row of every table (each game's ``last_seq`` and head hash, its events, the
    outbox, seats, people...): equal before and after means nothing at all was written."""
    with sessions(settings.database_url)() as session:
        return {
            table.name: sorted(repr(tuple(row)) for row in session.execute(select(table)))
            for table in Base.metadata.sorted_tables
        }


OVERDUE_FROM = datetime.fromisoformat("2026-03-02T09:00:00+00:00")  # a Monday


def overdue_game(client, settings: Settings, work: Callable[[], None]) -> tuple[str, str]:
    """``(game id, voter's seat)`` of a game whose first player let the deadline pass (in
    March 2026, under freezegun), so the other player is asked to vote (ballot 1)."""

    def tick() -> None:  # what the scheduler does every minute
        queue(settings).enqueue("workers.schedule.tick")
        work()

    with freeze_time(OVERDUE_FROM) as clock:
        game_id = new_game(client)
        tick()
        clock.tick(timedelta(days=4, hours=16))  # past the end of the third day
        tick()
    late = client.get(f"/api/games/{game_id}").get_json()["to_act"][0]
    return game_id, "p2" if late == "p1" else "p1"
