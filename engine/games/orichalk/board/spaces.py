"""An island's spaces as the view lists them: who touches whom, and where a tile may go.

The view gives each space its row and its ``x`` in space widths (odd rows half a space to the
right), so the six neighbours of a space are found from those alone, in the engine's order of
directions (east, north-east, north-west, west, south-west, south-east).
"""

from __future__ import annotations

import math
from typing import Any

Cell = dict[str, Any]
Grid = dict[tuple[int, int], Cell]

STEPS = ((2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1))
"""Each direction as (half space widths to the right, rows down)."""
SIZE_SPACES = {"single": 1, "double": 2, "triple": 3}
ROW = math.sqrt(3) / 2
"""Rows of spaces are this many space widths apart (the view's ``y``)."""


def _key(cell: Cell) -> tuple[int, int]:
    return (round(cell["x"] * 2), int(cell["row"]))


def grid(island: dict[str, Any]) -> Grid:
    return {_key(c): c for c in island.get("cells") or []}


def next_to(spaces: Grid, cell: Cell, direction: int) -> Cell | None:
    dx, dr = STEPS[direction]
    x, row = _key(cell)
    return spaces.get((x + dx, row + dr))


def occupied(cell: Cell) -> bool:
    """Under a land tile or the metropolis."""
    return bool(cell.get("tile") or cell.get("metropolis"))


def candidate_spaces(island: dict[str, Any], tile: dict[str, Any]) -> list[str]:
    """The first space of every way ``tile`` may be placed (uk фаза 2: wholly on the island,
    on free spaces, next to a land tile or the metropolis), in the order the engine lists its
    options. A tile showing one terrain twice covers the same spaces the same way from two
    first spaces; like the engine, only the first is kept, so every space named here heads a
    group of options on the turn page."""
    cells = island.get("cells") or []
    spaces = grid(island)
    taken = {c["id"] for c in cells if occupied(c)}
    frontier = {
        n["id"]
        for c in cells
        if c["id"] in taken
        for d in range(6)
        if (n := next_to(spaces, c, d)) is not None and n["id"] not in taken
    }
    size = SIZE_SPACES[tile["size"]]
    uniform = len(set(tile["terrains"])) < len(tile["terrains"])
    seen: set[tuple[tuple[str, str], ...]] = set()
    found: list[str] = []
    for cell in cells:
        for rotation in range(6 if size > 1 else 1):
            covered = [
                cell,
                next_to(spaces, cell, rotation),
                next_to(spaces, cell, (rotation + 1) % 6),
            ]
            ids = [c["id"] if c is not None else "" for c in covered[:size]]
            if "" in ids or taken.intersection(ids) or not frontier.intersection(ids):
                continue
            if uniform:
                key = tuple(sorted(zip(ids, tile["terrains"], strict=True)))
                if key in seen:
                    continue
                seen.add(key)
            if cell["id"] not in found:
                found.append(cell["id"])
    return found


def seaward(island: dict[str, Any], cell: Cell) -> int:
    """The direction from ``cell`` to the open sea nearest the way out of the island's
    middle: where a port's arrow comes from."""
    cells = island.get("cells") or [cell]
    mx = sum(c["x"] for c in cells) / len(cells)
    my = sum(c["y"] for c in cells) / len(cells)
    spaces = grid(island)
    free = [d for d in range(6) if next_to(spaces, cell, d) is None] or list(range(6))
    out: tuple[float, float] = (cell["x"] - mx, cell["y"] - my)

    def along(d: int) -> float:
        dx, dr = STEPS[d]
        return dx / 2 * out[0] + dr * ROW * out[1]

    return max(free, key=along)
