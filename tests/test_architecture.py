"""The tree keeps its parts (docs/architecture.md, DESIGN.md §2): every module of ``engine/``,
``service/`` and ``workers/`` belongs to one part of the table "Who may import whom", and
imports only the parts its row names; the service never imports the workers."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
PACKAGES = ("engine", "service", "workers")


@dataclass(frozen=True)
class Part:
    name: str
    places: tuple[str, ...]
    """Folders (ending in ``/``) and files, relative to the checkout."""
    may_import: frozenset[str]


def parts(doc: str) -> dict[str, Part]:
    """The rows of the doc's table under "## Who may import whom"."""
    section = doc.split("## Who may import whom", 1)[1].split("\n## ", 1)[0]
    found = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        name = cells[0].strip("`")
        places = tuple(re.findall(r"`([^`]+)`", cells[1]))
        found[name] = Part(name, places, frozenset(re.findall(r"`([^`]+)`", cells[2])))
    return found


PARTS = parts(DOC.read_text())


def part_of(path: str) -> str | None:
    """The part whose folder or file holds ``path`` (the longest match)."""
    holders = [
        (len(place), part.name)
        for part in PARTS.values()
        for place in part.places
        if path == place or (place.endswith("/") and path.startswith(place))
    ]
    return max(holders)[1] if holders else None


def module_path(module: str) -> str | None:
    """The file that defines ``module`` (a package's ``__init__.py``), relative to ROOT."""
    base = module.replace(".", "/")
    for candidate in (f"{base}.py", f"{base}/__init__.py"):
        if (ROOT / candidate).exists():
            return candidate
    return None


def imported(path: Path, packages: tuple[str, ...] = PACKAGES) -> list[tuple[int, str]]:
    """Every module of ours ``path`` imports (at any depth, TYPE_CHECKING included), with
    its line: ``from service import errors`` imports ``service.errors``, not ``service``."""
    here = path.relative_to(ROOT).with_suffix("").parts
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = here[: len(here) - node.level]
                module = ".".join((*package, *([node.module] if node.module else [])))
            else:
                module = node.module or ""
            for alias in node.names:
                inner = f"{module}.{alias.name}"
                found.append((node.lineno, inner if module_path(inner) else module))
    return [(line, m) for line, m in found if m.split(".")[0] in packages]


SOURCES = sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_the_table_names_the_parts_and_what_each_may_import():
    assert {"engine", "table", "store", "web", "cli", "workers"} <= set(PARTS)
    for part in PARTS.values():
        assert part.places, part.name
        assert part.may_import <= set(PARTS), (part.name, part.may_import - set(PARTS))


def test_every_module_belongs_to_one_part_of_the_architecture():
    homeless = [_relative(p) for p in SOURCES if part_of(_relative(p)) is None]
    assert not homeless, (
        f"in no part: {homeless}; give each a folder of its role and a row in docs/architecture.md"
    )


def test_a_module_imports_only_its_own_part_and_the_parts_its_row_allows():
    forbidden = []
    for path in SOURCES:
        name = part_of(_relative(path))
        if name is None:
            continue  # the test above names it
        mine = PARTS[name]
        for line, module in imported(path):
            target = module_path(module)
            theirs = part_of(target) if target else None
            if theirs is None or (theirs != mine.name and theirs not in mine.may_import):
                forbidden.append(
                    f"{_relative(path)}:{line}: {mine.name} imports {module} ({theirs})"
                )
    assert not forbidden, "\n".join(forbidden)


def test_nothing_in_the_service_imports_the_workers():
    for path in (ROOT / "service").rglob("*.py"):
        for line, module in imported(path):
            assert module.split(".")[0] != "workers", f"{_relative(path)}:{line} imports {module}"


CIRCLED = (
    # The web package registers its routes, which read its helpers (db, settings, language).
    lambda members: all(m.startswith("service/web/") for m in members),
    # Migrating a database rebuilds the games' read models, which open sessions of it.
    lambda members: members == {"service/store/db.py", "service/store/rebuild.py"},
)
"""The circles the tree still holds (issue 33 §5 took out the audit's and the bench's)."""


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = set()
            member = ""
            while member != node:
                member = stack.pop()
                group.add(member)
            if len(group) > 1:
                found.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_two_modules_import_each_other_but_the_known_circles():
    packages = (*PACKAGES, "bench")
    graph = {}
    for path in sorted(p for package in packages for p in (ROOT / package).rglob("*.py")):
        targets = (module_path(m) for _, m in imported(path, packages))
        graph[_relative(path)] = {t for t in targets if t and t != _relative(path)}
    new = [sorted(c) for c in circles(graph) if not any(known(c) for known in CIRCLED)]
    assert not new, f"modules that import each other (TYPE_CHECKING included): {new}"


IGNORE = re.compile(r"#\s*type:\s*ignore\b(\[[^\]]*\])?")


def test_every_type_ignore_the_checker_needs_says_why_on_its_line_or_the_one_above():
    # Issue 33 §3: mypy (make test) refuses an ignore it does not need; this, one without a
    # reason.
    unexplained = []
    for package in (*PACKAGES, "bench", "tests"):
        for path in sorted((ROOT / package).rglob("*.py")):
            lines = path.read_text().splitlines()
            for i, line in enumerate(lines):
                found = IGNORE.search(line)
                if found is None:
                    continue
                said_after = line[found.end() :].strip().startswith("#")
                said_above = i > 0 and lines[i - 1].strip().startswith("#")
                if not (said_after or said_above):
                    unexplained.append(f"{_relative(path)}:{i + 1}")
    assert not unexplained, f"type: ignore without its reason: {unexplained}"
