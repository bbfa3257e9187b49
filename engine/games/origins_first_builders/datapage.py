"""The player-facing data page: every component value with its provenance (GAME-DATA.md),
in the reader's words (issue 32 §2): every row, value and note is a message of the game's
catalogs; the district cards keep their ids ("d01"), codes that name them."""

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
    PALACE,
    POPULATION_COSTS,
    PROVISIONAL,
    RULEBOOK,
    SOLO_BONUS_TILES,
    SOURCE,
    SPEAKER_FACES,
    SPEAKERS,
    START_NAMES,
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
from engine.games.origins_first_builders.words import COLOUR, _, amount, colour_f, n_, vp
from engine.kit.datapage import data_row
from engine.kit.words import Msg


def _commas(items: list[Msg] | list[str]) -> Msg | str:
    return words.joined(items)


def _war_rows() -> list[dict[str, str]]:
    rows = []
    for space, reward in enumerate(WAR_REWARDS):
        milestone = (
            _("milestone {n} follows", n=space // 3)
            if 0 < space < WAR_LAST and space % 3 == 0
            else None
        )
        name: Msg
        value: Msg
        note: Msg | str
        if space == 0:
            name, value = _("Start"), _("no reward")
            note = _("RULEBOOK: no reward on the start")
        elif space == WAR_LAST:
            name = _("Space {n} (last)", n=space)
            value = _("{points} on arrival; the disc never moves again", points=vp(WAR_LAST_POINTS))
            note = _("RULEBOOK")
        else:
            name, value = _("Space {n}", n=space), reward_words(reward)
            note = _("RULEBOOK: no reward on the first space") if space == 1 else ""
        if milestone is not None:
            note = _("{first}; {then}", first=note, then=milestone) if note else milestone
        provenance = RULEBOOK if space in (0, 1) else PROVISIONAL
        rows.append(data_row(name, value, provenance, note))
    return rows


def _dealt() -> Msg:
    dealt = [
        n_("{n} player: {k}", "{n} players: {k}", n=n, k=k) for n, k in DISTRICTS_DEALT.items()
    ]
    return _("{dealt}; {gold} on each", dealt=_commas(dealt), gold=amount("gold", DISTRICT_GOLD))


_BONUS_TILE: dict[str, Msg] = {
    "red": _("Red tile"),
    "orange": _("Orange tile"),
    "yellow": _("Yellow tile"),
    "blue": _("Blue tile"),
    "purple": _("Purple tile"),
}


def _zone_note(zone: int) -> Msg:
    tile = COLOUR[SOLO_BONUS_TILES[zone]]
    if zone < 4:
        return _(
            "the ten actions: RULEBOOK; their pairing: PROVISIONAL; solo bonus tile: {colour}",
            colour=tile,
        )
    return _(
        "the ten actions: RULEBOOK; their pairing: PROVISIONAL; solo bonus tile: {colour} "
        "(PROVISIONAL: the one left)",
        colour=tile,
    )


def _building_note(colour: str) -> Msg:
    if colour in ("red", "yellow"):
        return _(
            "name and effect: RULEBOOK; colour (RULEBOOK: its group counts its colour), "
            "copies and stone: PROVISIONAL"
        )
    return _("name and effect: RULEBOOK; colour, copies and stone: PROVISIONAL")


DATA_PAGE: list[dict[str, Any]] = [
    {
        "title": _("Dice and pieces"),
        "rows": [
            data_row(
                _("Citizen dice"),
                _("{n} of each of 5 colours", n=DICE_PER_COLOUR),
                SOURCE,
            ),
            data_row(
                _("Citizen dice in play, 2-4 players"),
                _commas(
                    [
                        n_(
                            "{n} player: {dice} per colour",
                            "{n} players: {dice} per colour",
                            n=n,
                            dice=DICE_PER_COLOUR - DICE_RETURNED[n],
                        )
                        for n in (2, 3, 4)
                    ]
                ),
                RULEBOOK,
                _("step 2: 2 (2 players) or 1 (3 players) of each colour back to the box"),
            ),
            data_row(
                _("Citizen dice in play, solo"),
                _("{n} per colour", n=DICE_PER_COLOUR - DICE_RETURNED[1]),
                PROVISIONAL,
                _("the same progression (see the rulings)"),
            ),
            data_row(_("Speaker dice"), "/".join(map(str, SPEAKER_FACES)), RULEBOOK, _("faces")),
            data_row(
                _("Speaker dice in play, 2-4 players"),
                _commas(
                    [
                        n_("{n} player: {dice}", "{n} players: {dice}", n=n, dice=SPEAKERS[n])
                        for n in (2, 3, 4)
                    ]
                ),
                RULEBOOK,
                _("step {n}", n=9),
            ),
            data_row(
                _("Speaker dice in play, solo"),
                str(SPEAKERS[1]),
                PROVISIONAL,
                _("see the rulings"),
            ),
            data_row(_("Citizen bases"), _("6 per player, 2 in use at the start"), SOURCE),
            data_row(
                _("Superiority tokens"),
                "20",
                SOURCE,
                _("one per milestone for each of 4 players"),
            ),
            data_row(_("Tower tiers"), _("{n} per colour", n=TIERS_PER_COLOUR), RULEBOOK),
            data_row(
                _("Starting buildings"),
                _(
                    "{agora} ({effect}), {palace}",
                    agora=START_NAMES[AGORA],
                    effect=STARTING_TEXT[AGORA],
                    palace=START_NAMES[PALACE],
                ),
                PROVISIONAL,
                _(
                    "the Palace and that the Agora fires in its districts: RULEBOOK; the "
                    "Agora's effect itself: PROVISIONAL"
                ),
            ),
        ],
    },
    {
        "title": _("Player board"),
        "rows": [
            data_row(
                _("Population track (food per base)"),
                _(
                    "{costs}; {points} for the last",
                    costs=_commas(list(map(str, POPULATION_COSTS))),
                    points=vp(LAST_BASE_POINTS),
                ),
                PROVISIONAL,
                _("2 for the third base, 8 and 10 VP for the last: RULEBOOK"),
            ),
            data_row(
                _("Advisor track (VP per cell)"),
                _commas(list(map(str, ADVISOR_POINTS))),
                PROVISIONAL,
                _("the worked scoring example reads 6 on the third cell"),
            ),
        ],
    },
    {
        "title": _("Contact zones"),
        "rows": [
            data_row(
                _("Zone {n}", n=z + 1),
                words.joined([BOARD_ACTIONS[top], BOARD_ACTIONS[bottom]], " | "),
                PROVISIONAL,
                _zone_note(z),
            )
            for z, (top, bottom) in enumerate(ZONE_ACTIONS)
        ]
        + [
            data_row(
                _("War action"),
                _("advance {n} and/or attack", n=WAR_ACTION_STEPS),
                PROVISIONAL,
                _("the rulebook's war example moves a disc 2 spaces"),
            )
        ],
    },
    {
        "title": _("Bonus action tiles"),
        "rows": [
            data_row(
                _BONUS_TILE[colour],
                BONUS_TEXT[action],
                PROVISIONAL,
                _("the five actions: RULEBOOK; the colour of each: PROVISIONAL"),
            )
            for colour, action in BONUS_TILES.items()
        ],
    },
    {
        "title": _("Rows"),
        "rows": [
            data_row(
                _("Building row (wisdom, top to bottom)"),
                _commas(list(map(str, BUILDING_ROW_COSTS))),
                PROVISIONAL,
                _("the example's orange tile, two slots above the bottom, costs 2"),
            ),
            data_row(
                _("Citizen row (wisdom, left to right)"),
                _commas(list(map(str, CITIZEN_ROW_COSTS))),
                PROVISIONAL,
            ),
        ],
    },
    {
        "title": _("Buildings (15 of each colour)"),
        "rows": [
            data_row(
                _("{name} ({russian})", name=b.name, russian=b.russian),
                _(
                    "{colour}, {n}×, {stone}: {text}",
                    colour=COLOUR[b.colour],
                    n=b.copies,
                    stone=amount("stone", b.stone),
                    text=b.text,
                ),
                PROVISIONAL,
                _building_note(b.colour),
            )
            for b in BUILDINGS
        ],
    },
    {
        "title": _("Zodiac cards"),
        "rows": [
            data_row(_("{name} ({russian})", name=z.name, russian=z.russian), z.text, RULEBOOK)
            for z in ZODIAC
        ],
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
            data_row(
                _("Step {n}", n=s),
                vp(p),
                PROVISIONAL,
                _("the worked scoring example shows 16, 31 and 70") if p in (16, 31, 70) else "",
            )
            for s, p in enumerate(TEMPLE_POINTS)
        ],
    },
    {
        "title": _("District cards (45)"),
        "rows": [
            data_row(
                _("Dealt"),
                _dealt(),
                RULEBOOK,
            )
        ]
        + [
            data_row(
                d.id,
                _(
                    "corner {corner}, beside it {second} and {third}; {first_points} first, "
                    "{later_points} later; towers: {towers}",
                    corner=COLOUR[d.pattern[0]],
                    second=COLOUR[d.pattern[1]],
                    third=COLOUR[d.pattern[2]],
                    first_points=vp(d.first),
                    later_points=vp(d.later),
                    towers=_commas([colour_f(t) for t in d.towers]),
                ),
                PROVISIONAL,
            )
            for d in DISTRICT_CARDS
        ],
    },
]
