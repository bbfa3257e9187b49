"""Origins: First Builders for pages and emails: the picture, the panels, the plain text,
and how a long list of options nests on the turn page.

Everything is read from the seat's view (:mod:`engine.games.origins_first_builders.view`),
never from the state: a picture or a panel shows exactly what that seat may see, and the
building stacks show only their face-up tops and their heights.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.origins_first_builders.board.palette import seat_colours
from engine.games.origins_first_builders.words import seat_colour
from engine.kit.game import Board, View, clockwise_from


def colour_words(seats: Sequence[str]) -> dict[str, str]:
    """Each seat's colour in words, as its discs and archon are drawn."""
    drawn = seat_colours({"seats": list(seats)})
    return {seat: seat_colour(drawn[seat][0]) for seat in seats}


def play_order(view: View) -> list[str]:
    """ru «Ход игры»: each round from the first player's token clockwise (the first player
    drawn at setup, a ruling: the rulebook lost the step)."""
    return clockwise_from(view, view.get("first_player"))


BOARD = Board.from_package(__name__, seat_colours=colour_words, play_order=play_order)

__all__ = ["BOARD"]
