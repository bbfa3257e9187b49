"""The player-facing data page: every component value with its provenance (GAME-DATA.md)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.games.origin.components import (
    ACTION_CARDS,
    ADJACENT,
    COLUMN_SIZES,
    CONTINENTS,
    HUNTING_TOKENS,
    INDEX,
    OBJECTIVE_CARDS,
    PERMANENT_CARDS,
    PROVISIONAL,
    RULEBOOK,
    SOURCE,
    STRAIT_TOKENS,
    STRAITS,
    TERRITORIES,
    TILES_PER_LEVEL,
    VILLAGES_PER_PLAYER,
)
from engine.games.origin.names import continent_name
from engine.games.origin.words import _


def _row(name: str, value: str, provenance: str, note: str = "") -> dict[str, str]:
    return {"name": name, "value": value, "provenance": provenance, "note": note}


def _map_rows() -> list[dict[str, str]]:
    rows = []
    for i, t in enumerate(TERRITORIES):
        neighbours = ", ".join(sorted(TERRITORIES[n].name for n in ADJACENT[i]))
        colour = t.colour or "none (Origin)"
        rows.append(
            _row(
                t.name,
                f"{t.continent}, {colour}",
                PROVISIONAL,
                f"neighbours: {neighbours}",
            )
        )
    return rows


def _strait_rows() -> list[dict[str, str]]:
    return [
        _row(
            s.name,
            f"{TERRITORIES[INDEX[s.a]].name} – {TERRITORIES[INDEX[s.b]].name}",
            PROVISIONAL,
            "the number of straits (11) is in the rulebook",
        )
        for s in STRAITS
    ]


def _counts(values: tuple[int, ...]) -> str:
    return ", ".join(f"{n}× {v}" for v, n in sorted(Counter(values).items()))


DATA_PAGE: list[dict[str, Any]] = [
    {
        "title": _("Pieces"),
        "rows": [
            _row(
                _("Tribe pawns"),
                "27 with 2-3 players, 36 with 4",
                RULEBOOK,
                "height 1-3, strength 1-3, white/brown/black; the 9 height-2 pawns doubled "
                "with 4 players",
            ),
            _row(
                _("Neutral pawn"),
                "height 1, strength 1, random colour, on the Origin territory (Great Rift Valley)",
                RULEBOOK,
                "never moves, never swapped",
            ),
            _row(_("Villages"), f"{VILLAGES_PER_PLAYER} per player", RULEBOOK),
            _row(
                _("Hunting tokens"),
                _counts(HUNTING_TOKENS),
                PROVISIONAL,
                "six tokens worth 4-8 (SOURCE); one returns to the box",
            ),
            _row(
                _("Strait tokens"),
                _counts(STRAIT_TOKENS),
                PROVISIONAL,
                "eleven tokens worth 3-5 (SOURCE)",
            ),
            _row(
                _("Innovation tiles"),
                ", ".join(f"level {lv}: {n}" for lv, n in enumerate(TILES_PER_LEVEL, 1)),
                PROVISIONAL,
                "30 tiles of levels 1-5 (SOURCE)",
            ),
            _row(
                _("Reward board"),
                ", ".join(f"{c}: {n}" for c, n in COLUMN_SIZES.items()) + ", reserve: 15 face down",
                SOURCE,
                "at least three level-1 tiles face up at the start (RULEBOOK)",
            ),
            _row(_("Tile points"), "1 each; level 5: 5 each", RULEBOOK),
        ],
    },
    {
        "title": _("Continents"),
        "rows": [
            _row(
                continent_name(c),
                f"{sum(t.continent == c for t in TERRITORIES)} territories",
                PROVISIONAL,
                "Oceania is two islands joined by the Tasman strait" if c == "Oceania" else "",
            )
            for c in CONTINENTS
        ],
    },
    {"title": _("Territories"), "rows": _map_rows()},
    {"title": _("Straits"), "rows": _strait_rows()},
    {
        "title": _("Action cards (yellow, {n})", n=sum(c.copies for c in ACTION_CARDS)),
        "rows": [
            _row(
                c.name,
                f"{c.copies}×: {c.text}",
                PROVISIONAL,
                "name and effect: RULEBOOK; number of copies: PROVISIONAL",
            )
            for c in ACTION_CARDS
        ],
    },
    {
        "title": _("Permanent cards (orange, {n})", n=sum(c.copies for c in PERMANENT_CARDS)),
        "rows": [
            _row(
                c.name,
                f"{c.copies}×, needs a level-{c.level} tile: {c.text}",
                PROVISIONAL,
                "name and effect: RULEBOOK; copies and level: PROVISIONAL",
            )
            for c in PERMANENT_CARDS
        ],
    },
    {
        "title": _("Objective cards (purple, {n})", n=len(OBJECTIVE_CARDS)),
        "rows": [
            _row(
                c.name,
                f"{c.points} points",
                c.points_provenance,
                "condition: RULEBOOK; points: "
                + ("Board Game Arena help" if c.points_provenance == SOURCE else "designed"),
            )
            for c in OBJECTIVE_CARDS
        ],
    },
]
