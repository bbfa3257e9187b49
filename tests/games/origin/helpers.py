"""Small builders for Origin states: set up with a fixed seed, then crafted events."""

from __future__ import annotations

import random
from typing import Any

from engine import Event, Move
from engine.games.origin import GAME
from engine.games.origin import events as ev
from engine.games.origin.components import DECKS, INDEX, REWARD_COLUMNS, kind_index
from engine.games.origin.state import Pawn, State, Turn, replace


def new_game(players: int = 2, seed: int = 1) -> State:
    """Set up, every player keeps the first objective dealt; the first turn has begun."""
    seats = [f"p{i + 1}" for i in range(players)]
    state = GAME.replay(GAME.setup(seats, {}, random.Random(seed)))
    for seat in seats:
        state, _ = act(state, seat, {"type": "keep_objective", "card": state.player(seat).dealt[0]})
    return state


def act(state: State, seat: str, move: Move, seed: int = 0) -> tuple[State, list[Event]]:
    events = GAME.decide(state, seat, move, random.Random(seed))
    for event in events:
        state = GAME.apply(state, event)
    return state, events


def acts(state: State, seat: str, *moves: Move) -> tuple[State, list[Event]]:
    """Several decisions in a row; returns the final state and every event."""
    every: list[Event] = []
    for move in moves:
        state, events = act(state, seat, move)
        every += events
    return state, every


def turn_of(state: State, seat: str) -> State:
    """A fresh turn for ``seat``, nothing pending."""
    return replace(state, turn=Turn(seat=seat), pending=(), limbo=(), phase="play")


def put(state: State, owner: str | None, territory: str, h: int, s: int, colour: str) -> State:
    """A pawn (with its village, if owned) taken from the reserve onto ``territory``."""
    kind = kind_index(h, s, colour)
    board = list(state.board)
    board[INDEX[territory]] = Pawn(kind, owner)
    reserve = list(state.reserve)
    reserve[kind] -= 1
    state = replace(state, board=tuple(board), reserve=tuple(reserve))
    if owner is not None:
        state = with_player(state, owner, villages=state.player(owner).villages - 1)
    return state


def clear(state: State, territory: str) -> State:
    """Take the pawn on ``territory`` back to the reserve (and its village to its owner)."""
    board = list(state.board)
    pawn = board[INDEX[territory]]
    board[INDEX[territory]] = None
    state = replace(state, board=tuple(board))
    if pawn is None:
        return state
    reserve = list(state.reserve)
    reserve[pawn.kind] += 1
    state = replace(state, reserve=tuple(reserve))
    if pawn.owner is not None:
        state = with_player(state, pawn.owner, villages=state.player(pawn.owner).villages + 1)
    return state


def with_player(state: State, seat: str, **changes: Any) -> State:
    players = list(state.players)
    i = state.seats.index(seat)
    players[i] = replace(players[i], **changes)
    return replace(state, players=tuple(players))


def with_columns(state: State, **columns: list[int]) -> State:
    cols = list(state.columns)
    for name, levels in columns.items():
        cols[REWARD_COLUMNS.index(name)] = tuple(sorted(levels))
    return replace(state, columns=tuple(cols))


def with_deck(state: State, deck: str, cards: list[str]) -> State:
    decks = list(state.decks)
    decks[DECKS.index(deck)] = tuple(cards)
    return replace(state, decks=tuple(decks))


def deck(state: State, name: str) -> tuple[str, ...]:
    return state.decks[DECKS.index(name)]


def with_stacks(state: State, seat: str, *stacks: int) -> State:
    """Give ``seat`` innovation stacks of the given heights (1..height each)."""
    tiles = [0] * 5
    tops = [0] * 5
    for height in stacks:
        for level in range(1, height + 1):
            tiles[level - 1] += 1
        tops[height - 1] += 1
    return with_player(state, seat, tiles=tuple(tiles), tops=tuple(tops))


def moves_of(state: State, seat: str, kind: str | None = None) -> list[Move]:
    moves = GAME.legal_moves(state, seat)
    return [m for m in moves if kind is None or m["type"] == kind]


def targets(state: State, seat: str, kind: str) -> set[str]:
    return {m["territory"] for m in moves_of(state, seat, kind)}


def types(events: list[Event]) -> list[str]:
    return [e["type"] for e in events if e["type"] != ev.AWAITING]
