"""Origin's options are listed by code under groups named in the reader's words (issue 32
§2: "1. Evolve pawn: height 1" was English in every language), and they are the very
groups the service always made by kind of move and first value, so a code names the same
option in an email sent before as after."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from engine import registry
from engine.games import origin
from engine.games.origin import GAME
from engine.games.origin.board import BOARD
from engine.kit.words import Msg
from service import words
from service.boards import OptionPath, _kind_path
from service.present import codes
from tests.engine.playout import play_random
from tests.games.catalogs import catalogs, messages_in, package_dir

PLAYOUTS = ((2, 1), (3, 2), (4, 3), (2, 5))


@cache
def _decisions() -> tuple[tuple[dict[str, Any], ...], ...]:
    found: list[tuple[dict[str, Any], ...]] = []
    for players, seed in PLAYOUTS:
        run = play_random(registry.get("origin"), players, seed)
        found += [tuple(GAME.legal_moves(d.state, d.seat)) for d in run.log]
    return tuple(found)


def _partition(moves: tuple[dict[str, Any], ...], path: OptionPath) -> list[list[str]]:
    groups: dict[str, list[str]] = {}
    for move in sorted(moves, key=codes.move_key):
        groups.setdefault(str(path(move)[0]), []).append(codes.move_key(move))
    return list(groups.values())


def test_origins_option_groups_are_the_groups_its_codes_always_had():
    assert BOARD.option_path is not None
    for moves in _decisions():
        assert _partition(moves, BOARD.option_path) == _partition(moves, _kind_path), [
            str(BOARD.option_path(m)[0]) for m in moves
        ]


def _translated(entry: Any) -> bool:
    return entry is not None and not entry.fuzzy and bool(entry.string)


@pytest.mark.parametrize("lang", ["ru", "uk", "es", "ja"])
def test_origins_option_groups_are_named_in_the_readers_language(lang):
    """Every group of more than one option (whose name heads its options in an email) and
    every other group's name reads in the reader's language, not as the English source."""
    named = set()
    for moves in _decisions():
        for group in codes.assign(list(moves), "origin"):
            named.add(group.name)
    assert len(named) > 50
    assert words.catalog("origin", lang) is not None
    catalog = catalogs(package_dir(origin), "origin")[lang]
    plain = sorted(str(n) for n in named if not isinstance(n, Msg))
    assert not plain, f"English text where a message belongs: {plain[:10]}"
    missing = sorted(
        str(m)
        for n in named
        for m in messages_in(n)
        if not _translated(catalog.get(m.text, context=m.context))
    )
    assert not missing, missing[:10]
    # Proper names (Alaska, Control) may read as in English; the headings never do.
    english = sorted(str(n) for n in named if n.args and words.text(n, lang) == str(n))
    assert not english, english[:10]
