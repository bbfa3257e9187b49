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


def panels(view: View) -> Panels:
    colours = seat_colours(view)
    lines = status(view)
    blocks: list[Block] = [Para((lines[0],), lead=True), *(Para((line,)) for line in lines[1:])]
    if view.get("last_fight"):
        blocks += last_fight(view["last_fight"])
    blocks += [
        Section(_("Players"), (_players(view, colours),)),
        Section(_("Islands"), _islands(view, colours)),
        Section(_("Action board"), _action_board(view)),
        Section(_("Construction board and supply"), _construction(view)),
        Section(_("Legend"), _legend()),
    ]
    return Panels(tuple(blocks))


def _creature_chip(creature: dict[str, Any], label: str = "", title: str = "") -> Chip:
    fill = CREATURE_FILL.get(creature["id"], "#777777")
    return Chip(label or creature_words(creature), fill, ink="#ffffff", title=title)


def die(face: int) -> Chip:
    """A combat die; the 6 shows the skull (SOURCE)."""
    if face == SKULL:
        title = _("skull: a win whatever the total")
        return Chip("☠", "#2b2b2b", ink="#ffffff", title=title, shape="die", ring="#444444")
    return Chip(
        str(face), "#ffffff", title=_("die: {face}", face=face), shape="die", ring="#444444"
    )


def last_fight(fight: dict[str, Any]) -> list[Block]:
    """uk «Захоплення істот»: the dice of the last fight, shown in the email that follows."""
    out: list[Block] = [
        Para((Words(_("Last fight:"), bold=True), " ", sentence(fight_words(fight))))
    ]
    if fight["dice"]:
        verdict = p_("fight", "won") if fight["won"] else p_("fight", "lost")
        out.append(
            Para(
                content(
                    [die(d) for d in fight["dice"]],
                    " ",
                    Words(_("= {total}", total=fight["total"]), bold=True),
                    " ",
                    _("against strength {strength}:", strength=fight["strength"]),
                    " ",
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
        badge = (BREAK, Words(commas(badges), tone="small")) if badges else ()
        head = content(Swatch(colours[seat]), " ", Words(Seat(seat), bold=True), badge)
        return Column(head, colour=colours[seat], share=share)

    def points(p: Player) -> Content:
        return (
            Words(str(p["points"]), bold=True, tone="big"),
            _("/{win}", win=view["win_points"]),
            BREAK,
            Words(points_words(p), tone="small"),
        )

    def supply(p: Player) -> Content:
        return (
            Chip(
                n_("{n} hoplite", "{n} hoplites", n=p["hoplites"]),
                SUPPLY_HOPLITES,
                title=_("hoplites in the supply"),
            ),
            Chip(
                orichalcum(p["orichalcum"]), SUPPLY_ORICHALCUM, title=_("orichalcum in the supply")
            ),
        )

    def titans(p: Player) -> Content:
        held = [
            Chip(
                t["name"] if t["active"] else _("{titan} (used)", titan=t["name"]),
                TERRAIN_FILL[t["terrain"]] if t["active"] else USED_TITAN,
                title=_("{terrain}: {favour}", terrain=TERRAIN[t["terrain"]], favour=t["favour"]),
            )
            for t in p["titans"]
        ]
        room = Words(_("room for {n}", n=p["titan_capacity"]), tone="small")
        return content(held or NONE, BREAK, room)

    def captured(p: Player) -> Content:
        return content([_creature_chip(c) for c in p["creatures"]] or NONE)

    def on_island(p: Player) -> Content:
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
        return content(found or _("none"))

    def works(p: Player) -> Content:
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
        return (works_words(p), BREAK, Words(small, tone="small"))

    def island(p: Player) -> Content:
        if not p.get("board_name"):
            return (NONE,)
        return (p["board_name"], BREAK, Words(side_words(p.get("side")), tone="small"))

    rows = (
        (_("Victory points"), points),
        (_("Supply"), supply),
        (_("Titans"), titans),
        (_("Creatures captured"), captured),
        (_("Creatures on the island"), on_island),
        (_("Mines, camps, buildings"), works),
        (_("Island"), island),
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
                Words(Seat(seat), bold=True),
                BREAK,
                joined(((line,) for line in island_lines(player.get("island"))), BREAK),
            )
        )
        for seat, player in view.get("players", {}).items()
    )


def _tile(tile: dict[str, Any] | None) -> Content:
    if not tile:
        return (Words(_("no tile (its stack is empty)"), tone="muted"),)
    return tuple(
        Chip(
            TERRAIN[terrain],
            TERRAIN_FILL[terrain],
            ink=TILE_INK,
            title=TERRAIN[terrain],
            ring=TERRAIN_INK[terrain],
        )
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
            rows.append((number, (_("empty"),), (), ()))
            continue
        riders = [_creature_chip(c) for c in slot.get("creatures") or []]
        action = Chip(card["action_name"], ACTION_FILL[card["action"]], ink="#ffffff")
        size = Words(SIZE_TILE[card["size"]], tone="small")
        tile = _tile(slot.get("tile"))
        rows.append((number, (action, BREAK, size), tile, content(riders or NONE)))
    columns = tuple(
        Column((heading,))
        for heading in (_("Card"), _("Action"), _("Land tile"), _("Creatures on it"))
    )
    discard = discard_words(board)
    deck = content(
        _("Deck:"),
        " ",
        Words(str(board.get("deck", 0)), bold=True),
        " ",
        _("cards face down"),
        (" · ", _("discard: {discard}", discard=discard)) if discard else None,
    )
    return (Table(columns, tuple(rows)), Para(deck))


def _construction(view: View) -> tuple[Block, ...]:
    construction = view.get("construction_board") or {}
    columns, cells = [], []
    for slot in construction.get("slots", []):
        terrain = slot["terrain"]
        label = Chip(
            TERRAIN[terrain], TERRAIN_FILL[terrain], ink=TILE_INK, ring=TERRAIN_INK[terrain]
        )
        columns.append(Column((label,), colour=TERRAIN_FILL[terrain], share=25))
        building = slot.get("building")
        body: Content = (
            (Words(building["name"], bold=True), BREAK, Words(building["text"], tone="small"))
            if building
            else (Words(_("empty"), tone="muted"),)
        )
        if slot.get("resource") == "hoplite":
            body += (BREAK, _("+1 hoplite on it"))
        elif slot.get("resource"):
            body += (BREAK, _("+1 orichalcum on it"))
        cells.append(body)
    centre = [
        Chip(
            t["name"],
            TERRAIN_FILL[t["terrain"]],
            title=_("{terrain}: {favour}", terrain=TERRAIN[t["terrain"]], favour=t["favour"]),
        )
        for t in view.get("titans_centre") or []
    ]
    stacks = joined(
        (
            (SIZE[size], " ", Words(str(n), bold=True))
            for size, n in (view.get("stacks") or {}).items()
        )
    )
    tiers = joined(
        (
            (
                Words(counted(t["pay"], t["cost"]), bold=True),
                ": ",
                commas([ACTION_LOWER[a] for a in t["actions"]]),
            )
            for t in view.get("extra_tiers") or []
        ),
        " · ",
    )
    return (
        Table(tuple(columns), (tuple(cells),)),
        Para(
            (
                _("Buildings in the bag:"),
                " ",
                Words(str(construction.get("bag", 0)), bold=True),
                " · ",
                _("temples left"),
                " ",
                Words(str(view.get("temples_left", 0)), bold=True),
                " · ",
                _("victory tokens left"),
                " ",
                Words(str(view.get("victory_tokens_left", 0)), bold=True),
            )
        ),
        Para(content(_("Titans in the centre:"), " ", centre or _("none"))),
        Para(
            content(
                _("Face-down land tiles:"),
                " ",
                stacks,
                " · ",
                _("creatures in the bag:"),
                " ",
                Words(str(view.get("creature_bag", 0)), bold=True),
            )
        ),
        Para(content(_("Extra action (phase 4), pay:"), " ", tiers)),
    )


LEGEND = _(
    "A thick line outlines each land tile. A disc on a volcano is a creature with its "
    "strength; a bronze shield beside it counts the hoplites left on it. A white label is "
    "a building, white stone with a pediment a temple, the walled city the metropolis. "
    "A gold arrow points at a port with its reward, grey once taken. While you place a "
    "tile, green rings mark the spaces your options start from."
)


def _legend() -> tuple[Block, ...]:
    lands = joined(
        ((Swatch(TERRAIN_FILL[t], 11, square=True), " ", TERRAIN[t]) for t in TERRAINS), "  "
    )
    beasts = joined(
        ((Swatch(fill, 11), " ", CREATURE_NAME[name]) for name, fill in CREATURE_FILL.items()),
        "  ",
    )
    return (
        Para(content(_("Terrains:"), " ", lands)),
        Para(content(_("Creatures:"), " ", beasts)),
        Para((Words(LEGEND, tone="small"),)),
    )
