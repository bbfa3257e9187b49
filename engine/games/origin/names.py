"""Origin's components in words (DESIGN.md §10.9): colours, decks, pawns, continents, and
the names of territories, straits and cards as messages; and the two joins of plain lists
("a, b, c" and "a; b") that the English has always used, as messages too, so a reader's
language may join them its own way.

Names follow the rulebook of each language (``translations/GLOSSARY.md``)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.games.origin.components import CARDS, INDEX, STRAIT_INDEX, STRAITS, TERRITORIES
from engine.games.origin.words import _, n_, p_
from engine.kit.words import Msg

# ru «Фишки племени»: speed (= height), strength (= width) and colour.
HEIGHT_WORDS: dict[int, Msg] = {
    1: p_("pawn", "short"),
    2: p_("pawn", "medium"),
    3: p_("pawn", "tall"),
}
STRENGTH_WORDS: dict[int, Msg] = {
    1: p_("pawn", "slender"),
    2: p_("pawn", "stout"),
    3: p_("pawn", "broad"),
}
PAWN_COLOUR_WORDS: dict[str, Msg] = {
    "white": p_("pawn", "white"),
    "brown": p_("pawn", "brown"),
    "black": p_("pawn", "black"),
}

COLOUR_WORDS: dict[str, Msg] = {
    "yellow": p_("colour", "yellow"),
    "orange": p_("colour", "orange"),
    "purple": p_("colour", "purple"),
    "brown": p_("colour", "brown"),
    "green": p_("colour", "green"),
}
"""A territory's or a reward column's colour, standing alone (a heading, a legend, a note in
brackets)."""

COLUMN_WORDS: dict[str, Msg] = {
    "yellow": p_("column", "yellow"),
    "orange": p_("column", "orange"),
    "purple": p_("column", "purple"),
    "brown": p_("column", "brown"),
}
"""A reward column's colour inside a sentence: "from the {column} column"."""

TERRITORY_COLOUR_WORDS: dict[str, Msg] = {
    "yellow": p_("territory", "yellow"),
    "orange": p_("territory", "orange"),
    "purple": p_("territory", "purple"),
    "brown": p_("territory", "brown"),
    "green": p_("territory", "green"),
}
"""A territory's colour inside a sentence: "the {colour} territory"."""

DECK_WORDS: dict[str, Msg] = {
    "action": p_("deck", "action"),
    "permanent": p_("deck", "permanent"),
    "objective": p_("deck", "objective"),
}
"""A deck (a kind of card), standing alone: a tag, a heading."""

CONTINENT_NAMES: dict[str, Msg] = {
    "Africa": _("Africa"),
    "Eurasia": _("Eurasia"),
    "North America": _("North America"),
    "South America": _("South America"),
    "Oceania": _("Oceania"),
    "Antarctica": _("Antarctica"),
}


def colour_word(colour: str | None) -> str:
    return COLOUR_WORDS.get(colour or "", colour or "")


def deck_word(deck: str) -> str:
    return DECK_WORDS.get(deck, deck)


def continent_name(continent: str) -> str:
    return CONTINENT_NAMES.get(continent, continent)


def pawn_words(height: int, strength: int, colour: str) -> Msg:
    """A pawn's three properties, without the noun: "short slender white"."""
    return _(
        "{height} {strength} {colour}",
        height=HEIGHT_WORDS[height],
        strength=STRENGTH_WORDS[strength],
        colour=PAWN_COLOUR_WORDS.get(colour, colour),
    )


def a_pawn(height: int, strength: int, colour: str) -> Msg:
    """A pawn named on its own, as a label or a hover text: "short slender white pawn"."""
    return _("{pawn} pawn", pawn=pawn_words(height, strength, colour))


def pawn_size(height: int, strength: int) -> Msg:
    """A pawn's height and strength: "short slender"."""
    return _("{height} {strength}", height=HEIGHT_WORDS[height], strength=STRENGTH_WORDS[strength])


def territory_name(territory: str) -> str:
    return TERRITORIES[INDEX[territory]].name if territory in INDEX else str(territory)


def strait_name(strait: str) -> str:
    return STRAITS[STRAIT_INDEX[strait]].name if strait in STRAIT_INDEX else str(strait)


def card_name(card: str) -> str:
    return CARDS[card].name if card in CARDS else str(card)


def quoted(name: str) -> Msg:
    """An objective's name in quotes, as the labels write it."""
    return p_("objective", "“{name}”", name=name)


def points(n: int) -> Msg:
    return n_("{n} point", "{n} points", n=n)


def commas(items: Iterable[str]) -> str:
    """Items joined by commas alone, as a list of values reads ("Sahara 4, Congo Basin 7")."""
    joined: str = ""
    for i, item in enumerate(items):
        joined = item if i == 0 else _("{items}, {item}", items=joined, item=item)
    return joined


def semicolons(items: Iterable[str]) -> str:
    """Items joined by semicolons: clauses, or groups that hold commas."""
    joined: str = ""
    for i, item in enumerate(items):
        joined = item if i == 0 else _("{items}; {item}", items=joined, item=item)
    return joined


END_REASONS: dict[str, Msg] = {
    "the action deck is empty": _("the action deck is empty"),
    "the permanent deck is empty": _("the permanent deck is empty"),
    "the objective deck is empty": _("the objective deck is empty"),
    "no innovation tile is left on the reward board": _(
        "no innovation tile is left on the reward board"
    ),
    "no pawn is left in the reserve": _("no pawn is left in the reserve"),
    "every village is on the board": _("every village is on the board"),
}
"""ru «Конец игры»: the reasons the events record (in English, as the log keeps them)."""


def end_reason(reason: str) -> str:
    """An end reason as the events record it, in words."""
    return END_REASONS.get(reason, reason)
