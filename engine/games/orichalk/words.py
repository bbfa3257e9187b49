"""Orichalk's words a player reads (DESIGN.md §10.9): its markers, bound to the game's domain,
and the names of its components as messages.

Every module that says something imports ``_``, ``n_`` and ``p_`` from here and calls them
with literal text, so ``pybabel extract -k _ -k n_:1,2 -k p_:1c,2`` finds every message; the
catalogs and the glossary of game terms (after ``rules/orichalk.uk.txt``) are in
``translations/``. Component data stays in :mod:`.components`; its names are here.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.kit.words import Listing, Msg, markers

_, n_, p_ = markers("orichalk")

__all__ = ["Listing", "Msg", "_", "n_", "p_"]

# ---------------------------------------------------------------- terrains and sizes
TERRAIN: dict[str, Msg] = {
    "forest": p_("terrain", "forest"),
    "lagoon": p_("terrain", "lagoon"),
    "desert": p_("terrain", "desert"),
    "mountain": p_("terrain", "mountain"),
    "volcano": p_("terrain", "volcano"),
}
SIZE: dict[str, Msg] = {
    "single": p_("tile size", "single"),
    "double": p_("tile size", "double"),
    "triple": p_("tile size", "triple"),
}
SIZE_TILE: dict[str, Msg] = {
    "single": _("single tile"),
    "double": _("double tile"),
    "triple": _("triple tile"),
}
SIDE: dict[str, Msg] = {"easy": _("easier"), "hard": _("harder")}
SIDE_OF_ISLAND: dict[str, Msg] = {"easy": _("easier side"), "hard": _("harder side")}
SIDE_CAPITAL: dict[str, Msg] = {"easy": _("Easier side"), "hard": _("Harder side")}
DIRECTION: dict[int, Msg] = {
    0: _("pointing east"),
    1: _("pointing north-east"),
    2: _("pointing north-west"),
    3: _("pointing west"),
    4: _("pointing south-west"),
    5: _("pointing south-east"),
}
"""The way a placement points, by rotation (``geometry.DIRECTIONS``)."""
SHORT_DIRECTION: tuple[Msg, ...] = (
    p_("compass", "E"),
    p_("compass", "NE"),
    p_("compass", "NW"),
    p_("compass", "W"),
    p_("compass", "SW"),
    p_("compass", "SE"),
)

# ---------------------------------------------------------------- actions and titans
ACTION_NAME: dict[str, Msg] = {
    "mine": _("Mine orichalcum"),
    "recruit": _("Recruit hoplites"),
    "capture": _("Capture creatures"),
    "create": p_("action", "Create"),
}
ACTION_SHORT: dict[str, Msg] = {
    "mine": p_("action", "Mine"),
    "recruit": p_("action", "Recruit"),
    "capture": p_("action", "Capture"),
    "create": p_("action", "Create"),
}
"""An action's name short enough for a card in the picture."""
ACTION_LOWER: dict[str, Msg] = {
    "mine": p_("action", "mine"),
    "recruit": p_("action", "recruit"),
    "capture": p_("action", "capture"),
    "create": p_("action", "create"),
}
"""An action as the tiers of extra actions list it."""
TITAN_NAME: dict[str, Msg] = {
    "theia": _("Theia"),
    "themis": _("Themis"),
    "kronos": _("Kronos"),
    "hyperion": _("Hyperion"),
}
TITAN_TITLE: dict[str, Msg] = {
    "theia": _("Theia, titan of the forests"),
    "themis": _("Themis, titan of the lagoons"),
    "kronos": _("Kronos, titan of the deserts"),
    "hyperion": _("Hyperion, titan of the mountains"),
}
TITAN_OF_TERRAIN: dict[str, Msg] = {
    "forest": _("titan of the forest"),
    "lagoon": _("titan of the lagoon"),
    "desert": _("titan of the desert"),
    "mountain": _("titan of the mountain"),
}
FAVOUR: dict[str, Msg] = {
    "theia": _("one more Create"),
    "themis": _("doubles the hoplites recruited"),
    "kronos": _("wins a fight before rolling"),
    "hyperion": _("doubles the orichalcum mined"),
}
FAVOUR_OF: dict[str, Msg] = {
    "theia": _("Theia's favour"),
    "themis": _("Themis's favour"),
    "kronos": _("Kronos's favour"),
    "hyperion": _("Hyperion's favour"),
}

# ---------------------------------------------------------------- creatures and buildings
CREATURE_NAME: dict[str, Msg] = {
    "cerberus": _("Cerberus"),
    "minotaur": _("Minotaur"),
    "gorgon": _("Gorgon"),
    "cyclops": _("Cyclops"),
    "hydra": _("Hydra"),
}
BUILDING_NAME: dict[str, Msg] = {
    "training_camp": _("Training camp"),
    "mine": p_("building", "Mine"),
    "hospital": _("Hospital"),
    "oratory": _("Oratory"),
    "siege_engines": _("Siege engines"),
    "arch": _("Arch"),
    "protection_crystal": _("Protection crystal"),
    "architect": _("Architect"),
    "forge": _("Forge"),
    "statues": _("Statues"),
}
BUILDING_LOWER: dict[str, Msg] = {
    "training_camp": p_("building", "training camp"),
    "mine": p_("building", "mine"),
    "hospital": p_("building", "hospital"),
    "oratory": p_("building", "oratory"),
    "siege_engines": p_("building", "siege engines"),
    "arch": p_("building", "arch"),
    "protection_crystal": p_("building", "protection crystal"),
    "architect": p_("building", "architect"),
    "forge": p_("building", "forge"),
    "statues": p_("building", "statues"),
}
"""A building's name inside a list of what a player has built."""
BUILDING_SHORT: dict[str, Msg] = {
    "training_camp": _("Camp"),
    "mine": p_("building", "Mine"),
    "hospital": _("Hospital"),
    "oratory": _("Oratory"),
    "siege_engines": _("Siege"),
    "arch": _("Arch"),
    "protection_crystal": _("Crystal"),
    "architect": _("Architect"),
    "forge": _("Forge"),
    "statues": _("Statues"),
}
"""A building's name short enough for a space of the island."""
BUILDING_TEXT: dict[str, Msg] = {
    "training_camp": _("Recruit: 1 more hoplite. Take the hoplite lying on it when you build it."),
    "mine": _("Mine: 1 more orichalcum. Take the orichalcum lying on it when you build it."),
    "hospital": _(
        "After a fight you win, the hoplites that fought come back to your supply instead "
        "of the general supply."
    ),
    "oratory": _("You may hold one more titan."),
    "siege_engines": _("Roll one more die in every fight."),
    "arch": _("Action cards cost you 1 hoplite less."),
    "protection_crystal": _("You may build buildings and temples next to creatures."),
    "architect": _("A temple of yours may show one terrain twice."),
    "forge": _("You may buy one more extra action each turn."),
    "statues": _("Extra actions paid with hoplites or orichalcum cost you 1 less."),
}
ISLAND_NAME: dict[str, Msg] = {
    "1": _("Kerne"),
    "2": _("Ogygia"),
    "3": _("Scheria"),
    "4": _("Thera"),
}
RESOURCE: dict[str, Msg] = {"hoplite": _("hoplite"), "orichalcum": _("orichalcum")}
"""What lies on a camp or a mine of the construction board, one of it."""
PAY: dict[str, Msg] = {
    "hoplites": p_("payment", "hoplites"),
    "orichalcum": p_("payment", "orichalcum"),
    "creature": p_("payment", "creature"),
}

# ---------------------------------------------------------------- counted things


def hoplites(n: int) -> Msg:
    return n_("{n} hoplite", "{n} hoplites", n=n)


def orichalcum(n: int) -> Msg:
    return n_("{n} orichalcum", "{n} orichalcum", n=n)


def dice(n: int) -> Msg:
    return n_("{n} die", "{n} dice", n=n)


# ---------------------------------------------------------------- joining


def tile_terrains(terrains: Sequence[str]) -> Msg:
    """A land tile's terrains joined by dashes: "forest–volcano"."""
    names = [TERRAIN[t] for t in terrains]
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return _("{first}–{second}", first=names[0], second=names[1])
    return _("{first}–{second}–{third}", first=names[0], second=names[1], third=names[2])


def commas(items: Sequence[str]) -> str:
    """Items joined by commas, each one kept a message ("a, b, c")."""
    if not items:
        return ""
    joined = items[-1]
    for item in reversed(items[:-1]):
        joined = _("{item}, {more}", item=item, more=joined)
    return joined


def semicolons(items: Sequence[str]) -> str:
    """Clauses joined by semicolons ("a; b; c"), each one kept a message."""
    if not items:
        return ""
    joined = items[-1]
    for item in reversed(items[:-1]):
        joined = _("{item}; {more}", item=item, more=joined)
    return joined


def sentence(text: str) -> Msg:
    """A clause ended with a full stop."""
    return _("{text}.", text=text)
