"""Short codes for a decision's options (issue 18): a reply of ``2`` or ``3b`` chooses one.

The process that writes the email and the one that reads the reply must give an option the
same code, so codes follow a canonical order and never the engine's listing order alone (an
engine may list from a set, whose order differs between processes; see
:func:`service.links.decisions.digest`): the moves sorted by their JSON key, then grouped by
the first step of the game's option path (:func:`service.boards.option_path`) in the order
the sorted moves first name each group. Groups are numbered from 1; options inside a group
are lettered (``a``..``z``, ``aa``..); a group of one option is its number alone, and a
decision with no groups at all is numbered ``1``..``n``.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from engine import Move
from service import boards

CODE = re.compile(r"([0-9]{1,4})([a-z]{0,3})")
SEPARATORS = re.compile(r"[\s,;]+")
DECORATION = ".)]:!。、"
"""What a player may type around a code (``2.``, ``3b)``, a Japanese full stop)."""


@dataclass(frozen=True)
class Coded:
    code: str
    move: Move
    key: str


@dataclass(frozen=True)
class Group:
    code: str
    name: Any
    """The group's name (a message, or ``""`` for a decision without groups)."""
    options: tuple[Coded, ...]


def move_key(move: Move) -> str:
    """As :func:`service.present.presentation.move_key` (that module lists codes with this)."""
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def letters(index: int) -> str:
    """``a``..``z``, then ``aa``, ``ab``..: bijective base 26."""
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = chr(ord("a") + rest) + out
    return out


def assign(moves: list[Move], game: str) -> list[Group]:
    """Every option of a decision with its code, in code order."""
    path = boards.option_path(game)
    keyed = sorted(((move_key(m), m) for m in moves), key=lambda km: km[0])
    firsts: dict[Any, list[tuple[str, Move]]] = {}
    loose: list[tuple[str, Move]] = []
    for key, move in keyed:
        steps = tuple(path(move))
        if steps:
            firsts.setdefault(steps[0], []).append((key, move))
        else:
            loose.append((key, move))
    if not firsts:
        return [
            Group("", "", tuple(Coded(str(i), m, k) for i, (k, m) in enumerate(loose, start=1)))
        ]
    named = list(firsts.items()) + ([("", loose)] if loose else [])
    groups = []
    for number, (name, inside) in enumerate(named, start=1):
        if len(inside) == 1:
            (key, move), code = inside[0], str(number)
            groups.append(Group(code, name, (Coded(code, move, key),)))
            continue
        options = tuple(
            Coded(f"{number}{letters(i)}", move, key) for i, (key, move) in enumerate(inside)
        )
        groups.append(Group(str(number), name, options))
    return groups


def by_key(groups: list[Group]) -> dict[str, str]:
    """Each option's code by its move key (to write codes beside a listing in any order)."""
    return {o.key: o.code for g in groups for o in g.options}


def find(groups: list[Group], code: str) -> Move | Group | None:
    """The move a code names, the group a group's code names (to list its options), or None."""
    for group in groups:
        for option in group.options:
            if option.code == code:
                return option.move
        if group.code == code:
            return group
    return None


ORDINAL_SIGN = re.compile(r"(?<=\d)[ºª](?!\w)")
"""A Spanish ordinal sign ending a number ("la 2ª": the second), which NFKC would make a
code's letter; one between two numbers is left to be no code at all."""


def unsigned(line: str) -> str:
    return ORDINAL_SIGN.sub("", line)


def normal(line: str) -> str:
    """A line as codes are compared: ordinal signs dropped, full-width digits and letters
    folded (NFKC), case folded, decoration around each code dropped."""
    return unicodedata.normalize("NFKC", unsigned(line)).casefold().strip()


LETTERED = re.compile(r"([a-z]{1,2})?([0-9]{1,4}[a-z]{0,3})")
"""A code with the letter of its game before it, in an email of several games (``b2``)."""
LETTERS = re.compile(r"[a-z]{1,2}")


def read_lettered(line: str) -> list[tuple[str | None, str]] | None:
    """The codes a line of a reply to an email of several games holds (issue 31 §3), each
    with the letter of its game, as written before it (``"B2"``, ``"B 2 3a"``, ``"b2, b3"``;
    a code without one takes the letter before it), or None if the line is anything else."""
    parts = [p.strip(DECORATION) for p in SEPARATORS.split(normal(line)) if p.strip(DECORATION)]
    if not parts or len(parts) > 21:
        return None
    found: list[tuple[str | None, str]] = []
    letter: str | None = None
    waiting = False
    for part in parts:
        if LETTERS.fullmatch(part) and not waiting:
            letter, waiting = part, True  # "B 2": the letter, then its codes
            continue
        match = LETTERED.fullmatch(part)
        if match is None:
            return None
        letter = match.group(1) or letter
        waiting = False
        found.append((letter, match.group(2)))
    return found if found and not waiting and len(found) <= 20 else None


def read(line: str) -> list[str] | None:
    """The codes a line holds (``"2"``, ``"1 3b"``, ``"2a, 4."``), or None if the line is
    anything else (a table command, words)."""
    parts = [p.strip(DECORATION) for p in SEPARATORS.split(normal(line)) if p.strip(DECORATION)]
    if not parts or len(parts) > 20 or not all(CODE.fullmatch(p) for p in parts):
        return None
    return parts
