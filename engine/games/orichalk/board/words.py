"""Sentences about an Orichalk view, shared by the text part, the panels and the picture."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.orichalk.components import SKULL
from engine.games.orichalk.words import (
    SIDE_OF_ISLAND,
    SIZE_TILE,
    TERRAIN,
    Listing,
    Msg,
    _,
    commas,
    hoplites,
    n_,
    orichalcum,
    p_,
    semicolons,
    sentence,
)
from engine.kit.words import Seat

View = dict[str, Any]
Cell = dict[str, Any]

TERRAINS = ("forest", "lagoon", "desert", "mountain", "volcano")
SEAT_COLOURS = ("#c0392b", "#2456d6", "#9b27b0", "#0b8f84")
SEAT_COLOUR_WORDS = (
    p_("seat colour", "red"),
    p_("seat colour", "blue"),
    p_("seat colour", "purple"),
    p_("seat colour", "teal"),
)
""":data:`SEAT_COLOURS` in words, in the same order: what the players are told they play
(issue 32 §1), as the island frames and badges draw it."""


def seat_colours(view: View) -> dict[str, str]:
    return {seat: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, seat in enumerate(view["seats"])}


def seat_colour_words(seats: Sequence[str]) -> dict[str, str]:
    """Each seat's colour in words, the seats in seat order (``Board.seat_colours``)."""
    return {seat: SEAT_COLOUR_WORDS[i % len(SEAT_COLOUR_WORDS)] for i, seat in enumerate(seats)}


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
    tile: dict[str, Any] | None = turn.get("tile")
    return tile


def counted(what: str, n: int) -> Msg:
    """``n`` of a payment or a supply: hoplites, orichalcum, creatures."""
    if what in ("hoplite", "hoplites"):
        return hoplites(n)
    if what == "orichalcum":
        return orichalcum(n)
    return n_("{n} creature", "{n} creatures", n=n)


def gains(hoplite_count: int, orichalcum_count: int) -> str:
    if hoplite_count and orichalcum_count:
        return _(
            "{hoplites} + {orichalcum}",
            hoplites=hoplites(hoplite_count),
            orichalcum=orichalcum(orichalcum_count),
        )
    if hoplite_count:
        return hoplites(hoplite_count)
    if orichalcum_count:
        return orichalcum(orichalcum_count)
    return _("nothing")


def cost_words(cost: int) -> str:
    return _("free") if cost == 0 else hoplites(cost)


def side_words(side: str | None) -> str:
    return SIDE_OF_ISLAND.get(side or "") or _("side not chosen")


def tile_words(tile: dict[str, Any]) -> str:
    return _(
        "{tile}: {terrains}",
        tile=SIZE_TILE[tile["size"]],
        terrains=commas([TERRAIN[t] for t in tile["terrains"]]),
    )


def creature_words(creature: dict[str, Any]) -> str:
    return _("{creature} ({strength})", creature=creature["name"], strength=creature["strength"])


def dice_words(dice: list[int]) -> str:
    return commas([_("skull") if d == SKULL else str(d) for d in dice])


def fight_words(fight: dict[str, Any]) -> str:
    """The last fight in a sentence, its dice included (uk «Захоплення істот»)."""
    who = _(
        "{seat} fought the {creature} (strength {strength}) at {cell} with {hoplites}",
        seat=Seat(fight["seat"]),
        creature=fight["creature"],
        strength=fight["strength"],
        cell=fight["cell"],
        hoplites=hoplites(fight["hoplites"]),
    )
    if fight["favour"]:
        return _("{fight}: won with Kronos's favour, without rolling", fight=who)
    rolled = {"fight": who, "dice": dice_words(fight["dice"]), "total": fight["total"]}
    if fight["won"] and fight["skull"]:
        return _("{fight}: rolled {dice} = {total}, won by the skull and captured it", **rolled)
    if fight["won"]:
        return _("{fight}: rolled {dice} = {total}, won and captured it", **rolled)
    return _("{fight}: rolled {dice} = {total}, lost; the hoplites stay on it", **rolled)


def titan_words(titan: dict[str, Any]) -> str:
    words = {"titan": titan["name"], "terrain": TERRAIN[titan["terrain"]]}
    if titan["active"]:
        return _("{titan} ({terrain}, favour ready)", **words)
    return _("{titan} ({terrain}, favour used)", **words)


def points_words(player: dict[str, Any]) -> str:
    """What a player's victory points are made of."""
    tokens = player["victory_tokens"]
    parts = []
    if tokens["temples"]:
        parts.append(n_("{n} temple", "{n} temples", n=tokens["temples"]))
    if tokens["medallions"]:
        parts.append(n_("{n} medallion", "{n} medallions", n=tokens["medallions"]))
    if player["titans"]:
        parts.append(n_("{n} titan", "{n} titans", n=len(player["titans"])))
    return commas(parts) or _("none yet")


def marks(view: View, seat: str) -> list[str]:
    """What sets a seat apart: you, to play, initiative, winner."""
    found: list[str] = []
    if seat == view.get("you"):
        found.append(_("you"))
    if seat == view.get("current") and not view.get("over"):
        found.append(_("to play"))
    if seat == view.get("initiative") and not view.get("over"):
        found.append(p_("mark", "initiative"))
    if seat == view.get("winner"):
        found.append(_("winner"))
    return found


def headline(view: View) -> str:
    if view.get("over"):
        if view.get("winner"):
            return _("Game over: {seat} won", seat=Seat(view["winner"]))
        return _("Game over")
    phase = view.get("phase")
    if phase == "choose_sides":
        return _("Setup: each player chooses a side of their island")
    if phase == "initiative":
        return _(
            "Round {round} ended: {seat} gives the initiative",
            round=view["round"],
            seat=Seat(view["initiative"]),
        )
    if view.get("current"):
        return _("Round {round} · {seat} to play", round=view["round"], seat=Seat(view["current"]))
    return _("Orichalk")


def _turn_so_far(turn: dict[str, Any]) -> list[str]:
    done: list[str] = []
    if turn.get("card"):
        card = turn["card"]
        done.append(
            _(
                "card taken: {action}, {tile}",
                action=card["action_name"],
                tile=SIZE_TILE[card["size"]],
            )
        )
    if turn.get("tile"):
        tile = tile_words(turn["tile"])
        riders = [creature_words(c) for c in turn.get("creatures") or []]
        if riders:
            done.append(
                _("tile to place: {tile} with {creatures}", tile=tile, creatures=commas(riders))
            )
        else:
            done.append(_("tile to place: {tile}", tile=tile))
    if turn.get("titans"):
        done.append(_("titans arriving: {titans}", titans=commas(turn["titans"])))
    if turn.get("extras_bought"):
        done.append(
            _(
                "extra actions bought: {bought}/{allowed}",
                bought=turn["extras_bought"],
                allowed=turn["extras_allowed"],
            )
        )
    return done


def status(view: View) -> list[str]:
    """Whose turn, what this turn holds so far, what the viewer must decide."""
    lines: list[str] = [sentence(headline(view))]
    if view.get("over"):
        return lines
    if view.get("initiative"):
        order = commas([Seat(s) for s in view.get("order") or []])
        if order:
            lines.append(
                _(
                    "Initiative: {seat}; this round's order: {order}.",
                    seat=Seat(view["initiative"]),
                    order=order,
                )
            )
        else:
            lines.append(_("Initiative: {seat}.", seat=Seat(view["initiative"])))
    if view.get("phase") == "initiative" and view.get("initiative_candidates"):
        tied = commas([Seat(s) for s in view["initiative_candidates"]])
        lines.append(_("Tied for the most hoplites: {seats}.", seats=tied))
    turn = view.get("turn")
    if turn:
        done = _turn_so_far(turn)
        if done:
            lines.append(
                _("{seat}'s turn: {done}.", seat=Seat(turn["seat"]), done=semicolons(done))
            )
    if view.get("prompt"):
        prompt = view["prompt"]
        if not isinstance(prompt, Msg):
            prompt = str(prompt).rstrip(".")
        lines.append(sentence(prompt))
    return lines


def island_lines(island: dict[str, Any] | None) -> list[str]:
    """An island in a few lines: side, metropolis, ports, land, creatures, buildings,
    temples."""
    if not island:
        return [_("no island yet")]
    if not island.get("side"):
        return [_("{island}: side not chosen yet", island=island["name"])]
    buildings = [
        _("{building} at {cell}", building=c["building"]["name"], cell=c["id"])
        for c in island["cells"]
        if c.get("building")
    ]
    return [
        _island_head(island),
        _("ports: {ports}", ports=semicolons([_port(p) for p in island.get("ports", [])])),
        _land(island["cells"]),
        _("creatures: {creatures}", creatures=semicolons(_creatures(island)) or _("none")),
        *([_("buildings: {buildings}", buildings=commas(buildings))] if buildings else []),
        *(
            _("temple {number} on {cells}", number=n, cells=", ".join(spaces))
            for n, spaces in enumerate(island.get("temples") or [], start=1)
        ),
    ]


def _island_head(island: dict[str, Any]) -> str:
    named = {"island": island["name"], "side": side_words(island["side"])}
    if island.get("metropolis"):
        return _("{island}, {side}; metropolis: {cell}", cell=island["metropolis"], **named)
    return _("{island}, {side}; metropolis: not placed yet", **named)


def _port(port: dict[str, Any]) -> str:
    reward = gains(port["hoplites"], port["orichalcum"])
    if port["covered"]:
        return _("{cell} {gains} (taken)", cell=port["cell"], gains=reward)
    return _("{cell} {gains}", cell=port["cell"], gains=reward)


def _land(cells: list[Cell]) -> str:
    """The land spaces of each terrain, and the spaces still free."""
    land: dict[str, int] = {}
    for c in cells:
        if c.get("land"):
            land[c["terrain"]] = land.get(c["terrain"], 0) + 1
    free = sum(1 for c in cells if not (c.get("tile") or c.get("metropolis")))
    kinds = commas(
        [_("{terrain} {n}", terrain=TERRAIN[t], n=land[t]) for t in TERRAINS if t in land]
    )
    return _("land: {kinds}; free spaces: {free}", kinds=kinds or _("none"), free=free)


def _creatures(island: dict[str, Any]) -> list[str]:
    found: list[str] = []
    for c in creatures_on(island):
        on = c["creature"].get("hoplites")
        words = {"creature": creature_words(c["creature"]), "cell": c["id"]}
        if on:
            found.append(
                _("{creature} at {cell} with {hoplites} on it", hoplites=hoplites(on), **words)
            )
        else:
            found.append(_("{creature} at {cell}", **words))
    return found


def slot_words(slot: dict[str, Any]) -> str:
    """An action board card with its tile and creatures."""
    head = {"number": slot["number"], "cost": cost_words(slot["cost"])}
    card = slot.get("card")
    if not card:
        return _("Card {number} ({cost}): empty", **head)
    if slot.get("tile"):
        tile = tile_words(slot["tile"])
    else:
        tile = _("{tile}, none left", tile=SIZE_TILE[card["size"]])
    what = _(
        "Card {number} ({cost}): {action}, {tile}", action=card["action_name"], tile=tile, **head
    )
    if slot.get("creatures"):
        riders = Listing(tuple(creature_words(c) for c in slot["creatures"]))
        return _("{card} with {creatures}", card=what, creatures=riders)
    return what


def site_words(slot: dict[str, Any]) -> str:
    """A slot of the construction board."""
    building = slot.get("building")
    terrain = TERRAIN[slot["terrain"]]
    if not building:
        return _("{terrain} slot: empty", terrain=terrain)
    words = {"terrain": terrain, "building": building["name"], "text": building["text"]}
    if slot.get("resource") == "hoplite":
        return _("{terrain} slot: {building} ({text}), 1 hoplite on it", **words)
    if slot.get("resource"):
        return _("{terrain} slot: {building} ({text}), 1 orichalcum on it", **words)
    return _("{terrain} slot: {building} ({text})", **words)


def works_words(player: dict[str, Any]) -> str:
    """ "2 mines, 1 camp"."""
    return _(
        "{mines}, {camps}",
        mines=n_("{n} mine", "{n} mines", n=player["mines"]),
        camps=n_("{n} camp", "{n} camps", n=player["camps"]),
    )
