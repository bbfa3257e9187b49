"""The pieces of Origin's map drawn as shapes: a tribe pawn on its plate, a village, the
Origin star."""

from __future__ import annotations

import math
from typing import Any

from engine.games.origin.board.palette import PAWN_FILL
from engine.kit import drawing as D

WIDTH, HEIGHT = 1000, 560
R = 24
"""A territory's radius on the 1000 × 560 map."""

PAWN_SECTION = 8.5


def pawn_width(strength: int) -> float:
    return 7 + 6 * strength


def pawn(x: float, y: float, pawn: dict[str, Any]) -> list[D.Shape]:
    """ru «Фишки племени»: 1-3 stacked sections high (speed), 1-3 units wide (strength)."""
    height = max(1, min(3, int(pawn.get("height", 1))))
    strength = max(1, min(3, int(pawn.get("strength", 1))))
    fill = PAWN_FILL.get(pawn.get("colour", ""), "#cccccc")
    w, section = pawn_width(strength), PAWN_SECTION
    h = height * section
    top = y - h / 2
    shapes: list[D.Shape] = [D.Rect(x - w / 2 - 2, top - 2, w + 4, h + 4, fill="#ffffff", rx=2)]
    edge = "#8c8c8c" if pawn.get("colour") == "black" else "#1e1e1e"
    shapes += [
        D.Rect(x - w / 2, top + i * section, w, section, fill=fill, stroke=edge, width=1)
        for i in range(height)
    ]
    return shapes


def house(x: float, y: float, colour: str) -> D.Shape:
    s = 6.5
    roof, eave = y - s * 1.1, y - s * 0.2
    outline = ((x - s, y + s), (x - s, eave), (x, roof), (x + s, eave), (x + s, y + s))
    return D.Polygon(outline, fill=colour, stroke="#ffffff", width=1.4)


def star(x: float, y: float, r: float, colour: str) -> D.Shape:
    points = tuple(
        (
            x + (r if i % 2 == 0 else r * 0.45) * math.sin(math.pi * i / 5),
            y - (r if i % 2 == 0 else r * 0.45) * math.cos(math.pi * i / 5),
        )
        for i in range(10)
    )
    return D.Polygon(points, fill=colour, stroke="#ffffff", width=1)
