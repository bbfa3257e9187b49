"""Players' names where the engines say seats: an engine calls its seats "p1", "p2"… (as
:class:`engine.kit.words.Seat` values in its messages), and a reader knows the players as
Ann and Bob."""

from __future__ import annotations

from collections.abc import Mapping

from service import words

PICTURE_NAME = 14
"""The most characters of a name a picture shows: its layout leaves room for a short name."""


def with_names(text: str, names: Mapping[str, str]) -> str:
    """``text`` in the reader's language (a message is translated, :mod:`service.words`),
    each seat it names (a :class:`engine.kit.words.Seat` value) said as the name of the
    player who holds it (issue 32 §1): names go in as values, after translation, so a
    translation never sees one and no name is ever looked for in text again."""
    return str(words.text(text, names=names or None)) if text else text


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
