"""Pictures and panels of a game's view, for pages and emails (DESIGN.md §7).

A renderer takes what ``view(state, seat)`` returned, and nothing else, so a picture can
never show more than the seat may see. ``picture`` asks for the board drawn as ``"svg"``
(web pages), ``"png"`` (emails, attached inline) or not at all.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

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


def renderer(game: str) -> Renderer:
    """The game's own ``service/boards/<game>.py`` (dashes as underscores), else a listing."""
    module = f"service.boards.{game.replace('-', '_')}"
    if importlib.util.find_spec(module) is None:
        module = "service.boards.generic"
    return importlib.import_module(module).render


def render(game: str, view: dict[str, Any], picture: Picture = None) -> Board:
    return renderer(game)(view, picture)


def context(board: Board, image_cid: str | None = None) -> dict[str, Any]:
    """The plain dict templates receive: the picture inline (SVG) or by Content-ID (PNG)."""
    return {
        "text": board.text,
        "html": board.html,
        "svg": board.svg,
        "image_cid": image_cid if board.png is not None else None,
    }
