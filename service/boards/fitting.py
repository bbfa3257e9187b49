"""Every text of a picture inside its box, in every language (issue 32 §6).

A layout says the box a text must stay in (``engine.kit.drawing.Fit``); here, once the text
is in the reader's language and the players' names are in it, it is measured with the font
that will draw it: a text too wide is drawn smaller, down to its box's smallest size; then
cut into lines, between its words (between its letters where the language writes no spaces,
or a word alone is wider than the box); and what still does not fit ends in "…". Each line
keeps the box (its smallest size the size chosen): a line fits it, so fitting a picture twice
changes nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from engine.kit.drawing import LEADING, SHRINK, Drawing, Fit, Group, Shape, Text

Width = Callable[[str, float], float]
"""How wide the backend draws a text at a size (in the picture's units)."""

STEP = 0.5
"""Sizes tried when shrinking, apart: the PNG draws sizes in half units (it supersamples 2x)."""
ONE_LINE = 0.85
"""In a box of several lines, a text is shrunk to stay on one line down to this share of
its size; smaller, it is put in lines."""
ELLIPSIS = "…"
NOT_STARTING = frozenset(
    "、。，．・：；？！ー―…‥ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ」』）〕］｝〉》)]},.;:!?»"
)
"""Letters a Japanese line never starts with (kinsoku: closing marks, small kana, the
long-vowel mark), nor a line in the other languages (closing punctuation)."""


def fitted(drawing: Drawing, width: Width) -> Drawing:
    """``drawing`` with each text that has a box fitted in it."""
    return replace(
        drawing,
        shapes=[_fitted(shape, width) for shape in drawing.shapes],
        backdrop=tuple(_fitted(shape, width) for shape in drawing.backdrop),
    )


def _fitted(shape: Shape, width: Width) -> Shape:
    if isinstance(shape, Group):
        return replace(shape, shapes=tuple(_fitted(s, width) for s in shape.shapes))
    if not isinstance(shape, Text) or shape.fit is None:
        return shape
    fit = shape.fit
    if width(shape.text, shape.size) <= fit.width:
        return shape
    lines, size = fit_lines(shape.text, shape.size, fit, width)
    one = Fit(fit.width, fit.lines, size)
    step = size * LEADING
    top = shape.y - step * (len(lines) - 1) / 2
    parts = tuple(
        replace(shape, y=top + i * step, text=line, size=size, fit=one)
        for i, line in enumerate(lines)
    )
    return parts[0] if len(parts) == 1 else Group(parts)


def smallest(size: float, fit: Fit) -> float:
    """The smallest size a text of ``size`` may be drawn at in ``fit``."""
    least = fit.min_size if fit.min_size is not None else size * SHRINK
    return min(size, least)


def _sizes(top: float, least: float) -> list[float]:
    """``top``, then the sizes ``STEP`` apart below it down to ``least``, ``least`` last."""
    out = [top]
    s = math.ceil(top / STEP) * STEP - STEP
    while s > least:
        out.append(s)
        s -= STEP
    if out[-1] > least:
        out.append(least)
    return out


def fit_lines(text: str, size: float, fit: Fit, width: Width) -> tuple[list[str], float]:
    """The lines ``text`` is drawn in, and their size: one line as large as fits (shrunk at
    most to ``ONE_LINE`` where the box has several lines), else lines as large as fit in
    the box's lines, else the box's lines at its smallest size, the last cut with "…".

    A text's width grows with its size, so sizes are guessed from widths measured at the
    text's own size and only the guess is measured again at its size (the font's hinting
    rounds each size its own way): each size measured loads the fonts at that size."""
    least, room = smallest(size, fit), fit.width
    # A box of several lines takes a text a little smaller on one line, else in lines at its
    # size: a line shrunk to the box's smallest size reads worse than two lines.
    floor = least if fit.lines == 1 else max(least, size * ONE_LINE)
    wide = width(text, size)
    if wide <= room:
        return [text], size
    guess = math.floor(size * room / wide / STEP) * STEP
    if guess >= floor:
        for s in _sizes(guess, floor):
            if width(text, s) <= room:
                return [text], s
    if fit.lines > 1:
        for whole in (True, False):  # a word is cut between its letters only as a last resort
            for s in _sizes(size, least):
                lines = wrapped(text, size, room * size / s, width, whole)
                if not lines or len(lines) > fit.lines:
                    continue
                if all(width(line, s) <= room for line in lines):
                    return lines, s
    lines = wrapped(text, size, room * size / least, width)
    kept = lines[: fit.lines]
    rest = " ".join(lines[fit.lines - 1 :]) if len(lines) > fit.lines else kept[-1]
    kept[-1] = _cut(rest, least, room, width)
    return kept, least


def _cut(text: str, size: float, room: float, width: Width) -> str:
    """``text`` as it fits ``room``: whole, or its start and "…"."""
    if width(text, size) <= room:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest start that fits with the ellipsis
        mid = (low + high + 1) // 2
        if width(text[:mid].rstrip() + ELLIPSIS, size) <= room:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ELLIPSIS


def wrapped(text: str, size: float, room: float, width: Width, whole: bool = False) -> list[str]:
    """``text`` in lines no wider than ``room``, as many as it takes: between its words,
    and between the letters of a script without spaces or, unless ``whole`` (then there are
    no lines: ``[]``), of a word wider than a line."""
    lines: list[str] = []
    line = ""
    for piece in _pieces(text):
        candidate = line + piece if line else piece.lstrip()
        if width(candidate.rstrip(), size) <= room:
            line = candidate
            continue
        if line.strip():
            lines.append(line.rstrip())
        line = piece.lstrip()
        if whole and width(line.rstrip(), size) > room:
            return []
        while len(line) > 1 and width(line.rstrip(), size) > room:
            cut = _longest(line, size, room, width)
            lines.append(line[:cut].rstrip())
            line = line[cut:].lstrip()
    if line.strip():
        lines.append(line.rstrip())
    return lines or [text]


def _longest(line: str, size: float, room: float, width: Width) -> int:
    """How many letters of ``line`` start a line no wider than ``room`` (one at least),
    not leaving a letter that never starts a line at the start of the next."""
    cut = 1
    while cut < len(line) and width(line[: cut + 1], size) <= room:
        cut += 1
    while 1 < cut < len(line) and line[cut] in NOT_STARTING:
        cut -= 1
    return cut


def _pieces(text: str) -> list[str]:
    """Where a line may break: after each space, and around each letter of a script written
    without spaces (kana, CJK ideographs), but never before a letter that may not start a
    line."""
    pieces: list[str] = []
    for ch in text:
        if not pieces:
            pieces.append(ch)
        elif ch in NOT_STARTING or ch.isspace():
            pieces[-1] += ch
        elif pieces[-1][-1].isspace() or _unspaced(ch) or _unspaced(pieces[-1][-1]):
            pieces.append(ch)
        else:
            pieces[-1] += ch
    return pieces


def _unspaced(ch: str) -> bool:
    """A letter of a script written without spaces between words."""
    code = ord(ch)
    return (
        0x3040 <= code <= 0x30FF  # kana
        or 0x3400 <= code <= 0x9FFF  # CJK ideographs
        or 0xF900 <= code <= 0xFAFF
        or 0xFF66 <= code <= 0xFF9F  # half-width kana
    )
