"""The registry of decisions: for each step kind, the options it offers (``OPTIONS``) and
what a chosen option does (``HANDLERS``), found in the module of its part of the rules as
``<kind>_options`` and ``<kind>_handler``; steps that need no decision run by themselves
(``AUTOMATIC``)."""

from __future__ import annotations

from collections.abc import Callable

from engine.contract import Move
from engine.games.origins_first_builders import (
    actions,
    construction,
    districts,
    flow,
    turns,
    visits,
)
from engine.games.origins_first_builders.context import Ctx
from engine.games.origins_first_builders.state import State, Step

Options = Callable[[State, str, Step], list[Move]]
Handler = Callable[[Ctx, Step, Move], None]

_KINDS = {
    turns: ("main", "turn_end", "tower", "capricorn", "draft", "solo_remove", "solo_keep"),
    visits: ("zone", "solo_raise", "zone_actions"),
    actions: (
        "basic", "convert", "gemini", "tiltyard", "war", "feed", "temple", "temple_extra",
        "temple_step", "take_citizen", "take_speaker", "sagittarius",
    ),
    construction: (
        "buy", "place", "reserve", "veteran", "court", "court_colour", "starship", "ritual",
        "mage",
    ),
    districts: ("centre", "close_die", "district_card", "activate"),
}  # fmt: skip

OPTIONS: dict[str, Options] = {
    kind: getattr(module, f"{kind}_options") for module, kinds in _KINDS.items() for kind in kinds
}
HANDLERS: dict[str, Handler] = {
    kind: getattr(module, f"{kind}_handler") for module, kinds in _KINDS.items() for kind in kinds
}

AUTOMATIC: dict[str, Callable[[Ctx, Step], None]] = {
    "return_dice": lambda ctx, step: flow.return_dice(ctx),
    "end_turn": lambda ctx, step: flow.end_turn(ctx),
}

ALWAYS_ASKED = frozenset({"main", "draft"})
"""A player's first decision of a turn (or of the draft) is asked even with one option:
the seat changes there, and a decision is never made for another player."""
