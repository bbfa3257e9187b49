"""Orichalk's state: frozen data, folded from events by :mod:`engine.games.orichalk.fold`."""

from __future__ import annotations

from dataclasses import dataclass

from engine.kit.frozen import replace as replace

# Phases of the game.
FIRST_RULESET = "orichalk-1"
RULESET = "orichalk-2"
"""issue 21: a win in the middle of a turn leaves that turn (its card, tile and creatures) in
the final state."""
RULESETS = (FIRST_RULESET,)
"""The older rulesets still played: a game keeps the ruleset it was set up under."""

SIDES = "choose_sides"  # uk «Рівень складності острова»: every player chooses a side
PLAY = "play"
INITIATIVE = "initiative"  # uk «Передайте жетон ініціативи»: the holder settles a tie
OVER = "over"

# Steps of a turn (uk «Хід гравця»), each a decision of the player whose turn it is.
METROPOLIS = "metropolis"  # first turn: the metropolis on a port
TAKE = "take"  # phase 1
PLACE = "place"  # phase 2
TITANS = "titans"  # phase 2: which titans to keep, when more arrive than may be held
ACTION = "action"  # phase 3, or an extra action of phase 4 (``Turn.extra``)
CREATE_MORE = "create_more"  # Theia's favour: one more Create
EXTRA = "extra"  # phase 4: buy an extra action or not
DISCARD = "discard"  # phase 5, two players only


@dataclass(frozen=True)
class Island:
    """One player's island board; the tuples hold one entry per space of its layout."""

    board: str
    side: str = ""  # "" until chosen
    terrain: tuple[str, ...] = ()  # "" where no land tile lies
    tile: tuple[int, ...] = ()  # the land tile's id, 0 where none
    creature: tuple[str, ...] = ()  # creature on a volcano, "" if none
    guards: tuple[int, ...] = ()  # hoplites left on that creature by lost fights
    building: tuple[str, ...] = ()  # building token, "" if none
    temple: tuple[int, ...] = ()  # temple number (1, 2, …) covering the space, 0 if none
    metropolis: int = -1  # the space of the metropolis tile
    ports_taken: tuple[int, ...] = ()  # port spaces whose bonus was taken
    occupied: int = 0  # bitmask of spaces under a land tile or the metropolis


@dataclass(frozen=True)
class Player:
    seat: str
    island: Island
    hoplites: int = 0
    orichalcum: int = 0
    creatures: tuple[str, ...] = ()  # captured creatures in the supply, sorted
    tokens: tuple[str, ...] = ()  # victory tokens: "temple" or "medallion", in order taken
    titans: tuple[tuple[str, bool], ...] = ()  # (titan, active side up), in slot order

    @property
    def points(self) -> int:
        """uk «Опис»: titans held, temples and medallions are the victory points."""
        return len(self.tokens) + len(self.titans)


@dataclass(frozen=True)
class Offer:
    """An action card on the action board with what lies on it."""

    card: str
    tile: int  # 0: the stack of its size was empty
    creatures: tuple[str, ...]  # one per volcano of the tile, in order; "" if the bag was empty


@dataclass(frozen=True)
class Site:
    """A slot of the construction board: its terrain is fixed, its building drawn."""

    terrain: str
    building: str = ""
    resource: bool = False  # the hoplite on a camp or the orichalcum on a mine


@dataclass(frozen=True)
class Fight:
    seat: str
    cell: str
    creature: str
    hoplites: int  # hoplites fighting, those left by earlier fights included
    dice: tuple[int, ...]
    won: bool
    favour: bool  # Kronos: won before rolling


@dataclass(frozen=True)
class Turn:
    seat: str
    step: str
    card: str = ""  # the action card taken, until it goes to the discard after phase 3
    tile: int = 0  # the land tile taken with it, until placed or returned
    creatures: tuple[str, ...] = ()  # creatures riding on that tile
    action: str = ""  # the action being performed at an ACTION step
    extra: bool = False  # that action was bought in phase 4
    extras: int = 0  # extra actions bought this turn
    fought: bool = False  # a fight was won in this capture action
    titans: tuple[str, ...] = ()  # the titans attracted, at a TITANS step


@dataclass(frozen=True)
class State:
    seats: tuple[str, ...]
    players: tuple[Player, ...]
    stacks: tuple[tuple[int, ...], ...] = ((), (), ())  # face down by size, top first
    deck: tuple[str, ...] = ()  # action cards face down, top first
    discard: tuple[str, ...] = ()  # action cards face up beside the deck
    offers: tuple[Offer, ...] = ()  # the action board, left to right
    creature_bag: tuple[int, ...] = ()  # creatures in the bag, per kind
    building_bag: tuple[int, ...] = ()  # building tokens in the bag, per kind
    sites: tuple[Site, ...] = ()  # the construction board
    centre: tuple[str, ...] = ()  # titans in the centre of the table (always active)
    temples_left: int = 0
    tokens_left: int = 0
    phase: str = SIDES
    round: int = 0
    initiative: str = ""
    order: tuple[str, ...] = ()  # this round's turn order
    turn: Turn | None = None
    candidates: tuple[str, ...] = ()  # the tied players, while the holder chooses
    last_fight: Fight | None = None
    winner: str | None = None
    ruleset: str = FIRST_RULESET  # the ruleset of the opening event (none before orichalk-2)

    def player(self, seat: str) -> Player:
        return self.players[self.seats.index(seat)]
