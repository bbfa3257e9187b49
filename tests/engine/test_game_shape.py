"""Every game has one home of one shape (DESIGN.md §10.3, issue 16): the same sub-modules
under the same names in every game's folder, assembled from the kit, listed once in the
catalogue; nothing outside a game's folder names it."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

from engine.catalogue import CATALOGUE
from engine.kit import Board, Packaged, Vocabulary, deciding
from tests.checkout import ROOT

SHAPE = (
    "components",
    "state",
    "events",
    "moves",
    "setup",
    "rules",
    "fold",
    "scoring",
    "view",
    "narration",
    "reveals",
    "worlds",
    "bot",
    "inventory",
    "rulings",
    "datapage",
    "board",
    "board.panels",
    "board.picture",
    "board.text",
)


def package(game: Packaged) -> str:
    """The game's package, e.g. ``engine.games.origin``."""
    return game.setup.__module__.rsplit(".", 1)[0]


@pytest.mark.parametrize("game", CATALOGUE, ids=lambda g: g.name)
def test_every_game_has_the_same_sub_modules_under_the_same_names(game):
    assert isinstance(game, Packaged) and isinstance(game.board, Board)
    assert isinstance(game.events, Vocabulary) and len(game.events) > 0
    root = package(game)
    for name in SHAPE:
        importlib.import_module(f"{root}.{name}")


@pytest.mark.parametrize("game", CATALOGUE, ids=lambda g: g.name)
def test_every_game_ends_in_the_phase_the_kits_move_checks_read_as_over(game):
    assert importlib.import_module(f"{package(game)}.state").OVER == deciding.OVER


@pytest.mark.parametrize("game", CATALOGUE, ids=lambda g: g.name)
def test_a_game_imports_only_the_standard_library_and_the_engine(game):
    root = package(game)
    folder = Path(sys.modules[root].__file__ or "").parent
    for path in folder.rglob("*.py"):
        for name in re.findall(r"^\s*(?:from|import) ([\w.]+)", path.read_text(), re.M):
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or top == "engine", (path, name)


def test_nothing_outside_a_games_folder_names_it_but_the_catalogue():
    names = {g.name for g in CATALOGUE} | {package(g).rsplit(".", 1)[1] for g in CATALOGUE}
    either = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    # a game's name as a name: quoted, or a module path (not "same-origin" in a header)
    words = re.compile(rf"([\"'])({either})\1|games[./]({either})\b|\b({either})\.py\b")
    places = ["service", "workers", "templates", "bench", "engine/kit", "engine/registry.py"]
    found = []
    for place in places:
        target = ROOT / place
        for path in [target] if target.is_file() else target.rglob("*"):
            if path.is_file() and path.suffix in {".py", ".html", ".txt", ".mako", ".ini"}:
                for number, line in enumerate(path.read_text().splitlines(), 1):
                    if words.search(line):
                        found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
