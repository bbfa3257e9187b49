"""Where a move of Origins: First Builders sits on the turn page when its decision lists many
options (the nested groups it is shown under, outermost first)."""

from __future__ import annotations

from typing import Any

_VISIT = "Visit a contact zone"


def option_path(move: dict[str, Any]) -> tuple[str, ...]:
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
        return (_VISIT, {"citizen": "with a citizen", "speaker": "with a speaker"}.get(
            worker, "with your archon"))  # fmt: skip
    if kind == "zone":
        return (f"Zone {int(move['zone']) + 1}",)
    if kind == "place":
        return ("On a free space", f"Row {move['y']}")
    if kind == "on_farm":
        return ("On one of your farms (Virgo)",)
    if kind in ("buy", "farm"):
        return (f"Building row slot {int(move['slot']) + 1}",)
    if kind in ("build_reserved", "farm_reserved"):
        return ("Set aside",)
    if kind in ("close", "tower", "populate", "pass"):
        return ("Other actions",)
    if kind in ("act", "bonus", "bonus_gold"):
        return ("Zone actions",)
    if kind in ("skip", "done", "end_turn"):
        return ("Stop here",)
    if "die" in move and kind not in ("draft", "remove"):
        return (f"{kind.replace('_', ' ').capitalize()}: citizen {int(move['die']) + 1}",)
    return (kind.replace("_", " ").capitalize() or "Other",)
