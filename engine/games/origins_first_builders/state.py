"""The state of a game of Origins: First Builders: frozen data folded from events by
:mod:`.fold`.

Coordinates of a city: ``(x, y)`` cells, ``y`` growing downwards; the Palace is at (0, 0)
and the Agora above it at (0, -1). A power centre is named by the top-left cell of its 2x2
district.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.origins_first_builders.components import (
    AGORA,
    AGORA_AT,
    COLOURS,
    PALACE,
    PALACE_AT,
    STARTING_BASES,
    STARTING_RESOURCES,
)
from engine.kit.frozen import replace as replace

FIRST_RULESET = "ofb-1"
RULESET = "ofb-2"
"""issue 21: the solo Tiltyard counts players, not the dummy disc; the Forum takes any speaker
on the board (the row or a contact zone)."""
RULESETS = (FIRST_RULESET,)
"""The older rulesets still played: a game keeps the ruleset it was set up under."""

DRAFT = "draft"
PLAY = "play"
OVER = "over"
HOME = -1  # a citizen beside its owner's board, not in a contact zone


@dataclass(frozen=True)
class Die:
    colour: str
    value: int


@dataclass(frozen=True)
class Citizen:
    """A citizen die in one of its owner's bases: beside the board or in a contact zone."""

    colour: str
    value: int
    zone: int = HOME


@dataclass(frozen=True)
class Tile:
    """A building tile in a city; ``farm`` tiles lie face down (no colour, no effect)."""

    x: int
    y: int
    kind: str
    farm: bool = False


@dataclass(frozen=True)
class Centre:
    """A closed district: the die in its power centre."""

    x: int
    y: int
    colour: str
    value: int


START_CITY: tuple[Tile, ...] = (Tile(*AGORA_AT, AGORA), Tile(*PALACE_AT, PALACE))


@dataclass(frozen=True)
class Player:
    seat: str
    stone: int = STARTING_RESOURCES
    food: int = STARTING_RESOURCES
    wisdom: int = STARTING_RESOURCES
    gold: int = STARTING_RESOURCES
    vp: int = 0
    citizens: tuple[Citizen, ...] = ()
    speakers: tuple[int, ...] = ()  # speaker dice held, by value
    archon: int = HOME  # the zone the archon visits this round
    bases: int = STARTING_BASES
    advisors: tuple[str, ...] = ()  # colours on the advisor track, left to right
    tokens: int = 0  # superiority tokens
    city: tuple[Tile, ...] = START_CITY
    centres: tuple[Centre, ...] = ()
    towers: tuple[int, ...] = (1,) * len(COLOURS)  # tower levels on the palace, by colour
    reserved: tuple[str, ...] = ()  # buildings waiting beside the board (Construction Site)
    scored: tuple[str, ...] = ()  # district cards this player has scored at least once
    passed: bool = False

    def amount(self, resource: str) -> int:
        return int(getattr(self, resource))

    @property
    def home(self) -> list[int]:
        """Indices of the citizens beside the board."""
        return [i for i, c in enumerate(self.citizens) if c.zone == HOME]

    @property
    def free_bases(self) -> int:
        return self.bases - len(self.citizens)


@dataclass(frozen=True)
class Step:
    """One decision waiting in the current turn, head first. The fields a step kind does not
    use keep their defaults."""

    kind: str
    zone: int = -1
    ref: str = ""  # a building, a temple, a worker, the source of an action
    n: int = 0  # a count or index: food spent, spaces to advance, a citizen
    colours: tuple[str, ...] = ()  # colours that unlock the zone's bonus action
    done: tuple[str, ...] = ()  # what of a multi-part action is done
    cells: tuple[tuple[int, int], ...] = ()  # buildings still to activate; a position


@dataclass(frozen=True)
class Turn:
    seat: str
    token_used: bool = False  # ru «Жетоны превосходства»: one per turn
    freeze: bool = False  # solo: a token keeps the starships still this turn


@dataclass(frozen=True)
class State:
    seats: tuple[str, ...]
    solo: bool
    players: tuple[Player, ...]
    phase: str = DRAFT
    round: int = 0
    first: str = ""
    zones: tuple[int, ...] = ()  # starship value of each contact zone
    bonus: tuple[str, ...] = ()  # colour of each zone's bonus tile
    zone_speakers: tuple[tuple[int, int, str], ...] = ()  # (zone, value, seat) used
    speaker_row: tuple[int, ...] = ()
    citizen_row: tuple[Die | None, ...] = ()
    dice_supply: tuple[int, ...] = ()  # by colour
    building_row: tuple[str | None, ...] = ()  # top slot first
    stacks: tuple[tuple[str, ...], ...] = ()  # by colour, the face-up top first
    districts: tuple[str, ...] = ()  # face-up district cards
    district_gold: tuple[int, ...] = ()
    tower_supply: tuple[int, ...] = ()  # by colour
    war: tuple[tuple[str, int], ...] = ()  # (disc, space): lower in a stack comes first
    temples: tuple[tuple[tuple[str, int], ...], ...] = ()  # per temple, like ``war``
    zodiac: tuple[str, ...] = ()  # the card of each temple
    zodiac_owner: tuple[str | None, ...] = ()
    pool: tuple[Die, ...] = ()  # starting dice still to draft
    draft_order: tuple[str, ...] = ()  # seats still to pick, in order
    turn: Turn | None = None
    pending: tuple[Step, ...] = ()
    dice_short: tuple[str, ...] = ()  # colours the citizen row could not be refilled with
    end_reasons: tuple[str, ...] = ()
    ruleset: str = FIRST_RULESET  # the ruleset of the opening event (none before ofb-2)

    def player(self, seat: str) -> Player:
        return self.players[self.seats.index(seat)]
