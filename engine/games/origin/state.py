"""Origin's state: frozen data, folded from events by :mod:`engine.games.origin.fold`."""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.origin.components import KINDS, VILLAGES_PER_PLAYER
from engine.kit.frozen import replace as replace

FIRST_RULESET = "origin-1"
RULESET = "origin-2"
"""issue 21: a displaced player takes no strait token at the swap (ru «Фаза награждения»)."""
RULESETS = (FIRST_RULESET,)
"""The older rulesets still played: a game keeps the ruleset it was set up under."""

SETUP = "choose_objectives"
PLAY = "play"
OVER = "over"


@dataclass(frozen=True)
class Pawn:
    kind: int  # index into components.KINDS
    owner: str | None  # None: the neutral pawn on the Origin territory

    @property
    def height(self) -> int:
        return KINDS[self.kind].height

    @property
    def strength(self) -> int:
        return KINDS[self.kind].strength

    @property
    def colour(self) -> str:
        return KINDS[self.kind].colour


@dataclass(frozen=True)
class Player:
    seat: str
    villages: int = VILLAGES_PER_PLAYER
    actions: tuple[str, ...] = ()  # hand, sorted
    permanents: tuple[str, ...] = ()  # hand, sorted
    objectives: tuple[str, ...] = ()  # hand, sorted
    in_play: tuple[str, ...] = ()  # permanent cards laid face up
    completed: tuple[str, ...] = ()  # objectives laid face up
    tiles: tuple[int, ...] = (0, 0, 0, 0, 0)  # innovation tiles owned, per level
    tops: tuple[int, ...] = (0, 0, 0, 0, 0)  # stacks whose top tile is of each level
    hunting: tuple[int, ...] = ()  # values of hunting tokens taken
    straits: tuple[tuple[str, int], ...] = ()  # (strait id, value) of strait tokens taken
    trophies: tuple[int, ...] = ()  # pawn kinds taken with War trophies
    dealt: tuple[str, ...] = ()  # objectives dealt at setup, while choosing

    @property
    def hand_size(self) -> int:
        return len(self.actions) + len(self.permanents) + len(self.objectives)


@dataclass(frozen=True)
class Step:
    """One decision (or bookkeeping step) waiting in the current turn, head first."""

    kind: str
    arg: str = ""


@dataclass(frozen=True)
class Turn:
    seat: str
    acted: bool = False
    played: frozenset[str] = frozenset()  # card colours played this turn
    objectives_done: int = 0
    effects: frozenset[str] = frozenset()  # Great shaman, Navigator, Control this turn
    victim: str | None = None  # the player displaced by this turn's swap


@dataclass(frozen=True)
class State:
    seats: tuple[str, ...]
    players: tuple[Player, ...]
    board: tuple[Pawn | None, ...]  # per territory, in components.TERRITORIES order
    reserve: tuple[int, ...]  # pawns left in the box, per kind
    hunting: tuple[int | None, ...]  # hunting token still on each territory
    straits: tuple[int | None, ...]  # strait token still on each strait
    columns: tuple[tuple[int, ...], ...]  # face-up tile levels, yellow/orange/purple/brown
    tile_reserve: tuple[int, ...]  # face-down tiles, top first
    decks: tuple[tuple[str, ...], ...]  # action/permanent/objective, top first
    discard: tuple[str, ...] = ()  # played action cards, face up
    phase: str = SETUP
    first: str = ""
    turn: Turn | None = None
    pending: tuple[Step, ...] = ()
    limbo: tuple[str, ...] = ()  # cards drawn, waiting for the drawer to keep one
    last_round: bool = False
    final_turns: tuple[str, ...] = ()  # seats still to play their last turn
    triggered_by: str | None = None
    end_reasons: tuple[str, ...] = ()
    passes: int = 0  # consecutive turns passed without an action
    ruleset: str = FIRST_RULESET  # the ruleset of the opening event (none before origin-2)

    def player(self, seat: str) -> Player:
        return self.players[self.seats.index(seat)]
