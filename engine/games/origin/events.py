"""Every event Origin writes (DESIGN.md §10.3), declared once: the rules emit them, the fold
(:mod:`.fold`) and the narration (:mod:`.narration`) must each handle all of them, and an
event of any other type makes the fold raise.
"""

from __future__ import annotations

from engine.kit import Vocabulary

EVENTS = Vocabulary("origin")

# ---------------------------------------------------------------- setup (ru «Подготовка к игре»)

GAME_SET_UP = EVENTS.declare("game_set_up")
"""The seats, and how many tribe pawns the reserve holds for that many players (ru
«Подготовка для 2-3 игроков»): the game's first event."""
NEUTRAL_PAWN_PLACED = EVENTS.declare("neutral_pawn_placed")
"""ru: one of the lowest and weakest pawns, of any colour, on the Origin territory."""
DECKS_SHUFFLED = EVENTS.declare("decks_shuffled")
"""ru: the action, permanent and objective decks shuffled face down (their order)."""
INNOVATIONS_LAID_OUT = EVENTS.declare("innovations_laid_out")
"""ru: innovation tiles face up at random on the reward board, the rest face down as the
reserve, laid again until at least 3 level-1 tiles lie face up."""
HUNTING_TOKENS_PLACED = EVENTS.declare("hunting_tokens_placed")
"""ru: hunting tokens at random on the green territories; the one left goes to the box."""
STRAIT_TOKENS_PLACED = EVENTS.declare("strait_tokens_placed")
"""ru: strait tokens face up, at random, on the 11 straits."""
OBJECTIVES_DEALT = EVENTS.declare("objectives_dealt")
"""ru: three objectives dealt to each player, who keeps one."""
FIRST_PLAYER_CHOSEN = EVENTS.declare("first_player_chosen")
"""ja 「スタートプレイヤーがランダムに決定」 (RULINGS: First player)."""
OBJECTIVE_KEPT = EVENTS.declare("objective_kept")
"""ru: each player keeps one of the objectives dealt (RULINGS: all at the same time)."""
OBJECTIVES_SHUFFLED = EVENTS.declare("objectives_shuffled")
"""ru «Снова перемешайте колоду карт целей»: the objectives not kept, back in the deck."""

# ---------------------------------------------------------------- turns

TURN_STARTED = EVENTS.declare("turn_started")
"""ru «Подготовка к игре»: «далее ход передаётся по часовой стрелке»; in the last round, to
the next seat still owed a turn (ru «Конец игры»)."""
TURN_ENDED = EVENTS.declare("turn_ended")
"""The player ends the turn once the action is taken (ru «Фаза действия»)."""
TURN_PASSED = EVENTS.declare("turn_passed")
"""RULINGS: No action possible: a player who can neither evolve, migrate nor swap passes."""
AWAITING = EVENTS.declare("awaiting")
"""The decisions still waiting in this turn, head first (the engine's books, not a rule)."""
ACTION_CHOSEN = EVENTS.declare("action_chosen")
"""ru «Фаза действия»: evolution, migration or swap, chosen before its target."""
END_TRIGGERED = EVENTS.declare("end_triggered")
"""ru «Конец игры»: a supply ran out; every other player has one last turn."""
GAME_ENDED = EVENTS.declare("game_ended")
"""ru «Конец игры»: the last turn played (or a whole round passed: RULINGS)."""

# ---------------------------------------------------------------- the action (ru «Фаза действия»)

PAWN_PLACED = EVENTS.declare("pawn_placed")
"""ru «Эволюция»: a new pawn from the reserve, a village of its owner."""
PAWN_MIGRATED = EVENTS.declare("pawn_migrated")
"""ru «Миграция»: a pawn moves to an empty territory within its speed."""
PAWNS_SWAPPED = EVENTS.declare("pawns_swapped")
"""ru «Обмен»: a pawn takes a weaker pawn's place, which goes to where it came from."""

# ---------------------------------------------------------------- rewards (ru «Фаза награждения»)

HUNTING_TOKEN_TAKEN = EVENTS.declare("hunting_token_taken")
"""ru «Охотничьи угодья»: the token of the green territory landed on (or Hunter's)."""
STRAIT_TOKEN_TAKEN = EVENTS.declare("strait_token_taken")
"""ru «Проливы»: villages on both sides of a strait take its token (or Sailor's)."""
REWARD_CHOSEN = EVENTS.declare("reward_chosen")
"""ru: each territory colour offers two rewards; the player chooses one."""
TILE_TAKEN = EVENTS.declare("tile_taken")
"""ru «Ограничения для тайлов инновации»: a face-up tile, laid on the player's stacks."""
TILE_REVEALED = EVENTS.declare("tile_revealed")
"""ru: a taken tile is replaced at once from the face-down reserve, while it lasts."""
CARD_DRAWN = EVENTS.declare("card_drawn")
"""ru: the top card of a deck into the hand."""
CARDS_DRAWN = EVENTS.declare("cards_drawn")
"""ru: three cards (four with Observation kit) drawn, to keep one."""
CARD_KEPT = EVENTS.declare("card_kept")
"""ru: keep one of the cards drawn; the others go under the deck."""
OBJECTIVE_RETURNED = EVENTS.declare("objective_returned")
"""ru «Очень важно!»: over the hand limit, an objective goes under the deck."""

# ---------------------------------------------------------------- cards (ru «Карты»)

CARD_PLAYED = EVENTS.declare("card_played")
"""ru: an action card takes effect and is discarded; a permanent card is laid face up."""
OBJECTIVE_COMPLETED = EVENTS.declare("objective_completed")
"""ru «Карты цели»: an objective whose condition is met, laid face up for its points."""
DISCARD_CARD_TAKEN = EVENTS.declare("discard_card_taken")
"""ru Volcanic eruption: a card from the face-up discard pile."""
STRAIT_TOKEN_STOLEN = EVENTS.declare("strait_token_stolen")
"""ru Tribal war (strait): the displaced player's strait token of least value."""
CARD_STOLEN = EVENTS.declare("card_stolen")
"""ru Tribal war (cards): a card from the displaced player's hand."""
TILE_STOLEN = EVENTS.declare("tile_stolen")
"""ru Tribal war (tile): a tile from the top of the displaced player's stacks."""
TROPHY_TAKEN = EVENTS.declare("trophy_taken")
"""ru War trophies: each swap takes a pawn from the reserve, worth points at the end."""
