"""Small pieces of Origins: First Builders' picture: dice, discs, the archon, towers,
resource tokens, headings and notes, and a flow that lays pieces in lines. Every text says
the box it must stay in (``Fit``: the service shrinks or wraps it, issue 32 §6); wherever a
width depends on a text, it is asked of the ``measure`` given (the font that will draw it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.games.origins_first_builders import words as word
from engine.games.origins_first_builders.board.palette import (
    DIE_FILL,
    DIE_INK,
    INK,
    MUTED,
    RESOURCE_FILL,
    RESOURCE_LETTER,
    View,
    seat_mark,
)
from engine.kit import drawing as D

WIDTH = 640
"""The picture's width: an email showing it 600 px wide keeps its smallest words readable."""
M = 10  # margin
INNER = WIDTH - 2 * M
GAP = 6
COLUMN = (INNER - 4 * GAP) / 5  # five columns: zones, the building row, the stacks
SMALL = 10.5
BODY = 11.5
TITLE = 12.5

Colours = dict[str, tuple[str, str, str]]


def titled(
    measure: D.Measure, x: float, y: float, room: float, title: str, note_: str
) -> list[D.Shape]:
    """A heading at the left of a line ``room`` wide and a note at its right end: the heading
    as wide as it is drawn (at most half the line), the note the rest."""
    wide = min(measure(title, TITLE), room / 2)
    return [
        heading(x, y, title, wide),
        note(x + room, y, note_, anchor="end", room=room - wide - 12),
    ]


def die(
    x: float, y: float, s: float, colour: str, value: Any, ring: str | None = None
) -> list[D.Shape]:
    """A citizen die (square, its colour, its value), ringed in its owner's colour."""
    shapes: list[D.Shape] = []
    if ring:
        shapes.append(D.Rect(x - 3, y - 3, s + 6, s + 6, fill=ring, rx=s * 0.3))
    shapes.append(
        D.Rect(
            x,
            y,
            s,
            s,
            fill=DIE_FILL.get(colour, "#cccccc"),
            stroke="#5a5040",
            width=0.8,
            rx=s * 0.2,
        )
    )
    if value is not None:
        shapes.append(
            D.Text(
                x + s / 2,
                y + s / 2,
                str(value),
                size=s * 0.62,
                fill=DIE_INK.get(colour, INK),
                bold=True,
                fit=D.Fit(s - 2),
            )
        )
    return shapes


def speaker(x: float, y: float, s: float, value: Any, ring: str | None = None) -> list[D.Shape]:
    """A white speaker die («Ораторы»): a value, no colour."""
    shapes: list[D.Shape] = []
    if ring:
        shapes.append(D.Rect(x - 3, y - 3, s + 6, s + 6, fill=ring, rx=s * 0.3))
    shapes.append(D.Rect(x, y, s, s, fill="#ffffff", stroke="#5a5040", width=1, rx=s * 0.2))
    shapes.append(
        D.Text(
            x + s / 2, y + s / 2, str(value), size=s * 0.62, fill=INK, bold=True, fit=D.Fit(s - 2)
        )
    )
    return shapes


def disc(cx: float, cy: float, r: float, seat: str, view: View, colours: Colours) -> list[D.Shape]:
    """A player's disc with the seat's number, so it reads without colour too."""
    _, fill, ink = colours.get(seat, ("", "#999999", "#ffffff"))
    return [
        D.Circle(cx, cy, r, fill=fill, stroke="#222222", width=0.9),
        D.Text(
            cx,
            cy + 0.5,
            seat_mark(view, seat),
            size=r * 1.3,
            fill=ink,
            bold=True,
            fit=D.Fit(r * 1.8),
        ),
    ]


def archon(cx: float, cy: float, s: float, fill: str, stroke: str = "#222222") -> list[D.Shape]:
    """The archon figure: a head over a robed body."""
    body = (
        (cx - s * 0.42, cy + s * 0.5),
        (cx - s * 0.2, cy - s * 0.08),
        (cx + s * 0.2, cy - s * 0.08),
        (cx + s * 0.42, cy + s * 0.5),
    )
    return [
        D.Polygon(body, fill=fill, stroke=stroke, width=0.9),
        D.Circle(cx, cy - s * 0.28, s * 0.2, fill=fill, stroke=stroke, width=0.9),
    ]


def tower(x: float, y: float, w: float, h: float, colour: str) -> list[D.Shape]:
    """A tower tier icon, standing on (x, y + h)."""
    fill = DIE_FILL.get(colour, "#cccccc")
    top = (
        (x, y + h * 0.3),
        (x + w * 0.2, y + h * 0.3),
        (x + w * 0.2, y),
        (x + w * 0.4, y),
        (x + w * 0.4, y + h * 0.18),
        (x + w * 0.6, y + h * 0.18),
        (x + w * 0.6, y),
        (x + w * 0.8, y),
        (x + w * 0.8, y + h * 0.3),
        (x + w, y + h * 0.3),
        (x + w, y + h),
        (x, y + h),
    )
    return [D.Polygon(top, fill=fill, stroke="#4a4030", width=0.8)]


def chip(
    measure: D.Measure, x: float, y: float, resource: str, amount: Any, h: float = 18
) -> tuple[list[D.Shape], float]:
    """A resource token and how many: ``[S] 2``."""
    letter = RESOURCE_LETTER.get(resource, resource[:1].upper())
    label = str(amount)
    w = h + 4 + measure(label, BODY) + 2
    shapes: list[D.Shape] = [
        D.Rect(
            x,
            y,
            h,
            h,
            fill=RESOURCE_FILL.get(resource, "#dddddd"),
            stroke="#5a5040",
            width=0.8,
            rx=3,
        ),
        D.Text(x + h / 2, y + h / 2, letter, size=h * 0.6, fill=INK, bold=True, fit=D.Fit(h - 2)),
        D.Text(
            x + h + 4,
            y + h / 2,
            label,
            size=BODY,
            fill=INK,
            anchor="start",
            bold=True,
            fit=D.Fit(w - h - 4),
        ),
    ]
    return [D.Group(tuple(shapes), title=word.amount(resource, int(amount)))], w


def heading(x: float, y: float, text: str, room: float) -> D.Shape:
    return D.Text(x, y, text, size=TITLE, fill=INK, anchor="start", bold=True, fit=D.Fit(room))


def note(
    x: float, y: float, text: str, anchor: D.Anchor = "start", room: float = 0, lines: int = 1
) -> D.Shape:
    """A small grey text; ``room``: its box's width (none given: as wide as the picture's
    inside, from ``x`` as anchored)."""
    if not room:
        room = {"start": WIDTH - M - x, "middle": 2 * min(x - M, WIDTH - M - x), "end": x - M}[
            anchor
        ]
    return D.Text(x, y, text, size=SMALL, fill=MUTED, anchor=anchor, fit=D.Fit(room, lines=lines))


@dataclass
class Flow:
    """Pieces laid left to right, wrapping onto a new line at the right edge."""

    measure: D.Measure
    x0: float
    y: float
    right: float
    line: float = 24
    x: float = 0
    shapes: list[D.Shape] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.x = self.x0

    def room(self, w: float) -> None:
        if self.x + w > self.right and self.x > self.x0:
            self.newline()

    def newline(self) -> None:
        self.x = self.x0
        self.y += self.line

    def label(self, text: str, bold: bool = False, colour: str = MUTED) -> None:
        w = min(self.measure(text, BODY), self.right - self.x0) + 6
        self.room(w)
        self.shapes.append(
            D.Text(self.x, self.y + 9, text, size=BODY, fill=colour, anchor="start", bold=bold,
                   fit=D.Fit(w - 6))
        )  # fmt: skip
        self.x += w

    def add(self, w: float, shapes: Sequence[D.Shape], title: str = "") -> None:
        self.room(w)
        moved = [shift(s, self.x, self.y) for s in shapes]
        self.shapes.append(D.Group(tuple(moved), title=title) if title else D.Group(tuple(moved)))
        self.x += w

    def space(self, w: float = 8) -> None:
        self.x += w


def shift(shape: D.Shape, dx: float, dy: float) -> D.Shape:
    """The same shape moved by (dx, dy)."""
    if isinstance(shape, D.Group):
        return replace(shape, shapes=tuple(shift(s, dx, dy) for s in shape.shapes))
    if isinstance(shape, D.Circle):
        return replace(shape, cx=shape.cx + dx, cy=shape.cy + dy)
    if isinstance(shape, D.Line):
        return replace(
            shape, x1=shape.x1 + dx, y1=shape.y1 + dy, x2=shape.x2 + dx, y2=shape.y2 + dy
        )
    if isinstance(shape, D.Polygon):
        return replace(shape, points=tuple((x + dx, y + dy) for x, y in shape.points))
    return replace(shape, x=shape.x + dx, y=shape.y + dy)
