"""How a long list of Orichalk options nests on the turn page (the board's ``option_path``).

A decision with more than 20 options is shown on the turn page in nested groups, each option
once, in the engine's order (``service.present.presentation.group_options``). The groups name what
the picture shows: the spaces a tile may start from (ringed on the island while a tile is
placed), the creature's space, the building, the payment.
"""

from __future__ import annotations

from typing import Any

from engine.games.orichalk.geometry import DIRECTIONS


def option_path(move: dict[str, Any]) -> tuple[str, ...]:
    """Tile placements by their first space then the way they point (single tiles by row);
    fights by the creature's space; buildings by building and slot; temples together; extra
    actions by what pays for them; anything else by its kind."""
    kind = move.get("type")
    if kind == "place_tile":
        cell = str(move["cell"])
        if len(move["cells"]) == 1:
            return (f"Row {cell[0]}",)
        return (f"Tile at {cell}", f"pointing {DIRECTIONS[move['rotation']]}")
    if kind == "fight":
        return (f"Creature at {move['cell']}",)
    if kind == "build":
        building = str(move["building"]).replace("_", " ").capitalize()
        return (f"Build: {building} ({move['slot']} slot)",)
    if kind == "temple":
        return ("Build a temple",)
    if kind == "extra":
        return (f"Extra action paid with {move['pay']}",)
    return (str(kind or "move").replace("_", " ").capitalize(),)
