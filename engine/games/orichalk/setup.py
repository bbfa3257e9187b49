"""uk «Приготування до гри»: the opening events, every chance outcome written into them."""

from __future__ import annotations

import random
from typing import Any

from engine.contract import Event
from engine.games.orichalk import events as E
from engine.games.orichalk.components import (
    ACTION_CARDS,
    CARDS_FACE_UP,
    CONSTRUCTION_SLOTS,
    INITIATIVE_HOPLITES,
    ISLAND_BOARDS,
    SIZES,
    TILES_OF_SIZE,
)
from engine.games.orichalk.fold import apply
from engine.games.orichalk.rules import deal_card, draw_building, right_of
from engine.games.orichalk.state import FIRST_RULESET, RULESET
from engine.games.orichalk.words import _
from engine.kit.piles import shuffled_piles
from engine.kit.seating import Table, opening

MIN_PLAYERS = 2
MAX_PLAYERS = 4
TABLE = Table(
    MIN_PLAYERS,
    MAX_PLAYERS,
    no_options=_("Orichalk has no options: each player chooses their island's side."),
    wrong_count=_("Orichalk is played by 2 to 4 players."),
    shared_seat=_("Every player needs a seat of their own."),
)


def setup(
    seats: list[str], options: dict[str, Any], rng: random.Random, *, ruleset: str = RULESET
) -> list[Event]:
    TABLE.check(seats, options)
    seated = {"type": E.GAME_SET_UP, "seats": list(seats)}
    events: list[Event] = [opening(seated, ruleset, FIRST_RULESET)]
    # uk 1: a random island board each (the side is each player's decision, see rules).
    boards = [b.id for b in ISLAND_BOARDS]
    rng.shuffle(boards)
    events.append({"type": E.ISLANDS_DEALT, "boards": dict(zip(seats, boards, strict=False))})
    # uk 4: land tiles shuffled into three face-down stacks by size.
    stacks = shuffled_piles(rng, {size: TILES_OF_SIZE[size] for size in SIZES})
    events.append({"type": E.LAND_TILES_SHUFFLED, **stacks})
    # uk 7: action cards shuffled face down.
    deck = [c.id for c in ACTION_CARDS]
    rng.shuffle(deck)
    events.append({"type": E.ACTION_CARDS_SHUFFLED, "deck": deck})
    state = None
    for event in events:
        state = apply(state, event)
    assert state is not None
    # uk 7-8: 5 cards (6 with 4 players) left to right, a tile on each, a creature on each
    # volcano.
    for _card in range(CARDS_FACE_UP[len(seats)]):
        event = deal_card(state, rng)
        events.append(event)
        state = apply(state, event)
    # uk 9-10: a building token from the bag on each slot of the construction board.
    for slot in CONSTRUCTION_SLOTS:
        event = {
            "type": E.BUILDING_DRAWN,
            "slot": slot,
            "building": draw_building(state.building_bag, rng),
        }
        events.append(event)
        state = apply(state, event)
    # uk 15-16: a random first player takes the initiative; the player on their right (who
    # plays last) takes a hoplite.
    first = rng.choice(list(seats))
    events.append({"type": E.FIRST_PLAYER_CHOSEN, "seat": first})
    events.append(
        {
            "type": E.HOPLITES_GAINED,
            "seat": right_of(tuple(seats), first),
            "hoplites": INITIATIVE_HOPLITES,
            "reason": "initiative",
        }
    )
    return events
