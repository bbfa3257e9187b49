"""A small but complete two-player game for platform tests (issue 2 §3).

Tic-tac-toe where a coin toss decides who starts (a chance outcome written into the
opening events). With the option ``marks_per_turn: 2`` every turn after the very first is
two decisions (two marks), which exercises turns made of several moves.

Nothing is hidden, so no move reveals anything but the end of the game (the default of
``GameBase.reveals``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine import Event, GameBase, IllegalMove, Move
from engine.kit.choices import Choice
from engine.kit.words import Seat, markers

_, _n, _p = markers("tictactoe")

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)  # fmt: skip
CENTRE = 4
CELL_NAMES = ("top left", "top", "top right", "left", "centre", "right",
              "bottom left", "bottom", "bottom right")  # fmt: skip


@dataclass(frozen=True)
class State:
    seats: tuple[str, ...]
    marks_per_turn: int
    board: tuple[str | None, ...] = (None,) * 9
    current: str | None = None
    left_this_turn: int = 1
    winner: str | None = None
    over: bool = False


class TicTacToe(GameBase):
    name = "tictactoe"
    title = "Tic-tac-toe"
    min_players = 2
    max_players = 2
    ruleset = "tictactoe-1"
    choices = (
        Choice(
            "marks_per_turn",
            "Marks per turn",
            "After the very first turn, each turn places this many marks.",
            ((1, "One"), (2, "Two")),
            default=1,
        ),
    )

    def setup(self, seats: list[str], options: dict[str, Any], rng: random.Random) -> list[Event]:
        marks = int(options.get("marks_per_turn", 1))
        if marks not in (1, 2):
            raise IllegalMove("marks_per_turn must be 1 or 2.")
        return [
            {"type": "game_set_up", "seats": list(seats), "marks_per_turn": marks},
            {"type": "coin_tossed", "first": rng.choice(list(seats))},
        ]

    def apply(self, state: State | None, event: Event) -> State:
        kind = event["type"]
        if kind == "game_set_up":
            return State(seats=tuple(event["seats"]), marks_per_turn=event["marks_per_turn"])
        assert state is not None
        if kind == "coin_tossed":
            return _replace(state, current=event["first"], left_this_turn=1)
        if kind == "mark_placed":
            board = list(state.board)
            board[event["cell"]] = event["seat"]
            return _replace(state, board=tuple(board), left_this_turn=state.left_this_turn - 1)
        if kind == "turn_passed":
            return _replace(state, current=event["to"], left_this_turn=state.marks_per_turn)
        if kind == "game_won":
            return _replace(state, winner=event["seat"], over=True, current=None)
        if kind == "game_drawn":
            return _replace(state, over=True, current=None)
        return state

    def to_act(self, state: State) -> frozenset[str]:
        return frozenset() if state.over or state.current is None else frozenset({state.current})

    def legal_moves(self, state: State, seat: str) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "place", "cell": i} for i, c in enumerate(state.board) if c is None]

    def decide(self, state: State, seat: str, move: Move, rng: random.Random) -> list[Event]:
        if state.over:
            raise IllegalMove("The game is over.")
        if seat != state.current:
            raise IllegalMove("It is not your turn.")
        if move.get("type") != "place":
            raise IllegalMove("The only move is to place a mark.")
        cell = move.get("cell")
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < 9:
            raise IllegalMove("Choose one of the nine cells.")
        if state.board[cell] is not None:
            raise IllegalMove("That cell is already taken.")
        events: list[Event] = [{"type": "mark_placed", "seat": seat, "cell": cell}]
        board = list(state.board)
        board[cell] = seat
        if any(all(board[i] == seat for i in line) for line in LINES):
            events.append({"type": "game_won", "seat": seat})
        elif all(c is not None for c in board):
            events.append({"type": "game_drawn"})
        elif state.left_this_turn <= 1:
            other = next(s for s in state.seats if s != seat)
            events.append({"type": "turn_passed", "to": other})
        return events

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        symbols = {state.seats[0]: "X", state.seats[1]: "O"}
        return {
            "board": [symbols.get(c, "") if c else "" for c in state.board],
            "symbols": symbols,
            "current": state.current,
            "marks_left_this_turn": state.left_this_turn if state.current else 0,
            "winner": state.winner,
            "over": state.over,
            "you": seat,
        }

    def describe(self, state: State, move: Move) -> str:
        return f"Mark the {CELL_NAMES[move['cell']]} cell"

    def narrate(self, state: State | None, event: Event, seat: str | None) -> str:
        # A seat is a Seat in a message (issue 32 §1): the reader's renderer names its player.
        kind = event["type"]
        if kind == "game_set_up":
            return f"A game of tic-tac-toe began, {event['marks_per_turn']} mark(s) a turn"
        if kind == "coin_tossed":
            return _("The coin gave the first turn to {seat}", seat=Seat(event["first"]))
        if kind == "mark_placed":
            cell = CELL_NAMES[event["cell"]]
            return _("{seat} marked the {cell} cell", seat=Seat(event["seat"]), cell=cell)
        if kind == "game_won":
            return _("{seat} completed a line and won", seat=Seat(event["seat"]))
        if kind == "game_drawn":
            return "The board is full: a draw"
        return ""  # turn_passed: whose turn it is shows on the board

    def outcome(self, state: State) -> dict[str, Any] | None:
        return self.standing(state) if state.over else None

    def standing(self, state: State) -> dict[str, Any]:
        """Unfinished, nobody has won: every seat scores 0 and they share the place."""
        scores = {s: (1 if s == state.winner else 0) for s in state.seats}
        if state.winner:
            ranking = [[state.winner], [s for s in state.seats if s != state.winner]]
        else:
            ranking = [list(state.seats)]
        return {"scores": scores, "ranking": ranking, "tie_break": None, "winner": state.winner}

    def inventory(self, state: State) -> dict[str, int]:
        """The nine cells: each empty or marked, none made or lost."""
        marks = sum(1 for c in state.board if c is not None)
        return {"cells": marks + sum(1 for c in state.board if c is None)}

    def bot_move(self, state: State, seat: str) -> Move:
        """Win if a mark completes a line, else block the other's line, else take the centre,
        else the first free cell."""
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove(f"{seat} has nothing to decide now.")
        free = [m["cell"] for m in moves]
        other = next(s for s in state.seats if s != seat)
        for who in (seat, other):
            for cell in free:
                if _completes_line(state.board, cell, who):
                    return {"type": "place", "cell": cell}
        cell = CENTRE if CENTRE in free else free[0]
        return {"type": "place", "cell": cell}


def _completes_line(board: tuple[str | None, ...], cell: int, seat: str) -> bool:
    return any(cell in line and all(board[i] == seat for i in line if i != cell) for line in LINES)


def _replace(state: State, **changes: Any) -> State:
    from dataclasses import replace

    return replace(state, **changes)


GAME = TicTacToe()
