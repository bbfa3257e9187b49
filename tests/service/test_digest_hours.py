"""Choosing how turns are told, and the digest's hour (issues 4, 17, 20), at their edges
(issue 15: mutants of ``set_notify`` and ``next_digest`` that survived): every hour of the
day from 0 to 23 is a digest hour and no other, each refusal read whole and naming the
player's own time zone; the next digest falls on the hour itself, to the second, in UTC
whatever the machine's zone."""

from __future__ import annotations

import time
from datetime import datetime, timedelta

import pytest
from sqlalchemy import select, update

from service.errors import BadRequest
from service.play import slowplay
from service.play.moves import create_game
from service.store.db import sessions
from service.store.models import PersonRow, SeatRow

ANN = "ann@example.org"
MONDAY = datetime.fromisoformat("2026-03-02T09:00:00+00:00")


def seated(settings, zone: str | None = None) -> None:  # type: ignore[no-untyped-def]
    """Ann plays a game; her seat keeps ``zone`` as her time zone."""
    with sessions(settings.database_url).begin() as s:
        create_game(s, "tictactoe", [ANN, "bob@example.org"])
        s.execute(update(SeatRow).where(SeatRow.email == ANN).values(time_zone=zone))


def choose(settings, mode: str, hour: int | None = None) -> PersonRow:  # type: ignore[no-untyped-def]
    with sessions(settings.database_url).begin() as s:
        slowplay.set_notify(s, ANN, mode, MONDAY, hour)
    with sessions(settings.database_url)() as s:
        return s.scalar(select(PersonRow).where(PersonRow.email == ANN))


@pytest.mark.parametrize("hour", [0, 23])
def test_the_first_and_last_hours_of_the_day_are_digest_hours(settings, hour):
    seated(settings)
    assert choose(settings, "digest", hour).digest_hour == hour


@pytest.mark.parametrize(
    ("zone", "shown"), [(None, "UTC"), ("Asia/Tokyo", "Asia/Tokyo")], ids=["no zone", "Tokyo"]
)
@pytest.mark.parametrize("hour", [-1, 24])
def test_an_hour_outside_the_day_is_refused_in_the_players_own_zone(settings, zone, shown, hour):
    seated(settings, zone)
    with pytest.raises(BadRequest) as refused:
        choose(settings, "digest", hour)
    assert refused.value.message == f"The digest hour runs from 0 to 23 ({shown})."


def test_a_way_of_being_told_that_is_not_offered_is_refused_naming_those_that_are(settings):
    seated(settings)
    with pytest.raises(BadRequest) as refused:
        choose(settings, "sometimes")
    assert refused.value.message == "Choose one of: each, digest, none."


@pytest.mark.parametrize(
    ("after", "due"),
    [
        ("2026-03-02T06:59:59.999999+00:00", "2026-03-02T07:00:00+00:00"),
        ("2026-03-02T06:30:15.500000+00:00", "2026-03-02T07:00:00+00:00"),
        ("2026-03-02T07:00:00+00:00", "2026-03-03T07:00:00+00:00"),
        ("2026-03-02T07:00:00.000001+00:00", "2026-03-03T07:00:00+00:00"),
    ],
    ids=["a moment before", "within the hour before", "on the hour", "a moment after"],
)
def test_the_next_digest_is_on_the_hour_itself_and_strictly_after(after, due):
    got = slowplay.next_digest(datetime.fromisoformat(after), 7)
    assert got == datetime.fromisoformat(due)
    assert (got.minute, got.second, got.microsecond) == (0, 0, 0)


def test_the_next_digest_is_the_players_hour_in_utc_whatever_the_machines_zone(monkeypatch):
    """Monday 09:00 UTC is 18:00 in Tokyo: the next 08:00 there is Monday 23:00 UTC."""
    try:
        for machine in ("Asia/Tokyo", "America/Los_Angeles", "UTC"):
            monkeypatch.setenv("TZ", machine)
            time.tzset()
            tokyo = slowplay.next_digest(MONDAY, 8, "Asia/Tokyo")
            utc = slowplay.next_digest(MONDAY, 8)
            assert tokyo == MONDAY.replace(hour=23), machine
            assert utc == MONDAY + timedelta(hours=23), machine
            assert tokyo.utcoffset() == utc.utcoffset() == timedelta(0), machine
    finally:
        monkeypatch.undo()
        time.tzset()


def test_choosing_the_digest_sets_when_it_is_next_due_and_another_way_clears_it(settings):
    seated(settings, "Asia/Tokyo")
    assert choose(settings, "digest", 8).next_digest_at == MONDAY.replace(hour=23)
    assert choose(settings, "each").next_digest_at is None
