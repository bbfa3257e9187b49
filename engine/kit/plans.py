"""Plans ahead (issue 38 §1): the standing orders a seat may leave, and what one does at a
decision. Pure, like the rest of the engine: the service keeps the plans, and asks here,
after each change of the game, whether a plan plays its seat's decision.

Three kinds of order, each a JSON object the service stores as it is:

- ``{"kind": "single"}``: when I have a single legal option, play it (every game);
- ``{"kind": "answer", "key": K}``: when asked the decision the game's :class:`Answer` ``K``
  names, answer it so (each game's own vocabulary, its ``plans`` module);
- ``{"kind": "first", "moves": [...]}``: at my next decision, take the first of these moves
  that is legal there (the list chosen from options the seat saw; at most
  :data:`MOST_OPTIONS`); if none is, the plan is dropped, for it foresaw nothing else.

The first two stand until cancelled or dropped; the third acts once. A plan only ever plays
a move among ``legal_moves`` at that moment, chosen from nothing but the seat's own legal
moves (no view of another seat's hidden cards).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.contract import Game, Move, State

SINGLE = "single"
ANSWER = "answer"
FIRST = "first"
KINDS = (SINGLE, ANSWER, FIRST)
STANDING = frozenset({SINGLE, ANSWER})
"""The kinds that stand after they played a move; :data:`FIRST` acts once."""

MOST_OPTIONS = 8
"""Options a :data:`FIRST` plan may list (issue 38 §2: a cap, refused beyond)."""

NONE_LEGAL = "none_legal"
"""Why a :data:`FIRST` plan is dropped at its decision: none of its moves was legal."""


@dataclass(frozen=True)
class Answer:
    """ "When asked X, answer Y": a game's standing answer to one of its decisions."""

    key: str
    """Its name in plans and replies: lower-case words joined by ``_``."""
    label: str
    """What the turn and seat pages show (a message of the game's domain)."""
    asked: frozenset[str]
    """The decision it answers: one whose legal moves offer every one of these move types."""
    answer: Mapping[str, Any]
    """The move it plays: the first legal move holding every one of these items."""


@dataclass(frozen=True)
class Dropped:
    """A plan that can no longer hold, and why (:data:`NONE_LEGAL`)."""

    reason: str


def key(move: Move) -> str:
    """A move's canonical JSON: how a plan's moves are compared with the legal ones."""
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def answers(game: Game) -> dict[str, Answer]:
    """The game's vocabulary of standing answers, by key."""
    return {a.key: a for a in getattr(game, "standing_orders", ())}


def problem(game: Game, order: Any) -> str | None:
    """Why ``order`` is no plan of ``game``'s (a sentence for the log and the tests, the
    service says its own), or None when it is one."""
    if not isinstance(order, dict) or order.get("kind") not in KINDS:
        return "not a plan"
    kind = order["kind"]
    allowed = {SINGLE: {"kind"}, ANSWER: {"kind", "key"}, FIRST: {"kind", "moves"}}[kind]
    if set(order) != allowed:
        return "unexpected fields"
    if kind == ANSWER and order["key"] not in answers(game):
        return "no such answer"
    if kind == FIRST:
        moves = order["moves"]
        if not isinstance(moves, list) or not moves:
            return "no moves"
        if len(moves) > MOST_OPTIONS:
            return "too many moves"
        if not all(isinstance(m, dict) and isinstance(m.get("type"), str) for m in moves):
            return "not moves"
        if len({key(m) for m in moves}) != len(moves):
            return "a move twice"
    return None


def act(game: Game, state: State, seat: str, order: Mapping[str, Any]) -> Move | Dropped | None:
    """What ``order`` does at ``seat``'s decision in ``state``: the legal move it plays,
    :class:`Dropped` when it can no longer hold, or None when this is not its decision (it
    keeps waiting). Only ``seat``'s own legal moves are read."""
    moves = game.legal_moves(state, seat)
    if not moves:
        return None
    kind = order.get("kind")
    if kind == SINGLE:
        return moves[0] if len(moves) == 1 else None
    if kind == ANSWER:
        known = answers(game).get(str(order.get("key")))
        if known is None or not known.asked <= {m["type"] for m in moves}:
            return None
        wanted = known.answer.items()
        return next((m for m in moves if wanted <= m.items()), None)
    if kind == FIRST:
        legal = {key(m): m for m in moves}
        for move in order.get("moves") or ():
            if key(move) in legal:
                return legal[key(move)]
        return Dropped(NONE_LEGAL)
    return None


def standing(order: Mapping[str, Any]) -> bool:
    """An order that stays after it played a move."""
    return order.get("kind") in STANDING


def options(game: Game, state: State, seat: str) -> Sequence[Move]:
    """The moves a :data:`FIRST` plan may list when set now: the seat's current options."""
    return game.legal_moves(state, seat)
