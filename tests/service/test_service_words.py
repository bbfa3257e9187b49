"""The service's own words are translatable and translated (issue 17): every sentence the
service writes (emails, subjects, notices, pages, the errors players meet) is a message of
the domain ``messages``, extracted as ``make translations`` extracts it, and translated in
every language we serve; a seat that speaks Ukrainian or Japanese meets none of the English
sentences, while an English seat keeps them."""

from __future__ import annotations

import html
import re
import string
from datetime import datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from freezegun import freeze_time

import service
from service import words
from tests.games.catalogs import LANGUAGES, PYTHON, Key, assert_translated, catalogs, extracted
from tests.helpers import URL, headline, option_links, path, refusal, text_of

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")

ROOT = Path(service.__file__).parent.parent
SOURCES = (
    (ROOT / "service", (*PYTHON, ("templates/**.html", "jinja2"))),
    (ROOT / "workers", PYTHON),
    (ROOT / "templates" / "email", (("**", "jinja2"),)),
)
"""Where the service marks messages, and how ``babel.cfg`` reads each place."""


def marked() -> dict[Key, str | tuple[str, ...]]:
    found: dict[Key, str | tuple[str, ...]] = {}
    for folder, method_map in SOURCES:
        found.update(extracted(folder, method_map))
    return found


def english_sentences() -> set[str]:
    """The English of every marked message, in the pieces a reader would see: the text
    between its placeholders, longer than 12 characters (shorter ones are words a name or a
    translation may hold too)."""
    pieces = set()
    for message in marked().values():
        for source in message if isinstance(message, tuple) else (message,):
            for literal, _name, _spec, _conv in string.Formatter().parse(source):
                if len(literal.strip()) > 12:
                    pieces.add(literal.strip())
    return pieces


def test_every_message_the_service_marks_is_translated_in_every_language():
    messages = marked()
    assert len(messages) > 300, "the emails, pages and errors are marked"
    assert ("It is your turn in {title} (game #{id}, turn {turn}).", None) in messages
    assert ("Since your last turn", None) in messages  # from the email templates
    assert ("Your seat", None) in messages  # from the page templates
    assert_translated(catalogs(ROOT / "service", words.DOMAIN), messages)
    assert set(LANGUAGES) | {"en"} == set(words.LANGUAGES)


def test_the_pot_file_holds_what_make_translations_extracts():
    pot = (ROOT / "service" / "translations" / "messages.pot").read_text("utf-8")
    missing = [
        msgid
        for msgid, _context in marked()
        if f'msgid "{msgid}"' not in pot and len(msgid) < 70 and '"' not in msgid
    ]
    assert not missing, f"run make translations: {missing[:10]}"


def english_in(text: str, sentences: set[str]) -> list[str]:
    text = html.unescape(text)
    return sorted(s for s in sentences if s in text)


def links_to(message: EmailMessage, kind: str) -> list[str]:
    return [u for u in URL.findall(text_of(message)) if f"/{kind}/" in u]


def parts(message: EmailMessage) -> list[str]:
    html_part = message.get_body(preferencelist=("html",))
    assert html_part is not None
    return [str(message["Subject"]), text_of(message), html_part.get_content()]


def play_to_the_end(client, smtp, work, game_id: str, emails: dict[str, str]) -> None:
    """Each seat to act takes the first one-click option of its newest email, to the end."""
    for _ in range(9):
        state = client.get(f"/api/games/{game_id}").get_json()
        if state["over"]:
            return
        (mover,) = state["to_act"]
        (label, url), *_rest = option_links(smtp.to(emails[mover])[-1])
        assert label
        assert client.post(path(url)).status_code == 303
        work()
    assert client.get(f"/api/games/{game_id}").get_json()["over"]


@pytest.mark.parametrize(("lang", "name"), [("uk", "Олена Коваленко"), ("ja", "田中 花子")])
def test_a_seat_in_another_language_meets_no_english_sentence_from_invitation_to_the_end(
    client, smtp, work, lang, name
):
    emails = {"p1": f"{lang}@example.org", "p2": "ann@example.org"}
    players = [
        {"email": emails["p1"], "name": name, "language": lang},
        {"email": emails["p2"], "name": "Ann", "language": "en"},
    ]
    response = client.post("/api/games", json={"game": "tictactoe", "players": players})
    assert response.status_code == 201, response.get_data(as_text=True)
    game_id = response.get_json()["id"]
    work()
    play_to_the_end(client, smtp, work, game_id, emails)
    sentences = english_sentences()

    mine = smtp.to(emails["p1"])
    assert len(mine) >= 3, "an invitation, turns and the end of the game"
    for message in mine:
        for part in parts(message):
            assert not english_in(part, sentences), (
                message["Subject"],
                english_in(part, sentences),
            )
    turn = next(m for m in reversed(mine) if links_to(m, "act"))
    # Issue 35 §4: the last email's rematch page, in the seat's language too.
    (rematch,) = [u for u in links_to(mine[-1], "seat") if u.endswith("/rematch")]
    for page in (links_to(turn, "seat")[0], links_to(turn, "act")[0], rematch):
        body = client.get(path(page)).get_data(as_text=True)
        assert f'<html lang="{lang}">' in body
        assert not english_in(body, sentences), (page, english_in(body, sentences))

    theirs = smtp.to(emails["p2"])
    assert theirs and all("Hello Ann," in text_of(m) for m in theirs), "English stays English"
    assert any(english_in(part, sentences) for m in theirs for part in parts(m))
    seat = next(u for u in links_to(theirs[-1], "seat") if not u.endswith("/rematch"))
    body = client.get(path(seat)).get_data(as_text=True)
    assert '<html lang="en">' in body and "Your seat" in body


def test_the_switcher_answers_in_the_chosen_language_and_remembers_it(client):
    chosen = client.get("/?lang=es")
    body = chosen.get_data(as_text=True)
    assert '<html lang="es">' in body and "Empezar una partida" in body
    assert "Start a game" not in body
    assert re.search(r"lang=es;", chosen.headers.get("Set-Cookie", ""))
    again = client.get("/").get_data(as_text=True)
    assert '<html lang="es">' in again, "the cookie keeps the choice"


def test_a_browser_asking_for_russian_gets_russian(app):
    fresh = app.test_client()
    body = fresh.get("/", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}).get_data(
        as_text=True
    )
    assert '<html lang="ru">' in body and "Начать игру" in body and "Start a game" not in body
    english = fresh.get("/").get_data(as_text=True)
    assert '<html lang="en">' in english and "Start a game" in english


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "There is no game 'zzzz'."),
        ("ja", "ゲーム 'zzzz' はありません。"),
        ("ru", "Игры 'zzzz' нет."),
        ("uk", "Гри 'zzzz' немає."),
        ("es", "No existe la partida 'zzzz'."),
    ],
)
def test_a_game_that_does_not_exist_is_said_so_in_the_readers_language(app, lang, sentence):
    fresh = app.test_client()
    page = fresh.get("/games/zzzz", headers={"Accept-Language": lang})
    assert page.status_code == 404
    assert refusal(page.get_data(as_text=True)) == sentence


START = datetime.fromisoformat("2026-03-02T09:00:00+00:00")  # a Monday


def test_a_ukrainian_seat_reads_its_reminder_deadline_and_digest_in_ukrainian(
    client, smtp, settings, tick
):
    emails = {"p1": "olena@example.org", "p2": "ann@example.org"}
    players = [
        {"email": emails["p1"], "name": "Олена", "language": "uk"},
        {"email": emails["p2"], "name": "Ann", "language": "en"},
    ]
    sentences = english_sentences()
    with freeze_time(START) as clock:
        response = client.post("/api/games", json={"game": "tictactoe", "players": players})
        game_id = response.get_json()["id"]
        tick()
        if client.get(f"/api/games/{game_id}").get_json()["to_act"] == ["p2"]:
            (_label, url), *_rest = option_links(smtp.to(emails["p2"])[-1])
            assert client.post(path(url)).status_code == 303
            tick()
        invitation = smtp.to(emails["p1"])[0]
        clock.tick(timedelta(hours=25))
        tick()
        (reminder,) = [m for m in smtp.to(emails["p1"]) if "Нагадування" in headline(m)]
        for part in parts(reminder):
            assert not english_in(part, sentences), english_in(part, sentences)
        assert "листопада" not in text_of(reminder) and "березня 2026" in text_of(reminder)

        settings_link = next(u for u in URL.findall(text_of(invitation)) if "/settings/" in u)
        assert client.post(path(settings_link), data={"notify": "digest"}).status_code == 200
        smtp.clear()
        clock.move_to(START.replace(day=4, hour=7, minute=0, second=30))
        tick()
        tick()
    (digest,) = smtp.to(emails["p1"])
    assert digest["Subject"] == "Щоденне зведення: на вас чекає 1 гра"
    for part in parts(digest):
        assert not english_in(part, sentences), english_in(part, sentences)


@pytest.mark.parametrize("lang", ["ru", "ja"])
def test_every_page_of_a_finished_game_speaks_the_chosen_language(client, smtp, work, lang):
    emails = {"p1": "ann@example.org", "p2": "bob@example.org"}
    players = [{"email": emails["p1"], "name": "Ann"}, {"email": emails["p2"], "name": "Bob"}]
    response = client.post("/api/games", json={"game": "tictactoe", "players": players})
    game_id = response.get_json()["id"]
    work()
    play_to_the_end(client, smtp, work, game_id, emails)
    last = smtp.to(emails["p1"])[-1]
    seat = path(links_to(last, "seat")[0]).split("?")[0]
    pages = [
        "/",
        f"/games/{game_id}",
        f"/games/{game_id}/history",
        f"/games/{game_id}/replay/3",
        f"{seat}",
        f"{seat}/history",
        f"{seat}/replay/1",
        "/games/origin/data",
        path(next(u for u in URL.findall(text_of(last)) if "/settings/" in u)),
        path(next(u for u in URL.findall(text_of(last)) if "/unsubscribe/" in u)),
        "/games/nosuchgame",
        "/no/such/page",
    ]
    sentences = english_sentences()
    for page in pages:
        response = client.get(page + ("&" if "?" in page else "?") + f"lang={lang}")
        body = response.get_data(as_text=True)
        assert f'<html lang="{lang}">' in body, page
        assert not english_in(body, sentences), (page, english_in(body, sentences))
