"""A picture as a list of plain shapes, and two small backends: SVG text and a Pillow PNG.

A game's renderer describes its board once with these shapes; ``to_svg`` and ``to_png``
draw the same description, so the web page and the email show the same picture. Colours
are ``#rrggbb`` strings, which both backends understand.
"""

from __future__ import annotations

import hashlib
import io
import math
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from functools import lru_cache
from pathlib import Path
from typing import Any

from markupsafe import Markup
from PIL import Image, ImageDraw, ImageFont

from engine.kit.drawing import (
    Anchor,
    Circle,
    Drawing,
    Group,
    Line,
    Point,
    Polygon,
    Rect,
    Shape,
    Text,
    hex_corners,
    hexagon,
)
from service import words
from service.boards.fitting import fitted
from service.boards.kept import Kept
from service.boards.naming import short_names, with_names

__all__ = [
    "Anchor",
    "Circle",
    "Drawing",
    "Group",
    "Line",
    "Point",
    "Polygon",
    "Rect",
    "Shape",
    "Text",
    "hex_corners",
    "hexagon",
    "naming",
    "text_width",
    "to_png",
    "to_svg",
]

# ---------------------------------------------------------------- SVG


_NAMES: ContextVar[Mapping[str, str] | None] = ContextVar("names", default=None)


@contextmanager
def naming(names: Mapping[str, str]) -> Iterator[None]:
    """Pictures drawn within it show each player's name (cut short) where a text of the
    picture says their seat."""
    token = _NAMES.set(short_names(names))
    try:
        yield
    finally:
        _NAMES.reset(token)


def _named(drawing: Drawing) -> Drawing:
    """The picture as its reader sees it: its texts in their language, seats named."""
    names = _NAMES.get() or {}
    return replace(
        drawing,
        title=with_names(drawing.title, names),
        shapes=[_name(shape, names) for shape in drawing.shapes],
        backdrop=tuple(_name(shape, names) for shape in drawing.backdrop),
    )


def _name(shape: Shape, names: Mapping[str, str]) -> Shape:
    if isinstance(shape, Text):
        return replace(shape, text=with_names(shape.text, names))
    if isinstance(shape, Group):
        inner = tuple(_name(s, names) for s in shape.shapes)
        return Group(inner, title=with_names(shape.title, names))
    return shape


def _fitted(drawing: Drawing) -> Drawing:
    """Each text of the picture in its box, measured as the PNG draws it (issue 32 §6)."""
    return fitted(drawing, _measured)


def _measured(text: str, size: float) -> float:
    return _width(text, round(size * SUPERSAMPLE))


def to_svg(drawing: Drawing) -> Markup:
    """The picture as SVG markup, composed with ``Markup`` so every text and value is
    escaped on the way in (DESIGN.md §10.8): a name can never become markup."""
    drawing = _fitted(_named(drawing))
    w, h = drawing.width, drawing.height
    head = Markup(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}" width="100%" '
        'role="img" font-family="Helvetica, Arial, sans-serif">'
    ).format(w, h)
    title = Markup("<title>{}</title>").format(drawing.title) if drawing.title else Markup()
    ground = Markup('<rect x="0" y="0" width="{}" height="{}" fill="{}"/>').format(
        w, h, drawing.background
    )
    shapes = Markup().join(_svg(shape) for shape in (*drawing.backdrop, *drawing.shapes))
    return head + title + ground + shapes + Markup("</svg>")


def _n(value: float) -> str:
    return str(round(value)) if abs(value - round(value)) < 0.005 else f"{value:.2f}"


def _paint(fill: str | None, stroke: str | None, width: float) -> Markup:
    out = Markup(' fill="{}"').format(fill or "none")
    if stroke:
        out += Markup(' stroke="{}" stroke-width="{}"').format(stroke, _n(width))
    return out


def _dash(dash: tuple[float, float] | None) -> Markup:
    if not dash:
        return Markup()
    return Markup(' stroke-dasharray="{} {}"').format(_n(dash[0]), _n(dash[1]))


def _svg(shape: Shape) -> Markup:
    if isinstance(shape, Group):
        title = Markup("<title>{}</title>").format(shape.title) if shape.title else Markup()
        inner = Markup().join(_svg(s) for s in shape.shapes)
        return Markup("<g>{}{}</g>").format(title, inner)
    if isinstance(shape, Circle):
        return Markup('<circle cx="{}" cy="{}" r="{}"{}{}/>').format(
            _n(shape.cx),
            _n(shape.cy),
            _n(shape.r),
            _paint(shape.fill, shape.stroke, shape.width),
            _dash(shape.dash),
        )
    if isinstance(shape, Rect):
        rx = Markup(' rx="{}"').format(_n(shape.rx)) if shape.rx else Markup()
        return Markup('<rect x="{}" y="{}" width="{}" height="{}"{}{}/>').format(
            _n(shape.x),
            _n(shape.y),
            _n(shape.w),
            _n(shape.h),
            rx,
            _paint(shape.fill, shape.stroke, shape.width),
        )
    if isinstance(shape, Line):
        caps = Markup(' stroke-linecap="round"') if shape.round_caps else Markup()
        return Markup(
            '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="{}"{}{}/>'
        ).format(
            _n(shape.x1),
            _n(shape.y1),
            _n(shape.x2),
            _n(shape.y2),
            shape.stroke,
            _n(shape.width),
            caps,
            _dash(shape.dash),
        )
    if isinstance(shape, Polygon):
        points = " ".join(f"{_n(x)},{_n(y)}" for x, y in shape.points)
        return Markup('<polygon points="{}"{} stroke-linejoin="round"/>').format(
            points, _paint(shape.fill, shape.stroke, shape.width)
        )
    halo = Markup()
    if shape.halo:
        halo = Markup(
            ' stroke="{}" stroke-width="{}" stroke-linejoin="round" paint-order="stroke"'
        ).format(shape.halo, _n(shape.size / 4))
    weight = Markup(' font-weight="bold"') if shape.bold else Markup()
    return Markup(
        '<text x="{}" y="{}" font-size="{}" text-anchor="{}" dominant-baseline="central" '
        'fill="{}"{}{}>{}</text>'
    ).format(
        _n(shape.x),
        _n(shape.y),
        _n(shape.size),
        shape.anchor,
        shape.fill,
        weight,
        halo,
        shape.text,
    )


# ---------------------------------------------------------------- PNG

SUPERSAMPLE = 2
"""The PNG is drawn this many times larger, then reduced: Pillow draws without antialiasing."""
PNG_COLOURS = 96
PNG_LEVEL = 3
"""zlib's level: half the encoding time of the default (6) for a picture a sixth larger;
9 (or ``optimize``) takes six times as long for 7% less (docs/performance.md, "Encoding")."""
PNG_BYTES_KEPT = 8 * 2**20
"""PNGs kept per process, by what they show (:func:`digest`): about 150 board pictures. The
RQ worker runs its jobs in its own process, forking none (``workers.process``), so one
email's picture serves the next email that shows the very same picture."""
CANVASES_KEPT = 3
"""Pictures kept per process, their pixels and shapes, one per size and backdrop (2 to 4 MB
each for the largest boards): the next picture of that size is drawn over the last one where
they differ (:func:`_painted`)."""
REDRAWN_AT_MOST = 0.5
"""Beyond this share of the picture differing, it is drawn whole rather than patched."""
BACKEND = "png-2"
"""Part of every picture's digest: change it when the backend draws a picture differently
(fonts, supersampling, colours, encoding, texts fitted in their boxes), so no picture drawn
before is given again."""

VIEWS_KEPT = 4096
"""Views whose picture's digest is remembered (:mod:`service.boards.shown`)."""

_PNGS = Kept(PNG_BYTES_KEPT)
_SHOWN = Kept(VIEWS_KEPT * 64)
"""A view's key (:func:`service.boards.shown.view_key`) -> the digest of its picture."""


def to_png(drawing: Drawing, shown: str | None = None) -> bytes:
    """The picture as PNG. The same picture (same shapes, texts in the same language, the
    same names) is drawn once per process and then given from memory, to any seat: its
    digest is made of everything it shows, so no seat is given a picture that differs
    from its own by one pixel, hidden information included. ``shown``: the key of the
    view it was laid out for, which :func:`png_shown` then answers."""
    drawing = _fitted(_named(drawing))
    key = digest(drawing)
    png = _PNGS.get(key)
    if png is None:
        png = _painted(drawing)
        _PNGS.put(key, png)
    if shown is not None:
        _SHOWN.put(shown, key.encode())
    return png


def png_shown(shown: str) -> bytes | None:
    """The PNG drawn for the view of key ``shown``, while it is remembered."""
    key = _SHOWN.get(shown)
    return None if key is None else _PNGS.get(key.decode())


def digest(drawing: Drawing) -> str:
    """A hash of everything a picture, as drawn (texts in the reader's language, seats
    named), shows: its size, background, every shape in order and the backend that draws
    it. ``repr`` of the frozen shapes spells every field (floats exactly, texts quoted)."""
    shown = (BACKEND, drawing.width, drawing.height, drawing.background,
             drawing.backdrop, tuple(drawing.shapes))  # fmt: skip
    return hashlib.sha256(repr(shown).encode()).hexdigest()


def _encoded(image: Image.Image) -> bytes:
    """The picture's colours quantised and PNG-encoded; the settings were chosen by
    measurement (docs/performance.md, "Encoding")."""
    small = image.quantize(PNG_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


Box = tuple[int, int, int, int]


@dataclass
class _Canvas:
    size: tuple[int, int]
    """The picture's size supersampled, as it was drawn."""
    small: Image.Image
    """The picture's pixels: drawn supersampled, reduced. The supersampled picture is not
    kept: a patch is drawn afresh (issue 34 §4: 9 to 15 MB a canvas)."""
    shapes: list[Shape]
    """The shapes drawn, flattened, in order."""


_CANVASES: OrderedDict[tuple[Any, ...], _Canvas] = OrderedDict()
_CANVAS_LOCK = threading.Lock()


def _painted(drawing: Drawing) -> bytes:
    """The picture drawn at ``SUPERSAMPLE`` times its size, reduced and encoded. Drawn over
    the last picture of the same size and backdrop where the two differ: the seats of one
    game, and one game from one email to the next, mostly see the same board."""
    flat = list(_flat(drawing.shapes))
    layer = (drawing.width, drawing.height, drawing.background, drawing.backdrop)
    try:
        hash((layer, *flat))
    except TypeError:  # a shape holding a list cannot be compared: drawn afresh, not kept
        large = _drawn_whole(drawing.width, drawing.height, drawing.background,
                             (*_flat(drawing.backdrop), *flat))  # fmt: skip
        return _encoded(large.reduce(SUPERSAMPLE))
    with _CANVAS_LOCK:  # taken out while it is drawn on and read: no other thread sees it
        kept = _CANVASES.pop(layer, None)
    canvas = _patched(kept, drawing, flat) if kept is not None else None
    if canvas is None:
        large = _base(drawing)
        pen = ImageDraw.Draw(large)
        for shape in flat:
            _draw(large, pen, shape, SUPERSAMPLE)
        canvas = _Canvas(large.size, large.reduce(SUPERSAMPLE), flat)
        del large, pen  # freed before the encoding: the process's peak memory
    png = _encoded(canvas.small)
    with _CANVAS_LOCK:
        _CANVASES[layer] = canvas
        while len(_CANVASES) > CANVASES_KEPT:
            _CANVASES.popitem(last=False)
    return png


def _base(drawing: Drawing) -> Image.Image:
    """The background with the backdrop on it, supersampled, to draw on."""
    k = SUPERSAMPLE
    if drawing.backdrop:
        return _backdrop(drawing.width, drawing.height, drawing.background, drawing.backdrop).copy()
    # Nothing worth keeping: a plain background is made faster than copied.
    return Image.new("RGB", (drawing.width * k, drawing.height * k), drawing.background)


def _drawn_whole(width: int, height: int, background: str, shapes: Sequence[Shape]) -> Image.Image:
    k = SUPERSAMPLE
    image = Image.new("RGB", (width * k, height * k), background)
    pen = ImageDraw.Draw(image)
    for shape in shapes:
        _draw(image, pen, shape, k)
    return image


def _patched(kept: _Canvas, drawing: Drawing, flat: list[Shape]) -> _Canvas | None:
    """``drawing`` made from ``kept`` (same size and backdrop): only where a shape of one is
    not in the other are the pixels drawn again, from the backdrop up with every shape that
    reaches there, in order; elsewhere the two pictures have the same shapes in the same
    order, hence the same pixels. Each patch is aligned to the supersampling, so reducing it
    alone gives the pixels reducing the whole would. ``kept`` is drawn on (the new picture
    replaces it); None when too much differs to be worth it."""
    k = SUPERSAMPLE
    size = kept.size
    dirty: list[Box] = []
    matcher = SequenceMatcher(None, kept.shapes, flat, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            dirty += [_reach(shape, k, size) for shape in (*kept.shapes[i1:i2], *flat[j1:j2])]
    dirty = [box for box in dirty if box[0] < box[2] and box[1] < box[3]]
    if not dirty:
        return _Canvas(kept.size, kept.small, flat)
    if sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in dirty) > REDRAWN_AT_MOST * (
        size[0] * size[1]
    ):
        return None
    dirty = _merged(dirty)
    scratch = _base(drawing)
    pen = ImageDraw.Draw(scratch)
    for shape in flat:
        x0, y0, x1, y1 = _reach(shape, k, size)
        if any(x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1 for b in dirty):
            _draw(scratch, pen, shape, k)
    for box in dirty:
        kept.small.paste(scratch.crop(box).reduce(k), (box[0] // k, box[1] // k))
    return _Canvas(kept.size, kept.small, flat)


def _merged(boxes: list[Box]) -> list[Box]:
    """The boxes, those that overlap or touch made one, until none do: fewer boxes for every
    shape to be tested against, each patch reduced and pasted once."""
    merged: list[Box] = []
    for box in sorted(boxes):
        x0, y0, x1, y1 = box
        changed = True
        while changed:
            changed = False
            for i, (a0, b0, a1, b1) in enumerate(merged):
                if x0 <= a1 and a0 <= x1 and y0 <= b1 and b0 <= y1:
                    x0, y0, x1, y1 = min(x0, a0), min(y0, b0), max(x1, a1), max(y1, b1)
                    del merged[i]
                    changed = True
                    break
        merged.append((x0, y0, x1, y1))
    return merged


def _reach(shape: Shape, k: int, size: tuple[int, int]) -> Box:
    """A box, in supersampled pixels and clipped to the picture, holding every pixel that
    drawing ``shape`` can change: generous (a text is given its size all round), since a
    box too small would leave another picture's pixels in this one."""
    if isinstance(shape, Circle):
        pad = shape.r + shape.width
        box = (shape.cx - pad, shape.cy - pad, shape.cx + pad, shape.cy + pad)
    elif isinstance(shape, Rect):
        box = (shape.x - shape.width, shape.y - shape.width,
               shape.x + shape.w + shape.width, shape.y + shape.h + shape.width)  # fmt: skip
    elif isinstance(shape, Line):
        box = (
            min(shape.x1, shape.x2) - shape.width,
            min(shape.y1, shape.y2) - shape.width,
            max(shape.x1, shape.x2) + shape.width,
            max(shape.y1, shape.y2) + shape.width,
        )
    elif isinstance(shape, Polygon) and shape.points:
        xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
        box = (min(xs) - shape.width, min(ys) - shape.width,
               max(xs) + shape.width, max(ys) + shape.width)  # fmt: skip
    elif isinstance(shape, Text):
        wide = _width(shape.text, round(shape.size * k))
        left = shape.x - {"start": 0.0, "middle": wide / 2, "end": wide}[shape.anchor]
        pad = shape.size * 1.5
        box = (left - pad, shape.y - pad, left + wide + pad, shape.y + pad)
    else:
        return (0, 0, *size)
    x0, y0, x1, y1 = box
    # Widened by a few pixels, and to whole pixels of the reduced picture.
    left, top = (math.floor(x0 * k) - 4) // k * k, (math.floor(y0 * k) - 4) // k * k
    right, bottom = -(-(math.ceil(x1 * k) + 4) // k) * k, -(-(math.ceil(y1 * k) + 4) // k) * k
    return max(0, left), max(0, top), min(size[0], right), min(size[1], bottom)


@lru_cache(maxsize=4)
def _backdrop(width: int, height: int, background: str, shapes: tuple[Shape, ...]) -> Image.Image:
    """The background and the backdrop's shapes, supersampled; callers draw on a copy."""
    return _drawn_whole(width, height, background, list(_flat(shapes)))


def forget() -> None:
    """Empty every memory of the PNG backend: the next picture is drawn as a process's
    first is (benchmarks and tests)."""
    _PNGS.clear()
    _SHOWN.clear()
    with _CANVAS_LOCK:
        _CANVASES.clear()
    _backdrop.cache_clear()
    _font.cache_clear()
    _mask.cache_clear()
    _width.cache_clear()
    _length.cache_clear()


def _flat(shapes: Sequence[Shape]) -> Iterator[Shape]:
    for shape in shapes:
        if isinstance(shape, Group):
            yield from _flat(shape.shapes)
        else:
            yield shape


def _draw(image: Image.Image, pen: ImageDraw.ImageDraw, shape: Shape, k: int) -> None:
    if isinstance(shape, Circle):
        # SVG strokes straddle the outline; Pillow draws outlines inside the box.
        outer = shape.r + (shape.width / 2 if shape.stroke else 0)
        box = _box(shape.cx - outer, shape.cy - outer, shape.cx + outer, shape.cy + outer, k)
        if shape.stroke and shape.dash:
            if shape.fill:
                r = shape.r
                inner = _box(shape.cx - r, shape.cy - r, shape.cx + r, shape.cy + r, k)
                pen.ellipse(inner, fill=shape.fill)
            _dashed_circle(pen, shape, k)
            return
        pen.ellipse(
            box, fill=shape.fill, outline=shape.stroke, width=_w(shape.width, k, shape.stroke)
        )
    elif isinstance(shape, Rect):
        half = shape.width / 2 if shape.stroke else 0
        box = _box(
            shape.x - half, shape.y - half, shape.x + shape.w + half, shape.y + shape.h + half, k
        )
        width = _w(shape.width, k, shape.stroke)
        if shape.rx:
            pen.rounded_rectangle(
                box, radius=shape.rx * k, fill=shape.fill, outline=shape.stroke, width=width
            )
        else:
            pen.rectangle(box, fill=shape.fill, outline=shape.stroke, width=width)
    elif isinstance(shape, Line):
        for a, b in _dashes(shape):
            pen.line([(a[0] * k, a[1] * k), (b[0] * k, b[1] * k)], fill=shape.stroke,
                     width=max(1, round(shape.width * k)))  # fmt: skip
            if shape.round_caps:
                r = shape.width * k / 2
                for x, y in (a, b):
                    pen.ellipse((x * k - r, y * k - r, x * k + r, y * k + r), fill=shape.stroke)
    elif isinstance(shape, Polygon):
        points = [(x * k, y * k) for x, y in shape.points]
        width = _w(shape.width, k, shape.stroke)
        if width > 1:
            _thick_polygon(image, points, shape.fill, shape.stroke, width)
        else:
            pen.polygon(points, fill=shape.fill, outline=shape.stroke, width=width)
    elif isinstance(shape, Text):
        _text(pen, shape, k)


def _text(pen: ImageDraw.ImageDraw, shape: Text, k: int) -> None:
    """A text as runs, each in the first font that has its letters, laid one after another
    from where the anchor puts the whole."""
    stroke = round(shape.size * k / 8) if shape.halo else 0
    if shape.bold:
        stroke = max(stroke, 1)
    for font, part, x in _placed(shape, k):
        point = (x, shape.y * k)
        pen.text(
            point,
            part,
            font=font,
            fill=shape.fill,
            anchor="lm",
            stroke_width=stroke,
            stroke_fill=shape.halo or shape.fill,
        )
        if shape.bold and shape.halo:
            pen.text(point, part, font=font, fill=shape.fill, anchor="lm", stroke_width=1)


def _placed(shape: Text, k: int) -> list[tuple[ImageFont.FreeTypeFont, str, float]]:
    """The text's runs, each with its font and where it starts (supersampled)."""
    size = round(shape.size * k)
    runs = [
        (_font(size, face), part, _length(size, face, part)) for face, part in _runs(shape.text)
    ]
    x = shape.x * k - {"start": 0.0, "middle": 0.5, "end": 1.0}[shape.anchor] * sum(
        length for _, _, length in runs
    )
    placed = []
    for font, part, length in runs:
        placed.append((font, part, x))
        x += length
    return placed


Extent = tuple[float, float, float, float]


@dataclass(frozen=True)
class Drawn:
    """A text as the PNG draws it (issue 32 §6), in the picture's units."""

    text: str
    size: float
    ink: Extent
    """Where its letters' pixels are: left, top, right, bottom."""
    span: tuple[float, float]
    """From where its first letter starts to where its last ends."""
    box: tuple[float, float] | None
    """The left and right of the box it must stay in, if its layout gave one."""
    lines: int = 1
    """How many lines its box holds."""


def drawn_texts(drawing: Drawing) -> list[Drawn]:
    """Every text of the picture as drawn: in the reader's language, seats named, fitted in
    its box, measured with the fonts that draw it (the tests' check that no text leaves its
    box or covers another)."""
    drawing = _fitted(_named(drawing))
    k = SUPERSAMPLE
    out = []
    for shape in _flat((*drawing.backdrop, *drawing.shapes)):
        if not isinstance(shape, Text) or not shape.text.strip():
            continue
        placed = _placed(shape, k)
        boxes = [font.getbbox(part, anchor="lm") for font, part, _ in placed if part.strip()]
        starts = [x for _, part, x in placed if part.strip()]
        if not boxes:
            continue
        left = min(x + b[0] for x, b in zip(starts, boxes, strict=True)) / k
        right = max(x + b[2] for x, b in zip(starts, boxes, strict=True)) / k
        top = shape.y + min(b[1] for b in boxes) / k
        bottom = shape.y + max(b[3] for b in boxes) / k
        first = placed[0][2] / k
        end = first + _measured(shape.text, shape.size)
        box = None
        if shape.fit is not None:
            w = shape.fit.width
            start = shape.x - {"start": 0.0, "middle": 0.5, "end": 1.0}[shape.anchor] * w
            box = (start, start + w)
        lines = shape.fit.lines if shape.fit is not None else 1
        ink = (left, top, right, bottom)
        out.append(Drawn(shape.text, shape.size, ink, (first, end), box, lines))
    return out


def _thick_polygon(
    image: Image.Image, points: list[Point], fill: str | None, stroke: str | None, width: int
) -> None:
    """``pen.polygon`` with an outline wider than a pixel, drawn on the patch of the picture
    it covers: Pillow clips such an outline with a mask the size of the whole picture, which
    made thick-edged hexagons most of an island's cost. Moved by whole pixels, the shape
    rasterises to the same pixels."""
    pad = width + 2
    left = max(0, math.floor(min(x for x, _ in points)) - pad)
    top = max(0, math.floor(min(y for _, y in points)) - pad)
    right = min(image.width, math.ceil(max(x for x, _ in points)) + pad)
    bottom = min(image.height, math.ceil(max(y for _, y in points)) + pad)
    if right <= left or bottom <= top:
        return
    patch = image.crop((left, top, right, bottom))
    moved = [(x - left, y - top) for x, y in points]
    ImageDraw.Draw(patch).polygon(moved, fill=fill, outline=stroke, width=width)
    image.paste(patch, (left, top))


def _box(x0: float, y0: float, x1: float, y1: float, k: int) -> tuple[float, float, float, float]:
    return (x0 * k, y0 * k, x1 * k, y1 * k)


def _w(width: float, k: int, stroke: str | None) -> int:
    return max(1, round(width * k)) if stroke else 0


def _dashes(line: Line) -> Iterator[tuple[Point, Point]]:
    a, b = (line.x1, line.y1), (line.x2, line.y2)
    if not line.dash:
        yield a, b
        return
    length = math.dist(a, b)
    on, off = line.dash
    if length == 0 or on + off <= 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        end = min(t + on, length)
        yield (a[0] + ux * t, a[1] + uy * t), (a[0] + ux * end, a[1] + uy * end)
        t += on + off


def _dashed_circle(pen: ImageDraw.ImageDraw, shape: Circle, k: int) -> None:
    assert shape.dash is not None
    on, off = shape.dash
    r = shape.r
    box = _box(shape.cx - r - shape.width / 2, shape.cy - r - shape.width / 2,
               shape.cx + r + shape.width / 2, shape.cy + r + shape.width / 2, k)  # fmt: skip
    step = 360 * (on + off) / (2 * math.pi * r)
    sweep = 360 * on / (2 * math.pi * r)
    angle = 0.0
    while angle < 360:
        pen.arc(
            box, angle, min(angle + sweep, 360), fill=shape.stroke, width=_w(shape.width, k, "x")
        )
        angle += step


def text_width(text: str, size: float) -> float:
    """How wide the PNG draws a text (the SVG's sans-serif is near enough); within
    ``naming``, with the players' names in it, as it will be drawn."""
    return _width(with_names(text, _NAMES.get() or {}), round(size * SUPERSAMPLE))


@lru_cache(maxsize=4096)
def _width(text: str, scaled: int) -> float:
    """A layout measures the same labels and names in every picture of a game."""
    return sum(_length(scaled, face, part) for face, part in _runs(text)) / SUPERSAMPLE


@lru_cache(maxsize=4096)
def _length(size: int, face: int, part: str) -> float:
    """How far a run of text advances, remembered as its rendered letters are."""
    return _font(size, face).getlength(part)


def _shown(text: str) -> str:
    """The text in the reader's language, seats not yet named (``engine.kit.drawing.read_as``)."""
    return words.text(text)


# The measure carries the reader's words on itself (engine.kit.drawing.read_as looks it up).
text_width.shown = _shown  # type: ignore[attr-defined]


GLYPH_MASKS = 2048
"""Rendered texts kept per process, all fonts together: a board's names and numbers come
back, at the same places, in every email, and rendering them is most of a picture's cost."""


FONTS = (
    Path(__file__).with_name("fonts") / "NotoSans-Subset.ttf",
    Path(__file__).with_name("fonts") / "NotoSansCJKjp-Subset.otf",
)
"""The fonts every picture's text is drawn with (DESIGN.md §10.8), under the SIL Open Font
License, cut down by ``fonts/subset.py``: Noto Sans for Latin with its accents, Greek and all
of Cyrillic; Noto Sans CJK JP for kana, the CJK ideographs and Hangul. A letter is drawn in
the first that has it, so every name is drawn in its own script."""


def _runs(text: str) -> list[tuple[int, str]]:
    """``text`` cut where the font that draws it changes: (face, part) pairs."""
    runs: list[tuple[int, str]] = []
    for ch in unicodedata.normalize("NFC", text):
        face = _face(ch)
        if runs and runs[-1][0] == face:
            runs[-1] = (face, runs[-1][1] + ch)
        else:
            runs.append((face, ch))
    return runs


@lru_cache(maxsize=4096)
def _face(ch: str) -> int:
    """The first font with a glyph for ``ch`` (a space, or a letter none has: the first)."""
    if ch.isspace():
        return 0
    for face in range(len(FONTS)):
        if _drawn(face, ch) != _drawn(face, "\ue000"):  # private use: the missing-glyph box
            return face
    return 0


def _drawn(face: int, ch: str) -> bytes:
    """``ch`` in font ``face``, alone on a small square: two letters drawn alike are one glyph."""
    image = Image.new("L", (32, 32))
    ImageDraw.Draw(image).text((4, 4), ch, font=_font(20, face), fill=255)
    return image.tobytes()


@lru_cache(maxsize=32)
def _font(size: int, face: int = 0) -> ImageFont.FreeTypeFont:
    return _RememberingFont(FONTS[face], size=size, layout_engine=ImageFont.Layout.BASIC)


class _RememberingFont(ImageFont.FreeTypeFont):
    """A font answering a text it has rendered before from memory. ``ImageDraw.text`` reads
    the mask of ``getmask2`` (Pillow's documented hook for a font's bitmaps) and nothing else
    in the modes other than RGBA, which we never ask for: one mask serves every picture, the
    pixels the same as rendering it again. mypy holds this signature to Pillow's."""

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        if mode == "RGBA" or features is not None or args:
            return super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start,
                *args, **kwargs,
            )  # fmt: skip
        named = tuple(sorted(kwargs.items()))
        return _mask(self, text, mode, direction, language, stroke_width, anchor, ink, start, named)


@lru_cache(maxsize=GLYPH_MASKS)
def _mask(
    font: _RememberingFont,
    text: str | bytes,
    mode: str,
    direction: str | None,
    language: str | None,
    stroke_width: float,
    anchor: str | None,
    ink: int,
    start: tuple[float, float] | None,
    named: tuple[tuple[str, Any], ...],
) -> tuple[Any, tuple[int, int]]:
    return ImageFont.FreeTypeFont.getmask2(
        font, text, mode, direction, None, language, stroke_width, anchor, ink, start,
        **dict(named),
    )  # fmt: skip
