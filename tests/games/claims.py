"""A tiny game of simultaneous decisions, for the tests of links (issue 14 §4).

Every seat decides at once: claim one of the free cells, or abstain. A claim takes the
cell from everyone still deciding (it changes their options); abstaining changes nobody's.
A seat may also hum a tune first: it goes on deciding, with the very same options (a move
that changes nothing one can choose, as a decision that only notes something would). The
game ends once every seat has decided; a seat scores the number of the cell it claimed.

Unlike tic-tac-toe it is not registered for the whole suite (it has no golden game, no
contract run): a test that asks for the ``claims`` fixture (``tests/fixtures.py``) has it for
its own duration.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from engine import Event, GameBase, Move
from engine.contract import listed_move


@dataclass(frozen=True)
class State:
    seats: tuple[str, ...]
    cells: int
    claims: tuple[tuple[str, int | None], ...] = ()
    """(seat, cell claimed or None for abstaining), in the order they decided."""
    hums: int = 0

    @property
    def decided(self) -> frozenset[str]:
        return frozenset(seat for seat, _ in self.claims)

    @property
    def free(self) -> list[int]:
        taken = {cell for _, cell in self.claims}
        return [c for c in range(self.cells) if c not in taken]


class Claims(GameBase):
    name = "claims"
    title = "Claims"
    min_players = 2
    max_players = 4
    ruleset = "claims-1"

    def setup(self, seats: list[str], options: dict[str, Any], rng: random.Random) -> list[Event]:
        return [{"type": "claims_opened", "seats": list(seats), "cells": len(seats) + 1}]

    def apply(self, state: State | None, event: Event) -> State:
        if event["type"] == "claims_opened":
            return State(seats=tuple(event["seats"]), cells=event["cells"])
        assert state is not None
        if event["type"] == "cell_claimed":
            return replace(state, claims=(*state.claims, (event["seat"], event["cell"])))
        if event["type"] == "abstained":
            return replace(state, claims=(*state.claims, (event["seat"], None)))
        if event["type"] == "hummed":
            return replace(state, hums=state.hums + 1)
        return state

    def to_act(self, state: State) -> frozenset[str]:
        return frozenset(state.seats) - state.decided

    def legal_moves(self, state: State, seat: str) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        claims: list[Move] = [{"type": "claim", "cell": c} for c in state.free]
        return [*claims, {"type": "abstain"}, {"type": "hum"}]

    def decide(self, state: State, seat: str, move: Move, rng: random.Random) -> list[Event]:
        chosen = listed_move(
            move,
            seat,
            over=not self.to_act(state),
            seats=state.seats,
            acting=self.to_act(state),
            waiting="You have decided already.",
            legal=lambda: self.legal_moves(state, seat),
            prompt=lambda: "Claim a free cell or abstain",
        )
        if chosen["type"] == "abstain":
            return [{"type": "abstained", "seat": seat}]
        if chosen["type"] == "hum":
            return [{"type": "hummed", "seat": seat}]
        return [{"type": "cell_claimed", "seat": seat, "cell": chosen["cell"]}]

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        claims = [list(c) for c in state.claims]
        return {"free": state.free, "claims": claims, "hums": state.hums, "you": seat}

    def describe(self, state: State, move: Move) -> str:
        labels = {"abstain": "Abstain", "hum": "Hum a tune"}
        return labels.get(move["type"]) or f"Claim cell {move['cell']}"

    def outcome(self, state: State) -> dict[str, Any] | None:
        return None if self.to_act(state) else self.standing(state)

    def standing(self, state: State) -> dict[str, Any]:
        scores = {seat: cell or 0 for seat, cell in state.claims}
        scores.update({seat: 0 for seat in state.seats if seat not in scores})
        ranking = [[s] for s in sorted(state.seats, key=lambda s: -scores[s])]
        return {"scores": scores, "ranking": ranking, "tie_break": None}


GAME = Claims()
