"""How Origin's options are grouped when a decision lists them with codes (the board's
``option_path``; issue 32 §2): each group named in the reader's words, by the kind of move
and the first thing it acts on (the height of the pawn to place, the column of a tile, the
territory, the card).

The groups are the ones the service's grouping by kind and first value always made, named
in words instead of English keys (``Evolve pawn: height 1``), so a code keeps naming the
same option (the replies to emails sent before read as they did); a test compares them."""

from __future__ import annotations

from typing import Any

from engine.games.origin.moves import _DRAW_TOP, _SIMPLE
from engine.games.origin.names import (
    COLUMN_WORDS,
    HEIGHT_WORDS,
    card_name,
    strait_name,
    territory_name,
)
from engine.games.origin.words import _
from engine.kit.words import Msg

_TERRITORY = frozenset(
    {"evolve_on", "migrate_from", "migrate_to", "swap_from", "swap_with", "hunt"}
)
"""Kinds whose groups are territories: each decision lists one kind of them."""
_CARD = frozenset({"keep_objective", "keep", "return_objective", "take_discard", "steal_card"})
"""Kinds whose groups are cards: each decision lists one kind of them."""

# ru «Фаза награждения»: the rewards of a territory's colour (the move names no colour).
_REWARD: dict[str, Msg] = {
    "two_brown_tiles": _("Take two innovation tiles from the brown column"),
    "one_tile_any_column": _("Take one innovation tile from any column"),
    "tile_and_card": _("An innovation tile and the top card of the same colour"),
    "three_cards": _("The top three cards of the same colour, to keep one"),
}


def _height(move: dict[str, Any]) -> Msg:
    return _("{pawn} pawn", pawn=HEIGHT_WORDS[int(move["height"])])


def _column(move: dict[str, Any]) -> Msg:
    column = str(move["column"])
    return _("Innovation tiles from the {column} column", column=COLUMN_WORDS.get(column, column))


def option_path(move: dict[str, Any]) -> tuple[str, ...]:
    """The group of ``move``: one step, named in words."""
    kind = str(move.get("type", ""))
    if kind in _TERRITORY:
        return (territory_name(str(move["territory"])),)
    if kind in _CARD:
        return (card_name(str(move["card"])),)
    if kind == "play":
        return (_("Play “{card}”", card=card_name(str(move["card"]))),)
    if kind == "complete":
        return (_("Complete the objective “{card}”", card=card_name(str(move["card"]))),)
    if kind in ("evolve_pawn", "trophy"):
        return (_height(move),)
    if kind == "take_tile" or (kind == "invent" and "deck" not in move):
        return (_column(move),)
    if kind == "invent":
        return (_DRAW_TOP[str(move["deck"])],)
    if kind == "steal_tile":
        return (_("Level-{level} innovation tiles", level=int(move["level"])),)
    if kind == "sail":
        return (strait_name(str(move["strait"])),)
    if kind == "reward":
        return (_REWARD[str(move["option"])],)
    if kind in _SIMPLE:
        return (_SIMPLE[kind],)
    return (kind.replace("_", " ").capitalize(),)
