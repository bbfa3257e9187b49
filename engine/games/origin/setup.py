"""ru: «Подготовка к игре»: the opening events, every chance outcome written into them."""

from __future__ import annotations

import random
from typing import Any

from engine.contract import Event
from engine.games.origin import events as ev
from engine.games.origin.components import (
    COLUMN_SIZES,
    DECK_CARDS,
    DECKS,
    GREENS,
    HUNTING_TOKENS,
    INNOVATION_TILES,
    MIN_LEVEL_ONE_FACE_UP,
    OBJECTIVES_DEALT,
    ORIGIN,
    PAWN_COLOURS,
    REWARD_COLUMNS,
    STRAIT_IDS,
    STRAIT_TOKENS,
    TERRITORY_IDS,
    pawn_supply,
)
from engine.games.origin.state import FIRST_RULESET, RULESET
from engine.games.origin.words import _
from engine.kit.piles import shuffled_piles
from engine.kit.seating import Table, opening

MIN_PLAYERS = 2
MAX_PLAYERS = 4
TABLE = Table(
    MIN_PLAYERS,
    MAX_PLAYERS,
    no_options=_("Origin has no options."),
    wrong_count=_(
        "Origin is played by {low} to {high} players.", low=MIN_PLAYERS, high=MAX_PLAYERS
    ),
    shared_seat=_("Every player needs a seat of their own."),
)


def setup(
    seats: list[str], options: dict[str, Any], rng: random.Random, *, ruleset: str = RULESET
) -> list[Event]:
    TABLE.check(seats, options)
    pawns = sum(pawn_supply(len(seats)))
    seated = {"type": ev.GAME_SET_UP, "seats": list(seats), "pawns": pawns}
    events: list[Event] = [opening(seated, ruleset, FIRST_RULESET)]
    # ru: one of the lowest and weakest pawns, of any colour, on the Origin symbol.
    events.append(
        {"type": ev.NEUTRAL_PAWN_PLACED, "territory": ORIGIN, "colour": rng.choice(PAWN_COLOURS)}
    )
    # ru: action and permanent cards shuffled face down; objectives shuffled to be dealt.
    decks = shuffled_piles(rng, {deck: DECK_CARDS[deck] for deck in DECKS})
    events.append({"type": ev.DECKS_SHUFFLED, **decks})
    events.append(_innovations(rng))
    # ru: hunting tokens at random on the green territories; the one left goes back in the box.
    hunting = list(HUNTING_TOKENS)
    rng.shuffle(hunting)
    events.append(
        {
            "type": ev.HUNTING_TOKENS_PLACED,
            "tokens": {TERRITORY_IDS[t]: v for t, v in zip(GREENS, hunting, strict=False)},
            "returned_to_box": hunting[len(GREENS) :],
        }
    )
    # ru: strait tokens face up, at random, on the 11 straits.
    straits = list(STRAIT_TOKENS)
    rng.shuffle(straits)
    events.append(
        {"type": ev.STRAIT_TOKENS_PLACED, "tokens": dict(zip(STRAIT_IDS, straits, strict=True))}
    )
    # ru: three objectives dealt to each player; each keeps one (a decision, see rules).
    objectives = decks["objective"]
    hands = {
        seat: objectives[i * OBJECTIVES_DEALT : (i + 1) * OBJECTIVES_DEALT]
        for i, seat in enumerate(seats)
    }
    events.append({"type": ev.OBJECTIVES_DEALT, "hands": hands})
    # ja: 「スタートプレイヤーがランダムに決定され」 (ru: the youngest player starts).
    events.append({"type": ev.FIRST_PLAYER_CHOSEN, "seat": rng.choice(list(seats))})
    return events


def _innovations(rng: random.Random) -> Event:
    """ru: tiles face up at random on the reward board, the rest face down as the reserve;
    repeat until at least 3 level-1 tiles lie face up."""
    face_up = sum(COLUMN_SIZES.values())
    layouts = 0
    while True:
        layouts += 1
        tiles = list(INNOVATION_TILES)
        rng.shuffle(tiles)
        if tiles[:face_up].count(1) >= MIN_LEVEL_ONE_FACE_UP:
            break
    event: Event = {"type": ev.INNOVATIONS_LAID_OUT}
    start = 0
    for column in REWARD_COLUMNS:
        event[column] = tiles[start : start + COLUMN_SIZES[column]]
        start += COLUMN_SIZES[column]
    event["reserve"] = tiles[start:]
    event["layouts"] = layouts
    return event
