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
from engine.games.orichalk import events as E
from engine.games.orichalk.state import State
from engine.kit.events import VocabularyError

REVEALING: frozenset[str] = frozenset(
    {
        # Setup: hidden orders fixed by shuffles (never the product of a decision).
        E.LAND_TILES_SHUFFLED,
        E.ACTION_CARDS_SHUFFLED,
        # uk «Поповніть планшет дій»: a card and a tile turned face up, creatures drawn from
        # the bag; «Якщо колода карток дій закінчилася, перемішайте скид».
        E.CARD_DEALT,
        E.ACTION_DECK_RESHUFFLED,
        # uk «Поповніть планшет створення»: a building token drawn from the bag.
        E.BUILDING_DRAWN,
        # uk «Кінець гри»: the end; a finished game is not taken back.
        E.GAME_WON,
    }
)

CONCEALING: frozenset[str] = frozenset(
    {
        E.GAME_SET_UP,
        E.ISLANDS_DEALT,  # setup only, face up
        E.FIRST_PLAYER_CHOSEN,  # setup only
        E.HOPLITES_GAINED,
        E.SIDE_CHOSEN,
        E.ROUND_STARTED,
        E.ROUND_ENDED,
        E.TURN_STARTED,
        E.TURN_ENDED,
        E.AWAITING,
        E.INITIATIVE_TIED,
        E.INITIATIVE_TAKEN,
        E.METROPOLIS_PLACED,
        E.CARD_TAKEN,
        E.TILE_PLACED,
        E.PORT_COVERED,
        E.TILE_RETURNED,  # a face-up tile goes under its stack: its place there is known
        E.TITAN_CLAIMED,
        E.TITAN_RETURNED,
        E.TITAN_REFRESHED,
        E.FAVOUR_USED,
        E.CARD_DISCARDED,
        E.MINED,
        E.RECRUITED,
        E.CREATURE_CAPTURED,
        E.BUILDING_BUILT,
        E.TEMPLE_BUILT,
        E.MEDALLION_FORGED,
        E.EXTRA_ACTION_BOUGHT,
        E.BOARD_CARD_DISCARDED,
    }
)


ROLLING = E.CREATURE_FOUGHT
"""uk «Захоплення істот»: dice are rolled, unless Kronos won before rolling."""


def _classify_every_type() -> None:
    """Every declared type in exactly one of the three, or the game does not import."""
    groups = (REVEALING, CONCEALING, frozenset({ROLLING}))
    missing = [kind for kind in E.EVENTS if sum(kind in group for group in groups) != 1]
    if missing:
        raise VocabularyError(f"orichalk: reveals classifies {missing} not exactly once")


_classify_every_type()


def reveals(state: State, seat: str, events: list[Event]) -> bool:
    """``reveals`` (engine contract): whether ``seat``'s decision showed anything hidden or
    used chance; only the events matter here, never who decided or from which state."""
    return any(_reveals(event) for event in events)


def _reveals(event: Event) -> bool:
    kind = E.EVENTS.check(event)
    if kind == ROLLING:
        return bool(event["dice"])
    return kind in REVEALING
