"""The player-facing data page: every component value with its provenance (GAME-DATA.md),
in the reader's words (issue 32 §2): every row, value and note is a message of the game's
catalogs."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.games.orichalk.components import (
    ACTION_CARDS,
    BUILDINGS,
    CARDS_FACE_UP,
    CREATURES,
    EXTRA_TIERS,
    ISLAND_BOARDS,
    LAND_TILES,
    MAX_HOPLITES_PER_FIGHT,
    MEDALLION_COST,
    METROPOLIS_CELLS,
    PROVISIONAL,
    RULEBOOK,
    SIDES,
    SIZES,
    SKULL,
    SLOT_COSTS,
    SOURCE,
    STATUES_DISCOUNT,
    TEMPLE_TILES,
    TITANS,
    VICTORY_TOKENS,
    WIN_POINTS,
)
from engine.games.orichalk.geometry import layout
from engine.games.orichalk.words import (
    ACTION_LOWER,
    ACTION_NAME,
    BUILDING_NAME,
    BUILDING_TEXT,
    CREATURE_NAME,
    FAVOUR,
    ISLAND_NAME,
    SIDE_OF_ISLAND,
    SIZE_TILE,
    TERRAIN,
    TITAN_NAME,
    Msg,
    _,
    commas,
    hoplites,
    n_,
    orichalcum,
    semicolons,
    tile_terrains,
)
from engine.kit.datapage import data_row


def _gains(n_hoplites: int, n_orichalcum: int) -> str:
    parts = []
    if n_hoplites:
        parts.append(hoplites(n_hoplites))
    if n_orichalcum:
        parts.append(orichalcum(n_orichalcum))
    if len(parts) == 2:
        return _("{first} + {second}", first=parts[0], second=parts[1])
    return parts[0] if parts else ""


_CREATURE_NOTES: dict[str, Msg] = {
    "cerberus": _("strength 4: RULEBOOK (the rulebook's example); treasure: PROVISIONAL"),
    "minotaur": _("strength and treasure: PROVISIONAL"),
    "gorgon": _("strength and treasure: PROVISIONAL"),
    "cyclops": _("strength 10 and 3 orichalcum: RULEBOOK (the rulebook's example)"),
    "hydra": _("strength and treasure: PROVISIONAL"),
}
"""Where each creature's strength and treasure come from (``components.CREATURES``)."""

_BUILDING_NOTES: dict[str, Msg] = {
    RULEBOOK: _("kind: SOURCE; number: PROVISIONAL; effect: RULEBOOK"),
    SOURCE: _("kind: SOURCE; number: PROVISIONAL; effect: SOURCE"),
    PROVISIONAL: _("kind: SOURCE; number: PROVISIONAL; effect: PROVISIONAL"),
}
"""A building's note, by where its effect comes from (``Building.provenance``)."""


def _tiles(size: str, n: int) -> Msg:
    if size == "single":
        return n_("{n} single tile", "{n} single tiles", n=n)
    if size == "double":
        return n_("{n} double tile", "{n} double tiles", n=n)
    return n_("{n} triple tile", "{n} triple tiles", n=n)


def _tile_rows() -> list[dict[str, str]]:
    rows = []
    for size in SIZES:
        tiles = [t for t in LAND_TILES if t.size == size]
        mix = Counter(t.terrains for t in tiles)
        value = semicolons(
            [_("{n}× {terrains}", n=n, terrains=tile_terrains(combo)) for combo, n in mix.items()]
        )
        rows.append(
            data_row(
                _tiles(size, len(tiles)),
                value,
                PROVISIONAL,
                _(
                    "number of tiles: RULEBOOK; terrains: PROVISIONAL; three spaces that all "
                    "touch, terrains counter-clockwise"
                )
                if size == "triple"
                else _("number of tiles: RULEBOOK; terrains: PROVISIONAL"),
            )
        )
    return rows


def _island_rows() -> list[dict[str, str]]:
    rows = []
    for board in ISLAND_BOARDS:
        for side in SIDES:
            lay = layout(board.id, side)
            ports = commas(
                [
                    _(
                        "{space}: {gains}",
                        space=lay.labels[p.cell],
                        gains=_gains(p.hoplites, p.orichalcum),
                    )
                    for p in lay.ports
                ]
            )
            rows.append(
                data_row(
                    _(
                        "{island} ({id}), {side}",
                        island=ISLAND_NAME[board.id],
                        id=board.id,
                        side=SIDE_OF_ISLAND[side],
                    ),
                    _(
                        "{spaces}, {diamonds}; ports {ports}",
                        spaces=n_("{n} space", "{n} spaces", n=lay.size),
                        diamonds=n_("{n} diamond", "{n} diamonds", n=len(lay.diamonds)),
                        ports=ports,
                    ),
                    PROVISIONAL,
                    _("rows: {rows}", rows=" / ".join(board.side(side).rows)),
                )
            )
    return rows


def _pay(pay: str, cost: int) -> Msg:
    if pay == "hoplites":
        return _("Pay {price}", price=hoplites(cost))
    if pay == "orichalcum":
        return _("Pay {price}", price=orichalcum(cost))
    return _("Pay {price}", price=n_("{n} creature", "{n} creatures", n=cost))


DATA_PAGE: list[dict[str, Any]] = [
    {
        "title": _("Pieces and numbers"),
        "rows": [
            data_row(
                _("Victory points to win"),
                _("{n}, and no creature on your island", n=WIN_POINTS),
                RULEBOOK,
            ),
            data_row(
                _("Starting supply"),
                _("{first} + {second}", first=hoplites(1), second=orichalcum(1)),
                RULEBOOK,
            ),
            data_row(
                _("Victory tokens"), _("{n} (temple / medallion)", n=VICTORY_TOKENS), RULEBOOK
            ),
            data_row(_("Temple tiles"), str(TEMPLE_TILES), RULEBOOK),
            data_row(_("Medallion"), orichalcum(MEDALLION_COST), RULEBOOK),
            data_row(
                _("Metropolis"),
                _("{n} space on a port; 1 mine and 1 training camp", n=METROPOLIS_CELLS),
                PROVISIONAL,
                _("the mine and camp: RULEBOOK; its size: PROVISIONAL"),
            ),
            data_row(
                _("Combat dice"),
                n_(
                    "d6, the {skull} is a skull that wins; 1 die + 1 per hoplite, 0-{n} hoplite",
                    "d6, the {skull} is a skull that wins; 1 die + 1 per hoplite, 0-{n} hoplites",
                    skull=SKULL,
                    n=MAX_HOPLITES_PER_FIGHT,
                ),
                SOURCE,
            ),
            data_row(
                _("Action board"),
                commas(
                    [
                        n_(
                            "{n} player: {cards}",
                            "{n} players: {cards}",
                            n=n,
                            cards=n_("{n} card", "{n} cards", n=k),
                        )
                        for n, k in CARDS_FACE_UP.items()
                    ]
                ),
                RULEBOOK,
            ),
            data_row(
                _("Action board costs"),
                commas([_("slot {n}: {cost}", n=i + 1, cost=c) for i, c in enumerate(SLOT_COSTS)]),
                PROVISIONAL,
                _(
                    "the two leftmost free and the others 1 or 2 hoplites: RULEBOOK; which: "
                    "PROVISIONAL"
                ),
            ),
        ],
    },
    {
        "title": _("Titans"),
        "rows": [
            data_row(
                TITAN_NAME[t.id],
                _(
                    "{terrain}: {favour} ({action})",
                    terrain=TERRAIN[t.terrain],
                    favour=FAVOUR[t.id],
                    action=ACTION_NAME[t.action],
                ),
                RULEBOOK,
                _("also GAME-DATA.md"),
            )
            for t in TITANS
        ],
    },
    {
        "title": _("Creatures (20)"),
        "rows": [
            data_row(
                CREATURE_NAME[c.id],
                _(
                    "{n}×, strength {strength}, treasure {treasure}",
                    n=c.copies,
                    strength=c.strength,
                    treasure=_gains(c.hoplites, c.orichalcum),
                ),
                PROVISIONAL,
                _(
                    "kind and strengths 4-12: SOURCE; 4 of each: PROVISIONAL; {more}",
                    more=_CREATURE_NOTES[c.id],
                ),
            )
            for c in CREATURES
        ],
    },
    {
        "title": _("Action cards (12)"),
        "rows": [
            data_row(ACTION_NAME[c.action], SIZE_TILE[c.size], PROVISIONAL) for c in ACTION_CARDS
        ],
    },
    {
        "title": _("Extra actions (phase 4)"),
        "rows": [
            data_row(
                _pay(t.pay, t.cost),
                commas([ACTION_LOWER[a] for a in t.actions]),
                PROVISIONAL,
                _("the actions of each tier: RULEBOOK; payment and cost: PROVISIONAL")
                if t.pay == "creature"
                else _(
                    "the actions of each tier: RULEBOOK; payment and cost: PROVISIONAL; "
                    "Statues: {n} less, at least 1",
                    n=STATUES_DISCOUNT,
                ),
            )
            for t in EXTRA_TIERS
        ],
    },
    {
        "title": _("Buildings (26)"),
        "rows": [
            data_row(
                BUILDING_NAME[b.id],
                _("{n}×: {text}", n=b.copies, text=BUILDING_TEXT[b.id]),
                PROVISIONAL,
                _BUILDING_NOTES[b.provenance],
            )
            for b in BUILDINGS
        ],
    },
    {"title": _("Land tiles (65)"), "rows": _tile_rows()},
    {"title": _("Islands"), "rows": _island_rows()},
]
