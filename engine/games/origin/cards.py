"""ru «Карты» and «Описания карт»: when each card may be played and what it does.

A card may be played only when its effect can apply (see RULINGS): the cards that change
this turn's action (Great shaman, Navigator, Control) before the action, the three Tribal
wars after this turn's swap, the others whenever they have something to give.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.contract import Move
from engine.games.origin import events as ev
from engine.games.origin.components import (
    ADJACENT,
    CARDS,
    DECKS,
    GREENS,
    REACH,
    STRAIT_ENDS,
    STRAIT_IDS,
    TERRITORY_IDS,
)
from engine.games.origin.context import Ctx
from engine.games.origin.movement import owned, speed, swap_targets
from engine.games.origin.objectives import met
from engine.games.origin.rewards import ANY_COLUMN, can_place, tile_choices
from engine.games.origin.state import State, Step


def playable(state: State, seat: str) -> list[str]:
    """Cards in hand the seat may play now (one of each colour per turn)."""
    turn = state.turn
    assert turn is not None
    player = state.player(seat)
    cards: list[str] = []
    if "action" not in turn.played:
        cards += [c for c in sorted(set(player.actions)) if _action_playable(state, seat, c)]
    if "permanent" not in turn.played:
        # ru: a permanent card needs an innovation tile of the level shown on it.
        cards += [
            c
            for c in sorted(set(player.permanents))
            if player.tiles[CARDS[c].level - 1] > 0 and c not in player.in_play
        ]
    return cards


def completable(state: State, seat: str) -> list[str]:
    """ru: one objective per turn, except in the last round; only when its condition is met."""
    turn = state.turn
    assert turn is not None
    if "objective" in turn.played and not state.last_round:
        return []
    return [c for c in sorted(set(state.player(seat).objectives)) if met(state, seat, c)]


def _great_shaman(state: State, seat: str) -> bool:
    board = state.board
    return (
        state.player(seat).villages > 0
        and sum(state.reserve) > 0
        and any(
            board[t] is None and any(board[n] is not None for n in ADJACENT[t])
            for t in range(len(board))
        )
    )


Playable = Callable[[State, str], bool]

_BEFORE_ACTION: dict[str, Playable] = {
    "great_shaman": _great_shaman,
    "navigator": lambda st, seat: any(_sea_opens(st, seat, t) for t in owned(st, seat)),
    "control": lambda st, seat: any(_control_opens(st, seat, t) for t in owned(st, seat)),
}
"""The cards that change this turn's action: played before it, once a turn each."""

_WHENEVER: dict[str, Playable] = {
    "hunter": lambda st, seat: bool(hunter_targets(st, seat)),
    "volcanic_eruption": lambda st, seat: bool(st.discard),
    "inventor": lambda st, seat: any(st.decks) or bool(tile_choices(st, seat, ANY_COLUMN)),
    "sailor": lambda st, seat: bool(sailor_targets(st, seat)),
}
"""The cards played whenever they have something to give."""

_TRIBAL_WARS: dict[str, Callable[[State, str, str], bool]] = {
    "tribal_war_straits": lambda st, seat, victim: bool(st.player(victim).straits),
    "tribal_war_cards": lambda st, seat, victim: st.player(victim).hand_size > 0,
    "tribal_war_tiles": lambda st, seat, victim: bool(steal_tile_levels(st, seat, victim)),
}
"""The cards played after this turn's swap, against the swapped player (the victim)."""


def _action_playable(state: State, seat: str, card: str) -> bool:
    turn = state.turn
    assert turn is not None
    if card in _BEFORE_ACTION:
        return not (turn.acted or card in turn.effects) and _BEFORE_ACTION[card](state, seat)
    if card in _WHENEVER:
        return _WHENEVER[card](state, seat)
    if turn.victim is None:
        return False
    if card not in _TRIBAL_WARS:
        raise ValueError(f"unknown action card {card!r}")
    return _TRIBAL_WARS[card](state, seat, turn.victim)


def _sea_opens(state: State, seat: str, t: int) -> bool:
    pawn = state.board[t]
    assert pawn is not None
    pace = speed(state, seat, pawn.height)
    return len(REACH[True][t][pace]) > len(REACH[False][t][pace])


def _control_opens(state: State, seat: str, t: int) -> bool:
    """Control matters if some other player's pawn in reach is too strong to swap now."""
    pawn = state.board[t]
    assert pawn is not None and state.turn is not None
    navigator = "navigator" in state.turn.effects
    pace = speed(state, seat, pawn.height)
    allowed = set(swap_targets(state, seat, t))
    for n in REACH[navigator][t][pace]:
        other = state.board[n]
        if other is not None and other.owner not in (None, seat) and n not in allowed:
            return True
    return False


def hunter_targets(state: State, seat: str) -> list[int]:
    """ru Hunter: «жетон охоты со смежной зелёной территории» (adjacent to one of your pawns)."""
    mine = set(owned(state, seat))
    return [
        g for g in GREENS if state.hunting[g] is not None and any(n in mine for n in ADJACENT[g])
    ]


def sailor_targets(state: State, seat: str) -> list[int]:
    """ru Sailor: a strait token while having a pawn on only one side."""
    board = state.board
    targets = []
    for s, (a, b) in enumerate(STRAIT_ENDS):
        if state.straits[s] is None:
            continue
        owners = {pawn.owner for pawn in (board[a], board[b]) if pawn is not None}
        if seat in owners:
            targets.append(s)
    return targets


def steal_tile_levels(state: State, seat: str, victim: str) -> list[int]:
    """ru Tribal war (tile): any tile of the victim that the thief may lay (the top of one of
    the victim's stacks)."""
    thief = state.player(seat)
    tops = state.player(victim).tops
    return [level for level in range(1, 6) if tops[level - 1] > 0 and can_place(thief, level)]


def play(ctx: Ctx, card: str) -> None:
    """ru: an action card takes effect at once and is discarded; a permanent card is laid
    face up and lasts to the end of the game."""
    seat = ctx.seat
    ctx.emit(ev.CARD_PLAYED, seat=seat, card=card)
    victim = ctx.st.turn.victim if ctx.st.turn else None
    if card == "hunter":
        ctx.push(Step("hunt"))
    elif card == "volcanic_eruption":
        ctx.push(Step("eruption"))
    elif card == "inventor":
        ctx.push(Step("invent"))
    elif card == "sailor":
        ctx.push(Step("sail"))
    elif card == "tribal_war_cards" and victim:
        ctx.push(Step("steal_card", victim))
    elif card == "tribal_war_tiles" and victim:
        ctx.push(Step("steal_tile", victim))
    elif card == "tribal_war_straits" and victim:
        tokens = ctx.st.player(victim).straits
        strait, value = min(tokens, key=lambda token: token[1])
        ctx.emit(ev.STRAIT_TOKEN_STOLEN, seat=seat, victim=victim, strait=strait, value=value)


# ---------------------------------------------------------------- the cards' own decisions


def hunt_options(state: State, seat: str) -> list[Move]:
    return [{"type": "hunt", "territory": TERRITORY_IDS[g]} for g in hunter_targets(state, seat)]


def eruption_options(state: State) -> list[Move]:
    # The eruption itself lies on top of the discard pile, played before its effect.
    return [{"type": "take_discard", "card": c} for c in sorted(set(state.discard[:-1]))]


def invent_options(state: State, seat: str) -> list[Move]:
    moves: list[Move] = [
        {"type": "invent", "deck": d} for d, cards in zip(DECKS, state.decks, strict=True) if cards
    ]
    moves += [
        {"type": "invent", "column": c, "level": level}
        for c, level in tile_choices(state, seat, ANY_COLUMN)
    ]
    return moves


def sail_options(state: State, seat: str) -> list[Move]:
    return [{"type": "sail", "strait": STRAIT_IDS[s]} for s in sailor_targets(state, seat)]


def steal_card_options(state: State, victim: str) -> list[Move]:
    player = state.player(victim)
    hand = sorted(set(player.actions + player.permanents + player.objectives))
    return [{"type": "steal_card", "card": c} for c in hand]


def steal_tile_options(state: State, seat: str, victim: str) -> list[Move]:
    return [
        {"type": "steal_tile", "level": level} for level in steal_tile_levels(state, seat, victim)
    ]
