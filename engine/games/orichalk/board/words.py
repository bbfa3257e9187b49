"""Sentences about an Orichalk view, shared by the text part, the panels and the picture."""

from __future__ import annotations

from typing import Any

from engine.games.orichalk.components import SKULL

View = dict[str, Any]
Cell = dict[str, Any]

TERRAINS = ("forest", "lagoon", "desert", "mountain", "volcano")
SEAT_COLOURS = ("#c0392b", "#2456d6", "#9b27b0", "#0b8f84")


def seat_colours(view: View) -> dict[str, str]:
    return {seat: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, seat in enumerate(view["seats"])}


def focus_seat(view: View) -> str | None:
    """Whose island is drawn large: the viewer's; for a spectator the winner's, else the
    player whose turn it is, else the first seat's."""
    for seat in (view.get("you"), view.get("winner"), view.get("current")):
        if seat:
            return str(seat)
    return view["seats"][0] if view.get("seats") else None


def island_of(view: View, seat: str | None) -> dict[str, Any] | None:
    player = view["players"].get(seat) if seat else None
    return player.get("island") if player else None


def creatures_on(island: dict[str, Any] | None) -> list[Cell]:
    """The spaces of ``island`` with a creature on them."""
    return [c for c in (island or {}).get("cells") or [] if c.get("creature")]


def placing(view: View, seat: str | None) -> dict[str, Any] | None:
    """The land tile ``seat`` must place now (phase 2), if that is the decision."""
    turn = view.get("turn")
    if not turn or view.get("over") or turn.get("step") != "place" or turn.get("seat") != seat:
        return None
    return turn.get("tile")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def gains(hoplites: int, orichalcum: int) -> str:
    parts = []
    if hoplites:
        parts.append(plural(hoplites, "hoplite"))
    if orichalcum:
        parts.append(f"{orichalcum} orichalcum")
    return " + ".join(parts) or "nothing"


def cost_words(cost: int) -> str:
    return "free" if cost == 0 else plural(cost, "hoplite")


def side_words(side: str | None) -> str:
    return {"easy": "easier side", "hard": "harder side"}.get(side or "", "side not chosen")


def tile_words(tile: dict[str, Any]) -> str:
    return f"{tile['size']} tile: {', '.join(tile['terrains'])}"


def creature_words(creature: dict[str, Any]) -> str:
    return f"{creature['name']} ({creature['strength']})"


def dice_words(dice: list[int]) -> str:
    return ", ".join("skull" if d == SKULL else str(d) for d in dice)


def fight_words(fight: dict[str, Any]) -> str:
    """The last fight in a sentence, its dice included (uk «Захоплення істот»)."""
    who = (
        f"{fight['seat']} fought the {fight['creature']} (strength {fight['strength']}) at "
        f"{fight['cell']} with {plural(fight['hoplites'], 'hoplite')}"
    )
    if fight["favour"]:
        return f"{who}: won with Kronos's favour, without rolling"
    if fight["won"]:
        result = "won" + (" by the skull" if fight["skull"] else "") + " and captured it"
    else:
        result = "lost; the hoplites stay on it"
    return f"{who}: rolled {dice_words(fight['dice'])} = {fight['total']}, {result}"


def titan_words(titan: dict[str, Any]) -> str:
    state = "favour ready" if titan["active"] else "favour used"
    return f"{titan['name']} ({titan['terrain']}, {state})"


def points_words(player: dict[str, Any]) -> str:
    """What a player's victory points are made of."""
    tokens = player["victory_tokens"]
    parts = []
    if tokens["temples"]:
        parts.append(plural(tokens["temples"], "temple"))
    if tokens["medallions"]:
        parts.append(plural(tokens["medallions"], "medallion"))
    if player["titans"]:
        parts.append(plural(len(player["titans"]), "titan"))
    return ", ".join(parts) or "none yet"


def marks(view: View, seat: str) -> list[str]:
    """What sets a seat apart: you, to play, initiative, winner."""
    found = []
    if seat == view.get("you"):
        found.append("you")
    if seat == view.get("current") and not view.get("over"):
        found.append("to play")
    if seat == view.get("initiative") and not view.get("over"):
        found.append("initiative")
    if seat == view.get("winner"):
        found.append("winner")
    return found


def headline(view: View) -> str:
    if view.get("over"):
        return f"Game over: {view['winner']} won" if view.get("winner") else "Game over"
    phase = view.get("phase")
    if phase == "choose_sides":
        return "Setup: each player chooses a side of their island"
    if phase == "initiative":
        return f"Round {view['round']} ended: {view['initiative']} gives the initiative"
    if view.get("current"):
        return f"Round {view['round']} · {view['current']} to play"
    return "Orichalk"


def status(view: View) -> list[str]:
    """Whose turn, what this turn holds so far, what the viewer must decide."""
    lines = [headline(view) + "."]
    if view.get("over"):
        return lines
    if view.get("initiative"):
        order = ", ".join(view.get("order") or [])
        lines.append(
            f"Initiative: {view['initiative']}"
            + (f"; this round's order: {order}." if order else ".")
        )
    if view.get("phase") == "initiative" and view.get("initiative_candidates"):
        tied = ", ".join(view["initiative_candidates"])
        lines.append(f"Tied for the most hoplites: {tied}.")
    turn = view.get("turn")
    if turn:
        done = []
        if turn.get("card"):
            done.append(f"card taken: {turn['card']['action_name']}, {turn['card']['size']} tile")
        if turn.get("tile"):
            riders = ", ".join(creature_words(c) for c in turn.get("creatures") or [])
            done.append(
                f"tile to place: {tile_words(turn['tile'])}" + (f" with {riders}" if riders else "")
            )
        if turn.get("titans"):
            done.append("titans arriving: " + ", ".join(turn["titans"]))
        if turn.get("extras_bought"):
            done.append(f"extra actions bought: {turn['extras_bought']}/{turn['extras_allowed']}")
        if done:
            lines.append(f"{turn['seat']}'s turn: " + "; ".join(done) + ".")
    if view.get("prompt"):
        lines.append(str(view["prompt"]).rstrip(".") + ".")
    return lines


def island_lines(island: dict[str, Any] | None) -> list[str]:
    """An island in a few lines: side, metropolis, ports, land, creatures, buildings,
    temples."""
    if not island:
        return ["no island yet"]
    if not island.get("side"):
        return [f"{island['name']}: side not chosen yet"]
    cells = island["cells"]
    metropolis = island.get("metropolis") or "not placed yet"
    lines = [f"{island['name']}, {side_words(island['side'])}; metropolis: {metropolis}"]
    ports = "; ".join(
        f"{p['cell']} {gains(p['hoplites'], p['orichalcum'])}"
        + (" (taken)" if p["covered"] else "")
        for p in island.get("ports", [])
    )
    lines.append(f"ports: {ports}")
    land: dict[str, int] = {}
    for c in cells:
        if c.get("land"):
            land[c["terrain"]] = land.get(c["terrain"], 0) + 1
    free = sum(1 for c in cells if not (c.get("tile") or c.get("metropolis")))
    kinds = ", ".join(f"{t} {land[t]}" for t in TERRAINS if t in land) or "none"
    lines.append(f"land: {kinds}; free spaces: {free}")
    creatures = [
        f"{creature_words(c['creature'])} at {c['id']}"
        + (
            f" with {plural(c['creature']['hoplites'], 'hoplite')} on it"
            if c["creature"].get("hoplites")
            else ""
        )
        for c in creatures_on(island)
    ]
    lines.append("creatures: " + ("; ".join(creatures) or "none"))
    buildings = [f"{c['building']['name']} at {c['id']}" for c in cells if c.get("building")]
    if buildings:
        lines.append("buildings: " + ", ".join(buildings))
    for n, spaces in enumerate(island.get("temples") or [], start=1):
        lines.append(f"temple {n} on {', '.join(spaces)}")
    return lines


def slot_words(slot: dict[str, Any]) -> str:
    """An action board card with its tile and creatures."""
    head = f"Card {slot['number']} ({cost_words(slot['cost'])})"
    card = slot.get("card")
    if not card:
        return f"{head}: empty"
    what = f"{head}: {card['action_name']}, "
    what += tile_words(slot["tile"]) if slot.get("tile") else f"{card['size']} tile, none left"
    if slot.get("creatures"):
        what += " with " + " and ".join(creature_words(c) for c in slot["creatures"])
    return what


def site_words(slot: dict[str, Any]) -> str:
    """A slot of the construction board."""
    building = slot.get("building")
    if not building:
        return f"{slot['terrain']} slot: empty"
    what = f"{slot['terrain']} slot: {building['name']} ({building['text']})"
    if slot.get("resource"):
        what += f", 1 {slot['resource']} on it"
    return what
