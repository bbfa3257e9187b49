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
from service.play.games import create_game
from service.store.db import sessions
from service.store.models import PersonRow, SeatRow

ANN = "ann@example.org"
MONDAY = datetime.fromisoformat("2026-03-02T09:00:00+00:00")


def seated(settings, zone: str | None = None) -> None:
    """Ann plays a game; her seat keeps ``zone`` as her time zone."""
    with sessions(settings.database_url).begin() as s:
        create_game(s, "tictactoe", [ANN, "bob@example.org"])
    zone_of(settings, ANN, zone)


def choose(settings, mode: str, hour: int | None = None) -> PersonRow:
    with sessions(settings.database_url).begin() as s:
        slowplay.set_notify(s, ANN, mode, MONDAY, hour)
    with sessions(settings.database_url)() as s:
        return s.scalar(select(PersonRow).where(PersonRow.email == ANN))


def refused(settings, mode: str, hour: int | None = None) -> str:
    """The refusal of ``mode`` at ``hour``, as the player reads it."""
    with pytest.raises(BadRequest) as refusal:
        choose(settings, mode, hour)
    return refusal.value.message


def zone_of(settings, email: str, zone: str) -> None:
    """Every seat of ``email`` keeps ``zone``."""
    with sessions(settings.database_url).begin() as s:
        s.execute(update(SeatRow).where(SeatRow.email == email).values(time_zone=zone))


@pytest.mark.parametrize("hour", [0, 23])
def test_the_first_and_last_hours_of_the_day_are_digest_hours(settings, hour):
    seated(settings)
    assert choose(settings, "digest", hour).digest_hour == hour


@pytest.mark.parametrize(
    ("zone", "shown"), [(None, "UTC"), ("Asia/Tokyo", "Tokyo")], ids=["no zone", "Tokyo"]
)
@pytest.mark.parametrize("hour", [-1, 24])
def test_an_hour_outside_the_day_is_refused_in_the_players_own_zone(settings, zone, shown, hour):
    seated(settings, zone)
    assert refused(settings, "digest", hour) == f"The digest hour runs from 0 to 23 ({shown})."


def test_a_way_of_being_told_that_is_not_offered_is_refused_naming_those_that_are(settings):
    seated(settings)
    assert refused(settings, "sometimes") == "Choose one of: each, digest, none, channels."


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


def test_the_zone_named_is_the_players_newest_seat_that_has_one_never_another_players(settings):
    """Ann played in Kyiv, then in Tokyo, then gave no zone; Bob plays in Los Angeles."""
    for zone in ("Europe/Kyiv", "Asia/Tokyo", None):
        with sessions(settings.database_url).begin() as s:
            create_game(s, "tictactoe", [ANN, "bob@example.org"])
            newest = s.scalars(
                select(SeatRow).where(SeatRow.email == ANN).order_by(SeatRow.id.desc())
            ).first()
            newest.time_zone = zone
    zone_of(settings, "bob@example.org", "America/Los_Angeles")
    assert refused(settings, "digest", 24) == "The digest hour runs from 0 to 23 (Tokyo)."


def test_another_players_zone_is_not_named_to_a_player_without_one(settings):
    seated(settings)
    zone_of(settings, "bob@example.org", "Asia/Tokyo")
    assert refused(settings, "digest", 24) == "The digest hour runs from 0 to 23 (UTC)."


def test_a_player_new_to_choosing_who_takes_the_digest_in_one_game_gets_it_at_seven(settings):
    """No choice made before: the player's own way stays each turn, the digest hour 07:00."""
    seated(settings)
    with sessions(settings.database_url).begin() as s:
        seats = s.scalars(select(SeatRow).where(SeatRow.email == ANN)).all()
        slowplay.set_notify(s, ANN, "digest", MONDAY, None, seats)
    with sessions(settings.database_url)() as s:
        me = s.scalar(select(PersonRow).where(PersonRow.email == ANN))
        assert (me.notify, me.digest_hour) == ("each", 7)
        assert me.next_digest_at == MONDAY + timedelta(hours=22), "Tuesday 07:00 UTC"


def test_a_game_given_the_players_own_way_follows_it_rather_than_keeping_a_way_of_its_own(
    settings,
):
    """The desk lists the games with a way of their own: one set to the player's own way is
    not one of them."""
    seated(settings)
    choose(settings, "digest", 8)
    with sessions(settings.database_url).begin() as s:
        seats = s.scalars(select(SeatRow).where(SeatRow.email == ANN)).all()
        slowplay.set_notify(s, ANN, "digest", MONDAY, None, seats)
        assert [seat.notify for seat in seats] == [None]
        slowplay.set_notify(s, ANN, "none", MONDAY, None, seats)
        assert [seat.notify for seat in seats] == ["none"]


def test_another_players_digest_does_not_make_one_due_for_a_player_who_takes_none(settings):
    seated(settings)
    with sessions(settings.database_url).begin() as s:
        bobs = s.scalars(select(SeatRow).where(SeatRow.email == "bob@example.org")).all()
        slowplay.set_notify(s, "bob@example.org", "digest", MONDAY, None, bobs)
    assert choose(settings, "each").next_digest_at is None
