"""Which of Orichalk's events show information that was hidden or roll dice (the takeback
rule of the engine contract): every event type is classified here, and an unknown type
counts as revealing, so that a new event can never make a peek undoable by mistake.

Hidden in Orichalk (uk «Приготування до гри»): the three land tile stacks lie face down, the
action deck face down, and the bags' draws are blind. Everything else lies face up: the
islands, the action board with its tiles and creatures, the construction board, the titans,
every player's supply and victory tokens, the discarded action cards.
"""

from __future__ import annotations

from engine.contract import Event

REVEALING: frozenset[str] = frozenset(
    {
        # Setup: hidden orders fixed by shuffles (never the product of a decision).
        "land_tiles_shuffled",
        "action_cards_shuffled",
        # uk «Поповніть планшет дій»: a card and a tile turned face up, creatures drawn from
        # the bag; «Якщо колода карток дій закінчилася, перемішайте скид».
        "card_dealt",
        "action_deck_reshuffled",
        # uk «Поповніть планшет створення»: a building token drawn from the bag.
        "building_drawn",
        # uk «Кінець гри»: the end; a finished game is not taken back.
        "game_won",
    }
)

CONCEALING: frozenset[str] = frozenset(
    {
        "game_set_up",
        "islands_dealt",  # setup only, face up
        "first_player_chosen",  # setup only
        "hoplites_gained",
        "side_chosen",
        "round_started",
        "round_ended",
        "turn_started",
        "turn_ended",
        "awaiting",
        "initiative_tied",
        "initiative_taken",
        "metropolis_placed",
        "card_taken",
        "tile_placed",
        "port_covered",
        "tile_returned",  # a face-up tile goes under its stack: its place there is known
        "titan_claimed",
        "titan_returned",
        "titan_refreshed",
        "favour_used",
        "card_discarded",
        "mined",
        "recruited",
        "creature_captured",
        "building_built",
        "temple_built",
        "medallion_forged",
        "extra_action_bought",
        "board_card_discarded",
    }
)


def reveals(events: list[Event]) -> bool:
    return any(_reveals(event) for event in events)


def _reveals(event: Event) -> bool:
    kind = event["type"]
    if kind == "creature_fought":
        # uk «Захоплення істот»: dice are rolled, unless Kronos won before rolling.
        return bool(event["dice"])
    return kind in REVEALING or kind not in CONCEALING
