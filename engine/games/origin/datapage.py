"""The player-facing data page: every component value with its provenance (GAME-DATA.md),
in the reader's words (issue 32 §2): every row, value and note is a message."""

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
from engine.games.origin.names import COLOUR_WORDS, commas, continent_name, points
from engine.games.origin.words import _, n_
from engine.kit.datapage import data_row


def _map_rows() -> list[dict[str, str]]:
    rows = []
    for i, t in enumerate(TERRITORIES):
        neighbours = commas(sorted((TERRITORIES[n].name for n in ADJACENT[i]), key=str))
        colour = COLOUR_WORDS[t.colour] if t.colour else _("none (Origin)")
        rows.append(
            data_row(
                t.name,
                _("{continent}, {colour}", continent=continent_name(t.continent), colour=colour),
                PROVISIONAL,
                _("neighbours: {territories}", territories=neighbours),
            )
        )
    return rows


def _strait_rows() -> list[dict[str, str]]:
    return [
        data_row(
            s.name,
            _("{a} – {b}", a=TERRITORIES[INDEX[s.a]].name, b=TERRITORIES[INDEX[s.b]].name),
            PROVISIONAL,
            _("the number of straits (11) is in the rulebook"),
        )
        for s in STRAITS
    ]


def _counts(values: tuple[int, ...]) -> str:
    return ", ".join(f"{n}× {v}" for v, n in sorted(Counter(values).items()))


DATA_PAGE: list[dict[str, Any]] = [
    {
        "title": _("Pieces"),
        "rows": [
            data_row(
                _("Tribe pawns"),
                _("27 with 2-3 players, 36 with 4"),
                RULEBOOK,
                _(
                    "height 1-3, strength 1-3, white/brown/black; the 9 height-2 pawns doubled "
                    "with 4 players"
                ),
            ),
            data_row(
                _("Neutral pawn"),
                _(
                    "height 1, strength 1, random colour, on the Origin territory "
                    "(Great Rift Valley)"
                ),
                RULEBOOK,
                _("never moves, never swapped"),
            ),
            data_row(_("Villages"), _("{n} per player", n=VILLAGES_PER_PLAYER), RULEBOOK),
            data_row(
                _("Hunting tokens"),
                _counts(HUNTING_TOKENS),
                PROVISIONAL,
                _("six tokens worth 4-8 (SOURCE); one returns to the box"),
            ),
            data_row(
                _("Strait tokens"),
                _counts(STRAIT_TOKENS),
                PROVISIONAL,
                _("eleven tokens worth 3-5 (SOURCE)"),
            ),
            data_row(
                _("Innovation tiles"),
                commas(
                    _("level {level}: {n}", level=lv, n=n)
                    for lv, n in enumerate(TILES_PER_LEVEL, 1)
                ),
                PROVISIONAL,
                _("30 tiles of levels 1-5 (SOURCE)"),
            ),
            data_row(
                _("Reward board"),
                commas(
                    [
                        _("{column}: {n}", column=COLOUR_WORDS[c], n=n)
                        for c, n in COLUMN_SIZES.items()
                    ]
                    + [_("reserve: {n} face down", n=15)]
                ),
                SOURCE,
                _("at least three level-1 tiles face up at the start (RULEBOOK)"),
            ),
            data_row(_("Tile points"), _("1 each; level 5: 5 each"), RULEBOOK),
        ],
    },
    {
        "title": _("Continents"),
        "rows": [
            data_row(
                continent_name(c),
                n_(
                    "{n} territory",
                    "{n} territories",
                    n=sum(t.continent == c for t in TERRITORIES),
                ),
                PROVISIONAL,
                _("Oceania is two islands joined by the Tasman strait") if c == "Oceania" else "",
            )
            for c in CONTINENTS
        ],
    },
    {"title": _("Territories"), "rows": _map_rows()},
    {"title": _("Straits"), "rows": _strait_rows()},
    {
        "title": _("Action cards (yellow, {n})", n=sum(c.copies for c in ACTION_CARDS)),
        "rows": [
            data_row(
                c.name,
                _("{n}×: {text}", n=c.copies, text=c.text),
                PROVISIONAL,
                _("name and effect: RULEBOOK; number of copies: PROVISIONAL"),
            )
            for c in ACTION_CARDS
        ],
    },
    {
        "title": _("Permanent cards (orange, {n})", n=sum(c.copies for c in PERMANENT_CARDS)),
        "rows": [
            data_row(
                c.name,
                _(
                    "{n}×, needs a level-{level} tile: {text}",
                    n=c.copies,
                    level=c.level,
                    text=c.text,
                ),
                PROVISIONAL,
                _("name and effect: RULEBOOK; copies and level: PROVISIONAL"),
            )
            for c in PERMANENT_CARDS
        ],
    },
    {
        "title": _("Objective cards (purple, {n})", n=len(OBJECTIVE_CARDS)),
        "rows": [
            data_row(
                c.name,
                points(c.points),
                c.points_provenance,
                _("condition: RULEBOOK; points: Board Game Arena help")
                if c.points_provenance == SOURCE
                else _("condition: RULEBOOK; points: designed"),
            )
            for c in OBJECTIVE_CARDS
        ],
    },
]
