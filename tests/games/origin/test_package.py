"""Origin's package is pure (DESIGN.md §2, §10.3): its rules and its board import the
standard library and the engine only (no Pillow, no HTML, no service), and its board reads
the view it is given, never the state."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import engine.games.origin

PACKAGE = Path(engine.games.origin.__file__).resolve().parent
BOARD = PACKAGE / "board"


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, by its full name."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def test_every_module_of_origin_imports_only_the_standard_library_and_the_engine():
    modules = sorted(PACKAGE.rglob("*.py"))
    assert BOARD / "picture.py" in modules and BOARD / "panels.py" in modules
    for path in modules:
        for name in _imports(path):
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or top == "engine", (path.name, name)


def test_origins_board_never_reads_the_games_state_or_rules():
    hidden = ("state", "rules", "fold", "view", "context")
    for path in sorted(BOARD.rglob("*.py")):
        for name in _imports(path):
            assert not any(name == f"engine.games.origin.{m}" for m in hidden), (path.name, name)
