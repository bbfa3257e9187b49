"""Issue 32 §1: no reader ever sees a seat id ("p1", "p2"…) outside URLs and JSON."""

from __future__ import annotations

import re

import pytest

from tests.whole_games import GAMES, LANGUAGES, Table, play, sentences_of_json, words_of_html

SEAT_ID = re.compile(r"(?<![0-9A-Za-z_/.=-])p[1-9][0-9]?(?![0-9A-Za-z])")
"""A seat id standing on its own as a reader sees it: not inside a longer word or path; a
kana, a kanji, a bracket or a space beside it is no part of it."""
URL = re.compile(r"https?://\S+")


def seen(table: Table) -> list[tuple[str, str, str]]:
    found: list[tuple[str, str, str]] = []
    for reading in table.readings:
        if reading.kind in ("html", "page"):
            text = words_of_html(reading.content)
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
