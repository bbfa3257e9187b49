"""Where each territory's name goes on Origin's map: in the spot around it that covers the
least of other territories, tokens, the legend and names already placed."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from engine.games.origin.board.palette import INK
from engine.games.origin.board.shapes import HEIGHT, WIDTH, R
from engine.kit import drawing as D

LABEL_SIZE = 12.5
SMALLER = (11.5, 10.5, 9.5)
"""Sizes a name is drawn at where at its size every spot would cover another name or leave
the map (issue 32 §6: names in Russian or Japanese are longer than the English)."""

Box = tuple[float, float, float, float]

LABEL_SPOTS: tuple[tuple[float, float, D.Anchor], ...] = (
    (0, R + 9, "middle"),
    (0, -R - 9, "middle"),
    (R + 5, 0, "start"),
    (-R - 5, 0, "end"),
    (R * 0.55, R + 7, "start"),
    (-R * 0.55, R + 7, "end"),
    (R * 0.55, -R - 7, "start"),
    (-R * 0.55, -R - 7, "end"),
)
"""Where a name may go around its territory, best first."""


def labels(
    territories: list[dict[str, Any]], taken: list[Box], measure: D.Measure
) -> list[D.Shape]:
    """Each name in the spot covering the least of other territories, tokens and names
    already placed; the most crowded territories choose first."""
    names = tuple((t["name"], t["x"], t["y"]) for t in territories)
    shown = tuple(D.read_as(measure, t["name"]) for t in territories)
    return list(_placed_labels(names, shown, tuple(taken), measure))


@lru_cache(maxsize=64)
def _placed_labels(
    names: tuple[tuple[str, float, float], ...],
    shown: tuple[str, ...],
    taken: tuple[Box, ...],
    measure: D.Measure,
) -> tuple[D.Shape, ...]:
    """The labels of :func:`labels`, remembered: the map and the places a name must avoid
    (the legend, the strait tokens) change seldom, and every email draws them. ``shown``:
    the names as the reader reads them, so that a name laid out for one language is never
    placed for another (a message equals its English text)."""
    discs = [(x, y) for _, x, y in names]

    def crowd(t: tuple[str, float, float]) -> int:
        return -sum(math.dist((t[1], t[2]), d) < 4 * R for d in discs)

    placed = list(taken)
    names_placed: list[Box] = []
    shapes: list[D.Shape] = []
    for name, x, y in sorted(names, key=crowd):
        others = [
            (cx - R - 3, cy - R - 3, cx + R + 3, cy + R + 3)
            for cx, cy in discs
            if (cx, cy) != (x, y)
        ]
        for size in (LABEL_SIZE, *SMALLER):
            width, height = measure(name, size) + 2, size + 2
            boxes = [_label_box(x, y, spot, width, height) for spot in range(len(LABEL_SPOTS))]
            reach = (x - width - R - 40, y - R - 40, x + width + R + 40, y + R + 40)
            obstacles = [b for b in placed + others if _overlap(b, reach)]
            best = min(
                range(len(boxes)), key=lambda spot: _label_cost(boxes[spot], spot, obstacles)
            )
            box = boxes[best]
            clear = not any(_overlap(box, b) for b in names_placed) and _inside(box)
            if clear:
                break
        dx, dy, anchor = LABEL_SPOTS[best]
        placed.append(box)
        names_placed.append(box)
        room = min(box[2], WIDTH - 1) - max(box[0], 1.0)
        shapes.append(
            D.Text(x + dx, y + dy, name, size=size, fill=INK, anchor=anchor, halo="#ffffff",
                   fit=D.Fit(_room(x + dx, anchor, room)))
        )  # fmt: skip
    return tuple(shapes)


def _inside(box: Box) -> bool:
    return box[0] >= 0 and box[1] >= 0 and box[2] <= WIDTH and box[3] <= HEIGHT


def _room(x: float, anchor: D.Anchor, width: float) -> float:
    """The width of a box anchored at ``x`` that holds ``width`` inside the map."""
    if anchor == "middle":
        return min(width, 2 * (x - 1), 2 * (WIDTH - 1 - x))
    return width


def _label_cost(box: Box, rank: int, obstacles: list[Box]) -> float:
    covered = sum(_overlap(box, b) for b in obstacles)
    outside = max(0, -box[0], box[2] - WIDTH) + max(0, -box[1], box[3] - HEIGHT)
    return covered + outside * 100 + rank * 8


def _label_box(x: float, y: float, spot: int, width: float, height: float) -> Box:
    dx, dy, anchor = LABEL_SPOTS[spot]
    left = x + dx - {"start": 0, "middle": width / 2, "end": width}[anchor]
    return (left, y + dy - height / 2, left + width, y + dy + height / 2)


def _overlap(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
