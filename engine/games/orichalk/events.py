"""Every event Orichalk writes, declared once (DESIGN.md §10.3): the rules emit these
constants, the fold and the narration handle each of them, the reveals classify each, and
an event of any other type makes the fold raise.

Events are past tense; each names the rule it records (rules: ``orichalk.uk.txt``).
"""

from __future__ import annotations

from engine.kit import Vocabulary

EVENTS = Vocabulary("orichalk")

# ---------------------------------------------------------------- uk «Приготування до гри»

GAME_SET_UP = EVENTS.declare("game_set_up")
"""The seats at the table: the first event of every game."""
ISLANDS_DEALT = EVENTS.declare("islands_dealt")
"""uk 1: a random island board to each player."""
LAND_TILES_SHUFFLED = EVENTS.declare("land_tiles_shuffled")
"""uk 4: the land tiles in three face-down stacks by size (their order written in)."""
ACTION_CARDS_SHUFFLED = EVENTS.declare("action_cards_shuffled")
"""uk 7: the action cards shuffled into a face-down deck."""
CARD_DEALT = EVENTS.declare("card_dealt")
"""uk 7-8, «Поповніть планшет дій»: a card face up on the action board, the top tile of its
size on it, a creature from the bag on each volcano."""
BUILDING_DRAWN = EVENTS.declare("building_drawn")
"""uk 9-10, «Поповніть планшет створення»: a building token from the bag onto a slot."""
FIRST_PLAYER_CHOSEN = EVENTS.declare("first_player_chosen")
"""uk 15: a random first player takes the initiative."""
HOPLITES_GAINED = EVENTS.declare("hoplites_gained")
"""uk 16, «Передайте жетон ініціативи»: the player right of the initiative takes a
hoplite."""
SIDE_CHOSEN = EVENTS.declare("side_chosen")
"""uk «Рівень складності острова»: a player chose the side of their island."""

# ---------------------------------------------------------------- uk «Ігролад», «Кінець раунду»

ROUND_STARTED = EVENTS.declare("round_started")
"""uk «Ігролад»: a round, in seat order from the initiative holder."""
TURN_STARTED = EVENTS.declare("turn_started")
"""uk «Хід гравця»: whose turn begins, at which step (bookkeeping)."""
AWAITING = EVENTS.declare("awaiting")
"""The next step of the turn a player must decide (bookkeeping)."""
TURN_ENDED = EVENTS.declare("turn_ended")
"""The turn is over (bookkeeping)."""
ROUND_ENDED = EVENTS.declare("round_ended")
"""uk «Кінець раунду»: the refills and the initiative follow (bookkeeping)."""
ACTION_DECK_RESHUFFLED = EVENTS.declare("action_deck_reshuffled")
"""uk «Якщо колода карток дій закінчилася, перемішайте скид»."""
INITIATIVE_TIED = EVENTS.declare("initiative_tied")
"""uk «Передайте жетон ініціативи»: tied for the most hoplites, the holder chooses."""
INITIATIVE_TAKEN = EVENTS.declare("initiative_taken")
"""uk «Передайте жетон ініціативи»: the player with the most hoplites takes it."""
GAME_WON = EVENTS.declare("game_won")
"""uk «Кінець гри та перемога»: 5 victory points and no creature left on the island."""

# ---------------------------------------------------------------- the first turn, phases 1 and 2

METROPOLIS_PLACED = EVENTS.declare("metropolis_placed")
"""uk «Перший хід гравця – плитка метрополії»: on a port, whose bonus it takes."""
CARD_TAKEN = EVENTS.declare("card_taken")
"""uk фаза 1: a card from the action board, with its tile and creatures, paying its cost."""
TILE_PLACED = EVENTS.declare("tile_placed")
"""uk фаза 2: the land tile on the island."""
PORT_COVERED = EVENTS.declare("port_covered")
"""uk фаза 2 «він дійде порту»: the port's bonus, once."""
TILE_RETURNED = EVENTS.declare("tile_returned")
"""uk фаза 2: a tile that cannot be placed goes under its stack."""
TITAN_CLAIMED = EVENTS.declare("titan_claimed")
"""uk фаза 2 «він приверне увагу титана»: from the centre or another player, active."""
TITAN_RETURNED = EVENTS.declare("titan_returned")
"""uk «Кілька титанів»: a titan back to the centre to make room."""
TITAN_REFRESHED = EVENTS.declare("titan_refreshed")
"""uk «Милість титанів»: a grown area of a held titan's terrain turns it active again."""
FAVOUR_USED = EVENTS.declare("favour_used")
"""uk «Милість титанів»: the titan turns to its inactive side."""

# ---------------------------------------------------------------- phases 3 to 5

CARD_DISCARDED = EVENTS.declare("card_discarded")
"""uk фаза 3: the card face up on the discard, used or not."""
MINED = EVENTS.declare("mined")
"""uk «Видобуток орихалка»: 1 orichalcum per mine (Hyperion doubles)."""
RECRUITED = EVENTS.declare("recruited")
"""uk «Наймання гоплітів»: 1 hoplite per training camp (Themis doubles)."""
CREATURE_FOUGHT = EVENTS.declare("creature_fought")
"""uk «Захоплення істот»: the dice rolled against a creature (none with Kronos)."""
CREATURE_CAPTURED = EVENTS.declare("creature_captured")
"""uk «У разі перемоги»: the creature and its treasure to the player."""
BUILDING_BUILT = EVENTS.declare("building_built")
"""uk «Створення», «Будівля»: a building from the construction board onto the island."""
TEMPLE_BUILT = EVENTS.declare("temple_built")
"""uk «Створення», «Храм»: a temple on four spaces, a victory point."""
MEDALLION_FORGED = EVENTS.declare("medallion_forged")
"""uk «Створення», «Орихалковий медальйон»: orichalcum for a victory point."""
EXTRA_ACTION_BOUGHT = EVENTS.declare("extra_action_bought")
"""uk фаза 4: an extra action paid with hoplites, orichalcum or a creature."""
BOARD_CARD_DISCARDED = EVENTS.declare("board_card_discarded")
"""uk фаза 5 (two players): a card of the action board to the discard."""
