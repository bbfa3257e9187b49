"""How Origin shows a seat's view (``engine.kit.Board``): the world map laid out as shapes
(:mod:`.picture`), the panels beside it as data (:mod:`.panels`) and the text of emails
(:mod:`.text`), all read from the view alone; its options are grouped by kind of move and
first target, named in words (:mod:`.options`)."""

from __future__ import annotations

from engine.games.origin.board.options import option_path
from engine.games.origin.board.panels import panels
from engine.games.origin.board.picture import picture
from engine.games.origin.board.text import text
from engine.kit import Board

BOARD = Board(panels=panels, text=text, picture=picture, option_path=option_path)

__all__ = ["BOARD"]
