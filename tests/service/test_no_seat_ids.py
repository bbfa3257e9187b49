"""Issue 32 §1: no reader ever sees a seat id ("p1", "p2"…) outside URLs and JSON."""

from __future__ import annotations

import html
import json
import re

import pytest

from tests.whole_games import GAMES, LANGUAGES, Table, play, sentences_of_json, words_of_html

SEAT_ID = re.compile(r"(?<![0-9A-Za-z_/.=-])p[1-9][0-9]?(?![0-9A-Za-z])")
"""A seat id standing on its own as a reader sees it: not inside a longer word or path; a
kana, a kanji, a bracket or a space beside it is no part of it."""
URL = re.compile(r"https?://\S+")
CODE = re.compile(r"<code>(.*?)</code>", re.S)


def _without_json(markup: str) -> str:
    """``markup`` without the JSON it shows as code (a finished game's history shows every
    event's payload): seats are ids there, as in the API's JSON."""

    def drop(found: re.Match[str]) -> str:
        try:
            json.loads(html.unescape(found.group(1)))
        except ValueError:
            return found.group(0)
        return " "

    return CODE.sub(drop, markup)


def seen(table: Table) -> list[tuple[str, str, str]]:
    found: list[tuple[str, str, str]] = []
    for reading in table.readings:
        if reading.kind in ("html", "page"):
            text = words_of_html(_without_json(reading.content))
        elif reading.kind == "api":
            text = "\n".join(sentences_of_json(reading.content))
        else:
            text = reading.content
        text = URL.sub(" ", text)
        for match in SEAT_ID.finditer(text):
            start = max(0, match.start() - 30)
            said = " ".join(text[start : match.end() + 30].split())
            if (reading.kind, said) not in {(k, s) for k, _, s in found}:
                found.append((reading.kind, reading.where, said))
    return found


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_no_reader_sees_a_seat_id_in_a_game_of_any_game_in_any_language(
    app, smtp, work, settings, monkeypatch, game, language
):
    table = play(app, smtp, work, settings, monkeypatch, game, language, decisions=30)
    kinds = {r.kind for r in table.readings}
    assert kinds >= {"subject", "text", "html", "page", "picture", "api"}, kinds
    leaks = seen(table)
    assert not leaks, "\n".join(map(repr, leaks[:60])) + f"\n{len(leaks)} different"


ENDED = {
    "ja": ("ターンで終了しました", "勝者："),
    "ru": ("окончена после", "Победа:"),
}
"""What a reader of each language reads at the end: the game-over email's first words, and
the game page's winner."""


@pytest.mark.parametrize(
    ("game", "language"),
    [("origin", "ja"), ("origins-first-builders", "ja"), ("orichalk", "ja"), ("orichalk", "ru")],
)
def test_no_reader_sees_a_seat_id_to_the_end_of_a_game(
    app, smtp, work, settings, monkeypatch, game, language
):
    """The end is read too (issue 32 §1): the game-over email, the final standing and the
    winner on the pages, the history's last rows, the API's result."""
    table = play(
        app, smtp, work, settings, monkeypatch, game, language, reply_every=7, pages_every=100
    )
    assert table.over, f"{game} did not end in {table.decisions} decisions"
    over, winner = ENDED[language]
    texts = [r.content for r in table.of("text")]
    assert any(over in t for t in texts), "the game-over email is read"
    names = [p["name"] for p in table.players]
    pages = [words_of_html(r.content) for r in table.of("page")]
    assert any(winner in p and any(n in p for n in names) for p in pages), "the winner named"
    leaks = seen(table)
    assert not leaks, "\n".join(map(repr, leaks[:60])) + f"\n{len(leaks)} different"
