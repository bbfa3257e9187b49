"""Orichalk's components, each value tagged with where it comes from (GAME-DATA.md).

RULEBOOK: stated in ``rules/orichalk.uk.txt``. SOURCE: the facts listed in GAME-DATA.md (the
titans' favours, the skull on the die, card counts, the building kinds known from reviews).
PROVISIONAL: designed here, because no transcription of the printed components exists;
someone holding the box can correct these values here without touching the rules code. The
player-facing data page is ``DATA_PAGE`` (:mod:`.datapage`); the rulings are in
:mod:`.rulings`.
"""

from __future__ import annotations

from dataclasses import dataclass

RULEBOOK = "RULEBOOK"
SOURCE = "SOURCE"
PROVISIONAL = "PROVISIONAL"

# ---------------------------------------------------------------- terrains and titans
# uk «Привертання уваги титана»: four terrains, each with its titan; volcanoes hold creatures.
TERRAINS: tuple[str, ...] = ("forest", "lagoon", "desert", "mountain")  # RULEBOOK
VOLCANO = "volcano"  # RULEBOOK («ділянки вулканів»)
LETTER = {"F": "forest", "L": "lagoon", "D": "desert", "M": "mountain", "V": VOLCANO}

ACTIONS: tuple[str, ...] = ("mine", "recruit", "capture", "create")  # RULEBOOK, phase 3
ACTION_NAMES = {
    "mine": "Mine orichalcum",
    "recruit": "Recruit hoplites",
    "capture": "Capture creatures",
    "create": "Create",
}


@dataclass(frozen=True)
class Titan:
    id: str
    name: str
    terrain: str
    action: str  # the action whose favour it grants
    favour: str


# RULEBOOK («Тея — титан лісів», «Теміс — титан лагун», «Кронос — титан пустель»,
# «Гіперіон — титан гір» and «Милість титанів»).
TITANS: tuple[Titan, ...] = (
    Titan("theia", "Theia", "forest", "create", "one more Create"),
    Titan("themis", "Themis", "lagoon", "recruit", "doubles the hoplites recruited"),
    Titan("kronos", "Kronos", "desert", "capture", "wins a fight before rolling"),
    Titan("hyperion", "Hyperion", "mountain", "mine", "doubles the orichalcum mined"),
)
TITAN = {t.id: t for t in TITANS}
TITAN_OF_TERRAIN = {t.terrain: t.id for t in TITANS}
TITAN_OF_ACTION = {t.action: t.id for t in TITANS}
TITAN_AREA = 3  # RULEBOOK: «зону з принаймні 3 ділянок одного типу»
TITANS_HELD = 1  # RULEBOOK: «не може володіти більш ніж одним титаном» (Oratories add one)

# ---------------------------------------------------------------- the win and the supply
WIN_POINTS = 5  # RULEBOOK
START_HOPLITES = 1  # RULEBOOK («по одному гопліту й одному самородку орихалка»)
START_ORICHALCUM = 1  # RULEBOOK
INITIATIVE_HOPLITES = 1  # RULEBOOK: the player on the right of the initiative takes 1
MEDALLION_COST = 5  # RULEBOOK
VICTORY_TOKENS = 17  # RULEBOOK (temple on one side, medallion on the other)
TEMPLE_TILES = 17  # RULEBOOK
METROPOLIS_MINES = 1  # RULEBOOK: the metropolis holds the first mine
METROPOLIS_CAMPS = 1  # RULEBOOK: and the first training camp
METROPOLIS_CELLS = 1  # PROVISIONAL: the metropolis tile covers the one port space

# ---------------------------------------------------------------- fights
DIE_FACES = 6  # SOURCE: combat dice are d6
SKULL = 6  # SOURCE: the 6 shows the skull, a win whatever the total
MAX_HOPLITES_PER_FIGHT = 3  # RULEBOOK: «від 0 до 3 гоплітів»; 4 dice at most


@dataclass(frozen=True)
class Creature:
    id: str
    name: str
    strength: int
    hoplites: int  # treasure
    orichalcum: int  # treasure
    copies: int


# SOURCE: the five kinds, strength 4-12, stronger ones carry bigger treasure; RULEBOOK: the
# cyclops has strength 10 and carries 3 orichalcum, the cerberus strength 4. PROVISIONAL: the
# other strengths and treasures, and 4 copies of each kind (20 creatures, RULEBOOK).
CREATURES: tuple[Creature, ...] = (
    Creature("cerberus", "Cerberus", 4, 1, 0, 4),
    Creature("minotaur", "Minotaur", 6, 1, 1, 4),
    Creature("gorgon", "Gorgon", 8, 0, 2, 4),
    Creature("cyclops", "Cyclops", 10, 0, 3, 4),
    Creature("hydra", "Hydra", 12, 2, 3, 4),
)
CREATURE = {c.id: c for c in CREATURES}
CREATURE_IDS: tuple[str, ...] = tuple(c.id for c in CREATURES)
CREATURE_PROVENANCE = {
    "cerberus": "strength 4: RULEBOOK (the rulebook's example); treasure: PROVISIONAL",
    "minotaur": "strength and treasure: PROVISIONAL",
    "gorgon": "strength and treasure: PROVISIONAL",
    "cyclops": "strength 10 and 3 orichalcum: RULEBOOK (the rulebook's example)",
    "hydra": "strength and treasure: PROVISIONAL",
}

# ---------------------------------------------------------------- action cards and board
SIZES: tuple[str, ...] = ("single", "double", "triple")  # RULEBOOK: three stacks by size
SIZE_CELLS = {"single": 1, "double": 2, "triple": 3}
CARDS_FACE_UP = {2: 5, 3: 5, 4: 6}  # RULEBOOK
SLOT_COSTS: tuple[int, ...] = (0, 0, 1, 1, 2, 2)
"""RULEBOOK: the two leftmost cards are free, the others cost «1 чи 2 гопліти»; PROVISIONAL:
which slots cost 1 and which 2."""


@dataclass(frozen=True)
class ActionCard:
    id: str
    action: str
    size: str


# RULEBOOK: 12 action cards, each showing a tile size and an action. PROVISIONAL: each of the
# four actions once with each of the three sizes.
ACTION_CARDS: tuple[ActionCard, ...] = tuple(
    ActionCard(f"{action}-{size}", action, size) for action in ACTIONS for size in SIZES
)
CARD = {c.id: c for c in ACTION_CARDS}


@dataclass(frozen=True)
class ExtraTier:
    pay: str  # "hoplites", "orichalcum" or "creature"
    cost: int
    actions: tuple[str, ...]


# RULEBOOK («Вартість додаткових дій»): three tiers; the first allows capture, create and
# mine, the second capture, create and recruit, the third all four; «Витрачених істот
# повертають до мішка» (one tier is paid with creatures). PROVISIONAL: which resource pays
# which tier (never the resource the tier's actions would produce) and the amounts.
EXTRA_TIERS: tuple[ExtraTier, ...] = (
    ExtraTier("hoplites", 2, ("capture", "create", "mine")),
    ExtraTier("orichalcum", 2, ("capture", "create", "recruit")),
    ExtraTier("creature", 1, ("mine", "recruit", "capture", "create")),
)
TIER = {t.pay: t for t in EXTRA_TIERS}
EXTRA_ACTIONS = 1  # RULEBOOK: «одну (і тільки одну) додаткову дію»; Forges add one each

# ---------------------------------------------------------------- buildings


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    copies: int
    text: str
    provenance: str  # of the effect


# SOURCE: the kinds; RULEBOOK: the mine and the training camp. PROVISIONAL: the number of each
# (26 tokens, RULEBOOK) and the effects GAME-DATA.md does not give.
BUILDINGS: tuple[Building, ...] = (
    Building(
        "training_camp", "Training camp", 5,
        "Recruit: 1 more hoplite. Take the hoplite lying on it when you build it.", RULEBOOK,
    ),
    Building(
        "mine", "Mine", 5,
        "Mine: 1 more orichalcum. Take the orichalcum lying on it when you build it.", RULEBOOK,
    ),
    Building(
        "hospital", "Hospital", 2,
        "After a fight you win, the hoplites that fought come back to your supply instead "
        "of the general supply.", PROVISIONAL,
    ),
    Building(
        "oratory", "Oratory", 2,
        "You may hold one more titan.", SOURCE,
    ),
    Building(
        "siege_engines", "Siege engines", 2,
        "Roll one more die in every fight.", PROVISIONAL,
    ),
    Building(
        "arch", "Arch", 2,
        "Action cards cost you 1 hoplite less.", PROVISIONAL,
    ),
    Building(
        "protection_crystal", "Protection crystal", 2,
        "You may build buildings and temples next to creatures.", SOURCE,
    ),
    Building(
        "architect", "Architect", 2,
        "A temple of yours may show one terrain twice.", SOURCE,
    ),
    Building(
        "forge", "Forge", 2,
        "You may buy one more extra action each turn.", SOURCE,
    ),
    Building(
        "statues", "Statues", 2,
        "Extra actions paid with hoplites or orichalcum cost you 1 less.", SOURCE,
    ),
)  # fmt: skip
BUILDING = {b.id: b for b in BUILDINGS}
BUILDING_IDS: tuple[str, ...] = tuple(b.id for b in BUILDINGS)
CONSTRUCTION_SLOTS: tuple[str, ...] = TERRAINS  # SOURCE: one slot per terrain
STATUES_DISCOUNT = 1  # PROVISIONAL; an extra action never costs less than 1
"""How much one or more Statues take off the hoplite and orichalcum tiers."""

# ---------------------------------------------------------------- land tiles


@dataclass(frozen=True)
class LandTile:
    id: int
    size: str
    terrains: tuple[str, ...]  # first cell, then the next ones (see ``island``)

    @property
    def volcanoes(self) -> int:
        return self.terrains.count(VOLCANO)


# RULEBOOK: 25 single, 23 double and 17 triple tiles. PROVISIONAL: their terrains. Doubles are
# two neighbouring spaces; triples are three spaces that touch each other (a triangle), with
# their terrains in counter-clockwise order. Every terrain appears on 26 spaces; 18 volcanoes.
_SINGLES = "F" * 5 + "L" * 5 + "D" * 5 + "M" * 5 + "V" * 5
_DOUBLES = (
    *("FF", "FF", "LL", "LL", "DD", "DD", "MM", "MM"),  # one terrain twice
    *("FL", "FD", "FM", "LD", "LM", "LM", "DM"),  # two terrains
    *("FV", "FV", "LV", "LV", "DV", "DV", "MV", "MV"),  # a volcano beside a terrain
)
_TRIPLES = (
    *("FFF", "LLL", "DDD", "MMM"),  # one terrain
    *("FFL", "LLD", "DDM", "MMF"),  # two terrains
    *("FLD", "LDM", "DMF", "MFL"),  # three terrains
    *("FLV", "LDV", "DMV", "MFV", "FDV"),  # a volcano and two terrains
)


def _tiles() -> tuple[LandTile, ...]:
    codes = [("single", c) for c in _SINGLES]
    codes += [("double", c) for c in _DOUBLES]
    codes += [("triple", c) for c in _TRIPLES]
    return tuple(
        LandTile(i + 1, size, tuple(LETTER[ch] for ch in code))
        for i, (size, code) in enumerate(codes)
    )


LAND_TILES: tuple[LandTile, ...] = _tiles()
TILE = {t.id: t for t in LAND_TILES}
TILES_OF_SIZE = {size: tuple(t.id for t in LAND_TILES if t.size == size) for size in SIZES}

# ---------------------------------------------------------------- islands
# RULEBOOK: 4 island boards, an easier and a harder side, 3 ports each, spaces are circles
# four of which form a diamond (SOURCE: hex adjacency). PROVISIONAL: every layout below.
# Rows A, B, ... from the top; in each row the column number is the position of the
# character (1 = first); odd rows (B, D, F) are drawn half a space to the right, so a space
# touches two spaces of the row above, two of its own row and two of the row below.
# Ports: (space, hoplites, orichalcum). Easier sides: 38 spaces, ports of 1 hoplite and 1
# orichalcum, 2 hoplites, 2 orichalcum (the rulebook's examples show a 1 + 1 port and a
# 2-hoplite port). Harder sides: 30 spaces with holes (half the diamonds for temples, narrow
# passages) and ports of 1 + 1, 1 hoplite, 1 orichalcum.
EASY = "easy"
HARD = "hard"
SIDES: tuple[str, ...] = (EASY, HARD)


@dataclass(frozen=True)
class IslandSide:
    rows: tuple[str, ...]
    ports: tuple[tuple[str, int, int], ...]


@dataclass(frozen=True)
class IslandBoard:
    id: str
    name: str
    easy: IslandSide
    hard: IslandSide

    def side(self, side: str) -> IslandSide:
        return self.easy if side == EASY else self.hard


ISLAND_BOARDS: tuple[IslandBoard, ...] = (
    IslandBoard(
        "1", "Kerne",
        IslandSide(
            ("..ooooo.", ".oooooo.", ".ooooooo", "ooooooo.", ".oooooo.", ".ooooo..", "..oo...."),
            (("A5", 1, 1), ("D1", 2, 0), ("F6", 0, 2)),
        ),
        IslandSide(
            ("..ooo...", ".oooooo.", ".oo.ooo.", "oooooo..", ".oo.ooo.", ".ooo....", "..oo...."),
            (("A4", 1, 1), ("D1", 1, 0), ("E7", 0, 1)),
        ),
    ),
    IslandBoard(
        "2", "Ogygia",
        IslandSide(
            ("...ooo..", "..ooooo.", ".oooooo.", "ooooooo.", "oooooooo", ".oooooo.", "...ooo.."),
            (("A5", 2, 0), ("E1", 1, 1), ("F7", 0, 2)),
        ),
        IslandSide(
            ("...ooo..", "..ooooo.", ".ooo.oo.", "oooo.oo.", ".oooooo.", "..ooo...", "...oo..."),
            (("A5", 1, 0), ("D1", 1, 1), ("E7", 0, 1)),
        ),
    ),
    IslandBoard(
        "3", "Scheria",
        IslandSide(
            (".oooo...", "oooooo..", "ooooooo.", ".ooooooo", "..oooooo", "..ooooo.", "....ooo."),
            (("B1", 1, 1), ("D8", 2, 0), ("G6", 0, 2)),
        ),
        IslandSide(
            (".ooo....", "ooooo...", "oo.ooo..", ".ooo.oo.", "..oooooo", "...oooo.", "....oo.."),
            (("C1", 1, 0), ("A4", 0, 1), ("E8", 1, 1)),
        ),
    ),
    IslandBoard(
        "4", "Thera",
        IslandSide(
            ("oooo.ooo", "oooooooo", ".oooooo.", ".oooooo.", "..ooooo.", "..oooo..", "...oo..."),
            (("A1", 0, 2), ("A8", 2, 0), ("G4", 1, 1)),
        ),
        IslandSide(
            ("oo...oo.", "oooo.ooo", ".oo.ooo.", ".oooooo.", "..oo.oo.", "..ooo...", "...o...."),
            (("A1", 0, 1), ("B8", 1, 0), ("G4", 1, 1)),
        ),
    ),
)  # fmt: skip
ISLAND = {b.id: b for b in ISLAND_BOARDS}
