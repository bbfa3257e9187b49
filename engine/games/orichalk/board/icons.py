"""Small drawings: hoplites, orichalcum, medallions, temples, dice, titans, terrain marks."""

from __future__ import annotations

import itertools
import math
from typing import Any

from engine.games.orichalk.board.palette import (
    HOPLITE,
    HOPLITE_EDGE,
    ORICHALCUM,
    ORICHALCUM_EDGE,
    TERRAIN_FILL,
    TERRAIN_INK,
)
from engine.games.orichalk.components import SKULL
from engine.games.orichalk.words import TITAN_OF_TERRAIN, _
from engine.kit import drawing as D


def hoplite(x: float, y: float, r: float) -> list[D.Shape]:
    """A round bronze shield."""
    return [
        D.Circle(x, y, r, fill=HOPLITE, stroke=HOPLITE_EDGE, width=1),
        D.Circle(x, y, r * 0.42, fill="#f0c9a0"),
    ]


def orichalcum(x: float, y: float, r: float) -> list[D.Shape]:
    """A nugget."""
    points = tuple(
        (x + r * f * math.cos(math.radians(a)), y + r * f * math.sin(math.radians(a)))
        for a, f in ((0, 1.0), (55, 0.85), (120, 1.0), (180, 0.9), (235, 1.0), (300, 0.85))
    )
    return [
        D.Polygon(points, fill=ORICHALCUM, stroke=ORICHALCUM_EDGE, width=1),
        D.Circle(x - r * 0.3, y - r * 0.3, r * 0.22, fill="#fff2c4"),
    ]


def medallion(x: float, y: float, r: float) -> list[D.Shape]:
    return [
        D.Circle(x, y, r, fill=ORICHALCUM, stroke=ORICHALCUM_EDGE, width=1.2),
        D.Circle(x, y, r * 0.6, stroke="#fff2c4", width=1.2),
    ]


def temple(x: float, y: float, s: float, ink: str) -> list[D.Shape]:
    """A pediment on three columns, ``s`` wide."""
    shapes: list[D.Shape] = [
        D.Polygon(
            ((x - s * 0.6, y - s * 0.3), (x, y - s * 0.62), (x + s * 0.6, y - s * 0.3)), fill=ink
        ),
        D.Rect(x - s * 0.6, y + s * 0.25, s * 1.2, s * 0.12, fill=ink),
    ]
    shapes += [
        D.Rect(x + dx * s - s * 0.07, y - s * 0.26, s * 0.14, s * 0.5, fill=ink)
        for dx in (-0.42, 0, 0.42)
    ]
    return shapes


def metropolis(x: float, y: float, s: float) -> list[D.Shape]:
    """A walled city of three towers."""
    ink = "#6b5a3e"
    roof = ((x - s * 0.35, y - s * 0.2), (x, y - s * 1.05), (x + s * 0.35, y - s * 0.2))
    return [
        D.Rect(x - s, y - s * 0.2, 2 * s, s * 0.9, fill="#d9c9a6", stroke=ink, width=1),
        D.Rect(x - s * 0.95, y - s * 0.75, s * 0.5, s * 1.45, fill="#e6d8b8", stroke=ink, width=1),
        D.Rect(x + s * 0.45, y - s * 0.75, s * 0.5, s * 1.45, fill="#e6d8b8", stroke=ink, width=1),
        D.Polygon(roof, fill="#b5533c", stroke=ink, width=1),
    ]


def die(x: float, y: float, size: float, face: int) -> list[D.Shape]:
    """A combat die with its top-left corner at ``(x, y)``: pips, or the skull on the 6."""
    skull = face == SKULL
    shapes: list[D.Shape] = [
        D.Rect(x, y, size, size, fill="#2b2b2b" if skull else "#ffffff", stroke="#2b2b2b",
               width=1.4, rx=size * 0.18)
    ]  # fmt: skip
    cx, cy = x + size / 2, y + size / 2
    if skull:
        s = size * 0.3
        return [
            *shapes,
            D.Circle(cx, cy - s * 0.2, s, fill="#ffffff"),
            D.Rect(cx - s * 0.55, cy + s * 0.4, s * 1.1, s * 0.7, fill="#ffffff", rx=1),
            D.Circle(cx - s * 0.4, cy - s * 0.25, s * 0.3, fill="#2b2b2b"),
            D.Circle(cx + s * 0.4, cy - s * 0.25, s * 0.3, fill="#2b2b2b"),
        ]
    pips = {
        1: [(0, 0)],
        2: [(-1, -1), (1, 1)],
        3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    }[face]
    q = size * 0.26
    return shapes + [
        D.Circle(cx + dx * q, cy + dy * q, size * 0.09, fill="#2b2b2b") for dx, dy in pips
    ]


def titan(t: dict[str, Any], x: float, y: float, w: float, h: float) -> D.Shape:
    """A titan tile: its terrain's colour while its favour is ready, grey once used."""
    active = t.get("active", True)
    ink = "#1f1f1f" if active else "#8a8477"
    words = {"titan": t["name"], "title": TITAN_OF_TERRAIN[t["terrain"]], "favour": t["favour"]}
    return D.Group(
        (
            D.Rect(x, y, w, h, fill=TERRAIN_FILL[t["terrain"]] if active else "#e4e0d8",
                   stroke=TERRAIN_INK[t["terrain"]], width=1.4, rx=4),
            D.Text(x + w / 2, y + h * 0.36, t["name"], size=11.5, fill=ink, bold=True,
                   fit=D.Fit(w - 4, min_size=7.5)),
            D.Text(x + w / 2, y + h * 0.74, _("ready") if active else _("used"), size=9.5,
                   fill=ink, fit=D.Fit(w - 4)),
        ),
        title=_("{titan}, {title}: {favour} (favour ready)", **words)
        if active
        else _("{titan}, {title}: {favour} (favour used)", **words),
    )  # fmt: skip


def terrain_mark(terrain: str, x: float, y: float, s: float) -> list[D.Shape]:
    """A small mark of the terrain in a darker shade, so colour is not the only clue."""
    ink = TERRAIN_INK[terrain]

    def shape(*points: tuple[float, float], fill: str = ink) -> D.Polygon:
        return D.Polygon(tuple((x + dx * s, y + dy * s) for dx, dy in points), fill=fill)

    if terrain == "forest":
        return [
            shape((-0.9, 0.5), (-0.4, -0.6), (0.1, 0.5)),
            shape((-0.1, 0.6), (0.45, -0.75), (1.0, 0.6)),
        ]
    if terrain == "mountain":
        return [
            shape((-1.0, 0.55), (-0.25, -0.7), (0.45, 0.55)),
            shape((0.0, 0.55), (0.55, -0.25), (1.05, 0.55)),
        ]
    if terrain == "desert":
        return [
            D.Circle(x + s * 0.5, y - s * 0.35, s * 0.28, fill=ink),
            shape((-1.0, 0.55), (-0.3, 0.05), (0.5, 0.55)),
        ]
    if terrain == "lagoon":
        waves: list[D.Shape] = []
        for row in (-0.3, 0.3):
            points = [
                (x - s + i * s / 3, y + s * row + (s * 0.18 if i % 2 else -s * 0.18))
                for i in range(7)
            ]
            waves += [
                D.Line(a[0], a[1], b[0], b[1], ink, width=1.6, round_caps=True)
                for a, b in itertools.pairwise(points)
            ]
        return waves
    return [  # a volcano: a cone with a glowing crater
        shape((-1.0, 0.6), (-0.3, -0.5), (0.3, -0.5), (1.0, 0.6)),
        shape((-0.3, -0.5), (0.0, -0.2), (0.3, -0.5), fill="#ffb347"),
    ]
