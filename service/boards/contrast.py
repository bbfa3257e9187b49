"""Colour contrast (WCAG 2.1, 1.4.3 "Contrast (Minimum)"): text must stand 4.5:1 against
what it is drawn on. Games choose their colours for the table (white on an orange die);
the service keeps each text's hue where it reads and swaps in a dark or light ink where it
would not, for every game at once."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache

from engine.kit.drawing import Circle, Drawing, Group, Polygon, Rect, Shape, Text

AA = 4.5
"""WCAG 2.1 AA for body text (1.4.3)."""
DARK = "#000000"
LIGHT = "#ffffff"
"""Black and white: against any colour one of them stands at least 4.58:1."""
HEX = re.compile(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})")


def rgb(colour: str) -> tuple[int, int, int] | None:
    """``#rrggbb`` or ``#rgb`` as numbers; anything else (a name, ``none``) as ``None``."""
    if not HEX.fullmatch(colour.strip()):
        return None
    digits = colour.strip()[1:]
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def luminance(colour: str) -> float:
    """Relative luminance (WCAG 2.1, definition of "relative luminance")."""
    found = rgb(colour)
    if found is None:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in found)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(ink: str, ground: str) -> float:
    """The contrast ratio of two colours, 1 to 21 (WCAG 2.1, "contrast ratio")."""
    a, b = sorted((luminance(ink), luminance(ground)), reverse=True)
    return (a + 0.05) / (b + 0.05)


@lru_cache(maxsize=1024)
def readable(ink: str, ground: str) -> str:
    """``ink`` when it stands 4.5:1 on ``ground``, else the dark or light ink that stands
    better; a colour that is not ``#rrggbb`` is left as it is. Remembered: a game's pictures
    use a few colours, and every text of every picture asks (a third of ``legible``'s time)."""
    if rgb(ink) is None or rgb(ground) is None or ratio(ink, ground) >= AA:
        return ink
    return DARK if ratio(DARK, ground) >= ratio(LIGHT, ground) else LIGHT


def _covers(shape: Shape, x: float, y: float) -> bool:
    if isinstance(shape, Rect):
        return shape.x <= x <= shape.x + shape.w and shape.y <= y <= shape.y + shape.h
    if isinstance(shape, Circle):
        return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r**2
    if isinstance(shape, Polygon):
        return _inside(shape.points, x, y)
    return False


def _inside(points: tuple[tuple[float, float], ...], x: float, y: float) -> bool:
    """Ray casting: a point is inside when a ray from it crosses the edges an odd number of
    times."""
    inside = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _flat(shapes: Iterable[Shape]) -> list[Shape]:
    out: list[Shape] = []
    for shape in shapes:
        out.extend(_flat(shape.shapes) if isinstance(shape, Group) else [shape])
    return out


Grid = dict[tuple[int, int], list[tuple[Shape, str]]]
"""Filled shapes, in drawing order, under each square of the picture they reach."""
CELL = 32.0
"""The side of the grid squares that ``pairs`` files shapes under, so each text looks only
at the shapes near it."""


def _box(shape: Shape) -> tuple[float, float, float, float] | None:
    if isinstance(shape, Rect):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    if isinstance(shape, Circle):
        return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    if isinstance(shape, Polygon) and shape.points:
        xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
        return min(xs), min(ys), max(xs), max(ys)
    return None


def pairs(drawing: Drawing) -> list[tuple[Text, str]]:
    """Every text of the picture with the colour it is drawn on: its halo when it has one,
    else the fill of the last shape drawn before it under its anchor, else the
    picture's background."""
    drawn = _flat([*drawing.backdrop, *drawing.shapes])
    grid: Grid = {}
    found: list[tuple[Text, str]] = []
    for shape in drawn:
        if isinstance(shape, Text):
            if shape.text.strip():
                found.append((shape, shape.halo or _under(shape, grid, drawing.background)))
            continue
        fill = getattr(shape, "fill", None)
        box = _box(shape)
        if not fill or rgb(fill) is None or box is None:
            continue
        for gx in range(int(box[0] // CELL), int(box[2] // CELL) + 1):
            for gy in range(int(box[1] // CELL), int(box[3] // CELL) + 1):
                grid.setdefault((gx, gy), []).append((shape, fill))
    return found


def _under(text: Text, grid: Grid, ground: str) -> str:
    # Both backends centre a text's letters on its y (SVG: dominant-baseline central).
    for shape, fill in reversed(grid.get((int(text.x // CELL), int(text.y // CELL)), [])):
        if _covers(shape, text.x, text.y):
            return fill
    return ground


def legible(drawing: Drawing) -> Drawing:
    """The picture with every text's ink made to stand 4.5:1 on what it is drawn on."""
    inks = {
        id(text): ink
        for text, ground in pairs(drawing)
        if (ink := readable(text.fill, ground)) != text.fill
    }
    if not inks:
        return drawing

    def fix(shape: Shape) -> Shape:
        if isinstance(shape, Group):
            return Group(tuple(fix(s) for s in shape.shapes), title=shape.title)
        if isinstance(shape, Text) and id(shape) in inks:
            return replace(shape, fill=inks[id(shape)])
        return shape

    return replace(
        drawing,
        backdrop=tuple(fix(s) for s in drawing.backdrop),
        shapes=[fix(s) for s in drawing.shapes],
    )
