"""Grammar a native reader would fix (issue 32 §3), checked over every catalog we ship: the
service's (``service/translations``), the words every game shares (``engine/translations``)
and each game's (``engine/games/<game>/translations``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent


@cache
def catalogs(lang: str) -> tuple[tuple[Path, Catalog], ...]:
    """Every catalog of ``lang``, with its path."""
    paths = sorted(
        [
            *ROOT.glob(f"service/translations/{lang}/LC_MESSAGES/*.po"),
            *ROOT.glob(f"engine/translations/{lang}/LC_MESSAGES/*.po"),
            *ROOT.glob(f"engine/games/*/translations/{lang}/LC_MESSAGES/*.po"),
        ]
    )
    assert len(paths) == 5, paths
    found = []
    for path in paths:
        with path.open("rb") as f:
            found.append((path.relative_to(ROOT), read_po(f, locale=lang)))
    return tuple(found)


def entries(lang: str) -> Iterator[tuple[Path, Message, tuple[str, ...]]]:
    """Every translated entry of ``lang``'s catalogs, with its forms (one, or the plural's)."""
    for path, catalog in catalogs(lang):
        for message in catalog:
            if not message.id:
                continue
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            yield path, message, tuple(s for s in forms if s)


def source(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


# -- Russian and Ukrainian: a player's name is never followed by a gendered past tense ------

PERSON = r"\{(?:name|who|seat|player|victim|old|owner|chooser|holder|winners?|by)\}"
"""The placeholders that hold a player's name (or seat, which the reader sees as a name)."""
ADVERBS = r"(?:не|уже|вже|снова|знову|ещё|ще|сам|сама|тоже|теж|також|недавно|нещодавно)"
SUBJECT = r"(?:^|(?<=[.;:!?—]\s)|(?<=\s[иійа]\s)|(?<=\sно\s)|(?<=\sале\s))"
"""Where a name is the subject: starting the sentence or a clause (not «Термін гравця {name}
минув», whose subject is «термін»)."""
PAST = {
    "ru": r"\w+(?:л|ла|ло|лся|лась|лось)",
    "uk": r"\w+(?:в|ла|ло|вся|лася|лась|лося)",
}
"""A singular past tense, which names the player's gender: «Анна вернулся»."""


def gendered_past(lang: str, text: str) -> list[str]:
    """Where ``text`` puts a singular past tense right after a player's name. Writing both
    genders («проголосовал(а)», «поквапив(-ла)») is how the catalogs say it for anyone."""
    verb = re.compile(rf"{SUBJECT}{PERSON}(?:\s+{ADVERBS})*\s+({PAST[lang]})(?![\w(])")
    return [m.group(0) for m in verb.finditer(text)]


def test_the_gendered_past_check_catches_what_a_reader_caught():
    assert gendered_past("ru", "{who} согласился продолжить игру")
    assert gendered_past("ru", "{name} не принял решение вовремя.")
    assert gendered_past("uk", "{name} повернувся і знову грає")
    assert gendered_past("uk", "{name} не ухвалив рішення вчасно.")
    assert not gendered_past("ru", "{who} проголосовал(а) подождать")
    assert not gendered_past("uk", "{who} поквапив(-ла) гравця {name}")
    assert not gendered_past("ru", "{name}: снова в игре")
    assert not gendered_past("uk", "Термін гравця {name} минув")


def test_no_russian_or_ukrainian_message_gives_a_player_a_gender_by_a_past_tense():
    found = [
        f"{path}: {source(message)!r} → {form!r}"
        for lang in ("ru", "uk")
        for path, message, forms in entries(lang)
        for form in forms
        if gendered_past(lang, form)
    ]
    assert not found, "\n".join(found)
