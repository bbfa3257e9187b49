"""The engine contract (DESIGN.md §3): what every game offers the service.

A game is a plain object with the members of :class:`Game`. The service and the tools
rely on nothing else, so a game package is free to organise its rules as it likes,
provided it keeps the shape of DESIGN.md §10.3.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

Event = dict[str, Any]
"""A past-tense fact, JSON-serialisable, with a ``"type"`` key (``"pawn_migrated"``)."""

Move = dict[str, Any]
"""An imperative choice, JSON-serialisable, with a ``"type"`` key (``"migrate"``)."""

State = Any
"""Frozen, cheap to fold, JSON-serialisable through :mod:`engine.codec`."""


class IllegalMove(Exception):
    """A move the rules forbid; ``str(exc)`` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@runtime_checkable
class Game(Protocol):
    # Read-only: a game is a frozen record (engine.kit.game.Packaged) or a class.
    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def standing_orders(self) -> Sequence[Any]:
        """The game's standing answers a player may plan ahead (issue 38 §1): each an
        ``engine.kit.plans.Answer``, "when asked this, answer that". Every game also offers
        the kit's own orders (a single legal option, the first legal of a list)."""
        ...

    def setup(self, seats: list[str], options: dict[str, Any], rng: random.Random) -> list[Event]:
        """The opening events, every chance outcome written into them."""
        ...

    def apply(self, state: State | None, event: Event) -> State:
        """The fold. Total: never validates, never draws."""
        ...

    def to_act(self, state: State) -> frozenset[str]:
        """The seats that must decide now; empty once the game is over."""
        ...

    def legal_moves(self, state: State, seat: str) -> list[Move]:
        """Every complete choice for the seat's current decision."""
        ...

    def decide(self, state: State, seat: str, move: Move, rng: random.Random) -> list[Event]:
        """Validate ``move`` and return its events; raise :class:`IllegalMove` otherwise."""
        ...

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may see; ``None`` is a spectator."""
        ...

    def describe(self, state: State, move: Move) -> str:
        """A short human label for a move, used as link text."""
        ...

    def outcome(self, state: State) -> dict[str, Any] | None:
        """Final scores, ranking and tie-break once the game is over, else ``None``."""
        ...

    def narrate(self, state: State | None, event: Event, seat: str | None) -> str:
        """What ``event`` did, in one sentence ``seat`` may read (``None``: a spectator),
        given ``state``, the state before it ("Bob sent the red 4 to zone 2, paying 1
        wisdom"). Like :meth:`view`, it never tells a seat what it may not see: a card drawn
        into another hand is "Bob drew an objective card". An event that only keeps the
        engine's books and changes nothing a player sees (whose decision comes next, say)
        narrates as ``""``. Seats are named as ``setup`` received them ("p2 drew …"): the
        service puts each player's name in their place. The history and the turn emails
        ("since your last turn") read the log through it."""
        ...

    def bot_move(self, state: State, seat: str) -> Move:
        """The move a bot plays for ``seat`` at its current decision (a seat the other players
        voted to hand to a bot). One of ``legal_moves(state, seat)``, chosen by a simple
        deterministic heuristic: the same state and seat give the same move (no randomness, no
        clock). It uses only what ``view(state, seat)`` shows, and never ends the game early
        for no reason (never passes or ends a turn while a useful action is open)."""
        ...

    def reveals(self, state: State, seat: str, events: list[Event]) -> bool:
        """Whether ``events``, produced by ``seat``'s decision from ``state``, show information
        that was hidden before: a card drawn from a face-down deck, a tile turned face up,
        another player's hand seen, hidden cards dealt or reshuffled, the end of the game (the
        final reveal). A decision that reveals nothing, and used no chance, may be taken back;
        the service traces the rng for chance itself."""
        ...

    def sample_world(self, state: State, seat: str, rng: random.Random) -> State:
        """A state ``seat`` cannot tell from ``state``, for a bot that searches (issue 37):
        everything :meth:`view` shows ``seat`` is kept, everything it hides (other seats'
        hands, the order of decks, the contents of bags, face-down tiles) is dealt again at
        random from the pool of what it could be, each hidden place keeping its size. It
        depends only on what ``seat`` sees: the unseen pool is sorted canonically before
        ``rng`` shuffles it, so two states that differ only in what ``seat`` cannot see give
        equal samples for equal ``rng`` seeds. A game of perfect information returns
        ``state`` itself."""
        ...

    def standing(self, state: State) -> dict[str, Any]:
        """Scores and ranking as the game stands, scored by the end-of-game rules; the shape of
        :meth:`outcome`. Used when the players vote to end an abandoned game early. Once the
        game is over, ``standing(state) == outcome(state)``."""
        ...

    def estimate(self, state: State) -> dict[str, Any]:
        """The final count a searching bot expects from ``state`` (issue 37): ``scores`` and
        ``ranking`` as in :meth:`standing`, each score the points expected at the end where the
        rules award some only then. ``outcome(state)`` once the game is over."""
        ...


def listed_move(
    move: Any,
    seat: str,
    *,
    over: bool,
    seats: Iterable[str],
    acting: frozenset[str],
    waiting: str,
    legal: Callable[[], list[Move]],
    prompt: Callable[[], str],
) -> Move:
    """The checks every game's ``decide`` starts with: the game goes on, the move is a move,
    the seat is deciding (``waiting``: what a seat that is not should be told) and the move
    is among ``legal()``. Returns the listed move itself, its values exactly typed."""
    if over:
        raise IllegalMove(_("The game is over."))
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove(_("A move must name what you want to do."))
    if seat not in acting:
        if seat not in seats:
            raise IllegalMove(_("You are not playing in this game."))
        raise IllegalMove(waiting)
    moves = legal()
    if move not in moves:
        raise IllegalMove(_("That move is not possible now. {prompt}.", prompt=prompt()))
    return moves[moves.index(move)]


def humanise(kind: str) -> str:
    """``"pawn_migrated"`` as "Pawn migrated"."""
    words = kind.replace("_", " ").strip()
    return words[:1].upper() + words[1:] if words else "Event"


def replay(game: Game, events: list[Event], state: State | None = None) -> State:
    """Fold ``events`` through ``game.apply``, from ``state`` (``None``: the beginning)."""
    return functools.reduce(game.apply, events, state)


def setup_under(
    game: Game, ruleset: str, seats: list[str], options: dict[str, Any], rng: random.Random
) -> list[Event]:
    """The opening events of a game played under ``ruleset``: the current ruleset's, or those
    of an older one the game still plays (its ``rulesets``), so an old log is checked against
    the opening it was recorded with. ``KeyError`` for a ruleset the engine no longer knows."""
    if ruleset == game.ruleset:
        return game.setup(seats, options, rng)
    if ruleset in getattr(game, "rulesets", ()):
        # Only a game listing older rulesets takes ``ruleset=`` (engine.kit.game.Packaged).
        return game.setup(seats, options, rng, ruleset=ruleset)  # type: ignore[call-arg]
    raise KeyError(f"{game.name} does not play ruleset {ruleset!r}")


class GameBase:
    """Members every game shares; a game subclasses it and fills in the rules.

    The defaults of :meth:`bot_move` and :meth:`reveals` are only a floor: a game should
    override them with its own heuristic and its own list of revealing events. ``standing``
    has no default: every game scores itself as it stands (``registry.register`` checks).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    ruleset: str
    standing_orders: Sequence[Any] = ()
    """No standing answers of the game's own; the kit's orders still apply (issue 38)."""

    REVEALING_EVENTS: frozenset[str] = frozenset()
    """Event types that always show hidden information; see :meth:`reveals`."""

    if TYPE_CHECKING:
        # The rules a game subclassing this fills in (the rest of :class:`Game`).
        def setup(
            self, seats: list[str], options: dict[str, Any], rng: random.Random
        ) -> list[Event]: ...
        def apply(self, state: State | None, event: Event) -> State: ...
        def to_act(self, state: State) -> frozenset[str]: ...
        def legal_moves(self, state: State, seat: str) -> list[Move]: ...
        def decide(
            self, state: State, seat: str, move: Move, rng: random.Random
        ) -> list[Event]: ...
        def view(self, state: State, seat: str | None) -> dict[str, Any]: ...
        def describe(self, state: State, move: Move) -> str: ...
        def outcome(self, state: State) -> dict[str, Any] | None: ...
        def standing(self, state: State) -> dict[str, Any]: ...

    def replay(self, events: list[Event]) -> State:
        return replay(self, events)

    def bot_move(self, state: State, seat: str) -> Move:
        """The first legal move. Games should override this with a heuristic of their own:
        the first move is often a poor one, and may end a turn that had more to offer."""
        moves = self.legal_moves(state, seat)
        if not moves:
            raise IllegalMove(_("{seat} has nothing to decide now.", seat=Seat(seat)))
        return moves[0]

    def estimate(self, state: State) -> dict[str, Any]:
        """The standing: right for a game whose standing already shows what will score."""
        return self.standing(state)

    def sample_world(self, state: State, seat: str, rng: random.Random) -> State:
        """``state`` itself: right for a game of perfect information (nothing is hidden).
        A game with hidden information overrides it (see :meth:`Game.sample_world`)."""
        return state

    def narrate(self, state: State | None, event: Event, seat: str | None) -> str:
        """The event's type in words. Games should override this with sentences of their
        own: a type ("Worker sent") tells a reader little."""
        return humanise(str(event.get("type", "event")))

    def reveals(self, state: State, seat: str, events: list[Event]) -> bool:
        """True when any event's type is in :attr:`REVEALING_EVENTS`, or when the events end
        the game (the final reveal; a finished game is never taken back)."""
        if any(event["type"] in self.REVEALING_EVENTS for event in events):
            return True
        after = replay(self, events, state)
        return self.outcome(after) is not None


# The words every game shares (the refusals above): domain ``engine``, catalogs in
# ``engine/translations/``. Imported last: ``engine.kit`` itself imports this module.
from engine.kit.words import Seat, markers  # noqa: E402

_, n_, p_ = markers("engine")
