"""Origin's components, each value tagged with where it comes from (GAME-DATA.md).

RULEBOOK: stated in ``rules/origin.*.txt``. SOURCE: the facts listed in GAME-DATA.md (Board
Game Arena help). PROVISIONAL: designed here, because no transcription of the printed
components exists; someone holding the box can correct these values here without touching
the rules code. The player-facing data page is ``DATA_PAGE``; the rulings are in ``rulings``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from engine.games.origin.words import _, p_

RULEBOOK = "RULEBOOK"
SOURCE = "SOURCE"
PROVISIONAL = "PROVISIONAL"

# ---------------------------------------------------------------- pawns
# ru: «Фишки племени»: speed (= height), strength (= width) and colour, three values each.
PAWN_COLOURS: tuple[str, ...] = ("white", "brown", "black")  # RULEBOOK (ja: 茶白黒)
HEIGHTS: tuple[int, ...] = (1, 2, 3)  # RULEBOOK
STRENGTHS: tuple[int, ...] = (1, 2, 3)  # RULEBOOK
VILLAGES_PER_PLAYER = 9  # RULEBOOK (ru: «берёт 9 соответствующих городов»)


@dataclass(frozen=True)
class PawnKind:
    index: int
    height: int
    strength: int
    colour: str


KINDS: tuple[PawnKind, ...] = tuple(
    PawnKind((h - 1) * 9 + (s - 1) * 3 + c, h, s, PAWN_COLOURS[c])
    for h in HEIGHTS
    for s in STRENGTHS
    for c in range(3)
)


def kind_index(height: int, strength: int, colour: str) -> int:
    return (height - 1) * 9 + (strength - 1) * 3 + PAWN_COLOURS.index(colour)


def pawn_supply(players: int) -> tuple[int, ...]:
    """ru: «Подготовка для 2-3 игроков»: 27 distinct pawns; with 4 players the 9 height-2
    pawns are doubled (36)."""
    return tuple(2 if players == 4 and k.height == 2 else 1 for k in KINDS)


def _compatible(new: PawnKind, old: PawnKind, needed_matches: int) -> bool:
    """ru: «Эволюция»: never smaller, at most +1 in height or strength; ``needed_matches``
    of the three properties equal (2 normally, 1 with the Shaman card)."""
    dh, ds = new.height - old.height, new.strength - old.strength
    if dh not in (0, 1) or ds not in (0, 1):
        return False
    matches = (dh == 0) + (ds == 0) + (new.colour == old.colour)
    return matches >= needed_matches


def _masks(needed: int) -> tuple[int, ...]:
    return tuple(
        sum(1 << new.index for new in KINDS if _compatible(new, old, needed)) for old in KINDS
    )


NORMAL_MASK: tuple[int, ...] = _masks(2)
"""For each neighbour kind, the bitmask of kinds that may evolve beside it."""
SHAMAN_MASK: tuple[int, ...] = _masks(1)
ANY_MASK = (1 << len(KINDS)) - 1

# ---------------------------------------------------------------- the world map
CONTINENTS: tuple[str, ...] = (
    "Africa",
    "Eurasia",
    "North America",
    "South America",
    "Oceania",
    "Antarctica",
)  # RULEBOOK (objective cards name these six)
TERRITORY_COLOURS: tuple[str, ...] = ("yellow", "orange", "purple", "brown", "green")
REWARD_COLUMNS: tuple[str, ...] = ("yellow", "orange", "purple", "brown")  # RULEBOOK
DECK_OF_COLOUR = {"yellow": "action", "orange": "permanent", "purple": "objective"}
DECKS: tuple[str, ...] = ("action", "permanent", "objective")
COLOUR_OF_DECK = {deck: colour for colour, deck in DECK_OF_COLOUR.items()}


@dataclass(frozen=True)
class Territory:
    id: str
    name: str
    continent: str
    colour: str | None  # None: the Origin territory, never claimable
    x: int
    y: int


# PROVISIONAL: the whole map. 43 territories; every land link stays inside one continent;
# continents meet only across the 11 straits; Oceania is two islands (Australia, New Zealand)
# joined by the Tasman strait; exactly 5 green; 10/9/10/8 yellow/orange/purple/brown.
# x, y: drawing position on a 1000 × 560 canvas, laid out like a world map.
_T = Territory
TERRITORIES: tuple[Territory, ...] = (
    # North America (8)
    _T("alaska", _("Alaska"), "North America", "purple", 70, 80),
    _T("shield", _("Canadian Shield"), "North America", "yellow", 170, 70),
    _T("labrador", _("Labrador"), "North America", "orange", 270, 80),
    _T("rockies", _("Rocky Mountains"), "North America", "brown", 115, 150),
    _T("plains", _("Great Plains"), "North America", "green", 185, 155),
    _T("appalachia", _("Appalachia"), "North America", "purple", 255, 160),
    _T("mexico", _("Mexico"), "North America", "orange", 160, 225),
    _T("central_america", _("Central America"), "North America", "yellow", 215, 275),
    # South America (6)
    _T("llanos", _("Llanos"), "South America", "orange", 265, 320),
    _T("amazonia", _("Amazonia"), "South America", "green", 330, 350),
    _T("nordeste", _("Nordeste"), "South America", "yellow", 395, 370),
    _T("andes", _("Andes"), "South America", "brown", 275, 395),
    _T("pampas", _("Pampas"), "South America", "purple", 335, 430),
    _T("patagonia", _("Patagonia"), "South America", "orange", 300, 480),
    # Africa (9)
    _T("maghreb", _("Maghreb"), "Africa", "orange", 470, 200),
    _T("sahara", _("Sahara"), "Africa", "brown", 520, 235),
    _T("nile", _("Nile Valley"), "Africa", "yellow", 585, 225),
    _T("sahel", _("Sahel"), "Africa", "purple", 455, 270),
    _T("congo", _("Congo Basin"), "Africa", "green", 525, 310),
    _T("rift", _("Great Rift Valley"), "Africa", None, 590, 305),
    _T("horn", _("Horn of Africa"), "Africa", "brown", 640, 275),
    _T("kalahari", _("Kalahari"), "Africa", "yellow", 545, 375),
    _T("cape", _("Cape"), "Africa", "purple", 560, 430),
    # Eurasia (11)
    _T("iberia", _("Iberia"), "Eurasia", "yellow", 440, 150),
    _T("gaul", _("Western Europe"), "Eurasia", "purple", 490, 115),
    _T("scandinavia", _("Scandinavia"), "Eurasia", "brown", 520, 60),
    _T("steppe", _("Pontic Steppe"), "Eurasia", "orange", 590, 105),
    _T("levant", _("Levant"), "Eurasia", "purple", 610, 175),
    _T("arabia", _("Arabia"), "Eurasia", "yellow", 665, 225),
    _T("persia", _("Persia"), "Eurasia", "brown", 690, 160),
    _T("india", _("India"), "Eurasia", "orange", 745, 230),
    _T("siberia", _("Siberia"), "Eurasia", "green", 740, 75),
    _T("china", _("China"), "Eurasia", "yellow", 820, 150),
    _T("indochina", _("Indochina"), "Eurasia", "purple", 830, 235),
    # Oceania (5): Australia and New Zealand
    _T("arnhem", _("Arnhem Land"), "Oceania", "yellow", 850, 335),
    _T("outback", _("Outback"), "Oceania", "brown", 835, 395),
    _T("queensland", _("Queensland"), "Oceania", "green", 905, 370),
    _T("north_island", _("North Island"), "Oceania", "purple", 955, 420),
    _T("south_island", _("South Island"), "Oceania", "orange", 935, 475),
    # Antarctica (4)
    _T("peninsula", _("Antarctic Peninsula"), "Antarctica", "purple", 330, 535),
    _T("queen_maud", _("Queen Maud Land"), "Antarctica", "yellow", 560, 535),
    _T("wilkes", _("Wilkes Land"), "Antarctica", "brown", 780, 535),
    _T("ross", _("Ross Ice Shelf"), "Antarctica", "orange", 895, 535),
)
ORIGIN = "rift"  # RULEBOOK: the Origin symbol is in Africa, the centre of the board

# PROVISIONAL: land borders (within a continent).
LAND_BORDERS: tuple[tuple[str, str], ...] = (
    ("alaska", "shield"), ("alaska", "rockies"), ("shield", "labrador"), ("shield", "rockies"),
    ("shield", "plains"), ("shield", "appalachia"), ("labrador", "appalachia"),
    ("rockies", "plains"), ("rockies", "mexico"), ("plains", "appalachia"), ("plains", "mexico"),
    ("mexico", "central_america"),
    ("llanos", "amazonia"), ("llanos", "andes"), ("amazonia", "andes"), ("amazonia", "nordeste"),
    ("amazonia", "pampas"), ("nordeste", "pampas"), ("andes", "pampas"), ("andes", "patagonia"),
    ("pampas", "patagonia"),
    ("maghreb", "sahara"), ("maghreb", "sahel"), ("sahara", "sahel"), ("sahara", "nile"),
    ("sahara", "rift"), ("sahara", "congo"), ("nile", "rift"), ("nile", "horn"),
    ("sahel", "congo"), ("rift", "horn"), ("rift", "congo"), ("rift", "kalahari"),
    ("congo", "kalahari"), ("kalahari", "cape"),
    ("iberia", "gaul"), ("gaul", "scandinavia"), ("gaul", "steppe"), ("scandinavia", "steppe"),
    ("steppe", "levant"), ("steppe", "persia"), ("steppe", "siberia"), ("levant", "arabia"),
    ("levant", "persia"), ("arabia", "persia"), ("persia", "india"), ("persia", "siberia"),
    ("india", "china"), ("india", "indochina"), ("siberia", "china"), ("china", "indochina"),
    ("arnhem", "outback"), ("arnhem", "queensland"), ("outback", "queensland"),
    ("north_island", "south_island"),
    ("peninsula", "queen_maud"), ("queen_maud", "wilkes"), ("wilkes", "ross"),
)  # fmt: skip


@dataclass(frozen=True)
class Strait:
    id: str
    name: str
    a: str
    b: str
    ends: tuple[tuple[int, int], tuple[int, int]]  # drawing endpoints on the canvas


def _strait(sid: str, name: str, a: str, b: str) -> Strait:
    ta = next(t for t in TERRITORIES if t.id == a)
    tb = next(t for t in TERRITORIES if t.id == b)

    def at(f: float) -> tuple[int, int]:
        return (round(ta.x + (tb.x - ta.x) * f), round(ta.y + (tb.y - ta.y) * f))

    return Strait(sid, name, a, b, (at(0.3), at(0.7)))


# RULEBOOK: 11 straits. PROVISIONAL: which territories they join.
STRAITS: tuple[Strait, ...] = (
    _strait("gibraltar", _("Strait of Gibraltar"), "maghreb", "iberia"),
    _strait("suez", _("Isthmus of Suez"), "nile", "levant"),
    _strait("bab_el_mandeb", _("Bab-el-Mandeb"), "horn", "arabia"),
    _strait("atlantic_narrows", _("Atlantic Narrows"), "sahel", "nordeste"),
    _strait("agulhas", _("Agulhas Passage"), "cape", "queen_maud"),
    _strait("denmark", _("Denmark Strait"), "labrador", "scandinavia"),
    _strait("darien", _("Darién Gap"), "central_america", "llanos"),
    _strait("drake", _("Drake Passage"), "patagonia", "peninsula"),
    _strait("wallace", _("Wallace Line"), "indochina", "arnhem"),
    _strait("tasman", _("Tasman Sea"), "queensland", "north_island"),
    _strait("ross_sea", _("Ross Sea"), "south_island", "ross"),
)

TERRITORY_IDS: tuple[str, ...] = tuple(t.id for t in TERRITORIES)
INDEX: dict[str, int] = {t.id: i for i, t in enumerate(TERRITORIES)}
STRAIT_IDS: tuple[str, ...] = tuple(s.id for s in STRAITS)
STRAIT_INDEX: dict[str, int] = {s.id: i for i, s in enumerate(STRAITS)}
N = len(TERRITORIES)
ORIGIN_INDEX = INDEX[ORIGIN]
COLOUR: tuple[str | None, ...] = tuple(t.colour for t in TERRITORIES)
CONTINENT: tuple[str, ...] = tuple(t.continent for t in TERRITORIES)
GREENS: tuple[int, ...] = tuple(i for i, t in enumerate(TERRITORIES) if t.colour == "green")
STRAIT_ENDS: tuple[tuple[int, int], ...] = tuple((INDEX[s.a], INDEX[s.b]) for s in STRAITS)


def _neighbours(pairs: list[tuple[int, int]]) -> tuple[frozenset[int], ...]:
    sets: list[set[int]] = [set() for _ in range(N)]
    for a, b in pairs:
        sets[a].add(b)
        sets[b].add(a)
    return tuple(frozenset(s) for s in sets)


LAND: tuple[frozenset[int], ...] = _neighbours([(INDEX[a], INDEX[b]) for a, b in LAND_BORDERS])
"""Land neighbours: migration and swap move along these (ru: «Мореплаватель»)."""
ADJACENT: tuple[frozenset[int], ...] = _neighbours(
    [(INDEX[a], INDEX[b]) for a, b in LAND_BORDERS] + list(STRAIT_ENDS)
)
"""All neighbours; ru: «Территории, разделённые проливом, считаются смежными»."""


def _distances(graph: tuple[frozenset[int], ...]) -> tuple[tuple[int, ...], ...]:
    rows = []
    for start in range(N):
        dist = [99] * N
        dist[start] = 0
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in graph[here]:
                if dist[there] == 99:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        rows.append(tuple(dist))
    return tuple(rows)


LAND_DISTANCE = _distances(LAND)
SEA_DISTANCE = _distances(ADJACENT)
MAX_SPEED = 6  # height 3, Cart +1, Carriage +2
REACH: dict[bool, tuple[tuple[tuple[int, ...], ...], ...]] = {
    sea: tuple(
        tuple(
            tuple(j for j in range(N) if 0 < table[i][j] <= speed) for speed in range(MAX_SPEED + 1)
        )
        for i in range(N)
    )
    for sea, table in ((False, LAND_DISTANCE), (True, SEA_DISTANCE))
}
"""REACH[navigator][territory][speed]: territories a pawn can end on, through any others."""


def _landmasses() -> tuple[int, ...]:
    mass = [-1] * N
    count = 0
    for start in range(N):
        if mass[start] >= 0:
            continue
        stack = [start]
        mass[start] = count
        while stack:
            here = stack.pop()
            for there in LAND[here]:
                if mass[there] < 0:
                    mass[there] = count
                    stack.append(there)
        count += 1
    return tuple(mass)


LANDMASS = _landmasses()

# ---------------------------------------------------------------- tokens and tiles
# SOURCE: 6 hunting tokens worth 4-8, one returned to the box. PROVISIONAL: the six values.
HUNTING_TOKENS: tuple[int, ...] = (4, 5, 6, 6, 7, 8)
# SOURCE: 11 strait tokens worth 3-5. PROVISIONAL: the mix.
STRAIT_TOKENS: tuple[int, ...] = (3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5)
# SOURCE: 30 innovation tiles, levels 1-5. PROVISIONAL: how many of each level.
TILES_PER_LEVEL: tuple[int, ...] = (10, 8, 6, 4, 2)
INNOVATION_TILES: tuple[int, ...] = tuple(
    level for level, count in enumerate(TILES_PER_LEVEL, start=1) for _ in range(count)
)
# SOURCE: 3 face up in yellow, orange and purple, 6 in brown, 15 face down in reserve.
COLUMN_SIZES: dict[str, int] = {"yellow": 3, "orange": 3, "purple": 3, "brown": 6}
MIN_LEVEL_ONE_FACE_UP = 3  # RULEBOOK (ru: «Если на поле наград нет хотя бы 3 тайлов …»)


def tile_points(level: int) -> int:
    """RULEBOOK: each tile 1 point, level-5 tiles 5 points."""
    return 5 if level == 5 else 1


# ---------------------------------------------------------------- cards


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    deck: str  # action / permanent / objective
    copies: int
    text: str
    level: int = 0  # permanent cards: the innovation level needed to play it
    points: int = 0  # objective cards
    condition: tuple[Any, ...] = ()  # objective cards: what must be on the board
    points_provenance: str = ""
    copies_provenance: str = PROVISIONAL


# RULEBOOK: names and effects (end of origin.ru.txt). PROVISIONAL: copies making 14.
ACTION_CARDS: tuple[Card, ...] = (
    Card("tribal_war_straits", p_("card", "Tribal war (strait)"), "action", 1,
         _("When you swap, take the strait token of lowest value from the player you displace.")),
    Card("hunter", p_("card", "Hunter"), "action", 2,
         _("Take the hunting token of a green territory adjacent to one of your pawns.")),
    Card("great_shaman", p_("card", "Great shaman"), "action", 1,
         _("This turn, your evolution may place any pawn, whatever its neighbours.")),
    Card("navigator", p_("card", "Navigator"), "action", 2,
         _("This turn, your pawn may cross the sea while moving; each strait counts as one step.")),
    Card("tribal_war_cards", p_("card", "Tribal war (cards)"), "action", 1,
         _("When you swap, look at the hand of the player you displace and take one card.")),
    Card("volcanic_eruption", p_("card", "Volcanic eruption"), "action", 1,
         _("Take any yellow card from the discard pile into your hand.")),
    Card("inventor", p_("card", "Inventor"), "action", 2,
         _("Draw a card from any deck, or take any innovation tile from the reward board.")),
    Card("sailor", p_("card", "Sailor"), "action", 2,
         _("Take a strait token while having a pawn on only one side of that strait.")),
    Card("control", p_("card", "Control"), "action", 1,
         _("This turn, you may swap with any other player's pawn whatever its strength.")),
    Card("tribal_war_tiles", p_("card", "Tribal war (tile)"), "action", 1,
         _("When you swap, take an innovation tile from the player you displace.")),
)  # fmt: skip

# RULEBOOK: names and effects. PROVISIONAL: copies making 14 and each card's level.
PERMANENT_CARDS: tuple[Card, ...] = (
    Card("observation_kit", p_("card", "Observation kit"), "permanent", 2,
         _("Whenever you draw cards, draw one more; keep one of those drawn, the rest go "
         "under the deck."), level=2),
    Card("shaman", p_("card", "Shaman"), "permanent", 2,
         _("Your evolutions may place a pawn matching its neighbour in only one property."),
         level=1),
    Card("carriage", p_("card", "Carriage"), "permanent", 1,
         _("+2 to your pawns' speed."), level=3),
    Card("power", p_("card", "Power"), "permanent", 2,
         _("You may also swap with pawns of equal strength."),
         level=2),
    Card("map", p_("card", "Map"), "permanent", 1,
         _("You may hold up to 3 objective cards."), level=2),
    Card("war_trophies", p_("card", "War trophies"), "permanent", 1,
         _("Each time you swap, take a pawn from the reserve; each is worth 2 points at the end."),
         level=4),
    Card("parchment", p_("card", "Parchment"), "permanent", 2,
         _("Whenever you take an innovation tile, you may take it from any column."), level=3),
    Card("treasure", p_("card", "Treasure"), "permanent", 1,
         _("Each card in your hand at the end is worth one more point."), level=4),
    Card("cart", p_("card", "Cart"), "permanent", 2, _("+1 to your pawns' speed."), level=1),
)  # fmt: skip

# RULEBOOK: the 20 objectives. SOURCE: points of 15 (Board Game Arena help).
# PROVISIONAL: points of the other 5.
OBJECTIVE_CARDS: tuple[Card, ...] = (
    Card("eurasia", p_("card", "3 pawns in Eurasia"), "objective", 1, _("Have 3 pawns in Eurasia."),
         points=5, condition=("continent", "Eurasia", 3), points_provenance=SOURCE),
    Card("adjacent_one_continent", p_("card", "4 adjacent pawns on one continent"), "objective", 1,
         _("Have 4 pawns on adjacent territories of the same continent."),
         points=5, condition=("adjacent", 4, 1), points_provenance=SOURCE),
    Card("green", p_("card", "2 pawns on green territories"), "objective", 1,
         _("Have 2 pawns on green territories."),
         points=3, condition=("territory_colour", "green", 2), points_provenance=SOURCE),
    Card("brown", p_("card", "3 pawns on brown territories"), "objective", 1,
         _("Have 3 pawns on brown territories."),
         points=4, condition=("territory_colour", "brown", 3), points_provenance=SOURCE),
    Card("four_continents", p_("card", "Present on 4 continents"), "objective", 1,
         _("Have pawns on at least 4 of the 6 continents."),
         points=5, condition=("continents", 4), points_provenance=SOURCE),
    Card("africa", p_("card", "3 pawns in Africa"), "objective", 1, _("Have 3 pawns in Africa."),
         points=3, condition=("continent", "Africa", 3), points_provenance=SOURCE),
    Card("strength_three", p_("card", "3 pawns of strength 3"), "objective", 1,
         _("Have 3 pawns of strength 3 on the board."),
         points=4, condition=("strength", 3, 3), points_provenance=SOURCE),
    Card("south_america", p_("card", "3 pawns in South America"), "objective", 1,
         _("Have 3 pawns in South America."),
         points=6, condition=("continent", "South America", 3), points_provenance=SOURCE),
    Card("each_colour", p_("card", "2 pawns of each colour"), "objective", 1,
         _("Have 2 white, 2 brown and 2 black pawns on the board."),
         points=5, condition=("each_colour", 2), points_provenance=PROVISIONAL),
    Card("antarctica", p_("card", "3 pawns in Antarctica"), "objective", 1,
         _("Have 3 pawns in Antarctica."),
         points=6, condition=("continent", "Antarctica", 3), points_provenance=SOURCE),
    Card("north_america", p_("card", "3 pawns in North America"), "objective", 1,
         _("Have 3 pawns in North America."),
         points=6, condition=("continent", "North America", 3), points_provenance=SOURCE),
    Card("level_one_tiles", p_("card", "3 level-1 innovation tiles"), "objective", 1,
         _("Have 3 innovation tiles of level 1."),
         points=3, condition=("tiles", 1, 3), points_provenance=PROVISIONAL),
    Card("level_three_tiles", p_("card", "2 level-3 innovation tiles"), "objective", 1,
         _("Have 2 innovation tiles of level 3."),
         points=5, condition=("tiles", 3, 2), points_provenance=PROVISIONAL),
    Card("height_three", p_("card", "3 pawns of height 3"), "objective", 1,
         _("Have 3 pawns of height 3 on the board."),
         points=4, condition=("height", 3, 3), points_provenance=SOURCE),
    Card("orange", p_("card", "3 pawns on orange territories"), "objective", 1,
         _("Have 3 pawns on orange territories."),
         points=4, condition=("territory_colour", "orange", 3), points_provenance=SOURCE),
    Card("level_two_tiles", p_("card", "3 level-2 innovation tiles"), "objective", 1,
         _("Have 3 innovation tiles of level 2."),
         points=4, condition=("tiles", 2, 3), points_provenance=PROVISIONAL),
    Card("straits", p_("card", "3 strait tokens"), "objective", 1, _("Have 3 strait tokens."),
         points=5, condition=("strait_tokens", 3), points_provenance=PROVISIONAL),
    Card("yellow", p_("card", "3 pawns on yellow territories"), "objective", 1,
         _("Have 3 pawns on yellow territories."),
         points=4, condition=("territory_colour", "yellow", 3), points_provenance=SOURCE),
    Card("oceania", p_("card", "3 pawns in Oceania"), "objective", 1, _("Have 3 pawns in Oceania."),
         points=5, condition=("continent", "Oceania", 3), points_provenance=SOURCE),
    Card("adjacent_two_continents", p_("card", "4 adjacent pawns over 2 continents"),
         "objective", 1,
         _("Have 4 pawns on adjacent territories spanning at least 2 continents."),
         points=5, condition=("adjacent", 4, 2), points_provenance=SOURCE),
)  # fmt: skip

CARDS: dict[str, Card] = {c.id: c for c in (*ACTION_CARDS, *PERMANENT_CARDS, *OBJECTIVE_CARDS)}
DECK_CARDS: dict[str, tuple[str, ...]] = {
    deck: tuple(c.id for c in group for _ in range(c.copies))
    for deck, group in (
        ("action", ACTION_CARDS),
        ("permanent", PERMANENT_CARDS),
        ("objective", OBJECTIVE_CARDS),
    )
}
OBJECTIVE_HAND_LIMIT = 2  # RULEBOOK; 3 with the Map card
OBJECTIVES_DEALT = 3  # RULEBOOK
CARDS_DRAWN_FOR_CHOICE = 3  # RULEBOOK: «Возьмите три верхние карты … одну … оставьте»
WAR_TROPHY_POINTS = 2  # RULEBOOK
TURN_EFFECT_CARDS = frozenset({"great_shaman", "navigator", "control"})
"""Action cards whose effect lasts for the rest of the turn's action."""
AFTER_SWAP_CARDS = frozenset({"tribal_war_straits", "tribal_war_cards", "tribal_war_tiles"})
