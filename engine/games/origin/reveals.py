"""Which of Origin's events show information that was hidden (the takeback rule of the
engine contract): every event type is classified here, and an unknown type counts as
revealing, so that a new event can never make a peek undoable by mistake.

Hidden in Origin (ru «Подготовка к игре»): the three decks and the innovation reserve lie
face down; each player's hand is their own. Everything else lies face up: the map and its
pawns, villages, hunting and strait tokens, the face-up tiles of the reward board, the pawn
reserve («так чтобы фишки были видны всем»), the tiles in front of each player («Тайлы
кладутся перед игроком лицевой стороной вверх»), permanent cards in play, completed
objectives and the action discard pile.
"""

from __future__ import annotations

from engine.contract import Event

REVEALING: frozenset[str] = frozenset(
    {
        # Setup: hidden order fixed by a shuffle, objectives dealt into hands, tiles laid
        # face up at random (ru «Подготовка к игре»). Never the product of a decision.
        "decks_shuffled",
        "innovations_laid_out",
        "objectives_dealt",
        # ru «Подготовка к игре»: «Снова перемешайте колоду карт целей» once all have kept one.
        "objectives_shuffled",
        # ru «Фаза награждения»: the top card of a face-down deck, or three to choose from;
        # also Inventor («Вытяните любую карту») and the objective drawn on completing one.
        "card_drawn",
        "cards_drawn",
        # ru «Когда тайл инноваций берётся с поля наград, на его место кладётся новый тайл из
        # резерва»: a face-down tile turned face up.
        "tile_revealed",
        # ru Tribal war (cards): a card of the victim's hidden hand changes hands.
        "card_stolen",
        # ru «Конец игры»: the final count; a finished game is not taken back.
        "game_ended",
    }
)

CONCEALING: frozenset[str] = frozenset(
    {
        # Setup, in the open: the neutral pawn, face-up tokens, the first player.
        "game_set_up",
        "neutral_pawn_placed",
        "hunting_tokens_placed",
        "strait_tokens_placed",
        "first_player_chosen",
        # ru «Подготовка к игре»: the seat keeps one of the objectives it has already seen.
        "objective_kept",
        # Turn bookkeeping and the announcement of the end (the supplies are public).
        "turn_started",
        "turn_ended",
        "turn_passed",
        "awaiting",
        "action_chosen",
        "end_triggered",
        # ru «Эволюция», «Миграция», «Обмен»: pawns on the open map, from the open reserve.
        "pawn_placed",
        "pawn_migrated",
        "pawns_swapped",
        # ru «Охотничьи угодья», «Проливы», Hunter, Sailor, Tribal war (strait): face-up tokens.
        "hunting_token_taken",
        "strait_token_taken",
        "strait_token_stolen",
        # ru «Фаза награждения»: choosing a reward; a face-up tile from the reward board.
        "reward_chosen",
        "tile_taken",
        # ru Tribal war (tile): the tiles in front of a player lie face up.
        "tile_stolen",
        # ru «Фаза награждения»: keep one of the cards drawn (already seen by the drawer), the
        # others go under the deck; ru «Очень важно!»: an objective put under the deck.
        "card_kept",
        "objective_returned",
        # ru «Карты»: the player's own card laid face up or discarded; an objective completed.
        "card_played",
        "objective_completed",
        # ru Volcanic eruption: a card from the face-up discard pile.
        "discard_card_taken",
        # ru War trophies: a pawn from the open reserve.
        "trophy_taken",
    }
)

PEEKING_CARDS: frozenset[str] = frozenset({"tribal_war_cards"})
"""ru Tribal war (cards): «посмотрите карты в руках у игрока, чью фишку вы вытеснили»: playing
it shows the thief the victim's whole hand."""


def reveals(events: list[Event]) -> bool:
    return any(_reveals(event) for event in events)


def _reveals(event: Event) -> bool:
    kind = event["type"]
    if kind == "card_played":
        return event["card"] in PEEKING_CARDS
    return kind in REVEALING or kind not in CONCEALING
