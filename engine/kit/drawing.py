"""A picture as data: plain shapes and texts, in drawing order (DESIGN.md §10.3).

A game's board lays its picture out with these shapes, from the seat's view alone; the
service draws the same list as SVG (pages) and PNG (emails). Colours are ``#rrggbb``.
Texts may name seats ("p2"): the service puts each player's name in their place. A text
says the box it must stay in (:class:`Fit`), and the service shrinks or wraps it to fit,
measured in the reader's language; where a layout itself depends on how wide a text is
drawn, it asks the :data:`Measure` it is given, so the layout stays pure and the backend's
font decides.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

Measure = Callable[[str, float], float]
"""How wide a text of a font size is drawn (the service's font, names put in). The
service's measure also has ``shown(text)``: the text in the reader's language (a message
translated), which a layout that cuts text into lines must cut (:func:`read_as`)."""


def read_as(measure: Measure, text: str) -> str:
    """``text`` as the reader of the picture will read it, for a layout that cuts it into
    lines: cutting a message's English words would leave the lines in English."""
    shown = getattr(measure, "shown", None)
    return shown(text) if shown is not None else text


Anchor = Literal["start", "middle", "end"]
Point = tuple[float, float]


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    dash: tuple[float, float] | None = None


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    rx: float = 0.0


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    width: float = 1.0
    dash: tuple[float, float] | None = None
    round_caps: bool = False


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0


@dataclass(frozen=True)
class Fit:
    """The box a text must be drawn in (issue 32 §6): ``width`` wide, from ``x`` as the
    text's anchor puts it (``start``: x to x + width; ``middle``: centred on x; ``end``:
    ending at x), at most ``lines`` lines of ``LEADING`` times its size, centred on ``y``.
    The layout says the box; the service measures the text in the reader's language, names
    put in, with the font that draws it: a text too wide is drawn smaller, down to
    ``min_size`` (``None``: ``SHRINK`` of its size), then cut into lines between its words
    (or its letters, where a language writes no spaces), and what still does not fit ends
    in "…"."""

    width: float
    lines: int = 1
    min_size: float | None = None


LEADING = 1.2
"""A line of a text of several lines is this many times its size below the one before."""
SHRINK = 0.75
"""A text is drawn no smaller than this share of its size unless its ``Fit`` says."""


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    size: float = 10.0
    fill: str = "#222222"
    anchor: Anchor = "middle"
    halo: str | None = None
    """A background-coloured outline that keeps the text readable over lines and shapes."""
    bold: bool = False
    fit: Fit | None = None
    """The box the text must stay in, in every language and with any name in it."""


@dataclass(frozen=True)
class Group:
    """Shapes sharing one hover text (an SVG ``<title>``; the PNG just draws them)."""

    shapes: tuple[Shape, ...]
    title: str = ""


Shape = Circle | Rect | Line | Polygon | Text | Group


def hexagon(
    cx: float,
    cy: float,
    r: float,
    fill: str | None = None,
    stroke: str | None = None,
    width: float = 1.0,
) -> Polygon:
    """A hexagon pointing up and down (rows side by side, as on a hex map), ``r`` from its
    centre to each corner; :func:`hex_corners` gives the corners in the same order."""
    return Polygon(hex_corners(cx, cy, r), fill=fill, stroke=stroke, width=width)


def hex_corners(cx: float, cy: float, r: float) -> tuple[Point, ...]:
    """Top, upper right, lower right, bottom, lower left, upper left."""
    return tuple(
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    )


@dataclass
class Drawing:
    """A picture: ``backdrop`` first (the parts that never change, such as a printed map,
    which the PNG backend draws once per process), then ``shapes`` in order."""

    width: int
    height: int
    background: str
    title: str = ""
    shapes: list[Shape] = field(default_factory=list)
    backdrop: tuple[Shape, ...] = ()

    def add(self, *shapes: Shape) -> None:
        self.shapes.extend(shapes)
