"""Small builders for Orichalk states: set up with a fixed seed, then crafted islands.

The islands in these tests are Kerne's easier side (board 1) unless said otherwise:

    A        A3  A4  A5  A6  A7
    B      B2  B3  B4  B5  B6  B7
    C    C2  C3  C4  C5  C6  C7  C8
    D  D1  D2  D3  D4  D5  D6  D7
    E    E2  E3  E4  E5  E6  E7
    F      F2  F3  F4  F5  F6
    G        G3  G4

Ports: A5 (1 hoplite + 1 orichalcum), D1 (2 hoplites), F6 (2 orichalcum). C4 touches B3, B4,
C3, C5, D3 and D4.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from engine import Event, Move
from engine.games.orichalk import GAME
from engine.games.orichalk.components import LETTER
from engine.games.orichalk.events import AWAITING
from engine.games.orichalk.geometry import layout
from engine.games.orichalk.state import Island, Offer, State, Turn, replace


def new_game(players: int = 2, seed: int = 1, side: str = "easy") -> State:
    """Set up; every player chooses ``side``; the first turn (the metropolis) has begun."""
    seats = [f"p{i + 1}" for i in range(players)]
    state = GAME.replay(GAME.setup(seats, {}, random.Random(seed)))
    for seat in seats:
        state, _ = act(state, seat, {"type": "choose_side", "side": side})
    return state


class Dice(random.Random):
    """An rng whose die rolls are given in advance (chance drawn otherwise as usual)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


def act(
    state: State, seat: str, move: Move, rng: random.Random | None = None
) -> tuple[State, list[Event]]:
    events = GAME.decide(state, seat, move, rng or random.Random(0))
    for event in events:
        state = GAME.apply(state, event)
    return state, events


def acts(state: State, seat: str, *moves: Move) -> tuple[State, list[Event]]:
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


def fresh_island(board: str = "1", side: str = "easy", metropolis: str | None = "D1") -> Island:
    lay = layout(board, side)
    n = lay.size
    island = Island(
        board=board,
        side=side,
        terrain=("",) * n,
        tile=(0,) * n,
        creature=("",) * n,
        guards=(0,) * n,
        building=("",) * n,
        temple=(0,) * n,
    )
    if metropolis is not None:
        i = lay.index[metropolis]
        island = replace(island, metropolis=i, occupied=1 << i, ports_taken=(i,))
    return island


def land(
    island: Island,
    terrains: dict[str, str],
    creatures: dict[str, str] | None = None,
    buildings: dict[str, str] | None = None,
    guards: dict[str, int] | None = None,
) -> Island:
    """Land on the given spaces (terrain names or their letters F L D M V), with creatures,
    buildings and hoplites left on creatures."""
    lay = layout(island.board, island.side)
    terrain, tile, creature = list(island.terrain), list(island.tile), list(island.creature)
    building, guard = list(island.building), list(island.guards)
    occupied = island.occupied
    for label, t in terrains.items():
        i = lay.index[label]
        terrain[i] = LETTER.get(t, t)
        tile[i] = 1
        occupied |= 1 << i
    for label, c in (creatures or {}).items():
        creature[lay.index[label]] = c
    for label, b in (buildings or {}).items():
        building[lay.index[label]] = b
    for label, g in (guards or {}).items():
        guard[lay.index[label]] = g
    return replace(
        island,
        terrain=tuple(terrain),
        tile=tuple(tile),
        creature=tuple(creature),
        building=tuple(building),
        guards=tuple(guard),
        occupied=occupied,
    )


def with_island(state: State, seat: str, island: Island) -> State:
    return with_player(state, seat, island=island)


def at_step(state: State, seat: str, step: str, **fields: Any) -> State:
    """``seat``'s turn at ``step`` (first turn over: its metropolis is wherever the island
    says)."""
    order = state.order if seat in state.order else state.seats
    return replace(state, turn=Turn(seat=seat, step=step, **fields), order=tuple(order))


def with_offers(state: State, *offers: tuple[str, int, Iterable[str]]) -> State:
    return replace(state, offers=tuple(Offer(c, t, tuple(cr)) for c, t, cr in offers))


def moves_of(state: State, seat: str, kind: str | None = None) -> list[Move]:
    return [m for m in GAME.legal_moves(state, seat) if kind is None or m["type"] == kind]


def types(events: list[Event]) -> list[str]:
    return [e["type"] for e in events if e["type"] != AWAITING]


def event(events: list[Event], kind: str) -> Event:
    return next(e for e in events if e["type"] == kind)


def cell(state: State, seat: str, label: str) -> int:
    island = state.player(seat).island
    return layout(island.board, island.side).index[label]
