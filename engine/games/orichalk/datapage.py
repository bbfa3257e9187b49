"""The player-facing data page: every component value with its provenance (GAME-DATA.md).

Its headings are messages; its rows are reference data in English (issue 17)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.games.orichalk.components import (
    ACTION_CARDS,
    ACTION_NAMES,
    BUILDINGS,
    CARDS_FACE_UP,
    CREATURE_PROVENANCE,
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
from engine.games.orichalk.words import _


def _row(name: str, value: str, provenance: str, note: str = "") -> dict[str, str]:
    return {"name": name, "value": value, "provenance": provenance, "note": note}


def _gains(hoplites: int, orichalcum: int) -> str:
    parts = []
    if hoplites:
        parts.append(f"{hoplites} hoplite{'s' if hoplites > 1 else ''}")
    if orichalcum:
        parts.append(f"{orichalcum} orichalcum")
    return " + ".join(parts)


def _tile_rows() -> list[dict[str, str]]:
    rows = []
    for size in SIZES:
        tiles = [t for t in LAND_TILES if t.size == size]
        mix = Counter("–".join(t.terrains) for t in tiles)
        value = "; ".join(f"{n}× {combo}" for combo, n in mix.items())
        rows.append(
            _row(
                f"{len(tiles)} {size} tiles",
                value,
                PROVISIONAL,
                "number of tiles: RULEBOOK; terrains: PROVISIONAL"
                + (
                    "; three spaces that all touch, terrains counter-clockwise"
                    if size == "triple"
                    else ""
                ),
            )
        )
    return rows


def _island_rows() -> list[dict[str, str]]:
    rows = []
    for board in ISLAND_BOARDS:
        for side in SIDES:
            lay = layout(board.id, side)
            ports = ", ".join(
                f"{lay.labels[p.cell]}: {_gains(p.hoplites, p.orichalcum)}" for p in lay.ports
            )
            rows.append(
                _row(
                    f"{board.name} ({board.id}), {'easier' if side == 'easy' else 'harder'} side",
                    f"{lay.size} spaces, {len(lay.diamonds)} diamonds; ports {ports}",
                    PROVISIONAL,
                    "rows: " + " / ".join(board.side(side).rows),
                )
            )
    return rows


DATA_PAGE: list[dict[str, Any]] = [
    {
        "title": _("Pieces and numbers"),
        "rows": [
            _row(
                "Victory points to win", f"{WIN_POINTS}, and no creature on your island", RULEBOOK
            ),
            _row("Starting supply", "1 hoplite, 1 orichalcum", RULEBOOK),
            _row("Victory tokens", f"{VICTORY_TOKENS} (temple / medallion)", RULEBOOK),
            _row("Temple tiles", str(TEMPLE_TILES), RULEBOOK),
            _row("Medallion", f"{MEDALLION_COST} orichalcum", RULEBOOK),
            _row(
                "Metropolis",
                f"{METROPOLIS_CELLS} space on a port; 1 mine and 1 training camp",
                PROVISIONAL,
                "the mine and camp: RULEBOOK; its size: PROVISIONAL",
            ),
            _row(
                "Combat dice",
                f"d6, the {SKULL} is a skull that wins; 1 die + 1 per hoplite, "
                f"0-{MAX_HOPLITES_PER_FIGHT} hoplites",
                SOURCE,
            ),
            _row(
                "Action board",
                ", ".join(f"{n} players: {k} cards" for n, k in CARDS_FACE_UP.items()),
                RULEBOOK,
            ),
            _row(
                "Action board costs",
                ", ".join(f"slot {i + 1}: {c}" for i, c in enumerate(SLOT_COSTS)),
                PROVISIONAL,
                "the two leftmost free and the others 1 or 2 hoplites: RULEBOOK; which: "
                "PROVISIONAL",
            ),
        ],
    },
    {
        "title": _("Titans"),
        "rows": [
            _row(t.name, f"{t.terrain}: {t.favour} ({t.action})", RULEBOOK, "also GAME-DATA.md")
            for t in TITANS
        ],
    },
    {
        "title": _("Creatures (20)"),
        "rows": [
            _row(
                c.name,
                f"{c.copies}×, strength {c.strength}, treasure {_gains(c.hoplites, c.orichalcum)}",
                PROVISIONAL,
                "kind and strengths 4-12: SOURCE; 4 of each: PROVISIONAL; "
                + CREATURE_PROVENANCE[c.id],
            )
            for c in CREATURES
        ],
    },
    {
        "title": _("Action cards (12)"),
        "rows": [
            _row(c.id, f"{ACTION_NAMES[c.action]}, {c.size} tile", PROVISIONAL)
            for c in ACTION_CARDS
        ],
    },
    {
        "title": _("Extra actions (phase 4)"),
        "rows": [
            _row(
                f"Pay {t.cost} {t.pay}",
                ", ".join(t.actions),
                PROVISIONAL,
                "the actions of each tier: RULEBOOK; payment and cost: PROVISIONAL"
                + (
                    f"; Statues: {STATUES_DISCOUNT} less, at least 1" if t.pay != "creature" else ""
                ),
            )
            for t in EXTRA_TIERS
        ],
    },
    {
        "title": _("Buildings (26)"),
        "rows": [
            _row(
                b.name,
                f"{b.copies}×: {b.text}",
                PROVISIONAL,
                "kind: SOURCE; number: PROVISIONAL; effect: " + b.provenance,
            )
            for b in BUILDINGS
        ],
    },
    {"title": _("Land tiles (65)"), "rows": _tile_rows()},
    {"title": _("Islands"), "rows": _island_rows()},
]
