"""Helpers for the hostile-input and fault tests: a game to attack, its current signed link,
and what the database holds (to show that a refused request wrote nothing)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from service import eventstore, tokens
from service.config import Settings
from service.db import sessions
from service.models import Base

PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]


def new_game(client, game: str = "tictactoe", players: list[str] = PLAYERS) -> str:  # type: ignore[no-untyped-def]
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
        token = tokens.action_token(
            settings.secret_key,
            game_id,
            seat,
            loaded.turn_seq,
            move,
            loaded.table.generation(seat),
        )
    return seat, f"/act/{token}"


def ledger(settings: Settings) -> dict[str, int]:
    """How many rows each table holds: equal before and after means nothing was written."""
    with sessions(settings.database_url)() as session:
        return {
            table.name: session.scalar(select(func.count()).select_from(table)) or 0
            for table in Base.metadata.sorted_tables
        }
