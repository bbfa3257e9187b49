"""Players' names where the engines say seats: an engine calls its seats "p1", "p2"…, and
a reader knows the players as Ann and Bob."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from service import words

PICTURE_NAME = 14
"""The most characters of a name a picture shows: its layout leaves room for a short name."""


def with_names(text: str, names: Mapping[str, str]) -> str:
    """``text`` in the reader's language (a message is translated, :mod:`service.words`),
    each seat ("p2", as the engine names seats) replaced by the name of the player who holds
    it: names go in after translation, so a translation never sees one."""
    text = words.text(text)
    if not names or not text:
        return text
    return _seats(tuple(names)).sub(lambda m: names[m.group(1)], text)


@lru_cache(maxsize=64)
def _seats(seats: tuple[str, ...]) -> re.Pattern[str]:
    """The seats as whole words, the longest first ("p10" before "p1")."""
    return re.compile(
        r"\b(" + "|".join(map(re.escape, sorted(seats, key=len, reverse=True))) + r")\b"
    )


def short_names(names: Mapping[str, str]) -> dict[str, str]:
    """The names as a picture shows them: a long name cut, a seat with no name kept."""
    return {seat: _short(name) for seat, name in names.items() if name.strip()}


def _short(name: str) -> str:
    """A long name loses a closing aside first ("Player 2 (left)" is "Player 2", issue 30;
    "Ann (Paris office)" is "Ann"), then what still passes the room a picture has."""
    if len(name) <= PICTURE_NAME:
        return name
    base, aside, _ = name.partition(" (")
    if aside and name.endswith(")") and base.strip():
        name = base.rstrip()
    if len(name) <= PICTURE_NAME:
        return name
    return name[: PICTURE_NAME - 1].rstrip() + "."
