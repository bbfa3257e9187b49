"""Declaring an absence (issue 4), at its edges (issue 15: mutants of ``declare_away`` that
survived): a single day and a day just ended are absences; one that ends before it starts,
lasts too long or is over is refused, saying why; in every game of the player the absence
is recorded as the player's own act, and the others are told."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from freezegun import freeze_time
from sqlalchemy import select

from service import words
from service.errors import BadRequest
from service.play import slowplay
from service.play.games import create_game
from service.store.db import sessions
from service.store.models import EventRow, GameRow, OutboxRow

TODAY = date(2026, 3, 2)
ANN = "ann@example.org"


def games(settings, count: int = 2) -> list[str]:
    with freeze_time(TODAY), sessions(settings.database_url).begin() as s:
        return [
            create_game(s, "tictactoe", [ANN, f"other{i}@example.org"]).loaded.row.id
            for i in range(count)
        ]


def away(settings, first: date, last: date) -> list[int]:
    with freeze_time(TODAY), sessions(settings.database_url).begin() as s:
        return slowplay.declare_away(s, ANN, first, last)


@pytest.mark.parametrize(
    ("first", "last"),
    [(TODAY, TODAY), (TODAY - timedelta(days=1), TODAY - timedelta(days=1))],
    ids=["a single day", "yesterday, still today somewhere"],
)
def test_a_single_day_or_one_just_ended_is_an_absence(settings, first, last):
    games(settings, 1)
    assert away(settings, first, last), "the other player is told"


@pytest.mark.parametrize(
    ("first", "last", "reason"),
    [
        (TODAY, TODAY - timedelta(days=1), "The last day away comes before the first."),
        (TODAY, TODAY + timedelta(days=120), "An absence lasts at most 120 days."),
        (TODAY - timedelta(days=5), TODAY - timedelta(days=2), "Those days are already over."),
    ],
    ids=["backwards", "too long", "over"],
)
def test_an_absence_that_cannot_be_is_refused_saying_why(settings, first, last, reason):
    games(settings, 1)
    with pytest.raises(BadRequest) as refused:
        away(settings, first, last)
    assert refused.value.message == reason


def test_the_too_long_refusal_counts_the_days_in_the_readers_language(settings):
    games(settings, 1)
    with words.speaking("ru"), pytest.raises(BadRequest) as refused:
        away(settings, TODAY, TODAY + timedelta(days=120))
    with words.speaking("ru"):
        assert words.text(refused.value.message) == "Отсутствие длится не больше 120 дней."


def test_an_absence_from_the_desk_for_one_game_reaches_it_whichever_game_comes_first(settings):
    """The player's games are visited in order of their ids: one absence for the last of
    them passes over the others, and records in it alone."""
    ids = games(settings, 3)
    chosen = max(ids)
    with freeze_time(TODAY), sessions(settings.database_url).begin() as s:
        sent = slowplay.declare_away(s, ANN, TODAY, TODAY + timedelta(days=3), only=chosen)
    with sessions(settings.database_url)() as s:
        recorded = s.scalars(select(EventRow.game_id).where(EventRow.type == "table.away")).all()
        told = s.scalars(select(OutboxRow.game_id).where(OutboxRow.id.in_(sent))).all()
    assert recorded == [chosen]
    assert told == [chosen]


def test_the_longest_absence_is_accepted(settings):
    games(settings, 1)
    assert away(settings, TODAY, TODAY + timedelta(days=119))


def test_an_absence_is_the_players_own_act_in_every_game_and_the_others_are_told(settings):
    ids = games(settings, 2)
    sent = away(settings, TODAY, TODAY + timedelta(days=3))
    with sessions(settings.database_url)() as s:
        recorded = s.scalars(select(EventRow).where(EventRow.type == "table.away")).all()
        told = s.scalars(select(OutboxRow).where(OutboxRow.id.in_(sent))).all()
    assert sorted(r.game_id for r in recorded) == sorted(ids)
    assert [(r.seat, r.payload["seat"]) for r in recorded] == [(r.seat, r.seat) for r in recorded]
    assert all(r.seat is not None for r in recorded), "recorded as the player's, not the table's"
    assert sorted((t.game_id, t.kind) for t in told) == sorted((g, "away") for g in ids)
    assert all(t.seat != recorded[0].seat for t in told), "the others are told, not the player"


def test_a_finished_game_is_passed_over_and_every_later_game_still_hears_of_the_absence(
    settings,
):
    """The games are visited in order of their ids, the finished one first: an absence that
    stopped at it would reach none of the player's games still going."""
    from tests.service.test_eventstore import PLAYERS, play

    with freeze_time(TODAY):
        ended = next(
            g for g in (play(settings, 20, seed=n) for n in range(1, 9)) if over(settings, g)
        )
        later = []
        while not later:  # ids are random: a game whose id comes after the finished one's
            with sessions(settings.database_url).begin() as s:
                game_id = create_game(s, "tictactoe", [PLAYERS[0], "zed@example.org"]).loaded.row.id
            later = [game_id] if game_id > ended else []
    with freeze_time(TODAY), sessions(settings.database_url).begin() as s:
        slowplay.declare_away(s, PLAYERS[0], TODAY, TODAY + timedelta(days=2))
    with sessions(settings.database_url)() as s:
        away_in = set(s.scalars(select(EventRow.game_id).where(EventRow.type == "table.away")))
    assert ended not in away_in
    assert set(later) <= away_in


def over(settings, game_id: str) -> bool:
    with sessions(settings.database_url)() as s:
        return s.get(GameRow, game_id).over
