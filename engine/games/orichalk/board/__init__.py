"""Orichalk's board for pages and emails: the seat's island, the shared boards, every supply.

Everything is read from the seat's view (``engine.games.orichalk.view``), never from the
state, so a picture or a panel shows exactly what that seat may see: the face-down land tile
stacks, the action deck and the bags appear as counts only. The island is drawn from the
spaces the view lists (position, terrain, tile, creature, building, temple, port); where the
tile in hand may go is worked out from those spaces and the tile the view names
(:mod:`.spaces`). All of it is data; the service draws it, names the players and escapes.

- :mod:`.words`: sentences shared by the text, the panels and the picture's hover texts
- :mod:`.text`: the plain-text part of emails
- :mod:`.panels`: the panels, as ``engine.kit.panels`` data
- :mod:`.picture`: the picture as shapes (islands in :mod:`.islands`, small drawings in
  :mod:`.icons`, colours in :mod:`.palette`)
- :mod:`.options`: how a long list of options nests on the turn page
- :mod:`.beside`: what a seat's email says beside the table's picture of its own island
"""

from __future__ import annotations

from engine.games.orichalk.board.beside import beside_picture
from engine.games.orichalk.board.words import seat_colour_words
from engine.kit.game import Board, View, clockwise_from


def play_order(view: View) -> list[str]:
    """uk «учасники ходять по черзі за годинниковою стрілкою, починаючи з гравця, який має
    фішку ініціативи», the first drawn at setup («У випадковий спосіб визначте першого
    гравця»); this round's order once it is set."""
    return [str(s) for s in view.get("order") or ()] or clockwise_from(view, view.get("initiative"))


BOARD = Board.from_package(
    __name__, seat_colours=seat_colour_words, play_order=play_order, beside_picture=beside_picture
)

__all__ = ["BOARD"]
