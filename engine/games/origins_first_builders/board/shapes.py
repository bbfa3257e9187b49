"""Small pieces of Origins: First Builders' picture: dice, discs, the archon, towers,
resource tokens, wrapped words, and a flow that lays pieces in lines. Wherever a width
depends on a text, it is asked of the ``measure`` given (the font that will draw it)."""

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
from engine.kit.drawing import (
    Anchor,
    Circle,
    Group,
    Line,
    Measure,
    Polygon,
    Rect,
    Shape,
    Text,
    read_as,
)

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


def wrap(measure: Measure, text: str, size: float, width: float, lines: int = 2) -> list[str]:
    """Words in at most ``lines`` lines of ``width``; what does not fit ends in "...".

    A text that fits on one line is kept whole (a message stays a message); a longer one is
    cut into lines of its words as the reader reads them (translated first); a word wider
    than a line (Japanese has no spaces) is cut between its letters."""
    if lines >= 1 and " ".join(text.split()) == text and measure(text, size) <= width:
        return [text]
    out: list[str] = []
    words = []
    for word_ in read_as(measure, text).split():
        if measure(word_, size) <= width:
            words.append(word_)
            continue
        piece = ""
        for letter in word_:
            if piece and measure(piece + letter, size) > width:
                words.append(piece)
                piece = ""
            piece += letter
        words.append(piece)
    while words and len(out) < lines:
        line = words.pop(0)
        while words and measure(f"{line} {words[0]}", size) <= width:
            line += " " + words.pop(0)
        out.append(line)
    if words and out:
        last = out[-1]
        while last and measure(last + "...", size) > width:
            last = last[:-1]
        out[-1] = last.rstrip() + "..."
    return out


def fit(
    measure: Measure, text: str, size: float, width: float, lines: int = 2
) -> tuple[float, list[str]]:
    """The largest size, down to 7, at which every word fits ``width``; and the lines."""
    longest = max((measure(w, size) for w in read_as(measure, text).split()), default=0.0)
    if longest > width:
        size = max(7.0, size * width / longest)
    return size, wrap(measure, text, size, width, lines)


def text_block(x: float, y: float, lines: Sequence[str], size: float, **kw: Any) -> list[Shape]:
    """Lines of text centred on ``y`` as a block."""
    step = size * 1.2
    top = y - step * (len(lines) - 1) / 2
    return [Text(x, top + i * step, line, size=size, **kw) for i, line in enumerate(lines)]


def die(
    x: float, y: float, s: float, colour: str, value: Any, ring: str | None = None
) -> list[Shape]:
    """A citizen die (square, its colour, its value), ringed in its owner's colour."""
    shapes: list[Shape] = []
    if ring:
        shapes.append(Rect(x - 3, y - 3, s + 6, s + 6, fill=ring, rx=s * 0.3))
    shapes.append(
        Rect(
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
            Text(
                x + s / 2,
                y + s / 2,
                str(value),
                size=s * 0.62,
                fill=DIE_INK.get(colour, INK),
                bold=True,
            )
        )
    return shapes


def speaker(x: float, y: float, s: float, value: Any, ring: str | None = None) -> list[Shape]:
    """A white speaker die («Ораторы»): a value, no colour."""
    shapes: list[Shape] = []
    if ring:
        shapes.append(Rect(x - 3, y - 3, s + 6, s + 6, fill=ring, rx=s * 0.3))
    shapes.append(Rect(x, y, s, s, fill="#ffffff", stroke="#5a5040", width=1, rx=s * 0.2))
    shapes.append(Text(x + s / 2, y + s / 2, str(value), size=s * 0.62, fill=INK, bold=True))
    return shapes


def disc(cx: float, cy: float, r: float, seat: str, view: View, colours: Colours) -> list[Shape]:
    """A player's disc with the seat's number, so it reads without colour too."""
    _, fill, ink = colours.get(seat, ("", "#999999", "#ffffff"))
    return [
        Circle(cx, cy, r, fill=fill, stroke="#222222", width=0.9),
        Text(cx, cy + 0.5, seat_mark(view, seat), size=r * 1.3, fill=ink, bold=True),
    ]


def archon(cx: float, cy: float, s: float, fill: str, stroke: str = "#222222") -> list[Shape]:
    """The archon figure: a head over a robed body."""
    body = (
        (cx - s * 0.42, cy + s * 0.5),
        (cx - s * 0.2, cy - s * 0.08),
        (cx + s * 0.2, cy - s * 0.08),
        (cx + s * 0.42, cy + s * 0.5),
    )
    return [
        Polygon(body, fill=fill, stroke=stroke, width=0.9),
        Circle(cx, cy - s * 0.28, s * 0.2, fill=fill, stroke=stroke, width=0.9),
    ]


def tower(x: float, y: float, w: float, h: float, colour: str) -> list[Shape]:
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
    return [Polygon(top, fill=fill, stroke="#4a4030", width=0.8)]


def chip(
    measure: Measure, x: float, y: float, resource: str, amount: Any, h: float = 18
) -> tuple[list[Shape], float]:
    """A resource token and how many: ``[S] 2``."""
    letter = RESOURCE_LETTER.get(resource, resource[:1].upper())
    label = str(amount)
    w = h + 4 + measure(label, BODY) + 2
    shapes: list[Shape] = [
        Rect(
            x,
            y,
            h,
            h,
            fill=RESOURCE_FILL.get(resource, "#dddddd"),
            stroke="#5a5040",
            width=0.8,
            rx=3,
        ),
        Text(x + h / 2, y + h / 2, letter, size=h * 0.6, fill=INK, bold=True),
        Text(x + h + 4, y + h / 2, label, size=BODY, fill=INK, anchor="start", bold=True),
    ]
    return [Group(tuple(shapes), title=word.amount(resource, int(amount)))], w


def heading(x: float, y: float, text: str) -> Shape:
    return Text(x, y, text, size=TITLE, fill=INK, anchor="start", bold=True)


def note(x: float, y: float, text: str, anchor: Anchor = "start") -> Shape:
    return Text(x, y, text, size=SMALL, fill=MUTED, anchor=anchor)


def fit_line(measure: Measure, text: str, size: float, width: float) -> str:
    """One line of at most ``width``, cut with "..." if it must be."""
    if measure(text, size) <= width:
        return text
    text = read_as(measure, text)
    while text and measure(text + "...", size) > width:
        text = text[:-1]
    return text.rstrip() + "..."


@dataclass
class Flow:
    """Pieces laid left to right, wrapping onto a new line at the right edge."""

    measure: Measure
    x0: float
    y: float
    right: float
    line: float = 24
    x: float = 0
    shapes: list[Shape] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.x = self.x0

    def room(self, w: float) -> None:
        if self.x + w > self.right and self.x > self.x0:
            self.newline()

    def newline(self) -> None:
        self.x = self.x0
        self.y += self.line

    def label(self, text: str, bold: bool = False, colour: str = MUTED) -> None:
        w = self.measure(text, BODY) + 6
        self.room(w)
        self.shapes.append(
            Text(self.x, self.y + 9, text, size=BODY, fill=colour, anchor="start", bold=bold)
        )
        self.x += w

    def add(self, w: float, shapes: Sequence[Shape], title: str = "") -> None:
        self.room(w)
        moved = [shift(s, self.x, self.y) for s in shapes]
        self.shapes.append(Group(tuple(moved), title=title) if title else Group(tuple(moved)))
        self.x += w

    def space(self, w: float = 8) -> None:
        self.x += w


def shift(shape: Shape, dx: float, dy: float) -> Shape:
    """The same shape moved by (dx, dy)."""
    if isinstance(shape, Group):
        return replace(shape, shapes=tuple(shift(s, dx, dy) for s in shape.shapes))
    if isinstance(shape, Circle):
        return replace(shape, cx=shape.cx + dx, cy=shape.cy + dy)
    if isinstance(shape, Line):
        return replace(
            shape, x1=shape.x1 + dx, y1=shape.y1 + dy, x2=shape.x2 + dx, y2=shape.y2 + dy
        )
    if isinstance(shape, Polygon):
        return replace(shape, points=tuple((x + dx, y + dy) for x, y in shape.points))
    return replace(shape, x=shape.x + dx, y=shape.y + dy)
