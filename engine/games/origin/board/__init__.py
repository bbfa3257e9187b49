"""How Origin shows a seat's view (``engine.kit.Board``): the world map laid out as shapes
(:mod:`.picture`), the panels beside it as data (:mod:`.panels`) and the text of emails
(:mod:`.text`), all read from the view alone; its options are grouped by kind of move and
first target, named in words (:mod:`.options`)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.games.origin.board.palette import seat_colours
from engine.games.origin.board.words import SEAT_COLOUR_WORDS
from engine.kit import Board
from engine.kit.game import View, clockwise_from


def colour_words(seats: Sequence[str]) -> dict[str, str]:
    """Each seat's colour in words, as the map's legend and pawns draw it."""
    drawn = seat_colours({"seats": list(seats)})
    return {seat: SEAT_COLOUR_WORDS[name] for seat, (name, _hex) in drawn.items()}


def play_order(view: View) -> list[str]:
    """ja 「スタートプレイヤーがランダムに決定され」, then play passes clockwise (ru «далее
    ход передаётся по часовой стрелке»): seat order from the drawn first player."""
    return clockwise_from(view, view.get("first_player"))


BOARD = Board.from_package(__name__, seat_colours=colour_words, play_order=play_order)

__all__ = ["BOARD"]
