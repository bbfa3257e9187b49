"""Origins: First Builders' words (DESIGN.md §10.9): the markers of its gettext domain and the
small pieces every surface shares: colours, resources and amounts, points.

Every text a player reads is a :class:`~engine.kit.words.Msg` made with ``_``, ``n_`` or
``p_`` below; the catalogs are ``translations/<lang>/LC_MESSAGES/origins-first-builders.po``
and the game's terms in each language are in ``translations/GLOSSARY.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.kit.words import Listing, Msg, Seat, markers

_, n_, p_ = markers("origins-first-builders")

# ru «Граждане»: the five colours of dice, buildings and towers; grey is the starting tiles'.
# "colour" agrees with a die, a citizen, an advisor (masculine in ru, uk, es); "colour of a
# tower" with a tower, a stack, a tier (feminine).
COLOUR: dict[str, Msg] = {
    "red": p_("colour", "red"),
    "orange": p_("colour", "orange"),
    "yellow": p_("colour", "yellow"),
    "blue": p_("colour", "blue"),
    "purple": p_("colour", "purple"),
    "grey": p_("colour", "grey"),
}
COLOUR_F: dict[str, Msg] = {
    "red": p_("colour of a tower", "red"),
    "orange": p_("colour of a tower", "orange"),
    "yellow": p_("colour of a tower", "yellow"),
    "blue": p_("colour of a tower", "blue"),
    "purple": p_("colour of a tower", "purple"),
    "grey": p_("colour of a tower", "grey"),
}


def colour(name: object) -> Msg | str:
    """A die's (citizen's, advisor's) colour in words."""
    return COLOUR.get(str(name), str(name))


def colour_f(name: object) -> Msg | str:
    """A tower's (stack's, tier's) colour in words."""
    return COLOUR_F.get(str(name), str(name))


# ru «Базовые ресурсы и золото».
RESOURCE: dict[str, Msg] = {
    "stone": p_("resource", "stone"),
    "food": p_("resource", "food"),
    "wisdom": p_("resource", "wisdom"),
    "gold": p_("resource", "gold"),
}


def resource(name: object) -> Msg | str:
    return RESOURCE.get(str(name), str(name))


def amount(name: str, n: int) -> Msg:
    """``n`` of a resource: "3 stone"."""
    if name == "stone":
        return n_("{n} stone", "{n} stone", n=n)
    if name == "food":
        return n_("{n} food", "{n} food", n=n)
    if name == "wisdom":
        return n_("{n} wisdom", "{n} wisdom", n=n)
    if name == "gold":
        return n_("{n} gold", "{n} gold", n=n)
    return _("{n} {resource}", n=n, resource=name)


RESOURCE_ORDER = ("stone", "food", "wisdom", "gold")


def amounts(counts: Mapping[str, int], order: Iterable[str] = RESOURCE_ORDER) -> Listing:
    """Resources as a list: "1 stone, 2 food and 1 gold" (only those above 0)."""
    return Listing(tuple(amount(r, counts[r]) for r in order if counts.get(r)))


def vp(n: int) -> Msg:
    """``n`` victory points: "3 VP"."""
    return n_("{n} VP", "{n} VP", n=n)


def die(colour_name: object, value: object) -> Msg:
    """A citizen die: "red 3"."""
    return _("{colour} {value}", colour=colour(colour_name), value=str(value))


def listing(items: Iterable[object], style: str = "and") -> Listing:
    return Listing(tuple(items), "or" if style == "or" else "and")


def joined(items: Iterable[object], separator: str = ", ") -> Msg | str:
    """Items one after another (a row of values, not a sentence's list): "2, 3, 5".

    Only "; ", ", ", " | ", "-" and " " separators are known to the catalogs."""
    parts = list(items)
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        if separator == "; ":
            out = _("{first}; {then}", first=out, then=part)
        elif separator == " | ":
            out = _("{first} | {then}", first=out, then=part)
        elif separator == "-":
            out = _("{first}-{then}", first=out, then=part)
        elif separator == " ":
            out = _("{first} {then}", first=out, then=part)
        else:
            out = _("{first}, {then}", first=out, then=part)
    return out if isinstance(out, Msg | Seat) else str(out)


# The parts of a score (``scoring.breakdown``'s keys), ru «Конец игры и подсчёт очков».
SCORE_PART: dict[str, Msg] = {
    "during the game": _("during the game"),
    "gold": p_("score", "gold"),
    "advisors": _("advisors"),
    "temples": _("temples"),
    "power centres": _("power centres"),
}


def score_parts(parts: Mapping[str, int]) -> Msg | str:
    """A score's non-zero parts: "during the game 12, gold 3"."""
    return joined(
        _("{part} {points}", part=SCORE_PART.get(k, k), points=v) for k, v in parts.items() if v
    )


TEMPLE_SHORT: dict[str, Msg] = {
    "forest": p_("temple, short", "forest"),
    "mountain": p_("temple, short", "mountain"),
    "sea": p_("temple, short", "sea"),
}
"""A temple as a player's track list names it: "forest 3, mountain 0, sea 1"."""


def disc(seat: str) -> Msg | str:
    """A disc on a track: a seat, or the solo dummy's."""
    return _("dummy") if seat == "dummy" else Seat(seat)


SEAT_COLOUR: dict[str, Msg] = {
    "green": p_("seat colour", "green"),
    "brown": p_("seat colour", "brown"),
    "black": p_("seat colour", "black"),
    "white": p_("seat colour", "white"),
    "grey": p_("seat colour", "grey"),
}
"""The colours of the players' discs (``board.palette.SEAT_COLOURS``) in words."""


def seat_colour(name: str) -> Msg | str:
    return SEAT_COLOUR.get(name, name)
