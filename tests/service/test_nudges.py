"""Nudging (issue 4), at its edges (issue 15: mutants of ``nudge`` that survived): a player
cannot nudge themselves or a seat with nothing to decide, and a seat at most once a day, to
the second; each refusal says why, in the reader's language, and names its game."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from freezegun import freeze_time

from service import words
from service.errors import BadRequest, ServiceError, Stale, TooSoon
from service.play import slowplay
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions

MONDAY = datetime.fromisoformat("2026-03-02T09:00:00+00:00")


def game(settings) -> tuple[str, str, str]:
    """A new game: its id, the seat that must act, the other seat."""
    with freeze_time(MONDAY), sessions(settings.database_url).begin() as s:
        loaded = create_game(s, "tictactoe", ["ann@example.org", "bob@example.org"]).loaded
        (acting,) = loaded.game.to_act(loaded.state)
        other = next(seat for seat in loaded.table.seats if seat != acting)
        return loaded.row.id, acting, other


def nudge(settings, game_id: str, by: str, target: str, at: datetime) -> list[int]:
    with freeze_time(at), sessions(settings.database_url).begin() as s:
        return slowplay.nudge(s, game_id, by, 0, target)


def refusal(settings, kind: type[ServiceError], *args: Any) -> ServiceError:
    with pytest.raises(kind) as refused:
        nudge(settings, *args)
    return refused.value


def test_a_player_cannot_nudge_themselves(settings):
    game_id, acting, _ = game(settings)
    refused = refusal(settings, BadRequest, game_id, acting, acting, MONDAY)
    assert refused.message == "You cannot nudge yourself."


def test_a_seat_with_nothing_to_decide_cannot_be_nudged_and_the_refusal_names_the_game(
    settings,
):
    game_id, acting, other = game(settings)
    refused = refusal(settings, Stale, game_id, acting, other, MONDAY)
    assert refused.message == "That player has nothing to decide right now."
    assert refused.context == {"game_id": game_id}


def test_a_second_nudge_within_the_day_is_refused_until_the_second_it_becomes_due(settings):
    game_id, acting, other = game(settings)
    assert nudge(settings, game_id, other, acting, MONDAY)
    a_second_early = MONDAY + timedelta(days=1) - timedelta(seconds=1)
    refused = refusal(settings, TooSoon, game_id, other, acting, a_second_early)
    assert refused.message == (
        "That player was nudged less than a day ago. You can nudge again after "
        "Tuesday 03 March 09:00 UTC."
    )
    assert refused.context == {"game_id": game_id}
    assert refused.retry_after == 1
    assert nudge(settings, game_id, other, acting, MONDAY + timedelta(days=1)), "a day on"


def test_the_too_soon_refusal_names_the_day_in_the_readers_language(settings):
    game_id, acting, other = game(settings)
    nudge(settings, game_id, other, acting, MONDAY)
    with words.speaking("ru"):
        refused = refusal(settings, TooSoon, game_id, other, acting, MONDAY + timedelta(hours=1))
        said = words.text(refused.message)
    assert said == (
        "Этого игрока торопили меньше суток назад. Снова поторопить можно будет: "
        "вторник 3 марта 09:00 UTC."
    )


def test_a_nudge_is_recorded_as_the_nudgers_act_and_emails_the_nudged_seat(settings):
    game_id, acting, other = game(settings)
    assert len(nudge(settings, game_id, other, acting, MONDAY)) == 1
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
    assert loaded.table.last_nudged(acting) == MONDAY
