"""Orichalk (Orichalcum; Bruno Cathala, Johannes Goupy), 2-4 players: ruleset ``orichalk-1``.

Rules: ``rules/orichalk.uk.txt``. Component data and its provenance: :mod:`.components`; the
player-facing data page and the rulings where the rulebook is silent: :mod:`.datapage`,
:mod:`.rulings`.
"""

from __future__ import annotations

import random
from typing import Any

from engine.contract import Event, GameBase, IllegalMove, Move
from engine.games.orichalk import bot, fold, moves, narration, reveals, rules, scoring, setup, view
from engine.games.orichalk.datapage import DATA_PAGE
from engine.games.orichalk.rulings import RULINGS
from engine.games.orichalk.state import State


class Orichalk(GameBase):
    name = "orichalk"
    title = "Orichalk"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    ruleset = "orichalk-1"

    def setup(self, seats: list[str], options: dict[str, Any], rng: random.Random) -> list[Event]:
        if options:
            raise IllegalMove("Orichalk has no options: each player chooses their island's side.")
        return setup.setup(list(seats), rng)

    def apply(self, state: State | None, event: Event) -> State:
        return fold.apply(state, event)

    def to_act(self, state: State) -> frozenset[str]:
        return rules.to_act(state)

    def legal_moves(self, state: State, seat: str) -> list[Move]:
        return rules.legal_moves(state, seat)

    def decide(self, state: State, seat: str, move: Move, rng: random.Random) -> list[Event]:
        return rules.decide(state, seat, move, rng)

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        return view.view(state, seat)

    def describe(self, state: State, move: Move) -> str:
        return moves.describe(state, move)

    def narrate(self, state: State | None, event: Event, seat: str | None) -> str:
        return narration.narrate(state, event, seat)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return scoring.outcome(state)

    def bot_move(self, state: State, seat: str) -> Move:
        return bot.bot_move(state, seat)

    def reveals(self, state: State, seat: str, events: list[Event]) -> bool:
        return reveals.reveals(events)

    def standing(self, state: State) -> dict[str, Any]:
        return scoring.standing(state)


GAME = Orichalk()

__all__ = ["DATA_PAGE", "GAME", "RULINGS", "Orichalk"]
