"""A whole game in four languages (issue 17): each seat of a game of each of our games
speaks Russian, Ukrainian, Spanish or Japanese, and from the invitation to the end-of-game
email, in every email (subject, text and HTML) and on the pages its links open, meets not
one English sentence of our catalogs; a seat left in English reads English.

English is recognised by the catalogs themselves: every source message of the service and
of the game, cut at its placeholders, gives the English fragments that must not appear
(short ones and single words aside: names and the games' proper nouns stay as they are)."""

from __future__ import annotations

import html
import re
from functools import cache

import pytest
from babel.messages.pofile import read_po

from engine import registry
from service import words
from service.store import eventstore
from service.store.db import sessions
from tests.helpers import html_of, option_links, path, play_now, text_of

GAMES = ["origin", "origins-first-builders", "orichalk"]
LANGUAGES = ["ru", "uk", "es", "ja"]
FIELD = re.compile(r"\{[^{}]*\}")
TAG = re.compile(r"<[^>]+>")


@cache
def english(domain: str, lang: str = "ru") -> frozenset[str]:
    """The English fragments of ``domain``'s messages worth looking for: runs of text between
    placeholders of at least three words, less those ``lang``'s catalog keeps as they are (a
    title printed in English: "Origins: First Builders" in Ukrainian)."""
    path_ = words._catalog_path(domain, lang)
    assert path_ is not None, f"{domain} has no catalog"
    with path_.with_suffix(".po").open("rb") as f:
        catalog = read_po(f)
    fragments = set()
    for entry in catalog:
        if not entry.id:
            continue
        kept = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
        for source in entry.id if isinstance(entry.id, tuple | list) else (entry.id,):
            for part in FIELD.split(source):
                part = " ".join(part.split()).strip(" .,:;()–-")
                if len(part.split()) >= 3 and not any(part in k for k in kept if k):
                    fragments.add(part)
    return frozenset(fragments)


CODE = re.compile(r"<code>.*?</code>", re.S)
"""The raw events a finished game's history shows as evidence (JSON, as recorded): data,
not sentences."""


def plain(markup: str) -> str:
    return " ".join(html.unescape(TAG.sub(" ", CODE.sub(" ", markup))).split())


def found(text: str, domains: tuple[str, ...], lang: str = "ru") -> list[str]:
    text = " ".join(text.split())
    return sorted(f for d in domains for f in english(d, lang) if f in text)


def play_to_the_end(settings, game_id: str, work) -> None:
    """Every seat plays its bot's choice, the emails going out after every move."""
    for _ in range(3000):
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            acting = sorted(loaded.game.to_act(loaded.state))
            if not acting or loaded.row.over:
                break
            seat = acting[0]
            move = loaded.game.bot_move(loaded.state, seat)
            play_now(s, game_id, seat, move, loaded.turn_seq)
        work()
    else:
        pytest.fail("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_speaks_each_seats_language_and_never_english(
    client, smtp, work, settings, game
):
    rules = registry.get(game)
    count = max(rules.min_players, min(rules.max_players, len(LANGUAGES)))
    turn = GAMES.index(game)  # each game its three languages: all four across the games
    langs = [*(LANGUAGES[turn:] + LANGUAGES[:turn])[: count - 1], "en"]
    players = [
        {"email": f"p{i}@example.org", "name": f"Player {i}", "language": lang}
        for i, lang in enumerate(langs, start=1)
    ]
    response = client.post("/api/games", json={"game": game, "players": players})
    assert response.status_code == 201, response.get_data(as_text=True)
    game_id = response.get_json()["id"]
    work()
    play_to_the_end(settings, game_id, work)
    assert client.get(f"/api/games/{game_id}").get_json()["over"]
    domains = (words.DOMAIN, game)
    for player in players:
        mail = smtp.to(player["email"])
        assert len(mail) >= 2, "an invitation, then the game's emails to its end"
        parts = [(m["Subject"], text_of(m), plain(html_of(m))) for m in mail]
        lang = player["language"] if player["language"] != "en" else "ru"
        leaks = {f for p in parts for text in p for f in found(text, domains, lang)}
        if player["language"] == "en":
            assert leaks, "an English seat reads English"
            continue
        assert not leaks, f"{player['language']}: {sorted(leaks)[:10]}"
        pages = {path(url) for _, url in option_links(mail[-1])}
        pages |= {path(u) for u in re.findall(r"https?://[^\s)]+/seat/[^\s)]+", text_of(mail[-1]))}
        for page in pages:
            shown = plain(client.get(page).get_data(as_text=True))
            assert not found(shown, domains, lang), (lang, page, found(shown, domains, lang))
