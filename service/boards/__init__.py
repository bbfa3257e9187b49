"""Pictures and panels of a game's view, for pages and emails (DESIGN.md §7).

A renderer takes what ``view(state, seat)`` returned, and nothing else, so a picture can
never show more than the seat may see. ``picture`` asks for the board drawn as ``"svg"``
(web pages), ``"png"`` (emails, attached inline) or not at all.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from service.boards import drawing
from service.boards.naming import html_with_names, with_names

Picture = Literal["svg", "png"] | None


@dataclass(frozen=True)
class Board:
    text: str
    """The view in plain text, for the text part of emails."""
    html: str
    """Panels (hands, tiles, tokens…) as escaped HTML, without the picture."""
    svg: str | None = None
    png: bytes | None = None


Renderer = Callable[[dict[str, Any], Picture], Board]
OptionPath = Callable[[dict[str, Any]], tuple[str, ...]]
"""Where a move sits in a long list of options: the nested groups a turn page shows it
under, outermost first (Origins: zone → die → action; Orichalk: position → rotation)."""


def _module(game: str) -> Any:
    """The game's own ``service/boards/<game>.py`` (dashes as underscores), else a listing."""
    module = f"service.boards.{game.replace('-', '_')}"
    if importlib.util.find_spec(module) is None:
        module = "service.boards.generic"
    return importlib.import_module(module)


def renderer(game: str) -> Renderer:
    return _module(game).render


def option_path(game: str) -> OptionPath:
    """The game's ``option_path`` beside its renderer, else one group per kind of move."""
    return getattr(_module(game), "option_path", None) or _kind_path


def _kind_path(move: dict[str, Any]) -> tuple[str, ...]:
    """The move's kind, and the first thing it acts on (pawn, territory…)."""
    name = str(move.get("type", "move")).replace("_", " ").capitalize()
    for key, value in move.items():
        if key != "type" and isinstance(value, str | int) and not isinstance(value, bool):
            return (f"{name}: {key.replace('_', ' ')} {value}",)
    return (name,)


def pictured(text: str, html: str, picture: Picture, draw: Callable[[], drawing.Drawing]) -> Board:
    """A renderer's board: its text and panels, and the picture ``draw`` makes, drawn only
    when asked for and in the backend asked for."""
    if picture is None:
        return Board(text=text, html=html)
    if picture == "svg":
        return Board(text=text, html=html, svg=drawing.to_svg(draw()))
    return Board(text=text, html=html, png=drawing.to_png(draw()))


def render(
    game: str, view: dict[str, Any], picture: Picture = None, names: Mapping[str, str] | None = None
) -> Board:
    """The game's board; with ``names`` (seat -> player), the players' names stand where the
    view says their seats, in the text, the panels and the picture."""
    if not names:
        return renderer(game)(view, picture)
    with drawing.naming(names):
        board = renderer(game)(view, picture)
    return replace(
        board, text=with_names(board.text, names), html=html_with_names(board.html, names)
    )


def context(board: Board, image_cid: str | None = None) -> dict[str, Any]:
    """The plain dict templates receive: the picture inline (SVG) or by Content-ID (PNG)."""
    return {
        "text": board.text,
        "html": board.html,
        "svg": board.svg,
        "image_cid": image_cid if board.png is not None else None,
    }
