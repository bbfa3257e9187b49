"""A player chooses their seat's language and time zone from the seat page (issue 17): the
page, and every email after, speak it; a language we do not serve or a zone that does not
exist is refused and changes nothing."""

from __future__ import annotations

import pytest

from service.store import eventstore
from service.store.db import sessions
from tests.helpers import refusal
from tests.workers.test_slow_play import new_game, seat_path


def seat(settings, game_id: str, name: str = "p1"):
    with sessions(settings.database_url)() as s:
        row = next(r for r in eventstore.load(s, game_id).row.seats if r.seat == name)
        return row.language, row.time_zone


def test_the_seat_page_sets_the_seats_language_and_time_zone(client, settings):
    game_id = new_game(client)
    page = seat_path(settings, game_id, "p1")
    assert seat(settings, game_id) == ("en", None)
    answer = client.post(page + "/language", data={"language": "uk", "time_zone": "Europe/Kyiv"})
    assert answer.status_code == 303
    assert seat(settings, game_id) == ("uk", "Europe/Kyiv")
    assert seat(settings, game_id, "p2") == ("en", None), "the other seat keeps its own"
    shown = client.get(page).get_data(as_text=True)
    assert '<html lang="uk">' in shown, "its page speaks it from now on"


LANGUAGE_REFUSED = "Choose one of: en, ru, uk, es, ja."


@pytest.mark.parametrize(
    ("form", "said"),
    [
        ({"language": "de", "time_zone": ""}, LANGUAGE_REFUSED),
        (
            {"language": "uk", "time_zone": "Mars/Olympus"},
            "'Mars/Olympus' is not a time zone (e.g. Europe/Kyiv).",
        ),
    ],
    ids=["a language we do not serve", "no such time zone"],
)
def test_a_language_or_zone_we_cannot_use_is_refused_and_changes_nothing(
    client, settings, form, said
):
    game_id = new_game(client)
    answer = client.post(seat_path(settings, game_id, "p1") + "/language", data=form)
    assert answer.status_code == 400
    assert refusal(answer.get_data(as_text=True)) == said
    assert seat(settings, game_id) == ("en", None)


def test_a_deadline_is_told_in_the_readers_own_time_zone_and_language(settings, client):
    from datetime import UTC, datetime

    from service import words
    from service.present import notices

    game_id = new_game(client)
    with sessions(settings.database_url)() as s:
        table = eventstore.load(s, game_id).table
    moment = datetime(2026, 3, 5, 12, 30, tzinfo=UTC)
    with words.speaking("en"):
        assert str(words.text(notices.when(table, moment))).endswith("12:30 (UTC time)")
    with words.speaking("en", "Asia/Tokyo"):
        told = words.text(notices.when(table, moment))
    assert "21:30" in told and "(Tokyo time)" in told, told
    with words.speaking("uk", "Europe/Kyiv"):
        told = words.text(notices.when(table, moment))
    assert "14:30" in told and "березня" in told and "Київ" in told, told
    # Issue 32 §2: the zone by its name in the reader's language, never its id.
    with words.speaking("ja", "Asia/Tokyo"):
        told = words.text(notices.when(table, moment))
    assert "（東京時間）" in told and "Asia" not in told, told
    with words.speaking("ru", "Europe/Moscow"):
        told = words.text(notices.when(table, moment))
    assert "15:30 (часовой пояс: Москва)" in told and "Europe" not in told, told
    with words.speaking("es", "Europe/Madrid"):
        told = words.text(notices.when(table, moment))
    assert "(hora de Madrid)" in told, told
