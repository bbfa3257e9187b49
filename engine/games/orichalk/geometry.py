"""The islands' spaces and how they touch (uk «Розмістіть плитку земель», «Храм»).

Each board side of :data:`components.ISLAND_BOARDS` becomes a :class:`Layout`: spaces
numbered in reading order, their labels ("C4"), drawing positions, neighbours in six
directions, every way a land tile of each size fits on the board, and every diamond of four
spaces a temple can cover. Layouts are computed once at import; states refer to them by board
and side.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.games.orichalk.components import ISLAND_BOARDS, SIDES

DIRECTIONS: tuple[str, ...] = (
    "east",
    "north-east",
    "north-west",
    "west",
    "south-west",
    "south-east",
)
"""Counter-clockwise as drawn; a rotation is the index of the direction from a tile's first
space to its second (its third, on a triple, lies one direction further counter-clockwise)."""

# (column, row) steps of each direction; odd rows are drawn half a space to the right.
_EVEN_ROW = ((1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1))
_ODD_ROW = ((1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1))
ROW_HEIGHT = math.sqrt(3) / 2
TEMPLE_AXES = (0, 4, 5)
"""A diamond is two triangles on a shared edge; naming that edge by a direction among east,
south-west and south-east from its first space lists every diamond once."""


@dataclass(frozen=True)
class Placement:
    anchor: int
    rotation: int
    cells: tuple[int, ...]  # in the tile's terrain order
    mask: int


@dataclass(frozen=True)
class Port:
    cell: int
    hoplites: int
    orichalcum: int


@dataclass(frozen=True)
class Layout:
    board: str
    side: str
    labels: tuple[str, ...]
    rowcol: tuple[tuple[int, int], ...]
    xy: tuple[tuple[float, float], ...]
    index: dict[str, int]
    step: tuple[tuple[int, ...], ...]  # step[cell][direction]: the neighbour there, or -1
    neighbours: tuple[tuple[int, ...], ...]
    neighbour_mask: tuple[int, ...]
    placements: dict[int, tuple[Placement, ...]]  # by number of spaces
    diamonds: tuple[Placement, ...]
    ports: tuple[Port, ...]
    port_of: dict[int, Port]

    @property
    def size(self) -> int:
        return len(self.labels)


def _layout(
    board: str, side: str, rows: tuple[str, ...], ports: tuple[tuple[str, int, int], ...]
) -> Layout:
    coords = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "o"]
    labels = tuple(f"{chr(ord('A') + r)}{c + 1}" for r, c in coords)
    steps = _steps(coords)
    neighbours = tuple(tuple(sorted(j for j in s if j >= 0)) for s in steps)
    label_index = {label: i for i, label in enumerate(labels)}
    port_list = tuple(Port(label_index[cell], h, o) for cell, h, o in ports)
    return Layout(
        board=board,
        side=side,
        labels=labels,
        rowcol=tuple(coords),
        xy=tuple((c + 0.5 * (r % 2), round(r * ROW_HEIGHT, 4)) for r, c in coords),
        index=label_index,
        step=tuple(steps),
        neighbours=neighbours,
        neighbour_mask=tuple(sum(1 << j for j in n) for n in neighbours),
        placements={size: _placements(steps, size) for size in (1, 2, 3)},
        diamonds=_diamonds(steps),
        ports=port_list,
        port_of={p.cell: p for p in port_list},
    )


def _steps(coords: list[tuple[int, int]]) -> list[tuple[int, ...]]:
    """Each space's neighbour in each direction, or -1 off the board."""
    index_of = {rc: i for i, rc in enumerate(coords)}
    return [
        tuple(index_of.get((r + dr, c + dc), -1) for dc, dr in (_ODD_ROW if r % 2 else _EVEN_ROW))
        for r, c in coords
    ]


def _placement(anchor: int, rotation: int, cells: tuple[int, ...]) -> Placement | None:
    if min(cells) < 0:
        return None
    return Placement(anchor, rotation, cells, sum(1 << j for j in cells))


def _placements(steps: list[tuple[int, ...]], size: int) -> tuple[Placement, ...]:
    """Every way a tile of ``size`` spaces fits: a single everywhere; a pair towards each
    direction; a triple with its third space one direction further counter-clockwise."""
    if size == 1:
        return tuple(Placement(i, 0, (i,), 1 << i) for i in range(len(steps)))
    found = (
        _placement(i, k, (i, step[k]) if size == 2 else (i, step[k], step[(k + 1) % 6]))
        for i, step in enumerate(steps)
        for k in range(6)
    )
    return tuple(p for p in found if p is not None)


def _diamonds(steps: list[tuple[int, ...]]) -> tuple[Placement, ...]:
    found = (
        _placement(i, k, (i, step[k], step[(k - 1) % 6], step[(k + 1) % 6]))
        for i, step in enumerate(steps)
        for k in TEMPLE_AXES
    )
    return tuple(p for p in found if p is not None)


LAYOUTS: dict[tuple[str, str], Layout] = {
    (b.id, side): _layout(b.id, side, b.side(side).rows, b.side(side).ports)
    for b in ISLAND_BOARDS
    for side in SIDES
}


def layout(board: str, side: str) -> Layout:
    return LAYOUTS[(board, side)]


def bits(mask: int) -> list[int]:
    """The space indices set in ``mask``, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
