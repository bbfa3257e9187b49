"""Every game's component data and rulings page (``/games/<name>/data``) reads in the
reader's language (issue 32 §2): every heading, row, note, caption and ruling, not only the
page's frame. Compared line by line with the English rendering of the same page, a line may
read the same only when it holds no Latin letter but in :data:`SAME_IN`'s words (proper names
and words a language's catalog spells as the English), when it is only a rulebook's
quotation (:data:`CITATION`), a district card's id (:data:`CODE`), or a reply's words
(:data:`REPLY`)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from engine import catalogue
from tests.games.catalogs import LANGUAGES

GAMES = tuple(game.name for game in catalogue.CATALOGUE)

CITATION = re.compile(r"(ru|uk|es|ja) («[^«»]*»|[^A-Za-z«»])*")
"""A line that is only a reference to a rulebook in the rulebook's own words ("ru «Конец
игры».", "uk фаза 2."): every translation keeps the quotation as the rulebook writes it."""

CODE = re.compile(r"d[0-9]{2}")
"""Origins: First Builders' district cards are named by their ids (d01-d45), in every
language: a code, not a word."""

REPLY = re.compile(r"plan( [a-z]+(_[a-z]+)*| [0-9]+( [0-9]+)*)")
"""A reply a player types to plan ahead (issue 38): Spanish's word for it is the English,
and the game's standing answers are named by the same keys in every language (a code, not
a word)."""

SAME_IN: dict[str, frozenset[str]] = {
    "es": frozenset(
        {
            # The heading of plans ahead's table (issue 38): "Plan" in Spanish too.
            "Plan",
            # The provenance PROVISIONAL: Spanish spells the word as English does.
            "PROVISIONAL",
            # Places whose Spanish name is the English one (Origin's map, GLOSSARY.md).
            "Alaska",
            "Eurasia",
            "Labrador",
            "Llanos",
            "Nordeste",
            "Andes",
            "Pampas",
            "Patagonia",
            "Sahara",
            "Sahel",
            "Kalahari",
            "Iberia",
            "Arabia",
            "Persia",
            "India",
            "Siberia",
            "China",
            "Indochina",
            "Outback",
            "Queensland",
            # Origin's cards the Spanish glossary names as English does.
            "Inventor",
            "Control",
            # Orichalk's building the Spanish glossary names as English does.
            "Hospital",
            # Origins: First Builders' building and zodiac cards spelt so in Spanish.
            "Arsenal",
            "Libra",
            "Aries",
            "Leo",
            "Virgo",
        }
    ),
}
"""Words that rightly read as the English in a language: proper names and words the
language's catalog spells as the English does. A line identical to the English is allowed
when, these words taken out, no Latin letter is left in it (the English source's other
letters are the rulebooks' own words, quoted: «Амбар»); any other is untranslated."""


class Lines(HTMLParser):
    """The visible text of a page, one entry per block of text (a cell, a heading, a
    paragraph, an item of a list), left out: styles, scripts and the language switcher,
    which names each language in its own words on every page."""

    BLOCKS = frozenset({"td", "th", "h1", "h2", "h3", "p", "li", "title", "caption", "dt", "dd"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._text: list[str] = []
        self._hidden = 0

    def _end_block(self) -> None:
        line = " ".join("".join(self._text).split())
        if line:
            self.lines.append(line)
        self._text = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script") or (
            tag == "nav" and "languages" in (dict(attrs).get("class") or "")
        ):
            self._hidden += 1
        elif tag in self.BLOCKS:
            self._end_block()

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script", "nav") and self._hidden:
            self._hidden -= 1
        elif tag in self.BLOCKS:
            self._end_block()

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self._text.append(data)


def visible_lines(document: str) -> list[str]:
    parser = Lines()
    parser.feed(document)
    parser.close()
    parser._end_block()
    return parser.lines


def page(client, name: str, lang: str) -> list[str]:
    response = client.get(f"/games/{name}/data?lang={lang}")
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in body
    return visible_lines(body)


def untranslated(english: list[str], translated: list[str], lang: str) -> list[str]:
    """The lines of ``translated`` that read as the English line in the same place, and are
    neither free of letters nor a name the language keeps."""
    assert len(english) == len(translated), "the pages differ in shape"
    return [
        t
        for e, t in zip(english, translated, strict=True)
        if e == t
        and has_words(t, lang)
        and not CITATION.fullmatch(t)
        and not CODE.fullmatch(t)
        and not REPLY.fullmatch(t)
    ]


def has_words(line: str, lang: str) -> bool:
    """Whether ``line`` holds a Latin letter outside the words ``lang`` keeps as English."""
    for word in sorted(SAME_IN.get(lang, ()), key=len, reverse=True):
        line = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", " ", line)
    return re.search("[A-Za-z]", line) is not None


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_every_line_of_a_data_page_is_in_the_readers_language(client, name, lang):
    english = page(client, name, "en")
    translated = page(client, name, lang)
    left = untranslated(english, translated, lang)
    assert not left, f"{name} [{lang}]: {len(left)} of {len(english)} lines in English: {left}"
