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
from engine.games.origin import events as ev
from engine.games.origin.state import State

REVEALING: frozenset[str] = frozenset(
    {
        # Setup: hidden order fixed by a shuffle, objectives dealt into hands, tiles laid
        # face up at random (ru «Подготовка к игре»). Never the product of a decision.
        ev.DECKS_SHUFFLED,
        ev.INNOVATIONS_LAID_OUT,
        ev.OBJECTIVES_DEALT,
        # ru «Подготовка к игре»: «Снова перемешайте колоду карт целей» once all have kept one.
        ev.OBJECTIVES_SHUFFLED,
        # ru «Фаза награждения»: the top card of a face-down deck, or three to choose from;
        # also Inventor («Вытяните любую карту») and the objective drawn on completing one.
        ev.CARD_DRAWN,
        ev.CARDS_DRAWN,
        # ru «Когда тайл инноваций берётся с поля наград, на его место кладётся новый тайл из
        # резерва»: a face-down tile turned face up.
        ev.TILE_REVEALED,
        # ru Tribal war (cards): a card of the victim's hidden hand changes hands.
        ev.CARD_STOLEN,
        # ru «Конец игры»: the final count; a finished game is not taken back.
        ev.GAME_ENDED,
    }
)

CONCEALING: frozenset[str] = frozenset(
    {
        # Setup, in the open: the neutral pawn, face-up tokens, the first player.
        ev.GAME_SET_UP,
        ev.NEUTRAL_PAWN_PLACED,
        ev.HUNTING_TOKENS_PLACED,
        ev.STRAIT_TOKENS_PLACED,
        ev.FIRST_PLAYER_CHOSEN,
        # ru «Подготовка к игре»: the seat keeps one of the objectives it has already seen.
        ev.OBJECTIVE_KEPT,
        # Turn bookkeeping and the announcement of the end (the supplies are public).
        ev.TURN_STARTED,
        ev.TURN_ENDED,
        ev.TURN_PASSED,
        ev.AWAITING,
        ev.ACTION_CHOSEN,
        ev.END_TRIGGERED,
        # ru «Эволюция», «Миграция», «Обмен»: pawns on the open map, from the open reserve.
        ev.PAWN_PLACED,
        ev.PAWN_MIGRATED,
        ev.PAWNS_SWAPPED,
        # ru «Охотничьи угодья», «Проливы», Hunter, Sailor, Tribal war (strait): face-up tokens.
        ev.HUNTING_TOKEN_TAKEN,
        ev.STRAIT_TOKEN_TAKEN,
        ev.STRAIT_TOKEN_STOLEN,
        # ru «Фаза награждения»: choosing a reward; a face-up tile from the reward board.
        ev.REWARD_CHOSEN,
        ev.TILE_TAKEN,
        # ru Tribal war (tile): the tiles in front of a player lie face up.
        ev.TILE_STOLEN,
        # ru «Фаза награждения»: keep one of the cards drawn (already seen by the drawer), the
        # others go under the deck; ru «Очень важно!»: an objective put under the deck.
        ev.CARD_KEPT,
        ev.OBJECTIVE_RETURNED,
        # ru «Карты»: the player's own card laid face up or discarded; an objective completed.
        ev.CARD_PLAYED,
        ev.OBJECTIVE_COMPLETED,
        # ru Volcanic eruption: a card from the face-up discard pile.
        ev.DISCARD_CARD_TAKEN,
        # ru War trophies: a pawn from the open reserve.
        ev.TROPHY_TAKEN,
    }
)

PEEKING_CARDS: frozenset[str] = frozenset({"tribal_war_cards"})
"""ru Tribal war (cards): «посмотрите карты в руках у игрока, чью фишку вы вытеснили»: playing
it shows the thief the victim's whole hand."""


def reveals(state: State, seat: str, events: list[Event]) -> bool:
    """Whether ``events`` (``seat``'s decision from ``state``) show anything hidden: which
    events do depends on their type alone in Origin."""
    return any(_reveals(event) for event in events)


def _reveals(event: Event) -> bool:
    kind = event["type"]
    if kind == ev.CARD_PLAYED:
        return event["card"] in PEEKING_CARDS
    return kind in REVEALING or kind not in CONCEALING
