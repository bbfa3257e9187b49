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
from engine.games.orichalk.board.words import (
    SKULL,
    TERRAINS,
    cost_words,
    creature_words,
    creatures_on,
    fight_words,
    island_lines,
    marks,
    plural,
    points_words,
    seat_colours,
    side_words,
    status,
)
from engine.kit.panels import (
    BREAK,
    Block,
    Chip,
    Column,
    Content,
    Panels,
    Para,
    Section,
    Swatch,
    Table,
    Words,
    content,
    joined,
)

View = dict[str, Any]
Player = dict[str, Any]

NONE = "–"
"""A cell with nothing in it."""
SUPPLY_HOPLITES = "#f0d2c0"
SUPPLY_ORICHALCUM = "#f8e1b0"
USED_TITAN = "#e4e0d8"
"""A titan whose favour is used: its grey, inactive side."""
TILE_INK = "#1f1f1f"


def panels(view: View) -> Panels:
    colours = seat_colours(view)
    lines = status(view)
    blocks: list[Block] = [Para((lines[0],), lead=True), *(Para((line,)) for line in lines[1:])]
    if view.get("last_fight"):
        blocks += last_fight(view["last_fight"])
    blocks += [
        Section("Players", (_players(view, colours),)),
        Section("Islands", _islands(view, colours)),
        Section("Action board", _action_board(view)),
        Section("Construction board and supply", _construction(view)),
        Section("Legend", _legend()),
    ]
    return Panels(tuple(blocks))


def _creature_chip(creature: dict[str, Any], label: str = "", title: str = "") -> Chip:
    fill = CREATURE_FILL.get(creature["id"], "#777777")
    return Chip(label or creature_words(creature), fill, ink="#ffffff", title=title)


def die(face: int) -> Chip:
    """A combat die; the 6 shows the skull (SOURCE)."""
    if face == SKULL:
        title = "skull: a win whatever the total"
        return Chip("☠", "#2b2b2b", ink="#ffffff", title=title, shape="die", ring="#444444")
    return Chip(str(face), "#ffffff", title=f"die: {face}", shape="die", ring="#444444")


def last_fight(fight: dict[str, Any]) -> list[Block]:
    """uk «Захоплення істот»: the dice of the last fight, shown in the email that follows."""
    out = [Para((Words("Last fight:", bold=True), f" {fight_words(fight)}."))]
    if fight["dice"]:
        verdict = "won" if fight["won"] else "lost"
        out.append(
            Para(
                content(
                    [die(d) for d in fight["dice"]],
                    " ",
                    Words(f"= {fight['total']}", bold=True),
                    f" against strength {fight['strength']}: ",
                    Words(verdict, bold=True),
                )
            )
        )
    return out


def _players(view: View, colours: dict[str, str]) -> Table:
    players = view.get("players", {})
    seats = list(players)
    share = 80 // max(1, len(seats))

    def heading(seat: str) -> Column:
        """A player's colour, their seat and what marks them out now (you, to play…)."""
        badges = marks(view, seat)
        badge = (BREAK, Words(", ".join(badges), tone="small")) if badges else ()
        head = content(Swatch(colours[seat]), " ", Words(seat, bold=True), badge)
        return Column(head, colour=colours[seat], share=share)

    def points(p: Player) -> Content:
        return (
            Words(str(p["points"]), bold=True, tone="big"),
            f"/{view['win_points']}",
            BREAK,
            Words(points_words(p), tone="small"),
        )

    def supply(p: Player) -> Content:
        return (
            Chip(f"{p['hoplites']} hoplites", SUPPLY_HOPLITES, title="hoplites in the supply"),
            Chip(
                f"{p['orichalcum']} orichalcum", SUPPLY_ORICHALCUM, title="orichalcum in the supply"
            ),
        )

    def titans(p: Player) -> Content:
        held = [
            Chip(
                t["name"] + ("" if t["active"] else " (used)"),
                TERRAIN_FILL[t["terrain"]] if t["active"] else USED_TITAN,
                title=f"{t['terrain']}: {t['favour']}",
            )
            for t in p["titans"]
        ]
        room = Words(f"room for {p['titan_capacity']}", tone="small")
        return content(held or NONE, BREAK, room)

    def captured(p: Player) -> Content:
        return content([_creature_chip(c) for c in p["creatures"]] or NONE)

    def on_island(p: Player) -> Content:
        found = []
        for cell in creatures_on(p.get("island")):
            creature = cell["creature"]
            guards = creature.get("hoplites") or 0
            label = f"{creature_words(creature)} {cell['id']}" + (f" +{guards}h" if guards else "")
            found.append(_creature_chip(creature, label, f"{plural(guards, 'hoplite')} on it"))
        return content(found or "none")

    def works(p: Player) -> Content:
        built = ", ".join(
            name.replace("_", " ") + (f" ×{n}" if n > 1 else "")
            for name, n in p["buildings"].items()
        )
        small = f"{built or 'no building'}; {plural(p['extra_actions'], 'extra action')} a turn"
        return (
            f"{plural(p['mines'], 'mine')}, {plural(p['camps'], 'camp')}",
            BREAK,
            Words(small, tone="small"),
        )

    def island(p: Player) -> Content:
        if not p.get("board_name"):
            return (NONE,)
        return (p["board_name"], BREAK, Words(side_words(p.get("side")), tone="small"))

    rows = (
        ("Victory points", points),
        ("Supply", supply),
        ("Titans", titans),
        ("Creatures captured", captured),
        ("Creatures on the island", on_island),
        ("Mines, camps, buildings", works),
        ("Island", island),
    )
    return Table(
        columns=(Column(), *(heading(seat) for seat in seats)),
        rows=tuple(((label,), *(cell(players[s]) for s in seats)) for label, cell in rows),
        labels=True,
    )


def _islands(view: View, colours: dict[str, str]) -> tuple[Block, ...]:
    return tuple(
        Para(
            content(
                Swatch(colours[seat]),
                " ",
                Words(seat, bold=True),
                BREAK,
                joined(((line,) for line in island_lines(player.get("island"))), BREAK),
            )
        )
        for seat, player in view.get("players", {}).items()
    )


def _tile(tile: dict[str, Any] | None) -> Content:
    if not tile:
        return (Words("no tile (its stack is empty)", tone="muted"),)
    return tuple(
        Chip(terrain, TERRAIN_FILL[terrain], ink=TILE_INK, title=terrain, ring=TERRAIN_INK[terrain])
        for terrain in tile["terrains"]
    )


def _action_board(view: View) -> tuple[Block, ...]:
    board = view.get("action_board") or {}
    rows: list[tuple[Content, ...]] = []
    for slot in board.get("slots", []):
        cost = Words(cost_words(slot["cost"]), tone="small")
        number = (Words(str(slot["number"]), bold=True), BREAK, cost)
        card = slot.get("card")
        if not card:
            rows.append((number, ("empty",), (), ()))
            continue
        riders = [_creature_chip(c) for c in slot.get("creatures") or []]
        action = Chip(card["action_name"], ACTION_FILL[card["action"]], ink="#ffffff")
        size = Words(f"{card['size']} tile", tone="small")
        tile = _tile(slot.get("tile"))
        rows.append((number, (action, BREAK, size), tile, content(riders or NONE)))
    columns = tuple(
        Column((heading,)) for heading in ("Card", "Action", "Land tile", "Creatures on it")
    )
    discard = ", ".join(f"{c['action_name']} ({c['size']})" for c in board.get("discard") or [])
    deck = content(
        "Deck: ",
        Words(str(board.get("deck", 0)), bold=True),
        " cards face down",
        f" · discard: {discard}" if discard else None,
    )
    return (Table(columns, tuple(rows)), Para(deck))


def _construction(view: View) -> tuple[Block, ...]:
    construction = view.get("construction_board") or {}
    columns, cells = [], []
    for slot in construction.get("slots", []):
        terrain = slot["terrain"]
        label = Chip(terrain, TERRAIN_FILL[terrain], ink=TILE_INK, ring=TERRAIN_INK[terrain])
        columns.append(Column((label,), colour=TERRAIN_FILL[terrain], share=25))
        building = slot.get("building")
        body: Content = (
            (Words(building["name"], bold=True), BREAK, Words(building["text"], tone="small"))
            if building
            else (Words("empty", tone="muted"),)
        )
        if slot.get("resource"):
            body += (BREAK, f"+1 {slot['resource']} on it")
        cells.append(body)
    centre = [
        Chip(t["name"], TERRAIN_FILL[t["terrain"]], title=f"{t['terrain']}: {t['favour']}")
        for t in view.get("titans_centre") or []
    ]
    stacks = joined(
        ((f"{size} ", Words(str(n), bold=True)) for size, n in (view.get("stacks") or {}).items())
    )
    tiers = joined(
        (
            (Words(f"{t['cost']} {t['pay']}", bold=True), f": {', '.join(t['actions'])}")
            for t in view.get("extra_tiers") or []
        ),
        " · ",
    )
    return (
        Table(tuple(columns), (tuple(cells),)),
        Para(
            (
                "Buildings in the bag: ",
                Words(str(construction.get("bag", 0)), bold=True),
                " · temples left ",
                Words(str(view.get("temples_left", 0)), bold=True),
                " · victory tokens left ",
                Words(str(view.get("victory_tokens_left", 0)), bold=True),
            )
        ),
        Para(content("Titans in the centre: ", centre or "none")),
        Para(
            content(
                "Face-down land tiles: ",
                stacks,
                " · creatures in the bag: ",
                Words(str(view.get("creature_bag", 0)), bold=True),
            )
        ),
        Para(content("Extra action (phase 4), pay: ", tiers)),
    )


LEGEND = (
    "A thick line outlines each land tile. A disc on a volcano is a creature with its "
    "strength; a bronze shield beside it counts the hoplites left on it. A white label is "
    "a building, white stone with a pediment a temple, the walled city the metropolis. "
    "A gold arrow points at a port with its reward, grey once taken. While you place a "
    "tile, green rings mark the spaces your options start from."
)


def _legend() -> tuple[Block, ...]:
    lands = joined(((Swatch(TERRAIN_FILL[t], 11, square=True), f" {t}") for t in TERRAINS), "  ")
    beasts = joined(
        ((Swatch(fill, 11), f" {name.capitalize()}") for name, fill in CREATURE_FILL.items()), "  "
    )
    return (
        Para(content("Terrains: ", lands)),
        Para(content("Creatures: ", beasts)),
        Para((Words(LEGEND, tone="small"),)),
    )
