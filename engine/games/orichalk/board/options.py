"""How a long list of Orichalk options nests on the turn page (the board's ``option_path``).

A decision with more than 20 options is shown on the turn page in nested groups, each option
once, in the engine's order (``service.present.presentation.group_options``). The groups name what
the picture shows: the spaces a tile may start from (ringed on the island while a tile is
placed), the creature's space, the building, the payment.
"""

from __future__ import annotations

from typing import Any

from engine.games.orichalk.words import BUILDING_NAME, DIRECTION, PAY, TERRAIN, _, p_


def option_path(move: dict[str, Any]) -> tuple[str, ...]:
    """Tile placements by their first space then the way they point (single tiles by row);
    fights by the creature's space; buildings by building and slot; temples together; extra
    actions by what pays for them; anything else by its kind."""
    kind = move.get("type")
    if kind == "place_tile":
        cell = str(move["cell"])
        if len(move["cells"]) == 1:
            return (_("Row {row}", row=cell[0]),)
        return (_("Tile at {cell}", cell=cell), DIRECTION[move["rotation"]])
    if kind == "fight":
        return (_("Creature at {cell}", cell=move["cell"]),)
    if kind == "build":
        return (
            _(
                "Build: {building} ({slot} slot)",
                building=BUILDING_NAME[move["building"]],
                slot=TERRAIN[move["slot"]],
            ),
        )
    if kind == "temple":
        return (_("Build a temple"),)
    if kind == "extra":
        return (_("Extra action paid with {pay}", pay=PAY[move["pay"]]),)
    return (KIND.get(str(kind)) or str(kind or "move").replace("_", " ").capitalize(),)


KIND = {
    "choose_side": _("Choose side"),
    "place_metropolis": _("Place metropolis"),
    "take_card": _("Take card"),
    "keep_titans": _("Keep titans"),
    "mine": p_("kind", "Mine"),
    "recruit": p_("kind", "Recruit"),
    "medallion": _("Medallion"),
    "discard_card": _("Discard card"),
    "give_initiative": _("Give initiative"),
    "skip": _("Skip"),
}
"""Every other kind of move, as its group is named."""
