"""A picture as a list of plain shapes, and two small backends: SVG text and a Pillow PNG.

A game's renderer describes its board once with these shapes; ``to_svg`` and ``to_png``
draw the same description, so the web page and the email show the same picture. Colours
are ``#rrggbb`` strings, which both backends understand.
"""

from __future__ import annotations

import io
import math
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
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


def to_svg(drawing: Drawing) -> Markup:
    """The picture as SVG markup, composed with ``Markup`` so every text and value is
    escaped on the way in (DESIGN.md §10.8): a name can never become markup."""
    drawing = _named(drawing)
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
PNGS_KEPT = 16
"""Pictures kept per process: the emails of one moment (an invitation to every seat, a
game's end) often show the very same picture."""


def to_png(drawing: Drawing) -> bytes:
    drawing = _named(drawing)
    size = (drawing.width, drawing.height, drawing.background)
    try:
        return _png(*size, drawing.backdrop, tuple(drawing.shapes))
    except TypeError:  # a shape holding a list cannot be remembered: drawn afresh
        return _png.__wrapped__(*size, (), (*drawing.backdrop, *drawing.shapes))


@lru_cache(maxsize=PNGS_KEPT)
def _png(
    width: int,
    height: int,
    background: str,
    backdrop: tuple[Shape, ...],
    shapes: tuple[Shape, ...],
) -> bytes:
    k = SUPERSAMPLE
    if backdrop:
        image = _backdrop(width, height, background, backdrop).copy()
    else:  # nothing worth keeping: a plain background is made faster than copied
        image = Image.new("RGB", (width * k, height * k), background)
    pen = ImageDraw.Draw(image)
    for shape in _flat(shapes):
        _draw(image, pen, shape, k)
    image = image.reduce(k).quantize(
        PNG_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    out = io.BytesIO()
    # zlib's default level: a few percent larger than ``optimize`` (which tries level 9 and
    # every filter), for an eighth of the time; every email with a board pays it.
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()


@lru_cache(maxsize=4)
def _backdrop(width: int, height: int, background: str, shapes: tuple[Shape, ...]) -> Image.Image:
    """The background and the backdrop's shapes, supersampled; callers draw on a copy."""
    k = SUPERSAMPLE
    image = Image.new("RGB", (width * k, height * k), background)
    pen = ImageDraw.Draw(image)
    for shape in _flat(shapes):
        _draw(image, pen, shape, k)
    return image


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
    size = round(shape.size * k)
    runs = [(_font(size, face), part) for face, part in _runs(shape.text)]
    width = sum(font.getlength(part) for font, part in runs)
    x = shape.x * k - {"start": 0.0, "middle": width / 2, "end": width}[shape.anchor]
    stroke = round(shape.size * k / 8) if shape.halo else 0
    if shape.bold:
        stroke = max(stroke, 1)
    for font, part in runs:
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
        x += font.getlength(part)


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
    text = with_names(text, _NAMES.get() or {})
    scaled = round(size * SUPERSAMPLE)
    width = sum(_font(scaled, face).getlength(part) for face, part in _runs(text))
    return width / SUPERSAMPLE


def _shown(text: str) -> str:
    """The text in the reader's language, seats not yet named (``engine.kit.drawing.read_as``)."""
    return words.text(text)


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
    font = ImageFont.truetype(FONTS[face], size=size, layout_engine=ImageFont.Layout.BASIC)
    font.getmask2 = _remembered(font.getmask2)  # type: ignore[method-assign]
    return font


def _remembered(getmask2: Callable[..., Any]) -> Callable[..., Any]:
    """``getmask2`` answering a text it has rendered before from memory. The mask is only
    read by ``ImageDraw.text`` (in the modes other than RGBA, which we never ask for), so
    one mask serves every picture: the pixels are the same as rendering it again."""

    def getmask2_(text: str, mode: str = "", *args: Any, **kwargs: Any) -> Any:
        if mode == "RGBA" or any(isinstance(a, list) for a in args):
            return getmask2(text, mode, *args, **kwargs)
        return _mask(getmask2, text, mode, *args, **kwargs)

    return getmask2_


@lru_cache(maxsize=GLYPH_MASKS)
def _mask(getmask2: Callable[..., Any], text: str, mode: str, *args: Any, **kwargs: Any) -> Any:
    return getmask2(text, mode, *args, **kwargs)
