"""A board's panels as data: what stands beside the picture on a page and in an email
(hands, scores, rows, tracks), in a small vocabulary the service turns into HTML with its
autoescaped templates (DESIGN.md §10.3, §10.8). A game never writes markup: every text
here is plain text, escaped where it is shown, and may name seats ("p2"), which the
service replaces with the players' names.

The vocabulary, from the inside out:

- inline pieces: a plain ``str``, :class:`Words` (a styled run of text), :class:`Chip` (a
  labelled token: a tag, a die, a coloured disc), :class:`Swatch` (a dot or square of
  colour) and :class:`Break` (a line break);
- :data:`Content`: a tuple of inline pieces, read in order;
- blocks: :class:`Para`, :class:`Table`, :class:`Section` (a titled group of blocks);
- :class:`Panels`: the blocks, in order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar, Literal, TypeVar

Tone = Literal["normal", "small", "muted", "faint", "big"]
"""``small``: a note under a value; ``muted``: a quiet word ("empty", "none");
``faint``: what no longer counts; ``big``: a figure that matters (points)."""


@dataclass(frozen=True)
class Words:
    kind: ClassVar[str] = "words"
    text: str
    bold: bool = False
    tone: Tone = "normal"
    colour: str | None = None
    """An ink of the game's palette (``#rrggbb``), else the page's."""
    title: str = ""
    """A hover text."""
    struck: bool = False


@dataclass(frozen=True)
class Chip:
    """A token: ``tag`` (a rounded label), ``die`` (a square die face), ``disc`` (a round
    marker, such as a player's colour with a letter)."""

    kind: ClassVar[str] = "chip"

    label: str
    fill: str
    ink: str = "#2b2b2b"
    title: str = ""
    shape: Literal["tag", "die", "disc"] = "tag"
    ring: str | None = None


@dataclass(frozen=True)
class Swatch:
    """A dot (or a square) of colour, ringed in ``ring`` when given."""

    kind: ClassVar[str] = "swatch"

    colour: str
    size: int = 10
    ring: str | None = None
    square: bool = False


@dataclass(frozen=True)
class Break:
    kind: ClassVar[str] = "break"


BREAK = Break()

Inline = str | Words | Chip | Swatch | Break
Content = tuple[Inline, ...]


@dataclass(frozen=True)
class Para:
    kind: ClassVar[str] = "para"
    content: Content
    lead: bool = False
    """The first line of a board (whose turn, what is decided): set larger and bold."""


@dataclass(frozen=True)
class Column:
    """A table's column heading; ``colour`` underlines it (a player's colour)."""

    kind: ClassVar[str] = "column"

    content: Content = ()
    colour: str | None = None
    share: int | None = None
    """Percent of the table's width."""


@dataclass(frozen=True)
class Table:
    """Rows of cells under column headings. With ``labels``, the first cell of each row is
    its label (a heading cell on the left, as in a players table)."""

    kind: ClassVar[str] = "table"

    columns: tuple[Column, ...]
    rows: tuple[tuple[Content, ...], ...]
    labels: bool = False


@dataclass(frozen=True)
class Section:
    kind: ClassVar[str] = "section"
    title: str
    blocks: tuple[Block, ...]


Block = Para | Table | Section


@dataclass(frozen=True)
class Panels:
    kind: ClassVar[str] = "panels"
    blocks: tuple[Block, ...] = ()


T = TypeVar("T")


def side_by_side(
    headings: Iterable[Column],
    players: Iterable[T],
    rows: Iterable[tuple[str, Callable[[T], Content]]],
) -> Table:
    """Players side by side, as a players table reads: a column of labels, then a column
    under each of ``headings``; a row for each of ``rows``, its label and what it shows of
    each of ``players`` (in the headings' order)."""
    players = tuple(players)
    return Table(
        columns=(Column(), *headings),
        rows=tuple(((label,), *(cell(player) for player in players)) for label, cell in rows),
        labels=True,
    )


def content(*pieces: Inline | Iterable[Inline] | None) -> Content:
    """Inline pieces flattened into :data:`Content` (``None`` and empty parts dropped)."""
    out: list[Inline] = []
    for piece in pieces:
        if piece is None or piece == "":
            continue
        if isinstance(piece, str | Words | Chip | Swatch | Break):
            out.append(piece)
        else:
            out.extend(p for p in piece if p is not None and p != "")
    return tuple(out)


def joined(pieces: Iterable[Content], separator: Inline = ", ") -> Content:
    """Contents one after another, ``separator`` between them."""
    out: list[Inline] = []
    for i, piece in enumerate(pieces):
        if i:
            out.append(separator)
        out.extend(piece)
    return tuple(out)


def plain(value: Content | Block | Panels) -> str:
    """The words of panels, a block or content, without their styles: what a test reads,
    and the text of a hover."""
    if isinstance(value, Panels):
        return "\n".join(plain(b) for b in value.blocks)
    if isinstance(value, Section):
        return "\n".join([value.title, *(plain(b) for b in value.blocks)])
    if isinstance(value, Para):
        return plain(value.content)
    if isinstance(value, Table):
        head = " | ".join(plain(c.content) for c in value.columns)
        rows = [" | ".join(plain(cell) for cell in row) for row in value.rows]
        return "\n".join([head, *rows])
    parts = []
    for piece in value:
        if isinstance(piece, str):
            parts.append(piece)
        elif isinstance(piece, Words):
            parts.append(piece.text)
        elif isinstance(piece, Chip):
            parts.append(piece.label)
        elif isinstance(piece, Break):
            parts.append("\n")
    return "".join(parts)
