"""A game assembled from the modules of its package (DESIGN.md §3, §10.3): the engine
contract's members are the functions of the game's own modules, held as they are, so no
game writes a class that only passes calls on.

A game package ends its ``__init__`` with what is its own, its name and its title::

    GAME = Packaged.from_package(__name__, name="mygame", title=p_("game", "My Game"))

and the rest is read from its modules by their conventional names (:data:`MEMBERS`).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.contract import Event, Move, State, replay
from engine.kit.drawing import Drawing, Measure
from engine.kit.events import Vocabulary
from engine.kit.panels import Panels

View = dict[str, Any]


@dataclass(frozen=True)
class Board:
    """How a game shows a seat's view: its picture laid out as shapes, its panels as data,
    its plain text (the text part of emails), and where a move sits in a long list of
    options (the nested groups a turn page shows it under, outermost first). All pure:
    the service draws, escapes and names the players."""

    panels: Callable[[View], Panels]
    text: Callable[[View], str | Sequence[str]]
    """The plain text of emails: one ``str``, or its lines (each a message or plain text)."""
    picture: Callable[[View, Measure], Drawing] | None = None
    option_path: Callable[[Move], tuple[str, ...]] | None = None
    seat_colours: Callable[[Sequence[str]], Mapping[str, str]] | None = None
    """Each seat's colour in words (a message), the seats given in seat order, as the
    picture draws it: what an invitation and a list of players say a player plays
    (issue 32 §1), never the seat's id."""
    play_order: Callable[[View], Sequence[str]] | None = None
    """The seats in the order they take their turns (the first player's first), as the
    view shows it: what an invitation, sent once the setup drew the first player, says of
    when the reader plays (issue 32 §1). Empty where the view does not know it yet."""
    beside_picture: Callable[[View], Sequence[str]] | None = None
    """What a seat's own picture told only that seat and the table's picture (the
    spectator's, which an email shows to every seat: issue 34 §2) does not, in sentences
    read from the seat's view: the email says them beside the shared picture. The seat
    itself ("you are ...") is said by the service; none for a game whose table picture
    lacks nothing else."""

    @classmethod
    def from_package(cls, package: str, **own: Any) -> Board:
        """The board ``package`` (``engine.games.<game>.board``) draws: its panels, text,
        picture and option paths read from the modules :data:`BOARD_MEMBERS` names, beside
        what is its own (``seat_colours``, ``play_order``)."""
        return cls(**read_members(package, BOARD_MEMBERS), **own)


def clockwise_from(view: View, first: object) -> list[str]:
    """The view's ``seats`` (in seat order, clockwise) from ``first`` round: the turn order
    of a game whose first player starts and play passes clockwise; empty while ``first``
    is not one of them."""
    seats = [str(s) for s in view.get("seats") or ()]
    if first not in seats:
        return []
    at = seats.index(str(first))
    return seats[at:] + seats[:at]


@dataclass(frozen=True, eq=False)
class Packaged:
    name: str
    title: str
    ruleset: str
    min_players: int
    max_players: int
    setup: Callable[..., list[Event]]
    """``setup(seats, options, rng)``; a game listing older :attr:`rulesets` also takes
    ``ruleset=`` (keyword), for the opening of a game recorded under one of them."""
    apply: Callable[[State | None, Event], State]
    to_act: Callable[[State], frozenset[str]]
    legal_moves: Callable[[State, str], list[Move]]
    decide: Callable[[State, str, Move, random.Random], list[Event]]
    view: Callable[[State, str | None], dict[str, Any]]
    describe: Callable[[State, Move], str]
    narrate: Callable[[State | None, Event, str | None], str]
    outcome: Callable[[State], dict[str, Any] | None]
    standing: Callable[[State], dict[str, Any]]
    bot_move: Callable[[State, str], Move]
    reveals: Callable[[State, str, list[Event]], bool]
    sample_world: Callable[[State, str, random.Random], State]
    estimate: Callable[[State], dict[str, Any]]
    """What the searching bot (:mod:`engine.kit.search`) scores a rollout it cut short by: the
    shape of ``standing``, each seat's score the final score expected from here, where points
    the rules award only at the end make the standing mislead mid-game."""
    events: Vocabulary
    board: Board
    data_page: Sequence[Any] = field(default=())
    """The player-facing data page: component values and their provenance (GAME-DATA.md)."""
    choices: Sequence[Any] = field(default=())
    """The game's options as the new-game form shows them (``engine.kit.choices``): each a
    field of a kind, with its label, help text and default; ``setup`` still checks them."""
    rulings: Sequence[Any] = field(default=())
    """Where a rulebook is silent or vague, what the engine does and why."""
    standing_orders: Sequence[Any] = field(default=())
    """The game's standing answers (issue 38 §1, ``engine.kit.plans.Answer``): its
    ``plans`` module's ``ORDERS``."""
    inventory: Callable[[State], Mapping[str, int]] | None = None
    """Every component of the game counted wherever it is (decks, hands, boards, discards,
    the box), by kind: the same after every decision as after setup, so nothing is lost or
    made (the contract suite checks it over random playouts). Each game's ``inventory``
    module."""

    rulesets: tuple[str, ...] = ()
    """The older rulesets this engine still plays, oldest first (DESIGN.md §3: ``ruleset``
    is stored with each game). New games get :attr:`ruleset`; a game recorded under an
    older one replays as it was played: the setup records the ruleset in the opening event,
    the fold keeps it in the state, and a rule changed since branches on it."""

    @classmethod
    def from_package(cls, package: str, *, name: str, title: str) -> Packaged:
        """The game ``package`` (``engine.games.<game>``) is: each member of the contract
        read from the module :data:`MEMBERS` names, beside ``name`` and ``title``."""

        return cls(name=name, title=title, **read_members(package, MEMBERS))

    def replay(self, events: list[Event]) -> State:
        return replay(self, events)

    def __repr__(self) -> str:
        return f"<game {self.name} {self.ruleset}>"


MEMBERS: Mapping[str, tuple[str, str]] = {
    "ruleset": ("state", "RULESET"),
    "rulesets": ("state", "RULESETS"),
    "min_players": ("setup", "MIN_PLAYERS"),
    "max_players": ("setup", "MAX_PLAYERS"),
    "setup": ("setup", "setup"),
    "apply": ("fold", "apply"),
    "to_act": ("rules", "to_act"),
    "legal_moves": ("rules", "legal_moves"),
    "decide": ("rules", "decide"),
    "view": ("view", "view"),
    "describe": ("moves", "describe"),
    "narrate": ("narration", "narrate"),
    "outcome": ("scoring", "outcome"),
    "standing": ("scoring", "standing"),
    "bot_move": ("bot", "bot_move"),
    "reveals": ("reveals", "reveals"),
    "sample_world": ("worlds", "sample_world"),
    "estimate": ("scoring", "estimate"),
    "events": ("events", "EVENTS"),
    "board": ("board", "BOARD"),
    "data_page": ("datapage", "DATA_PAGE"),
    "rulings": ("rulings", "RULINGS"),
    "inventory": ("inventory", "inventory"),
    "standing_orders": ("plans", "ORDERS"),
}
"""Where :meth:`Packaged.from_package` finds each member: the module of the game's package
and the name in it (docs/architecture.md, "Adding a game")."""

BOARD_MEMBERS: Mapping[str, tuple[str, str]] = {
    "panels": ("panels", "panels"),
    "text": ("text", "text"),
    "picture": ("picture", "picture"),
    "option_path": ("options", "option_path"),
}
"""Where :meth:`Board.from_package` finds each member in a game's ``board`` package."""


def read_members(package: str, members: Mapping[str, tuple[str, str]]) -> dict[str, Any]:
    """Each of ``members`` read from its module of ``package``, by the name it gives."""
    return {
        field: getattr(importlib.import_module(f"{package}.{module}"), attribute)
        for field, (module, attribute) in members.items()
    }
