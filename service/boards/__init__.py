"""Pictures and panels of a game's view, for pages and emails (DESIGN.md §7).

A renderer takes what ``view(state, seat)`` returned, and nothing else, so a picture can
never show more than the seat may see. ``picture`` asks for the board drawn as ``"svg"``
(web pages), ``"png"`` (emails, attached inline) or not at all.
"""

from __future__ import annotations

import importlib
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
RENDERERS: dict[str, str] = {"origin": "service.boards.origin:render"}


def render(game: str, view: dict[str, Any], picture: Picture = None) -> Board:
    target = RENDERERS.get(game)
    if target is None:
        from service.boards.generic import render as generic

        return generic(view, picture)
    module, _, name = target.partition(":")
    renderer: Renderer = getattr(importlib.import_module(module), name)
    return renderer(view, picture)


def context(board: Board, image_cid: str | None = None) -> dict[str, Any]:
    """The plain dict templates receive: the picture inline (SVG) or by Content-ID (PNG)."""
    return {
        "text": board.text,
        "html": board.html,
        "svg": board.svg,
        "image_cid": image_cid if board.png is not None else None,
    }
