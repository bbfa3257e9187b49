"""The player-facing data page: every component value with its provenance (GAME-DATA.md).

Its headings are messages (issue 17); its rows are the reference data, in English."""

from __future__ import annotations

from typing import Any

from engine.games.origins_first_builders import words
from engine.games.origins_first_builders.components import (
    ADVISOR_POINTS,
    AGORA,
    BOARD_ACTIONS,
    BONUS_TEXT,
    BONUS_TILES,
    BUILDING_ROW_COSTS,
    BUILDINGS,
    CITIZEN_ROW_COSTS,
    DICE_PER_COLOUR,
    DICE_RETURNED,
    DISTRICT_CARDS,
    DISTRICT_GOLD,
    DISTRICTS_DEALT,
    LAST_BASE_POINTS,
    MILESTONES,
    POPULATION_COSTS,
    PROVISIONAL,
    RULEBOOK,
    SOLO_BONUS_TILES,
    SOURCE,
    SPEAKER_FACES,
    SPEAKERS,
    STARTING_TEXT,
    TEMPLE_NAMES,
    TEMPLE_POINTS,
    TEMPLES,
    TIERS_PER_COLOUR,
    WAR_ACTION_STEPS,
    WAR_LAST,
    WAR_LAST_POINTS,
    WAR_REWARDS,
    ZODIAC,
    ZONE_ACTIONS,
)
from engine.games.origins_first_builders.moves import reward_words
from engine.games.origins_first_builders.words import _, n_


def _row(name: str, value: str, provenance: str, note: str = "") -> dict[str, str]:
    return {"name": name, "value": value, "provenance": provenance, "note": note}


def _war_rows() -> list[dict[str, str]]:
    rows = []
    for space, reward in enumerate(WAR_REWARDS):
        if space == 0:
            name, value, note = "Start", "no reward", "RULEBOOK: no reward on the start"
        elif space == WAR_LAST:
            name = f"Space {space} (last)"
            value = f"{WAR_LAST_POINTS} VP on arrival; the disc never moves again"
            note = "RULEBOOK"
        else:
            name, value, note = f"Space {space}", reward_words(reward), ""
            if space == 1:
                note = "RULEBOOK: no reward on the first space"
        if 0 < space < WAR_LAST and space % 3 == 0:
            note = (note + "; " if note else "") + f"milestone {space // 3} follows"
        provenance = RULEBOOK if space in (0, 1) else PROVISIONAL
        rows.append(_row(name, value, provenance, note))
    return rows


DATA_PAGE: list[dict[str, Any]] = [
    {
        "title": _("Dice and pieces"),
        "rows": [
            _row("Citizen dice", f"{DICE_PER_COLOUR} of each of 5 colours", SOURCE),
            _row(
                "Citizen dice in play, 2-4 players",
                ", ".join(
                    f"{n} players: {DICE_PER_COLOUR - DICE_RETURNED[n]} per colour"
                    for n in (2, 3, 4)
                ),
                RULEBOOK,
                "step 2: 2 (2 players) or 1 (3 players) of each colour back to the box",
            ),
            _row(
                "Citizen dice in play, solo",
                f"{DICE_PER_COLOUR - DICE_RETURNED[1]} per colour",
                PROVISIONAL,
                "the same progression (see the rulings)",
            ),
            _row("Speaker dice", "/".join(map(str, SPEAKER_FACES)), RULEBOOK, "faces"),
            _row(
                "Speaker dice in play, 2-4 players",
                ", ".join(f"{n} players: {SPEAKERS[n]}" for n in (2, 3, 4)),
                RULEBOOK,
                "step 9",
            ),
            _row("Speaker dice in play, solo", str(SPEAKERS[1]), PROVISIONAL, "see the rulings"),
            _row("Citizen bases", "6 per player, 2 in use at the start", SOURCE),
            _row("Superiority tokens", "20", SOURCE, "one per milestone for each of 4 players"),
            _row("Tower tiers", f"{TIERS_PER_COLOUR} per colour", RULEBOOK),
            _row(
                "Starting buildings",
                f"Agora ({STARTING_TEXT[AGORA]}), Palace",
                PROVISIONAL,
                "the Palace and that the Agora fires in its districts: RULEBOOK; the Agora's "
                "effect itself: PROVISIONAL",
            ),
        ],
    },
    {
        "title": _("Player board"),
        "rows": [
            _row(
                "Population track (food per base)",
                ", ".join(map(str, POPULATION_COSTS)) + f"; {LAST_BASE_POINTS} VP for the last",
                PROVISIONAL,
                "2 for the third base, 8 and 10 VP for the last: RULEBOOK",
            ),
            _row(
                "Advisor track (VP per cell)",
                ", ".join(map(str, ADVISOR_POINTS)),
                PROVISIONAL,
                "the worked scoring example reads 6 on the third cell",
            ),
        ],
    },
    {
        "title": _("Contact zones"),
        "rows": [
            _row(
                f"Zone {z + 1}",
                f"{BOARD_ACTIONS[top]} | {BOARD_ACTIONS[bottom]}",
                PROVISIONAL,
                "the ten actions: RULEBOOK; their pairing: PROVISIONAL"
                + (
                    f"; solo bonus tile: {SOLO_BONUS_TILES[z]}"
                    if z < 4
                    else f"; solo bonus tile: {SOLO_BONUS_TILES[z]} (PROVISIONAL: the one left)"
                ),
            )
            for z, (top, bottom) in enumerate(ZONE_ACTIONS)
        ]
        + [
            _row(
                "War action",
                f"advance {WAR_ACTION_STEPS} and/or attack",
                PROVISIONAL,
                "the rulebook's war example moves a disc 2 spaces",
            )
        ],
    },
    {
        "title": _("Bonus action tiles"),
        "rows": [
            _row(
                f"{colour.capitalize()} tile",
                BONUS_TEXT[action],
                PROVISIONAL,
                "the five actions: RULEBOOK; the colour of each: PROVISIONAL",
            )
            for colour, action in BONUS_TILES.items()
        ],
    },
    {
        "title": _("Rows"),
        "rows": [
            _row(
                "Building row (wisdom, top to bottom)",
                ", ".join(map(str, BUILDING_ROW_COSTS)),
                PROVISIONAL,
                "the example's orange tile, two slots above the bottom, costs 2",
            ),
            _row(
                "Citizen row (wisdom, left to right)",
                ", ".join(map(str, CITIZEN_ROW_COSTS)),
                PROVISIONAL,
            ),
        ],
    },
    {
        "title": _("Buildings (15 of each colour)"),
        "rows": [
            _row(
                f"{b.name} ({b.russian})",
                f"{b.colour}, {b.copies}×, {b.stone} stone: {b.text}",
                PROVISIONAL,
                "name and effect: RULEBOOK; colour"
                + (
                    " (RULEBOOK: its group counts its colour)"
                    if b.colour in ("red", "yellow")
                    else ""
                )
                + ", copies and stone: PROVISIONAL",
            )
            for b in BUILDINGS
        ],
    },
    {
        "title": _("Zodiac cards"),
        "rows": [_row(f"{z.name} ({z.russian})", z.text, RULEBOOK) for z in ZODIAC],
    },
    {
        "title": n_(
            "War track ({n} milestone, three spaces apart)",
            "War track ({n} milestones, three spaces apart)",
            n=MILESTONES,
        ),
        "rows": _war_rows(),
    },
    {
        "title": _(
            "Temple tracks ({temples})", temples=words.joined(TEMPLE_NAMES[t] for t in TEMPLES)
        ),
        "rows": [
            _row(
                f"Step {s}",
                f"{p} VP",
                PROVISIONAL,
                "the worked scoring example shows 16, 31 and 70" if p in (16, 31, 70) else "",
            )
            for s, p in enumerate(TEMPLE_POINTS)
        ],
    },
    {
        "title": _("District cards (45)"),
        "rows": [
            _row(
                "Dealt",
                ", ".join(f"{n} player(s): {k}" for n, k in DISTRICTS_DEALT.items())
                + f"; {DISTRICT_GOLD} gold on each",
                RULEBOOK,
            )
        ]
        + [
            _row(
                d.id,
                f"corner {d.pattern[0]}, beside it {d.pattern[1]} and {d.pattern[2]}; "
                f"{d.first} VP first, {d.later} VP later; towers: {', '.join(d.towers)}",
                PROVISIONAL,
            )
            for d in DISTRICT_CARDS
        ],
    },
]
