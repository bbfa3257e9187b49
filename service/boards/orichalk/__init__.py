"""Orichalk's board for pages and emails: the seat's island, the shared boards, every supply.

Everything is read from the seat's view (``engine.games.orichalk.view``), never from the
state, so a picture or a panel shows exactly what that seat may see: the face-down land tile
stacks, the action deck and the bags appear as counts only. The island is drawn from the
spaces the view lists (position, terrain, tile, creature, building, temple, port); where the
tile in hand may go is worked out from those spaces and the tile the view names
(:mod:`.spaces`).

- :mod:`.words`: sentences shared by the text, the panels and the picture's hover texts
- :mod:`.text`: the plain-text part of emails
- :mod:`.panels`: the HTML panels
- :mod:`.picture`: the picture (islands in :mod:`.islands`, small drawings in :mod:`.icons`)
- :mod:`.options`: how a long list of options nests on the turn page
"""

from __future__ import annotations

from typing import Any

from service.boards import Board, Picture, pictured
from service.boards.orichalk.options import option_path
from service.boards.orichalk.panels import html
from service.boards.orichalk.picture import draw
from service.boards.orichalk.text import text


def render(view: dict[str, Any], picture: Picture = None) -> Board:
    return pictured(text(view), html(view), picture, lambda: draw(view))


__all__ = ["option_path", "render"]
