"""Which of Orichalk's events show information that was hidden or roll dice (the takeback
rule of the engine contract): every event type is classified here, checked at import, so
that a new event can never make a peek undoable by mistake.

Hidden in Orichalk (uk «Приготування до гри»): the three land tile stacks lie face down, the
action deck face down, and the bags' draws are blind. Everything else lies face up: the
islands, the action board with its tiles and creatures, the construction board, the titans,
every player's supply and victory tokens, the discarded action cards.
"""

from __future__ import annotations

from engine.contract import Event
from engine.games.orichalk.events import (
    ACTION_CARDS_SHUFFLED,
    ACTION_DECK_RESHUFFLED,
    AWAITING,
    BOARD_CARD_DISCARDED,
    BUILDING_BUILT,
    BUILDING_DRAWN,
    CARD_DEALT,
    CARD_DISCARDED,
    CARD_TAKEN,
    CREATURE_CAPTURED,
    CREATURE_FOUGHT,
    EVENTS,
    EXTRA_ACTION_BOUGHT,
    FAVOUR_USED,
    FIRST_PLAYER_CHOSEN,
    GAME_SET_UP,
    GAME_WON,
    HOPLITES_GAINED,
    INITIATIVE_TAKEN,
    INITIATIVE_TIED,
    ISLANDS_DEALT,
    LAND_TILES_SHUFFLED,
    MEDALLION_FORGED,
    METROPOLIS_PLACED,
    MINED,
    PORT_COVERED,
    RECRUITED,
    ROUND_ENDED,
    ROUND_STARTED,
    SIDE_CHOSEN,
    TEMPLE_BUILT,
    TILE_PLACED,
    TILE_RETURNED,
    TITAN_CLAIMED,
    TITAN_REFRESHED,
    TITAN_RETURNED,
    TURN_ENDED,
    TURN_STARTED,
)
from engine.games.orichalk.state import State
from engine.kit.events import VocabularyError

REVEALING: frozenset[str] = frozenset(
    {
        # Setup: hidden orders fixed by shuffles (never the product of a decision).
        LAND_TILES_SHUFFLED,
        ACTION_CARDS_SHUFFLED,
        # uk «Поповніть планшет дій»: a card and a tile turned face up, creatures drawn from
        # the bag; «Якщо колода карток дій закінчилася, перемішайте скид».
        CARD_DEALT,
        ACTION_DECK_RESHUFFLED,
        # uk «Поповніть планшет створення»: a building token drawn from the bag.
        BUILDING_DRAWN,
        # uk «Кінець гри»: the end; a finished game is not taken back.
        GAME_WON,
    }
)

CONCEALING: frozenset[str] = frozenset(
    {
        GAME_SET_UP,
        ISLANDS_DEALT,  # setup only, face up
        FIRST_PLAYER_CHOSEN,  # setup only
        HOPLITES_GAINED,
        SIDE_CHOSEN,
        ROUND_STARTED,
        ROUND_ENDED,
        TURN_STARTED,
        TURN_ENDED,
        AWAITING,
        INITIATIVE_TIED,
        INITIATIVE_TAKEN,
        METROPOLIS_PLACED,
        CARD_TAKEN,
        TILE_PLACED,
        PORT_COVERED,
        TILE_RETURNED,  # a face-up tile goes under its stack: its place there is known
        TITAN_CLAIMED,
        TITAN_RETURNED,
        TITAN_REFRESHED,
        FAVOUR_USED,
        CARD_DISCARDED,
        MINED,
        RECRUITED,
        CREATURE_CAPTURED,
        BUILDING_BUILT,
        TEMPLE_BUILT,
        MEDALLION_FORGED,
        EXTRA_ACTION_BOUGHT,
        BOARD_CARD_DISCARDED,
    }
)


ROLLING = CREATURE_FOUGHT
"""uk «Захоплення істот»: dice are rolled, unless Kronos won before rolling."""


def _classify_every_type() -> None:
    """Every declared type in exactly one of the three, or the game does not import."""
    groups = (REVEALING, CONCEALING, frozenset({ROLLING}))
    missing = [kind for kind in EVENTS if sum(kind in group for group in groups) != 1]
    if missing:
        raise VocabularyError(f"orichalk: reveals classifies {missing} not exactly once")


_classify_every_type()


def reveals(state: State, seat: str, events: list[Event]) -> bool:
    """``reveals`` (engine contract): whether ``seat``'s decision showed anything hidden or
    used chance; only the events matter here, never who decided or from which state."""
    return any(_reveals(event) for event in events)


def _reveals(event: Event) -> bool:
    kind = EVENTS.check(event)
    if kind == ROLLING:
        return bool(event["dice"])
    return kind in REVEALING
