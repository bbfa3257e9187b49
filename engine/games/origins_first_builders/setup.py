"""ru «Подготовка к игре»: the opening events, every chance outcome written into them.

The rulebook's text lost steps 20-23 (the first player and the two starting citizen dice);
the draft written here is a ruling (:mod:`.rulings`): the first player is drawn at random,
then a pool of 2 × players + 1 rolled dice is drafted, one die at a time, in a snake order
that starts with the last player. Solo follows «Одиночный режим» instead.
"""

from __future__ import annotations

import random
from functools import reduce
from typing import Any

from engine.contract import Event
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders import rolls, rules
from engine.games.origins_first_builders.components import (
    BONUS_TILES,
    BUILDING,
    COLOURS,
    DISTRICT_CARDS,
    DISTRICTS_DEALT,
    SOLO_BONUS_TILES,
    SPEAKERS,
    ZODIAC,
    citizens_supply,
    stack_tiles,
)
from engine.games.origins_first_builders.fold import apply
from engine.games.origins_first_builders.state import FIRST_RULESET, RULESET
from engine.games.origins_first_builders.words import _
from engine.kit.piles import shuffled_piles
from engine.kit.seating import Table, opening

MIN_PLAYERS = 1
MAX_PLAYERS = 4
TABLE = Table(
    MIN_PLAYERS,
    MAX_PLAYERS,
    no_options=_("Origins: First Builders has no options."),
    wrong_count=_("Origins: First Builders is played by 1 to 4 players."),
    shared_seat=_("Every player needs a seat of their own."),
)


def setup(
    seats: list[str], options: dict[str, Any], rng: random.Random, *, ruleset: str = RULESET
) -> list[Event]:
    """The opening events, then the first decision awaited (the draft, or the solo choice of
    the starting dice)."""
    TABLE.check(seats, options)
    events = _opening(list(seats), rng, ruleset)
    state = reduce(apply, events, None)
    assert state is not None
    return events + rules.begin(state, rng)


def _opening(seats: list[str], rng: random.Random, ruleset: str) -> list[Event]:
    n = len(seats)
    solo = n == 1
    seated = {"type": E.GAME_SET_UP, "seats": list(seats), "solo": solo}
    events: list[Event] = [opening(seated, ruleset, FIRST_RULESET)]
    # ru step 3 (solo: «Одиночный режим» fixes the tiles): a bonus tile under each zone,
    # and step 4: each starship takes its tile's colour and the value 1.
    tiles = list(SOLO_BONUS_TILES) if solo else sorted(BONUS_TILES)
    if not solo:
        rng.shuffle(tiles)
    events.append({"type": E.BONUS_TILES_PLACED, "tiles": tiles})
    # ru step 5: a random zodiac card on each temple; the others go back to the box.
    zodiac = [z.id for z in ZODIAC]
    rng.shuffle(zodiac)
    events.append({"type": E.ZODIAC_CARDS_PLACED, "cards": zodiac[:3]})
    # ru steps 6-7: stacks by colour, shuffled face down; their tops shuffled onto the row,
    # then each stack's new top turned face up.
    stacks = shuffled_piles(rng, stack_tiles())
    events.append({"type": E.BUILDING_STACKS_SHUFFLED, "stacks": stacks})
    row = [stacks[colour][0] for colour in COLOURS]
    rng.shuffle(row)
    events.append({"type": E.BUILDING_ROW_LAID, "row": row})
    # ru step 8: one die of each colour, sixes rolled again, laid out in increasing order;
    # of equal dice, the one whose colour's building lies lower in the row goes left.
    lower = {BUILDING[kind].colour: slot for slot, kind in enumerate(row)}
    dice = [(colour, rolls.citizen(rng)) for colour in COLOURS]
    dice.sort(key=lambda d: (d[1], -lower[d[0]]))
    events.append({"type": E.CITIZEN_ROW_ROLLED, "dice": [list(d) for d in dice]})
    # ru step 9: a speaker die per player.
    events.append(
        {"type": E.SPEAKERS_ROLLED, "values": [rolls.speaker(rng) for _ in range(SPEAKERS[n])]}
    )
    # ru steps 10-12: district cards by player count, 2 gold on each; one tower tier of each
    # colour in the supply, plus one per tower icon on the cards.
    cards = [d.id for d in DISTRICT_CARDS]
    rng.shuffle(cards)
    events.append({"type": E.DISTRICT_CARDS_DEALT, "cards": sorted(cards[: DISTRICTS_DEALT[n]])})
    # Lost step 20 (ruling): the first player is drawn at random.
    first = rng.choice(list(seats))
    events.append({"type": E.FIRST_PLAYER_CHOSEN, "seat": first})
    events.append(_starting_dice(list(seats), first, rng))
    return events


def _starting_dice(seats: list[str], first: str, rng: random.Random) -> Event:
    supply = [c for c in COLOURS for _ in range(citizens_supply(len(seats)) - 1)]
    if len(seats) == 1:
        # ru «Одиночный режим»: one die of each colour, sixes rolled again.
        dice = [[colour, rolls.citizen(rng)] for colour in COLOURS]
        return {"type": E.SOLO_DICE_ROLLED, "dice": dice}
    # Lost steps 21-23 (ruling): 2 × players + 1 dice drawn from the supply and rolled,
    # drafted in a snake starting with the last player in turn order.
    rng.shuffle(supply)
    colours = sorted(supply[: 2 * len(seats) + 1], key=COLOURS.index)
    dice = [[colour, rolls.citizen(rng)] for colour in colours]
    i = seats.index(first)
    order = [seats[(i + k) % len(seats)] for k in range(len(seats))]
    snake = list(reversed(order)) + order
    return {"type": E.DRAFT_POOL_ROLLED, "dice": dice, "order": snake}
