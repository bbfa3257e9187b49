"""Small builders for Origins: First Builders states: set up with a fixed seed, then crafted
with the same frozen data the fold builds."""

from __future__ import annotations

import random
from typing import Any

from engine import Event, Move
from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.components import COLOUR_INDEX, TEMPLES
from engine.games.origins_first_builders.state import (
    HOME,
    PLAY,
    Citizen,
    Die,
    Player,
    State,
    Step,
    Tile,
    Turn,
    replace,
)


def setup(players: int = 2, seed: int = 1) -> State:
    """The state right after setup: the draft (or solo choice) is the first decision."""
    seats = [f"p{i + 1}" for i in range(players)]
    return GAME.replay(GAME.setup(seats, {}, random.Random(seed)))


def new_game(players: int = 2, seed: int = 1) -> State:
    """Set up and draft the starting dice (each player takes the first die offered)."""
    state = setup(players, seed)
    while state.phase != PLAY:
        seat = next(iter(GAME.to_act(state)))
        state, _ = act(state, seat, GAME.legal_moves(state, seat)[0])
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


def with_player(state: State, seat: str, **changes: Any) -> State:
    players = list(state.players)
    i = state.seats.index(seat)
    players[i] = replace(players[i], **changes)
    return replace(state, players=tuple(players))


def player(state: State, seat: str) -> Player:
    return state.player(seat)


def at(state: State, seat: str, *steps: Step, token_used: bool = False) -> State:
    """``seat``'s turn, with ``steps`` waiting (by default its main action)."""
    pending = steps or (Step("main"),)
    return replace(
        state,
        phase=PLAY,
        turn=Turn(seat=seat, token_used=token_used),
        pending=tuple(pending),
    )


def citizens(*dice: tuple[str, int] | tuple[str, int, int]) -> tuple[Citizen, ...]:
    """Citizens beside the board (``(colour, value)``) or in a zone (``(colour, value, z)``)."""
    return tuple(Citizen(d[0], d[1], d[2] if len(d) > 2 else HOME) for d in dice)


def city(*tiles: tuple[int, int, str] | tuple[int, int, str, bool]) -> tuple[Tile, ...]:
    """The Agora at (0, -1) and the Palace at (0, 0), then ``(x, y, kind[, farm])``."""
    start = (Tile(0, -1, "agora"), Tile(0, 0, "palace"))
    return start + tuple(Tile(t[0], t[1], t[2], bool(t[3]) if len(t) > 3 else False) for t in tiles)


def war(state: State, *discs: tuple[str, int]) -> State:
    """The war track as ``(disc, space)``, lowest of a stack first."""
    return replace(state, war=tuple(discs))


def temple(state: State, name: str, *discs: tuple[str, int]) -> State:
    t = TEMPLES.index(name)
    temples = list(state.temples)
    temples[t] = tuple(discs)
    return replace(state, temples=tuple(temples))


def zodiac(state: State, seat: str, card: str, name: str = "forest") -> State:
    """``seat`` holds ``card``, laid on the ``name`` temple."""
    t = TEMPLES.index(name)
    cards = list(state.zodiac)
    owners = list(state.zodiac_owner)
    cards[t] = card
    owners[t] = seat
    return replace(state, zodiac=tuple(cards), zodiac_owner=tuple(owners))


def citizen_row(state: State, *dice: tuple[str, int]) -> State:
    return replace(state, citizen_row=tuple(Die(c, v) for c, v in dice))


def supply(state: State, **counts: int) -> State:
    values = list(state.dice_supply)
    for colour, n in counts.items():
        values[COLOUR_INDEX[colour]] = n
    return replace(state, dice_supply=tuple(values))


def moves_of(state: State, seat: str, kind: str | None = None) -> list[Move]:
    return [m for m in GAME.legal_moves(state, seat) if kind is None or m["type"] == kind]


def types(events: list[Event]) -> list[str]:
    return [e["type"] for e in events if e["type"] != E.AWAITING]


def step(state: State) -> str | None:
    return state.pending[0].kind if state.pending else None
