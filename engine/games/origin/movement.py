"""Where pawns may go: ru «Эволюция», «Миграция», «Обмен»."""

from __future__ import annotations

from engine.games.origin.components import (
    ADJACENT,
    ANY_MASK,
    KINDS,
    NORMAL_MASK,
    REACH,
    SHAMAN_MASK,
)
from engine.games.origin.state import State


def owned(state: State, seat: str) -> list[int]:
    return [i for i, p in enumerate(state.board) if p is not None and p.owner == seat]


def speed(state: State, seat: str, height: int) -> int:
    """A pawn's speed is its height; ru: Cart «+1 шаг», Carriage «+2 шага»."""
    in_play = state.player(seat).in_play
    return height + ("cart" in in_play) + 2 * ("carriage" in in_play)


def _reserve_mask(state: State) -> int:
    mask = 0
    for kind, count in enumerate(state.reserve):
        if count:
            mask |= 1 << kind
    return mask


def evolution_targets(state: State, seat: str, first_only: bool = False) -> dict[int, int]:
    """Empty territories a new pawn may go to, each with the bitmask of pawn kinds allowed.

    ru: the territory must neighbour an occupied one (straits count); the new pawn must be
    compatible with at least one neighbour; Shaman relaxes, Great shaman waives the match.
    """
    if state.player(seat).villages <= 0:
        return {}
    reserve = _reserve_mask(state)
    if not reserve:
        return {}
    assert state.turn is not None
    if "great_shaman" in state.turn.effects:
        table = None
    elif "shaman" in state.player(seat).in_play:
        table = SHAMAN_MASK
    else:
        table = NORMAL_MASK
    board = state.board
    targets: dict[int, int] = {}
    for t, here in enumerate(board):
        if here is not None:
            continue
        mask = 0
        for n in ADJACENT[t]:
            pawn = board[n]
            if pawn is not None:
                mask |= ANY_MASK if table is None else table[pawn.kind]
        mask &= reserve
        if mask:
            targets[t] = mask
            if first_only:
                break
    return targets


def kinds_in(mask: int) -> list[int]:
    return [k for k in range(len(KINDS)) if mask >> k & 1]


def reach(state: State, seat: str, origin: int) -> tuple[int, ...]:
    """Territories the pawn on ``origin`` can end on; ru: it may pass through occupied
    territories and use fewer steps; only Navigator lets it cross straits."""
    pawn = state.board[origin]
    if pawn is None or pawn.owner != seat or state.turn is None:
        return ()  # between the events of one decision
    navigator = "navigator" in state.turn.effects
    return REACH[navigator][origin][speed(state, seat, pawn.height)]


def migration_targets(state: State, seat: str, origin: int) -> list[int]:
    board = state.board
    return [t for t in reach(state, seat, origin) if board[t] is None]


def swap_targets(state: State, seat: str, origin: int) -> list[int]:
    """ru «Обмен»: a weaker pawn of another player; Power allows equal strength, Control any
    strength; never the neutral pawn."""
    board = state.board
    mover = board[origin]
    if mover is None or mover.owner != seat or state.turn is None:
        return []  # between the events of one decision
    if "control" in state.turn.effects:
        limit = 99
    elif "power" in state.player(seat).in_play:
        limit = mover.strength
    else:
        limit = mover.strength - 1
    targets = []
    for t in reach(state, seat, origin):
        pawn = board[t]
        if pawn is not None and pawn.owner not in (None, seat) and pawn.strength <= limit:
            targets.append(t)
    return targets


def movers(state: State, seat: str, swap: bool, first_only: bool = False) -> list[int]:
    find = swap_targets if swap else migration_targets
    found = []
    for t in owned(state, seat):
        if find(state, seat, t):
            found.append(t)
            if first_only:
                break
    return found
