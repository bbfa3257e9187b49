"""The panels of an Orichalk email or page, as data: compact tables of everything the view
shows (the picture comes separately). The service turns them into HTML."""

from __future__ import annotations

from typing import Any

from engine.games.orichalk.board.palette import (
    ACTION_FILL,
    CREATURE_FILL,
    TERRAIN_FILL,
    TERRAIN_INK,
)
from engine.games.orichalk.board.text import discard_words
from engine.games.orichalk.board.words import (
    TERRAINS,
    cost_words,
    counted,
    creature_words,
    creatures_on,
    fight_words,
    island_lines,
    marks,
    points_words,
    seat_colours,
    side_words,
    status,
    works_words,
)
from engine.games.orichalk.components import SKULL
from engine.games.orichalk.words import (
    ACTION_LOWER,
    BUILDING_LOWER,
    CREATURE_NAME,
    SIZE,
    SIZE_TILE,
    TERRAIN,
    _,
    commas,
    hoplites,
    n_,
    orichalcum,
    p_,
    sentence,
)
from engine.kit import panels as P
from engine.kit.words import Seat

View = dict[str, Any]
Player = dict[str, Any]

NONE = "–"
"""A cell with nothing in it."""
SUPPLY_HOPLITES = "#f0d2c0"
SUPPLY_ORICHALCUM = "#f8e1b0"
USED_TITAN = "#e4e0d8"
"""A titan whose favour is used: its grey, inactive side."""
TILE_INK = "#1f1f1f"


def panels(view: View) -> P.Panels:
    colours = seat_colours(view)
    lines = status(view)
    blocks: list[P.Block] = [
        P.Para((lines[0],), lead=True),
        *(P.Para((line,)) for line in lines[1:]),
    ]
    if view.get("last_fight"):
        blocks += last_fight(view["last_fight"])
    blocks += [
        P.Section(_("Players"), (_players(view, colours),)),
        P.Section(_("Islands"), _islands(view, colours)),
        P.Section(_("Action board"), _action_board(view)),
        P.Section(_("Construction board and supply"), _construction(view)),
        P.Section(_("Legend"), _legend()),
    ]
    return P.Panels(tuple(blocks))


def _creature_chip(creature: dict[str, Any], label: str = "", title: str = "") -> P.Chip:
    fill = CREATURE_FILL.get(creature["id"], "#777777")
    return P.Chip(label or creature_words(creature), fill, ink="#ffffff", title=title)


def die(face: int) -> P.Chip:
    """A combat die; the 6 shows the skull (SOURCE)."""
    if face == SKULL:
        title = _("skull: a win whatever the total")
        return P.Chip("☠", "#2b2b2b", ink="#ffffff", title=title, shape="die", ring="#444444")
    return P.Chip(
        str(face), "#ffffff", title=_("die: {face}", face=face), shape="die", ring="#444444"
    )


def last_fight(fight: dict[str, Any]) -> list[P.Block]:
    """uk «Захоплення істот»: the dice of the last fight, shown in the email that follows."""
    out: list[P.Block] = [
        P.Para((P.Words(_("Last fight:"), bold=True), " ", sentence(fight_words(fight))))
    ]
    if fight["dice"]:
        verdict = p_("fight", "won") if fight["won"] else p_("fight", "lost")
        out.append(
            P.Para(
                P.content(
                    [die(d) for d in fight["dice"]],
                    " ",
                    P.Words(_("= {total}", total=fight["total"]), bold=True),
                    " ",
                    _("against strength {strength}:", strength=fight["strength"]),
                    " ",
                    P.Words(verdict, bold=True),
                )
            )
        )
    return out


def _players(view: View, colours: dict[str, str]) -> P.Table:
    players = view.get("players", {})
    seats = list(players)
    share = 80 // max(1, len(seats))

    def heading(seat: str) -> P.Column:
        """A player's colour, their seat and what marks them out now (you, to play…)."""
        badges = marks(view, seat)
        badge = (P.BREAK, P.Words(commas(badges), tone="small")) if badges else ()
        head = P.content(P.Swatch(colours[seat]), " ", P.Words(Seat(seat), bold=True), badge)
        return P.Column(head, colour=colours[seat], share=share)

    def points(p: Player) -> P.Content:
        return (
            P.Words(str(p["points"]), bold=True, tone="big"),
            _("/{win}", win=view["win_points"]),
            P.BREAK,
            P.Words(points_words(p), tone="small"),
        )

    def supply(p: Player) -> P.Content:
        return (
            P.Chip(
                n_("{n} hoplite", "{n} hoplites", n=p["hoplites"]),
                SUPPLY_HOPLITES,
                title=_("hoplites in the supply"),
            ),
            P.Chip(
                orichalcum(p["orichalcum"]), SUPPLY_ORICHALCUM, title=_("orichalcum in the supply")
            ),
        )

    def titans(p: Player) -> P.Content:
        held = [
            P.Chip(
                t["name"] if t["active"] else _("{titan} (used)", titan=t["name"]),
                TERRAIN_FILL[t["terrain"]] if t["active"] else USED_TITAN,
                title=_("{terrain}: {favour}", terrain=TERRAIN[t["terrain"]], favour=t["favour"]),
            )
            for t in p["titans"]
        ]
        room = P.Words(_("room for {n}", n=p["titan_capacity"]), tone="small")
        return P.content(held or NONE, P.BREAK, room)

    def captured(p: Player) -> P.Content:
        return P.content([_creature_chip(c) for c in p["creatures"]] or NONE)

    def on_island(p: Player) -> P.Content:
        found = []
        for cell in creatures_on(p.get("island")):
            creature = cell["creature"]
            guards = creature.get("hoplites") or 0
            words = {"creature": creature_words(creature), "cell": cell["id"]}
            if guards:
                label = _("{creature} {cell} +{guards}h", guards=guards, **words)
            else:
                label = _("{creature} {cell}", **words)
            found.append(
                _creature_chip(creature, label, _("{hoplites} on it", hoplites=hoplites(guards)))
            )
        return P.content(found or _("none"))

    def works(p: Player) -> P.Content:
        built = commas(
            [
                _("{building} ×{n}", building=BUILDING_LOWER[name], n=n)
                if n > 1
                else BUILDING_LOWER[name]
                for name, n in p["buildings"].items()
            ]
        )
        small = n_(
            "{built}; {n} extra action a turn",
            "{built}; {n} extra actions a turn",
            n=p["extra_actions"],
            built=built or _("no building"),
        )
        return (works_words(p), P.BREAK, P.Words(small, tone="small"))

    def island(p: Player) -> P.Content:
        if not p.get("board_name"):
            return (NONE,)
        return (p["board_name"], P.BREAK, P.Words(side_words(p.get("side")), tone="small"))

    rows = (
        (_("Victory points"), points),
        (_("Supply"), supply),
        (_("Titans"), titans),
        (_("Creatures captured"), captured),
        (_("Creatures on the island"), on_island),
        (_("Mines, camps, buildings"), works),
        (_("Island"), island),
    )
    return P.side_by_side(map(heading, seats), (players[s] for s in seats), rows)


def _islands(view: View, colours: dict[str, str]) -> tuple[P.Block, ...]:
    return tuple(
        P.Para(
            P.content(
                P.Swatch(colours[seat]),
                " ",
                P.Words(Seat(seat), bold=True),
                P.BREAK,
                P.joined(((line,) for line in island_lines(player.get("island"))), P.BREAK),
            )
        )
        for seat, player in view.get("players", {}).items()
    )


def _tile(tile: dict[str, Any] | None) -> P.Content:
    if not tile:
        return (P.Words(_("no tile (its stack is empty)"), tone="muted"),)
    return tuple(
        P.Chip(
            TERRAIN[terrain],
            TERRAIN_FILL[terrain],
            ink=TILE_INK,
            title=TERRAIN[terrain],
            ring=TERRAIN_INK[terrain],
        )
        for terrain in tile["terrains"]
    )


def _action_board(view: View) -> tuple[P.Block, ...]:
    board = view.get("action_board") or {}
    rows: list[tuple[P.Content, ...]] = []
    for slot in board.get("slots", []):
        cost = P.Words(cost_words(slot["cost"]), tone="small")
        number = (P.Words(str(slot["number"]), bold=True), P.BREAK, cost)
        card = slot.get("card")
        if not card:
            rows.append((number, (_("empty"),), (), ()))
            continue
        riders = [_creature_chip(c) for c in slot.get("creatures") or []]
        action = P.Chip(card["action_name"], ACTION_FILL[card["action"]], ink="#ffffff")
        size = P.Words(SIZE_TILE[card["size"]], tone="small")
        tile = _tile(slot.get("tile"))
        rows.append((number, (action, P.BREAK, size), tile, P.content(riders or NONE)))
    columns = tuple(
        P.Column((heading,))
        for heading in (_("Card"), _("Action"), _("Land tile"), _("Creatures on it"))
    )
    discard = discard_words(board)
    deck = P.content(
        _("Deck:"),
        " ",
        P.Words(str(board.get("deck", 0)), bold=True),
        " ",
        _("cards face down"),
        (" · ", _("discard: {discard}", discard=discard)) if discard else None,
    )
    return (P.Table(columns, tuple(rows)), P.Para(deck))


def _construction(view: View) -> tuple[P.Block, ...]:
    construction = view.get("construction_board") or {}
    columns, cells = [], []
    for slot in construction.get("slots", []):
        terrain = slot["terrain"]
        label = P.Chip(
            TERRAIN[terrain], TERRAIN_FILL[terrain], ink=TILE_INK, ring=TERRAIN_INK[terrain]
        )
        columns.append(P.Column((label,), colour=TERRAIN_FILL[terrain], share=25))
        building = slot.get("building")
        body: P.Content = (
            (P.Words(building["name"], bold=True), P.BREAK, P.Words(building["text"], tone="small"))
            if building
            else (P.Words(_("empty"), tone="muted"),)
        )
        if slot.get("resource") == "hoplite":
            body += (P.BREAK, _("+1 hoplite on it"))
        elif slot.get("resource"):
            body += (P.BREAK, _("+1 orichalcum on it"))
        cells.append(body)
    centre = [
        P.Chip(
            t["name"],
            TERRAIN_FILL[t["terrain"]],
            title=_("{terrain}: {favour}", terrain=TERRAIN[t["terrain"]], favour=t["favour"]),
        )
        for t in view.get("titans_centre") or []
    ]
    stacks = P.joined(
        (
            (SIZE[size], " ", P.Words(str(n), bold=True))
            for size, n in (view.get("stacks") or {}).items()
        )
    )
    tiers = P.joined(
        (
            (
                P.Words(counted(t["pay"], t["cost"]), bold=True),
                ": ",
                commas([ACTION_LOWER[a] for a in t["actions"]]),
            )
            for t in view.get("extra_tiers") or []
        ),
        " · ",
    )
    return (
        P.Table(tuple(columns), (tuple(cells),)),
        P.Para(
            (
                _("Buildings in the bag:"),
                " ",
                P.Words(str(construction.get("bag", 0)), bold=True),
                " · ",
                _("temples left"),
                " ",
                P.Words(str(view.get("temples_left", 0)), bold=True),
                " · ",
                _("victory tokens left"),
                " ",
                P.Words(str(view.get("victory_tokens_left", 0)), bold=True),
            )
        ),
        P.Para(P.content(_("Titans in the centre:"), " ", centre or _("none"))),
        P.Para(
            P.content(
                _("Face-down land tiles:"),
                " ",
                stacks,
                " · ",
                _("creatures in the bag:"),
                " ",
                P.Words(str(view.get("creature_bag", 0)), bold=True),
            )
        ),
        P.Para(P.content(_("Extra action (phase 4), pay:"), " ", tiers)),
    )


LEGEND = _(
    "A thick line outlines each land tile. A disc on a volcano is a creature with its "
    "strength; a bronze shield beside it counts the hoplites left on it. A white label is "
    "a building, white stone with a pediment a temple, the walled city the metropolis. "
    "A gold arrow points at a port with its reward, grey once taken. While you place a "
    "tile, green rings mark the spaces your options start from."
)


def _legend() -> tuple[P.Block, ...]:
    lands = P.joined(
        ((P.Swatch(TERRAIN_FILL[t], 11, square=True), " ", TERRAIN[t]) for t in TERRAINS), "  "
    )
    beasts = P.joined(
        ((P.Swatch(fill, 11), " ", CREATURE_NAME[name]) for name, fill in CREATURE_FILL.items()),
        "  ",
    )
    return (
        P.Para(P.content(_("Terrains:"), " ", lands)),
        P.Para(P.content(_("Creatures:"), " ", beasts)),
        P.Para((P.Words(LEGEND, tone="small"),)),
    )
