"""What a reader's language and time zone change in a rendered email (issue 32 §5): the
plural form is the one the reader's catalog picks for the number (Russian «21 очко», «2 очка»,
«5 очков», never English's one-or-many), and the daily digest tells a deadline in the time
zone of the seat it is for."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from freezegun import freeze_time
from sqlalchemy import select

from engine.games.origin.names import points
from service import words
from service.mail import digest
from service.play import slowplay
from service.play.games import create_game
from service.present import notices
from service.store import eventstore
from service.store.db import sessions
from service.store.models import SeatRow
from tests.helpers import text_of

pytestmark = pytest.mark.usefixtures("regulars")

ANN = "ann@example.org"
BOB = "bob@example.org"
MONDAY = datetime.fromisoformat("2026-03-02T09:00:00+00:00")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "ru",
            {1: "1 очко", 2: "2 очка", 5: "5 очков", 11: "11 очков", 21: "21 очко", 22: "22 очка"},
        ),
        (
            "uk",
            {1: "1 очко", 2: "2 очки", 5: "5 очок", 11: "11 очок", 21: "21 очко", 22: "22 очки"},
        ),
        ("ja", {1: "1点", 2: "2点", 5: "5点", 21: "21点"}),
        ("en", {1: "1 point", 2: "2 points", 21: "21 points"}),
    ],
    ids=["ru", "uk", "ja", "en"],
)
def test_a_count_takes_the_plural_form_the_readers_language_chooses_for_it(lang, said):
    """Russian and Ukrainian have three forms, chosen by the last digits (21 is «очко», as 1
    is; 11 is «очков»); the English rule (one, or many) would print «21 очков», «2 очков»."""
    for n, text in said.items():
        assert words.text(points(n), lang) == text


@pytest.mark.parametrize(
    ("lang", "subjects"),
    [
        (
            "ru",
            {
                1: "Ежедневная сводка: вас ждёт 1 игра",
                2: "Ежедневная сводка: вас ждут 2 игры",
                5: "Ежедневная сводка: вас ждут 5 игр",
                21: "Ежедневная сводка: вас ждёт 21 игра",
            },
        ),
        (
            "uk",
            {
                2: "Щоденне зведення: на вас чекають 2 гри",
                5: "Щоденне зведення: на вас чекають 5 ігор",
                21: "Щоденне зведення: на вас чекає 21 гра",
            },
        ),
    ],
)
def test_the_digest_counts_its_games_in_the_readers_plural_forms(settings, lang, subjects):
    for n, subject in subjects.items():
        games = [
            {
                "title": "Tic-tac-toe",
                "id": f"g{i}",
                "acting": True,
                "voting": False,
                "deadline": None,
                "url": f"https://example.org/act/{i}",
                "seat_url": f"https://example.org/seat/{i}",
                "language": lang,
            }
            for i in range(n)
        ]
        email = digest.message(settings, ANN, "Анна", "2026-03-02", games)
        assert email["Subject"] == subject
        assert subject.split(": ")[1].split()[-2] in text_of(email), "the body counts alike"


def test_a_seat_in_tokyo_reads_its_digest_deadline_in_tokyo_time(settings):
    """The game keeps UTC days; Ann plays from Tokyo. Her deadline, the end of a UTC day, is
    09:00 the next morning there, and her digest says so (not «the end of» a UTC day)."""
    tokyo = ZoneInfo("Asia/Tokyo")
    with freeze_time(MONDAY):
        with sessions(settings.database_url).begin() as s:
            game_id = create_game(s, "tictactoe", [ANN, BOB]).loaded.row.id
            for seat in s.scalars(select(SeatRow).where(SeatRow.game_id == game_id)):
                seat.time_zone = "Asia/Tokyo"
                slowplay.set_notify(s, seat.email, "digest", MONDAY, 8)
        with sessions(settings.database_url)() as s:
            found = {email: digest.waiting_games(settings, s, email) for email in (ANN, BOB)}
            ((email, games),) = [(e, g) for e, g in found.items() if g]
            loaded = eventstore.load(s, game_id)
            (seat,) = loaded.game.to_act(loaded.state)
            deadline_at = notices.pace(loaded, seat)["deadline_at"]
        told = text_of(digest.message(settings, email, None, "2026-03-02", games))
    local = deadline_at.astimezone(tokyo)
    assert (local.hour, local.minute) == (9, 0), "the end of a UTC day, in Tokyo"
    assert f"{local:%A} {local.day} {local:%B %Y}, 09:00" in told, told
    assert "the end of" not in told, told


@pytest.mark.parametrize(
    ("lang", "seq", "said"),
    [
        ("ru", 502, "окончена после 40 ходов (502 события в журнале)."),
        ("ru", 21, "окончена после 40 ходов (21 событие в журнале)."),
        ("ru", 511, "окончена после 40 ходов (511 событий в журнале)."),
        ("uk", 502, "завершено після 40 ходів (502 події в журналі)."),
        ("en", 1, "is over after 40 turns (1 event in its log)."),
        ("ja", 502, "40ターンで終了しました（ログのイベント502件）。"),
    ],
    ids=["ru 502", "ru 21", "ru 511", "uk 502", "en 1", "ja 502"],
)
def test_the_end_of_a_game_counts_its_events_in_the_readers_plural_forms(lang, seq, said):
    """The email at the end of a game counts turns and events: each number takes its own
    plural form («502 события», never «502 событий»), not the turns' one."""
    from pathlib import Path

    from service.mail import compose

    template = Path(compose.__file__).parents[2] / "templates" / "email" / "message.txt"
    (line,) = [t for t in template.read_text("utf-8").splitlines() if "is over after" in t]
    with words.speaking(lang):
        told = compose._env.from_string(line).render(
            game={"title": "Orichalk", "id": "g1", "turns": 40, "seq": seq}
        )
    assert told.endswith(said), told
