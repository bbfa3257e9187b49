"""An absence is told in the reader's words and time zone (issue 32 §2: away notices gave
ISO days in UTC, "2026-11-27から2026-12-05まで（日付は UTC 時間）"): the days as the
reader's language writes them and the zone by its name; to a reader whose midnights are not
the game's, the moments the absence begins and ends in their own zone."""

from __future__ import annotations

import re
from datetime import date

import pytest
from freezegun import freeze_time

from service.play import slowplay
from service.play.games import create_game
from service.store.db import sessions
from tests.helpers import html_of, text_of

pytestmark = pytest.mark.usefixtures("regulars")

ISO = re.compile(r"\b20\d\d-\d\d-\d\d\b")


@pytest.mark.parametrize(
    ("lang", "zone", "said"),
    [
        ("ja", "Asia/Tokyo", "2026年11月27日 9:00から2026年12月6日 9:00まで不在です（東京時間）"),
        (
            "ru",
            "Europe/Moscow",
            "27 ноября 2026 г., 03:00 — 6 декабря 2026 г., 03:00 (часовой пояс: Москва)",
        ),
        ("uk", None, "27 листопада 2026 р. — 5 грудня 2026 р. (часовий пояс: UTC)"),
        (
            "es",
            "Europe/London",
            "del 27 de noviembre de 2026 al 5 de diciembre de 2026 (hora de Londres)",
        ),
    ],
)
def test_an_away_notice_gives_the_days_in_the_readers_words_and_zone(
    settings, smtp, work, lang, zone, said
):
    reader = {"email": "ann@example.org", "language": lang, "time_zone": zone or ""}
    with freeze_time("2026-11-20"), sessions(settings.database_url).begin() as s:
        create_game(s, "tictactoe", [reader, "bob@example.org"])
    work()
    smtp.clear()
    with freeze_time("2026-11-20"), sessions(settings.database_url).begin() as s:
        assert slowplay.declare_away(s, "bob@example.org", date(2026, 11, 27), date(2026, 12, 5))
    work()
    (told,) = smtp.to("ann@example.org")
    for shown in (text_of(told), html_of(told)):
        assert said in " ".join(shown.split()), shown
        assert not ISO.search(shown.split("http")[0])
