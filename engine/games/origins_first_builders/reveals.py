"""Which events show information that was hidden (the takeback rule of the engine contract):
every event type is classified here, and an unknown type counts as revealing, so that a new
event can never make a peek undoable by mistake.

Hidden in Origins: First Builders (ru «Подготовка к игре» steps 5-10): the building stacks
below their face-up tops, the order of the district and zodiac cards and bonus tiles before
they are laid out, and every die before it is rolled. Everything else lies face up.
"""

from __future__ import annotations

from engine.contract import Event
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.state import State

REVEALING: frozenset[str] = frozenset(
    {
        # Setup: shuffles and rolls (ru steps 3-10), the first player and the starting dice.
        E.BONUS_TILES_PLACED,
        E.ZODIAC_CARDS_PLACED,
        E.BUILDING_STACKS_SHUFFLED,
        E.BUILDING_ROW_LAID,
        E.CITIZEN_ROW_ROLLED,
        E.SPEAKERS_ROLLED,
        E.DISTRICT_CARDS_DEALT,
        E.FIRST_PLAYER_CHOSEN,
        E.DRAFT_POOL_ROLLED,
        E.SOLO_DICE_ROLLED,
        # ru «Получить кубик жителя»: a new die rolled for the row.
        E.ROW_REFILLED,
        # ru «Конец игры»: the final count; a finished game is not taken back.
        E.GAME_ENDED,
    }
)

CONCEALING: frozenset[str] = frozenset(
    {
        E.GAME_SET_UP,
        E.DIE_DRAFTED,
        E.SOLO_DIE_REMOVED,
        E.DRAFT_ENDED,
        E.ROUND_STARTED,
        E.TURN_STARTED,
        E.AWAITING,
        E.TOKEN_SPENT,
        E.PASSED,
        E.RESOURCES,
        E.SCORED,
        E.WORKER_SENT,
        E.STARSHIP_SET,
        E.WAR_MOVED,
        E.ATTACKED,
        E.WAR_RETREATED,
        E.TEMPLE_MOVED,
        E.ZODIAC_TAKEN,
        E.ZODIAC_AWARDED,
        E.RESERVE_USED,
        E.BUILDING_PLACED,
        # Virgo: a known farm tile goes face down under its stack.
        E.FARM_REPLACED,
        E.CITIZEN_TAKEN,
        # An end condition: no die could be rolled.
        E.ROW_REFILL_FAILED,
        E.SPEAKER_TAKEN,
        E.SPEAKER_SET,
        E.CITIZEN_SET,
        E.CITIZEN_RECOLOURED,
        E.DICE_RETURNED,
        E.ADVISOR_MADE,
        E.DISTRICT_CLOSED,
        E.DISTRICT_SCORED,
        E.TOWER_BUILT,
        E.POPULATION_INCREASED,
    }
)


def reveals(state: State, seat: str, events: list[Event]) -> bool:
    """Whether ``seat``'s decision from ``state`` showed what was hidden (its ``events``
    alone tell)."""
    return any(_reveals(event) for event in events)


def _reveals(event: Event) -> bool:
    kind = event["type"]
    if kind == E.BUILDING_TAKEN:
        # ru «Купить здание» 6: the stack's next tile is turned face up.
        return event.get("revealed") is not None
    if kind == E.SPEAKERS_RETURNED:
        # ru «Конец раунда» 1: a speaker at 5 is rolled again.
        return bool(event.get("rerolled"))
    return kind in REVEALING or kind not in CONCEALING
