"""A world a seat cannot tell from the real one (issue 37 §1), for the searching bot.

Hidden from a seat (:mod:`.view`; ru «Подготовка к игре»: the decks and the innovation
reserve lie face down): the other players' hands and the objectives dealt to them while
they choose, the cards another player draws to keep one, the order of the three decks and
of the face-down innovation tiles. Seen by it: everything on the map and the reward board,
its own hand and the cards it is choosing among, and (ru «Межплеменная война», Tribal war)
the victim's hand while it steals a card from it.

Each card is dealt again into a place of its own kind (action, permanent, objective), each
place keeping its size; the reserve's tiles, whose levels the seat can count from what is
face up, are only put in another order.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.games.origin.components import CARDS, DECKS
from engine.games.origin.state import SETUP, Player, State
from engine.kit.frozen import replace

_HANDS = ("actions", "permanents", "objectives")


def sample_world(state: State, seat: str, rng: random.Random) -> State:
    hidden = _hidden_players(state, seat)
    limbo_hidden = not _keeps(state, seat)
    # The unseen cards of each kind, sorted: what the seat cannot see never orders them.
    pool: dict[str, list[str]] = {deck: [] for deck in DECKS}
    for deck, cards in zip(DECKS, state.decks, strict=True):
        pool[deck] += cards
    for player in state.players:
        if player.seat in hidden:
            for card in (*player.actions, *player.permanents, *player.objectives, *player.dealt):
                pool[CARDS[card].deck].append(card)
    if limbo_hidden:
        for card in state.limbo:
            pool[CARDS[card].deck].append(card)
    for deck in DECKS:
        pool[deck].sort()
        rng.shuffle(pool[deck])

    def deal(cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(pool[CARDS[card].deck].pop() for card in cards)

    players = tuple(_dealt_again(p, deal) if p.seat in hidden else p for p in state.players)
    limbo = deal(state.limbo) if limbo_hidden else state.limbo
    decks = tuple(deal(cards) for cards in state.decks)
    reserve = sorted(state.tile_reserve)
    rng.shuffle(reserve)
    return replace(state, players=players, limbo=limbo, decks=decks, tile_reserve=tuple(reserve))


def _dealt_again(player: Player, deal: Callable[[tuple[str, ...]], tuple[str, ...]]) -> Player:
    # Hands are kept sorted (fold._hand_add); the dealt objectives keep their places.
    hands = {field: tuple(sorted(deal(getattr(player, field)))) for field in _HANDS}
    return replace(player, dealt=deal(player.dealt), **hands)


def _hidden_players(state: State, seat: str) -> frozenset[str]:
    """The other players whose hands ``seat`` cannot see now."""
    seen = {seat}
    if _steals(state, seat):
        seen.add(state.pending[0].arg)
    return frozenset(s for s in state.seats if s not in seen)


def _steals(state: State, seat: str) -> bool:
    """ru «Межплеменная война»: the thief looks at the victim's hand to take one card."""
    return _deciding(state, seat) and state.pending[0].kind == "steal_card"


def _keeps(state: State, seat: str) -> bool:
    """ru: the three cards drawn to keep one are seen by the one who drew them."""
    return _deciding(state, seat) and state.pending[0].kind == "keep"


def _deciding(state: State, seat: str) -> bool:
    return (
        state.phase != SETUP
        and state.turn is not None
        and state.turn.seat == seat
        and bool(state.pending)
    )
