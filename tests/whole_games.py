"""Whole games as their players read them (issue 32 §1 and §2): a game of each of our games
played by its seats' bots in one language, every seat's player named in that language's
script, and everything a reader of it reads collected on the way: every email (subject, text
part, HTML part), the pages its links open (seat, turn, history, the game's page, the desk),
every text drawn into a picture, and the API's sentences.

Moves go straight through the service's move function (:func:`service.play.moves.make_move`)
as a link's POST does, except every ``reply_every``-th, which is a reply with the bot's code
to the seat's newest email, so the answers to replies ("Played 2: …") are read too. The
emails go out after every move, as the worker sends them. A game is cut after ``decisions``
decisions when given one (``None``: to its end, the game-over email included).

A test takes a :class:`Table` and checks its :attr:`Table.readings`; what "text" means for
each kind of reading (tags, URLs, JSON) is the test's to decide: readings are kept raw.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine import registry
from engine.kit.drawing import Drawing, Group, Shape, Text
from service.boards import drawing
from service.present import codes
from service.store import eventstore
from service.store.db import sessions
from tests.fixtures import have_played
from tests.helpers import URL, csrf_token, html_of, path, play_now, text_of
from tests.service.replying import codes_of, deliver, reply_message

GAMES = ("origin", "origins-first-builders", "orichalk")
LANGUAGES = ("ja", "ru", "uk", "es", "en")
NAMES = {
    "ja": ("さくら", "田中健太", "美咲", "翔"),
    "ru": ("Иван Петров", "Анна", "Ольга", "Пётр"),
    "uk": ("Олена", "Тарас Шевчук", "Оксана", "Богдан"),
    "es": ("María José", "Íñigo", "Lucía", "Álvaro"),
    "en": ("Ann", "Bob Smith", "Cy", "Di"),
}
"""Players' names in each reader's script: a seat id next to one of them is as easy to see
as next to any word of the language."""
KINDS = ("subject", "text", "html", "page", "picture", "api")
"""What a reading is: an email's subject, text part or HTML part, a page (HTML), the texts
of one picture (one per line) or the API's answer (JSON)."""


@dataclass(frozen=True)
class Reading:
    kind: str
    """One of :data:`KINDS`."""
    where: str
    """Which email, page or picture, for a failure's message."""
    content: str


@dataclass
class Table:
    game: str
    language: str
    game_id: str = ""
    players: list[dict[str, str]] = field(default_factory=list)
    readings: list[Reading] = field(default_factory=list)
    decisions: int = 0
    replies: int = 0
    over: bool = False

    def of(self, *kinds: str) -> Iterator[Reading]:
        return (r for r in self.readings if r.kind in kinds)


def _drawn_texts(shapes: tuple[Shape, ...] | list[Shape]) -> Iterator[str]:
    for shape in shapes:
        if isinstance(shape, Text):
            yield str(shape.text)
        elif isinstance(shape, Group):
            if shape.title:
                yield str(shape.title)
            yield from _drawn_texts(shape.shapes)


def record_pictures(monkeypatch: pytest.MonkeyPatch, table: Table) -> None:
    """Every picture drawn from now on (SVG for pages, PNG for emails) adds its texts, as
    they are drawn (in the reader's language, players named), to ``table``'s readings."""
    named = drawing._named

    def recording(picture: Drawing) -> Drawing:
        shown = named(picture)
        texts = [str(shown.title), *_drawn_texts([*shown.backdrop, *shown.shapes])]
        table.readings.append(
            Reading("picture", f"picture {len(table.readings)}", "\n".join(t for t in texts if t))
        )
        return shown

    monkeypatch.setattr(drawing, "_named", recording)


SKIPPED_PAGES = ("/unsubscribe/", "/never/", "/me/sign-in/", "/address/", "/cid/")
"""Links whose GET is a confirmation form with nothing of the game in it."""


def _pages_of(message: Any) -> set[str]:
    """The pages an email links to, as paths."""
    found = {path(u.rstrip(".,)")) for u in URL.findall(text_of(message))}
    return {p for p in found if p.startswith("/") and not any(s in p for s in SKIPPED_PAGES)}


def _read_page(client: Any, table: Table, url: str) -> None:
    answer = client.get(url)
    if answer.status_code == 200:
        kind = "api" if url.startswith("/api/") else "page"
        table.readings.append(Reading(kind, url, answer.get_data(as_text=True)))


def _desk(app: Any, smtp: Any, work: Callable[[], None], table: Table, address: str) -> None:
    """The player's desk, signed in by the link emailed to them, in a browser of its own."""
    browser = app.test_client()
    token = csrf_token(browser.get("/me").get_data(as_text=True))
    browser.post("/me", data={"email": address, "csrf_token": token})
    work()
    links = [u for m in smtp.to(address) for u in URL.findall(text_of(m)) if "/me/sign-in/" in u]
    if not links:
        return
    assert browser.post(path(links[-1])).status_code == 303
    _read_page(browser, table, "/me")


def _read_emails(smtp: Any, table: Table, seen: set[int]) -> None:
    for index, message in enumerate(smtp.messages):
        if index in seen:
            continue
        seen.add(index)
        where = f"email {index} to {message['To']}"
        table.readings.append(Reading("subject", where, str(message["Subject"])))
        table.readings.append(Reading("text", where, text_of(message)))
        table.readings.append(Reading("html", where, html_of(message)))


def _by_reply(settings: Any, smtp: Any, address: str, code: str) -> bool:
    """Reply ``code`` to the newest email offering ``address`` a decision; False if none."""
    offers = [m for m in smtp.to(address) if m["Reply-To"] and codes_of(m)]
    if not offers:
        return False
    row, _ = deliver(settings, reply_message(offers[-1], f"{code}\n"))
    return row.outcome == "applied"


def play(
    app: Any,
    smtp: Any,
    work: Callable[[], None],
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    language: str,
    *,
    players: int | None = None,
    decisions: int | None = None,
    reply_every: int = 5,
    pages_every: int = 25,
) -> Table:
    """A game of ``game`` whose players all read ``language``, played as the module says;
    the pages of every seat's newest email are read every ``pages_every`` decisions and at
    the end, each seat's desk at the end."""
    rules = registry.get(game)
    count = players or max(2, rules.min_players)
    table = Table(game, language)
    table.players = [
        {"email": f"seats{i}@example.org", "name": NAMES[language][i], "language": language}
        for i in range(count)
    ]
    have_played(settings.database_url, *(p["email"] for p in table.players))
    record_pictures(monkeypatch, table)
    client = app.test_client()
    created = client.post("/api/games", json={"game": game, "players": table.players})
    assert created.status_code == 201, created.get_data(as_text=True)
    table.game_id = game_id = created.get_json()["id"]
    work()
    seen: set[int] = set()
    address_of: dict[str, str] = {}

    def read_pages() -> None:
        _read_emails(smtp, table, seen)
        urls = {
            f"/games/{game_id}",
            f"/games/{game_id}/history?all=1",
            f"/api/games/{game_id}",
            f"/api/games/{game_id}?lang={language}",
        }
        for player in table.players:
            mail = smtp.to(player["email"])
            if mail:
                urls |= _pages_of(mail[-1])
        for url in sorted(urls):
            _read_page(client, table, url)

    limit = decisions if decisions is not None else 5000
    while table.decisions < limit:
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            acting = sorted(loaded.game.to_act(loaded.state))
            if not acting or loaded.row.over:
                table.over = True
                break
            seat = acting[0]
            if not address_of:
                address_of = {r.seat: r.email or "" for r in loaded.row.seats}
            move = loaded.game.bot_move(loaded.state, seat)
            replied = False
            if table.decisions % reply_every == reply_every - 1:
                numbered = codes.by_key(
                    codes.assign(loaded.game.legal_moves(loaded.state, seat), loaded.row.game)
                )
                code = numbered[codes.move_key(move)]
            else:
                play_now(s, game_id, seat, move, loaded.turn_seq)
        if table.decisions % reply_every == reply_every - 1:
            replied = _by_reply(settings, smtp, address_of[seat], code)
            if not replied:  # no email offers it (or it moved on): a link's move instead
                with sessions(settings.database_url).begin() as s:
                    loaded = eventstore.load(s, game_id)
                    play_now(s, game_id, seat, move, loaded.turn_seq)
            table.replies += replied
        table.decisions += 1
        work()
        if table.decisions % pages_every == 0:
            read_pages()
    else:
        with sessions(settings.database_url)() as s:
            table.over = eventstore.load(s, game_id).row.over
    read_pages()
    for player in table.players:
        _desk(app, smtp, work, table, player["email"])
    _read_emails(smtp, table, seen)
    return table


TAG = re.compile(r"<[^>]+>")
SCRIPT = re.compile(r"<(script|style)\b.*?</\1>", re.S | re.I)
READ_ATTRIBUTES = re.compile(r'\s(?:alt|title|aria-label|placeholder)="([^"]*)"')
"""Attributes whose values a reader (or a screen reader) reads."""


def words_of_html(markup: str) -> str:
    """What a reader of ``markup`` reads: its text, and the attributes read aloud (an
    image's alt text, a title), entities decoded; no tag, URL or script."""
    import html

    markup = SCRIPT.sub(" ", markup)
    spoken = " ".join(html.unescape(a) for a in READ_ATTRIBUTES.findall(markup))
    return html.unescape(TAG.sub(" ", markup)) + "\n" + spoken


ENGINE_DATA = ("view", "outcome")
"""Keys of the API's answer that hold the engine's own data as the contract gives it
(DESIGN.md §3: seats by id, its messages in their English source)."""


def sentences_of_json(document: str) -> Iterator[str]:
    """The strings of a JSON answer the service words for a reader (values of more than one
    word), the engine's own data (:data:`ENGINE_DATA`) aside."""

    def walk(value: Any) -> Iterator[str]:
        if isinstance(value, dict):
            for key, item in value.items():
                if key not in ENGINE_DATA:
                    yield from walk(item)
        elif isinstance(value, list):
            for item in value:
                yield from walk(item)
        elif isinstance(value, str) and " " in value.strip():
            yield value

    yield from walk(json.loads(document))
