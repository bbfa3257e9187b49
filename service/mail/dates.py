"""A day as a player writes it in a reply (issue 18: ``away until DATE``).

Read: ISO (``2026-12-24``), the numbers in the order of the reader's locale (CLDR's short
date pattern, through Babel: ``24.12.2026``, ``24/12``, ``12/24/2026`` in English),
Japanese ``2026年12月24日`` / ``12月24日``, and a day with a month's name in any language we
serve (``24 de diciembre``, ``24 декабря``, ``December 24th``; CLDR's month names, so the
Russian and Ukrainian genitives are read too). A day without a year is the next such day
from ``today``. Anything else is not a day: ``None``, never a guess.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date
from functools import lru_cache

from babel import Locale

from service.words import LANGUAGES

NUMERIC = re.compile(r"(\d{1,4})([./-])(\d{1,2})(?:\2(\d{1,4}))?")
JAPANESE = re.compile(r"(?:(\d{4})年)?(\d{1,2})月(\d{1,2})日?")
ORDINAL = re.compile(r"(\d)(?:st|nd|rd|th|er|º|ª|-?го|-?е)\b")
WORD = re.compile(r"\d+|[^\W\d_]+")
FILLER = frozenset({"de", "del", "of", "the", "on", "el", "г", "года", "року", "р"})
"""Words that may stand between a day and its month or year ("24 de diciembre de 2026",
"24 декабря 2026 года")."""
LONGEST = 60
"""No way of writing a day is longer; a longer text is not read at all."""


def fold(text: str) -> str:
    """Case and accents folded as a player's spelling varies ("Diciembre", "sept."), kana
    voicing kept (it changes the word)."""
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text).casefold())
    kept = "".join(c for c in decomposed if not unicodedata.combining(c) or c in "\u3099\u309a")
    return unicodedata.normalize("NFC", kept)


@lru_cache(maxsize=1)
def months() -> dict[str, int]:
    """Every month name and abbreviation of our languages, folded, to its number."""
    found: dict[str, int] = {}
    for lang in LANGUAGES:
        locale = Locale.parse(lang)
        for context in ("format", "stand-alone"):
            for width in ("wide", "abbreviated"):
                for number, name in locale.months[context][width].items():
                    found.setdefault(fold(name).rstrip("."), number)
    return found


@lru_cache(maxsize=8)
def month_first(lang: str) -> bool:
    """Whether the reader's locale writes the month before the day (en: 12/24/26)."""
    pattern: str = Locale.parse(lang).date_formats["short"].pattern
    return pattern.find("M") < pattern.find("d")


def read_day(text: str, lang: str, today: date) -> date | None:
    """The day ``text`` names, read as a speaker of ``lang`` writes it; ``None`` if it names
    none (or a day no calendar has, like 31 February)."""
    said = fold(text).strip().rstrip(".")
    if not said or len(said) > LONGEST:
        return None
    if found := NUMERIC.fullmatch(said):
        return _numeric(found, lang, today)
    if found := JAPANESE.fullmatch(said):
        year, month, day = found.groups()
        return _day(int(year) if year else None, int(month), int(day), today)
    return _named(said, today)


def _numeric(found: re.Match[str], lang: str, today: date) -> date | None:
    first, _sep, second, third = found.groups()
    if len(first) == 4:  # year first: ISO, and Japan's 2026/12/24
        return _day(int(first), int(second), int(third), today) if third else None
    day, month = int(first), int(second)
    if month_first(lang):
        day, month = month, day
    if month > 12 >= day:  # "24/12" from an English reader: only one reading is a day
        day, month = month, day
    year = None
    if third:
        year = int(third) + (2000 if len(third) <= 2 else 0)
        if len(third) == 3:
            return None
    return _day(year, month, day, today)


def _named(said: str, today: date) -> date | None:
    day = month = year = None
    for word in WORD.findall(ORDINAL.sub(r"\1", said)):
        if word.isdigit():
            if len(word) == 4 and year is None:
                year = int(word)
            elif len(word) <= 2 and day is None:
                day = int(word)
            else:
                return None
        elif word in FILLER:
            continue
        elif word in months() and month is None:
            month = months()[word]
        else:
            return None
    if day is None or month is None:
        return None
    return _day(year, month, day, today)


def _day(year: int | None, month: int, day: int, today: date) -> date | None:
    try:
        if year is not None:
            return date(year, month, day)
        found = date(today.year, month, day)
        return found if found >= today else date(today.year + 1, month, day)
    except ValueError:
        return None
