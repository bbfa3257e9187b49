"""Which events show information that was hidden (the takeback rule of the engine contract):
every event type is classified here, and an unknown type counts as revealing, so that a new
event can never make a peek undoable by mistake.

Hidden in Origins: First Builders (ru «Подготовка к игре» steps 5-10): the building stacks
below their face-up tops, the order of the district and zodiac cards and bonus tiles before
they are laid out, and every die before it is rolled. Everything else lies face up.
"""

from __future__ import annotations

from engine.contract import Event

REVEALING: frozenset[str] = frozenset(
    {
        # Setup: shuffles and rolls (ru steps 3-10), the first player and the starting dice.
        "bonus_tiles_placed",
        "zodiac_cards_placed",
        "building_stacks_shuffled",
        "building_row_laid",
        "citizen_row_rolled",
        "speakers_rolled",
        "district_cards_dealt",
        "first_player_chosen",
        "draft_pool_rolled",
        "solo_dice_rolled",
        # ru «Получить кубик жителя»: a new die rolled for the row.
        "row_refilled",
        # ru «Конец игры»: the final count; a finished game is not taken back.
        "game_ended",
    }
)

CONCEALING: frozenset[str] = frozenset(
    {
        "game_set_up",
        "die_drafted",
        "solo_die_removed",
        "draft_ended",
        "round_started",
        "turn_started",
        "awaiting",
        "token_spent",
        "passed",
        "resources",
        "scored",
        "worker_sent",
        "starship_set",
        "war_moved",
        "attacked",
        "war_retreated",
        "temple_moved",
        "zodiac_taken",
        "zodiac_awarded",
        "reserve_used",
        "building_placed",
        # Virgo: a known farm tile goes face down under its stack.
        "farm_replaced",
        "citizen_taken",
        # An end condition: no die could be rolled.
        "row_refill_failed",
        "speaker_taken",
        "speaker_set",
        "citizen_set",
        "citizen_recoloured",
        "dice_returned",
        "advisor_made",
        "district_closed",
        "district_scored",
        "tower_built",
        "population_increased",
    }
)


def reveals(events: list[Event]) -> bool:
    return any(_reveals(event) for event in events)


def _reveals(event: Event) -> bool:
    kind = event["type"]
    if kind == "building_taken":
        # ru «Купить здание» 6: the stack's next tile is turned face up.
        return event.get("revealed") is not None
    if kind == "speakers_returned":
        # ru «Конец раунда» 1: a speaker at 5 is rolled again.
        return bool(event.get("rerolled"))
    return kind in REVEALING or kind not in CONCEALING
