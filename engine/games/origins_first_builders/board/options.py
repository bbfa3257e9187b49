"""Where a move of Origins: First Builders sits on the turn page when its decision lists many
options (the nested groups it is shown under, outermost first)."""

from __future__ import annotations

from typing import Any

from engine.games.origins_first_builders.words import _
from engine.kit.words import Msg

_VISIT = _("Visit a contact zone")

KIND: dict[str, Msg] = {
    "activate": _("Activate"),
    "advance": _("Advance"),
    "attack": _("Attack"),
    "capricorn": _("Capricorn"),
    "card": _("Card"),
    "centre": _("Centre"),
    "close_die": _("Close die"),
    "convert": _("Convert"),
    "copy": _("Copy"),
    "court": _("Court"),
    "draft": _("Draft"),
    "extra_action": _("Extra action"),
    "feed": _("Feed"),
    "feed_war": _("Feed war"),
    "gain": _("Gain"),
    "gemini": _("Gemini"),
    "keep": _("Keep"),
    "keep_starships": _("Keep starships"),
    "raise": _("Raise"),
    "raise_none": _("Raise none"),
    "recolour": _("Recolour"),
    "remove": _("Remove"),
    "reserve": _("Reserve"),
    "ritual": _("Ritual"),
    "sagittarius": _("Sagittarius"),
    "speaker": _("Speaker"),
    "starship": _("Starship"),
    "take": _("Take"),
    "temple": _("Temple"),
    "temple_extra": _("Temple extra"),
    "temple_step": _("Temple step"),
    "tiltyard": _("Tiltyard"),
    "veteran": _("Veteran"),
}
"""A decision's kind, as the group of its options is headed."""


def option_path(move: dict[str, Any]) -> tuple[Msg | str, ...]:
    """Where a move sits on the turn page when its decision lists more than 20 options.

    A turn is a chain of decisions (the worker, then the zone, then the action, then the
    choice), so each list holds one kind of thing: a visit nests under its worker (citizen,
    speaker, archon), a zone under its number, a placement under the row of the city it
    goes in (y, as the picture's margin numbers it), a building under its row slot or the
    set-aside tiles, and any other choice under its kind.
    """
    kind = str(move.get("type", ""))
    if kind == "visit":
        worker = str(move.get("worker", ""))
        if worker == "citizen":
            return (_VISIT, _("with a citizen"))
        if worker == "speaker":
            return (_VISIT, _("with a speaker"))
        return (_VISIT, _("with your archon"))
    if kind == "zone":
        return (_("Zone {n}", n=int(move["zone"]) + 1),)
    if kind == "place":
        return (_("On a free space"), _("Row {y}", y=str(move["y"])))
    if kind == "on_farm":
        return (_("On one of your farms (Virgo)"),)
    if kind in ("buy", "farm"):
        return (_("Building row slot {n}", n=int(move["slot"]) + 1),)
    if kind in ("build_reserved", "farm_reserved"):
        return (_("Set aside"),)
    if kind in ("close", "tower", "populate", "pass"):
        return (_("Other actions"),)
    if kind in ("act", "bonus", "bonus_gold"):
        return (_("Zone actions"),)
    if kind in ("skip", "done", "end_turn"):
        return (_("Stop here"),)
    named = KIND.get(kind) or kind.replace("_", " ").capitalize()
    if "die" in move and kind not in ("draft", "remove"):
        return (_("{kind}: citizen {n}", kind=named, n=int(move["die"]) + 1),)
    return (named or _("Other"),)
