"""A game's options, declared for the new-game form (issue 20): each option a field of a
kind the service knows how to draw and check. A game lists them as ``choices`` (its
variants); ``setup`` still receives the options as a plain dict and still refuses a bad
one, so the JSON API and the form meet the same rules.

Labels and help texts are what a player reads: a game's messages (``engine.kit.words``)
or plain text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Words = Any
"""A message (``engine.kit.words.Msg``) or plain text."""


@dataclass(frozen=True)
class Choice:
    """One of a few values (a variant), drawn as a list to pick from."""

    name: str
    label: Words
    help: Words
    values: tuple[tuple[str | int, Words], ...]
    """Each value ``setup`` reads, with its label."""
    default: str | int


@dataclass(frozen=True)
class Flag:
    """On or off (a rule to play with), drawn as a checkbox."""

    name: str
    label: Words
    help: Words
    default: bool = False


@dataclass(frozen=True)
class Number:
    """A whole number from ``low`` to ``high``."""

    name: str
    label: Words
    help: Words
    default: int
    low: int
    high: int


Option = Choice | Flag | Number
