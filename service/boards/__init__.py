"""Pictures and panels of a game's view, for pages and emails (DESIGN.md §7).

A renderer takes what ``view(state, seat)`` returned, and nothing else, so a picture can
never show more than the seat may see. ``picture`` asks for the board drawn as ``"svg"``
(web pages), ``"png"`` (emails, attached inline) or not at all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from markupsafe import Markup

from engine import registry
from engine.kit.game import Board as KitBoard
from engine.kit.listing import LISTING
from service.boards import contrast, drawing
from service.boards.html import panels_html
from service.boards.naming import with_names
from service.boards.shown import view_key
from service.words import _

Picture = Literal["svg", "png"] | None


@dataclass(frozen=True)
class Board:
    text: str
    """The view in plain text, for the text part of emails."""
    html: Markup
    """Panels (hands, tiles, tokens…) as escaped HTML, without the picture."""
    svg: str | None = None
    png: bytes | None = None


OptionPath = Callable[[dict[str, Any]], tuple[str, ...]]
"""Where a move sits in a long list of options: the nested groups a turn page shows it
under, outermost first (e.g. zone → die → action)."""


def _board(game: str) -> KitBoard:
    """The game's own board (``engine/games/<game>/board``); a listing of its view for a
    game that has none (a game served through ``EXTRA_GAMES``, the tests' tic-tac-toe)."""
    found = getattr(registry.get(game), "board", None)
    return found if isinstance(found, KitBoard) else LISTING


def seat_colours(game: str, seats: Sequence[str]) -> dict[str, Any]:
    """Each seat's colour in words (``seats`` in seat order), as the game's picture draws
    it: what a player is told they play, never the seat's id (issue 32 §1). A game that
    draws no colour per seat: the seat's number ("seat 2")."""
    colours = _board(game).seat_colours
    if colours is not None:
        return dict(colours(seats))
    return {seat: _("seat {number}", number=i + 1) for i, seat in enumerate(seats)}


def play_order(game: str, view: dict[str, Any]) -> list[str]:
    """The seats in the order they take their turns, as the game's ``play_order`` reads it
    from ``view``; none for a game that does not say (issue 32 §1)."""
    order = _board(game).play_order
    return list(order(view)) if order is not None else []


def beside_picture(game: str, view: dict[str, Any]) -> list[Any]:
    """What the seat whose view ``view`` is would have read in its own picture and the
    table's picture does not show (the game's ``beside_picture``), for an email that shows
    the table's picture (issue 34 §2); none for a game that says nothing more."""
    said = _board(game).beside_picture
    return list(said(view)) if said is not None else []


def option_path(game: str) -> OptionPath:
    """The game's ``option_path``, else one group per kind of move."""
    return _board(game).option_path or _kind_path


def _kind_path(move: dict[str, Any]) -> tuple[str, ...]:
    """The move's kind, and the first thing it acts on (pawn, territory…)."""
    name = str(move.get("type", "move")).replace("_", " ").capitalize()
    for key, value in move.items():
        if key != "type" and isinstance(value, str | int) and not isinstance(value, bool):
            return (f"{name}: {key.replace('_', ' ')} {value}",)
    return (name,)


def pictured(
    text: str,
    html: Markup,
    picture: Picture,
    draw: Callable[[], drawing.Drawing],
    shown: str | None = None,
) -> Board:
    """A renderer's board: its text and panels, and the picture ``draw`` makes, drawn only
    when asked for and in the backend asked for; a PNG already drawn for the view of key
    ``shown`` (:mod:`service.boards.shown`) is not even laid out again."""
    if picture is None:
        return Board(text=text, html=html)
    if picture == "svg":
        return Board(text=text, html=html, svg=drawing.to_svg(draw()))
    png = drawing.png_shown(shown) if shown is not None else None
    if png is None:
        png = drawing.to_png(draw(), shown)
    return Board(text=text, html=html, png=png)


def render(
    game: str,
    view: dict[str, Any],
    picture: Picture = None,
    names: Mapping[str, str] | None = None,
    *,
    panels_with_picture: bool = True,
    table: dict[str, Any] | None = None,
) -> Board:
    """The game's board; with ``names`` (seat -> player), the players' names stand where the
    view says their seats, in the text, the panels and the picture. With
    ``panels_with_picture=False`` (an email, which shows the panels only where it has no
    picture: ``templates/email/message.html``) a board drawn has no panels (issue 34 §2).
    With ``table`` (the spectator's view of the same state) the picture is drawn from it,
    the text and panels still from ``view``: an email's picture, one for every seat that
    reads the same language (issue 34 §2), with no seat's hidden information in it."""
    board, names = _board(game), names or {}
    drawn_from = view if table is None else table
    shown = None
    if picture == "png" and board.picture is not None:
        shown = view_key(game, drawn_from, names, drawing.BACKEND)
    return _drawn(board, view, picture, names, shown, panels_with_picture, drawn_from)


def _drawn(
    board: KitBoard,
    view: dict[str, Any],
    picture: Picture,
    names: Mapping[str, str],
    shown: str | None = None,
    panels_with_picture: bool = True,
    drawn_from: dict[str, Any] | None = None,
) -> Board:
    """A game's board from its data: text and panels named and escaped, the picture laid out
    against the font that will draw it, from ``drawn_from`` (else ``view``)."""
    told = board.text(view)
    lines = [told] if isinstance(told, str) else list(told)
    text = "\n".join(with_names(line, names) for line in lines)
    if picture is None or board.picture is None:
        return Board(text=text, html=panels_html(board.panels(view), names))
    html = panels_html(board.panels(view), names) if panels_with_picture else Markup("")
    lay_out, pictured_view = board.picture, view if drawn_from is None else drawn_from
    with drawing.naming(names):
        return pictured(
            text,
            html,
            picture,
            lambda: contrast.legible(lay_out(pictured_view, drawing.text_width)),
            shown,
        )


def context(board: Board, image_cid: str | None = None) -> dict[str, Any]:
    """The plain dict templates receive: the picture inline (SVG) or by Content-ID (PNG)."""
    return {
        "text": board.text,
        "html": board.html,
        "svg": board.svg,
        "image_cid": image_cid if board.png is not None else None,
    }
