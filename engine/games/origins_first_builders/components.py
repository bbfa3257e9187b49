"""Origins: First Builders' components, each value tagged with where it comes from
(GAME-DATA.md).

RULEBOOK: stated in ``rules/origins-first-builders.ru.txt``. SOURCE: the facts GAME-DATA.md
lists. PROVISIONAL: designed here, because no transcription of the printed components exists;
someone holding the box can correct these values here without touching the rules code. The
player-facing data page is ``datapage.DATA_PAGE``; the rulings are in ``rulings.RULINGS``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.origins_first_builders.words import _, p_
from engine.kit.words import Msg

RULEBOOK = "RULEBOOK"
SOURCE = "SOURCE"
PROVISIONAL = "PROVISIONAL"

# ---------------------------------------------------------------- colours, resources
# ru «Граждане»: red, orange, yellow, blue and purple, in the rulebook's order. RULEBOOK
COLOURS: tuple[str, ...] = ("red", "orange", "yellow", "blue", "purple")
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
# ru «Базовые ресурсы и золото»: three basic resources, gold is a joker worth 1 VP. RULEBOOK
BASICS: tuple[str, ...] = ("stone", "food", "wisdom")
RESOURCES: tuple[str, ...] = (*BASICS, "gold")
STARTING_RESOURCES = 1  # ru step 16: one of each resource. RULEBOOK

# ---------------------------------------------------------------- dice
DIE_FACES = 6
CITIZEN_ROLL_MAX = 5  # ru step 8 and «Получить кубик жителя»: a rolled 6 is rolled again
DICE_PER_COLOUR = 9  # SOURCE: 45 citizen dice, 9 per colour
# ru step 2: with 2 players return 2 dice of each colour to the box, with 3 players 1.
# RULEBOOK for 2-4; PROVISIONAL for solo (the same progression, see rulings).
DICE_RETURNED = {1: 3, 2: 2, 3: 1, 4: 0}
SPEAKER_FACES: tuple[int, ...] = (2, 2, 3, 3, 4, 5)  # RULEBOOK (sides of a speaker die)
SPEAKER_MAX = 5
# ru step 9: 2/3/4 speaker dice with 2/3/4 players. RULEBOOK; solo: PROVISIONAL (rulings).
SPEAKERS = {1: 1, 2: 2, 3: 3, 4: 4}
ROW_SLOTS = 5  # ru step 8: one die of each colour on the citizen row. RULEBOOK
# Wisdom printed beside each slot of the citizen row, left to right. PROVISIONAL
CITIZEN_ROW_COSTS: tuple[int, ...] = (0, 1, 1, 2, 2)

# ---------------------------------------------------------------- player board
BASES = 6  # SOURCE: 6 citizen bases per player
STARTING_BASES = 2  # ru step 17: two bases beside the board, the others on the track
# Food printed above each base of the population track, leftmost first: 2 for the third base
# and 8 for the last (RULEBOOK, «Увеличить население»); the two between: PROVISIONAL.
POPULATION_COSTS: tuple[int, ...] = (2, 3, 5, 8)
LAST_BASE_POINTS = 10  # RULEBOOK
# Points beside each cell of the advisor track, left to right (5 colours, 5 cells).
# PROVISIONAL; the worked scoring example's 6 is the third cell.
ADVISOR_POINTS: tuple[int, ...] = (1, 3, 6, 10, 15)

# ---------------------------------------------------------------- the main board
ZONES = 5  # SOURCE: 5 starships, one per contact zone
STARSHIP_START = 1  # RULEBOOK (ru step 4)
STARSHIP_MAX = 6  # RULEBOOK: «Если значение звездолёта было «6», оно меняется на «1»»

# The ten board actions of the appendix «Действия на игровом поле», in its order. RULEBOOK
STONE3 = "stone3"
WAR = "war"
FOOD3 = "food3"
BUILD = "build"
WISDOM3 = "wisdom3"
TEMPLE = "temple"
BASIC_GOLD = "basic_gold"
CITIZEN = "citizen"
ONE_EACH = "one_each"
FEED = "feed"
BOARD_ACTIONS: dict[str, Msg] = {
    STONE3: _("gain 3 stone"),
    WAR: _("advance 2 on the war track and/or attack"),
    FOOD3: _("gain 3 food"),
    BUILD: _("buy a building"),
    WISDOM3: _("gain 3 wisdom"),
    TEMPLE: _("pay 1 stone: advance 2 on a temple and take its zodiac card"),
    BASIC_GOLD: _("gain 1 basic resource and 1 gold"),
    CITIZEN: _("take a citizen die from the row"),
    ONE_EACH: _("gain 1 stone, 1 food and 1 wisdom"),
    FEED: _("spend 1-3 food: +1 to a citizen or +1 on the war track for each"),
}
# Which two actions each contact zone prints (top, bottom): the appendix lists them in pairs,
# a resource action over a use for it. PROVISIONAL
ZONE_ACTIONS: tuple[tuple[str, str], ...] = (
    (STONE3, WAR),
    (FOOD3, BUILD),
    (WISDOM3, TEMPLE),
    (BASIC_GOLD, CITIZEN),
    (ONE_EACH, FEED),
)
WAR_ACTION_STEPS = 2  # PROVISIONAL; the rulebook's war-track example moves a disc 2 spaces

# The five bonus action tiles («Жетоны бонусных действий», RULEBOOK) and their colours
# (PROVISIONAL; each starship takes its tile's colour, so the five colours differ).
BONUS_TEMPLE = "temple_step"
BONUS_BUILD = "build"
BONUS_WAR = "war"
BONUS_SPEAKER = "speaker"
BONUS_BASIC = "basic"
BONUS_TILES: dict[str, str] = {
    "purple": BONUS_TEMPLE,
    "orange": BONUS_BUILD,
    "red": BONUS_WAR,
    "blue": BONUS_SPEAKER,
    "yellow": BONUS_BASIC,
}
BONUS_TEXT: dict[str, Msg] = {
    BONUS_TEMPLE: _("pay 1 stone: advance 1 on a temple (no zodiac card)"),
    BONUS_BUILD: _("pay 1 food: buy a building"),
    BONUS_WAR: _("pay 1 wisdom: advance 1 on the war track or attack"),
    BONUS_SPEAKER: _("take a speaker die"),
    BONUS_BASIC: _("gain 1 basic resource"),
}
# ru «Одиночный режим»: red on the first zone, purple on the second, blue on the third,
# orange on the fourth (RULEBOOK); the fifth takes the one left, yellow (PROVISIONAL).
SOLO_BONUS_TILES: tuple[str, ...] = ("red", "purple", "blue", "orange", "yellow")

# ---------------------------------------------------------------- the building row
BUILDING_ROW_SLOTS = 5  # ru step 7: one tile from each of the five stacks. RULEBOOK
# Wisdom printed beside each slot, top to bottom. PROVISIONAL; the rulebook's example buys
# the orange tile with two tiles below it for 2 wisdom.
BUILDING_ROW_COSTS: tuple[int, ...] = (0, 1, 2, 2, 3)
TILES_PER_COLOUR = 15  # SOURCE


@dataclass(frozen=True)
class Building:
    id: str
    name: Msg
    russian: str
    colour: str  # PROVISIONAL for blue, orange and purple (see rulings)
    copies: int  # PROVISIONAL
    stone: int  # PROVISIONAL (1-3, SOURCE)
    text: Msg  # RULEBOOK (appendix «Жетоны зданий»)


_B = Building
BUILDINGS: tuple[Building, ...] = (
    # Yellow: Harbour and Market count yellow buildings and citizens.
    _B("granary", p_("building", "Granary"), "Амбар", "yellow", 3, 1,
       _("gain 1 food + 1 food per farm")),
    _B("harbour", p_("building", "Harbour"), "Гавань", "yellow", 2, 2,
       _("2 VP per yellow building")),
    _B("market", p_("building", "Market"), "Рынок", "yellow", 2, 3, _("4 VP per yellow citizen")),
    _B("mint", p_("building", "Mint"), "Монетный двор", "yellow", 3, 2, _("gain 1 gold")),
    _B("quarry", p_("building", "Quarry"), "Каменоломня", "yellow", 3, 1,
       _("gain 1 stone + 1 stone per empty space next to it")),
    _B("workshop", p_("building", "Workshop"), "Мастерская", "yellow", 2, 1,
       _("gain 1 basic resource")),
    # Red: Chariot Field, Citadel and Veterans count red buildings and citizens.
    _B("arsenal", p_("building", "Arsenal"), "Арсенал", "red", 3, 2,
       _("advance 2 on the war track and/or attack, in either order")),
    _B("chariots", p_("building", "Chariot Field"), "Поле для колесниц", "red", 2, 3,
       _("2 VP per red building and per red citizen")),
    _B("outpost", p_("building", "Outpost"), "Аванпост", "red", 3, 1,
       _("advance 1 on the war track or attack")),
    _B("tiltyard", p_("building", "Tiltyard"), "Ристалище", "red", 2, 2,
       _("advance 2 on the war track, then 1 stone or 1 food per player behind you")),
    _B("citadel", p_("building", "Citadel"), "Цитадель", "red", 2, 3,
       _("advance 1 on the war track per red building")),
    _B("veterans", p_("building", "Veterans' Quarter"), "Ветеранская община", "red", 3, 2,
       _("a red citizen beside your board scores its value in VP, then loses 1")),
    # Orange (the rulebook's examples show an orange tile costing 2 wisdom and 2 stone).
    _B("castle", p_("building", "Castle"), "Замок", "orange", 2, 3,
       _("1 VP + 3 VP per closed district")),
    _B("construction", p_("building", "Construction Site"), "Строительная площадка", "orange", 3, 2,
       _("take a building from the row without paying wisdom; build it later for its stone")),
    _B("court", p_("building", "Courthouse"), "Суд", "orange", 2, 1,
       _("change the colour of a citizen beside your board, keeping its value")),
    _B("manor", p_("building", "Manor"), "Усадьба", "orange", 3, 2,
       _("take a citizen die from the row for free")),
    _B("forum", p_("building", "Forum"), "Форум", "orange", 3, 1, _("take a speaker die for free")),
    _B("idols", p_("building", "Idol Shrine"), "Капище", "orange", 2, 3,
       _("0/1/3/6/10 VP for 1/2/3/4/5 building colours in your city")),
    # Purple: the temples.
    _B("forest_temple", p_("building", "Forest Temple"), "Лесной храм", "purple", 2, 2,
       _("advance 2 on the Forest temple; you may pay 1 gold to advance 1 on another temple")),
    _B("mountain_temple", p_("building", "Mountain Temple"), "Горный храм", "purple", 2, 2,
       _("advance 2 on the Mountain temple; you may pay 1 gold to advance 1 on another temple")),
    _B("obelisk", p_("building", "Obelisk"), "Обелиск", "purple", 4, 1,
       _("1/2/4/7 VP for 1/2/3/4 or more obelisks in your city")),
    _B("sanctuary", p_("building", "Sanctuary"), "Святыня", "purple", 2, 3,
       _("3/6/10 VP for 1/2/3 zodiac cards you hold")),
    _B("sea_temple", p_("building", "Sea Temple"), "Морской храм", "purple", 2, 2,
       _("advance 2 on the Sea temple; you may pay 1 gold to advance 1 on another temple")),
    _B("statue", p_("building", "Statue"), "Статуя", "purple", 3, 1, _("advance 1 on any temple")),
    # Blue: wisdom and citizens.
    _B("gallery", p_("building", "Gallery"), "Галерея", "blue", 2, 3,
       _("3 VP per colour among your citizens")),
    _B("astronomer", p_("building", "Astronomer's Tower"), "Башня астронома", "blue", 3, 2,
       _("gain 1 wisdom + 1 wisdom per advisor")),
    _B("fountain", p_("building", "Fountain of Wisdom"), "Фонтан мудрости", "blue", 3, 1,
       _("gain 1 wisdom and set any starship to 1")),
    _B("ritual_gate", p_("building", "Ritual Gate"), "Ритуальные врата", "blue", 3, 2,
       _("add 0, 1 or 2 to a citizen beside your board")),
    _B("healer", p_("building", "Healer's Estate"), "Поместье целителя", "blue", 2, 2,
       _("1 VP + 1 VP per citizen")),
    _B("mage", p_("building", "Mage's Tower"), "Башня мага", "blue", 2, 3,
       _("use the effect of one adjacent building")),
)  # fmt: skip
BUILDING: dict[str, Building] = {b.id: b for b in BUILDINGS}

# ru «Расширение города»: the starting buildings are grey; the palace has no effect, the
# Agora's effect fires in every district it belongs to (PROVISIONAL effect, see rulings).
AGORA = "agora"
PALACE = "palace"
GREY = "grey"
STARTING_TEXT = {
    AGORA: _("gain 1 basic resource (fires whenever a district with it is closed)"),
    PALACE: _("no effect; holds the five towers"),
}
START_NAMES = {AGORA: p_("building", "Agora"), PALACE: p_("building", "Palace")}
AGORA_AT = (0, -1)  # ru step 18: the Agora above the Palace
PALACE_AT = (0, 0)

IDOL_POINTS: tuple[int, ...] = (0, 0, 1, 3, 6, 10)  # by building colours; RULEBOOK
OBELISK_POINTS: tuple[int, ...] = (0, 1, 2, 4, 7)  # 4 or more: 7; RULEBOOK
SANCTUARY_POINTS: tuple[int, ...] = (0, 3, 6, 10)  # by zodiac cards; RULEBOOK

# ---------------------------------------------------------------- towers
TIERS_PER_COLOUR = 12  # RULEBOOK (60 tiers, 12 per colour)
TOWER_END_COLOURS = 3  # ru «Конец игры»: 3 or fewer colours left in the supply. RULEBOOK


# ---------------------------------------------------------------- district cards
@dataclass(frozen=True)
class DistrictCard:
    id: str
    towers: tuple[str, ...]  # tower icons on the top part
    pattern: tuple[str, str, str]  # the corner building, then the two beside it
    first: int  # VP the first time a player scores it
    later: int  # VP each later time


# SOURCE: 45 cards. RULEBOOK: each shows tower icons and three buildings of a 2x2 district
# (the fourth drawn empty: any tile), 2 gold on each card dealt. PROVISIONAL: every value
# below. The three buildings form an L: the corner one and the two beside it. Five cards
# want three of one colour (9/4 VP), twenty two of one colour and one other (7/3), twenty
# three colours (5/2); each card shows two tower icons, 18 of each colour in the deck.
_D = DistrictCard
DISTRICT_CARDS: tuple[DistrictCard, ...] = (
    _D("d01", ("red", "orange"), ("red", "red", "red"), 9, 4),
    _D("d02", ("orange", "yellow"), ("orange", "orange", "orange"), 9, 4),
    _D("d03", ("yellow", "blue"), ("yellow", "yellow", "yellow"), 9, 4),
    _D("d04", ("blue", "purple"), ("blue", "blue", "blue"), 9, 4),
    _D("d05", ("purple", "red"), ("purple", "purple", "purple"), 9, 4),
    _D("d06", ("red", "yellow"), ("red", "red", "orange"), 7, 3),
    _D("d07", ("orange", "blue"), ("yellow", "red", "red"), 7, 3),
    _D("d08", ("yellow", "purple"), ("red", "red", "blue"), 7, 3),
    _D("d09", ("blue", "red"), ("purple", "red", "red"), 7, 3),
    _D("d10", ("purple", "orange"), ("orange", "orange", "red"), 7, 3),
    _D("d11", ("red", "blue"), ("yellow", "orange", "orange"), 7, 3),
    _D("d12", ("orange", "purple"), ("orange", "orange", "blue"), 7, 3),
    _D("d13", ("yellow", "red"), ("purple", "orange", "orange"), 7, 3),
    _D("d14", ("blue", "orange"), ("yellow", "yellow", "red"), 7, 3),
    _D("d15", ("purple", "yellow"), ("orange", "yellow", "yellow"), 7, 3),
    _D("d16", ("red", "purple"), ("yellow", "yellow", "blue"), 7, 3),
    _D("d17", ("orange", "red"), ("purple", "yellow", "yellow"), 7, 3),
    _D("d18", ("yellow", "orange"), ("blue", "blue", "red"), 7, 3),
    _D("d19", ("blue", "yellow"), ("orange", "blue", "blue"), 7, 3),
    _D("d20", ("purple", "blue"), ("blue", "blue", "yellow"), 7, 3),
    _D("d21", ("red", "orange"), ("purple", "blue", "blue"), 7, 3),
    _D("d22", ("orange", "yellow"), ("purple", "purple", "red"), 7, 3),
    _D("d23", ("yellow", "blue"), ("orange", "purple", "purple"), 7, 3),
    _D("d24", ("blue", "purple"), ("purple", "purple", "yellow"), 7, 3),
    _D("d25", ("purple", "red"), ("blue", "purple", "purple"), 7, 3),
    _D("d26", ("red", "yellow"), ("red", "orange", "yellow"), 5, 2),
    _D("d27", ("orange", "blue"), ("orange", "yellow", "red"), 5, 2),
    _D("d28", ("yellow", "purple"), ("red", "orange", "blue"), 5, 2),
    _D("d29", ("blue", "red"), ("orange", "blue", "red"), 5, 2),
    _D("d30", ("purple", "orange"), ("red", "orange", "purple"), 5, 2),
    _D("d31", ("red", "blue"), ("orange", "purple", "red"), 5, 2),
    _D("d32", ("orange", "purple"), ("red", "yellow", "blue"), 5, 2),
    _D("d33", ("yellow", "red"), ("yellow", "blue", "red"), 5, 2),
    _D("d34", ("blue", "orange"), ("red", "yellow", "purple"), 5, 2),
    _D("d35", ("purple", "yellow"), ("yellow", "purple", "red"), 5, 2),
    _D("d36", ("red", "purple"), ("red", "blue", "purple"), 5, 2),
    _D("d37", ("orange", "red"), ("blue", "purple", "red"), 5, 2),
    _D("d38", ("yellow", "orange"), ("orange", "yellow", "blue"), 5, 2),
    _D("d39", ("blue", "yellow"), ("yellow", "blue", "orange"), 5, 2),
    _D("d40", ("purple", "blue"), ("orange", "yellow", "purple"), 5, 2),
    _D("d41", ("red", "orange"), ("yellow", "purple", "orange"), 5, 2),
    _D("d42", ("orange", "yellow"), ("orange", "blue", "purple"), 5, 2),
    _D("d43", ("yellow", "blue"), ("blue", "purple", "orange"), 5, 2),
    _D("d44", ("blue", "purple"), ("yellow", "blue", "purple"), 5, 2),
    _D("d45", ("purple", "red"), ("blue", "purple", "yellow"), 5, 2),
)
DISTRICT: dict[str, DistrictCard] = {d.id: d for d in DISTRICT_CARDS}
DISTRICT_GOLD = 2  # RULEBOOK (ru step 10)
# ru step 10: 4/5/6 cards with 2/3/4 players; solo: 3 («Одиночный режим»). RULEBOOK
DISTRICTS_DEALT = {1: 3, 2: 4, 3: 5, 4: 6}

# ---------------------------------------------------------------- the war track
# RULEBOOK: a start space, milestones three spaces apart, a reward beside every space but
# the start, the first and the last, 9 VP on the last space. SOURCE: 20 superiority tokens,
# one per milestone for each of 4 players: five milestones. PROVISIONAL: the layout below.
WAR_START = 0
WAR_LAST = 16
MILESTONES = 5  # milestone k lies between space 3k and space 3k+1
WAR_LAST_POINTS = 9  # RULEBOOK

# Attack rewards («Провести атаку», RULEBOOK kinds): "none"; "stone"/"food"/"wisdom"
# (1 of it); "gold1"/"gold2"; "convert" (spend 1 basic resource for 1 gold); "basic+X"
# (1 basic resource and 1 X). PROVISIONAL: which space shows which.
WAR_REWARDS: tuple[str, ...] = (
    "none",  # 0 start
    "none",  # 1 first space
    "food",
    "stone",
    "wisdom",  # after milestone 1
    "convert",
    "gold1",
    "wisdom",  # after milestone 2 (the rulebook's attack example: 1 wisdom here)
    "basic+food",
    "basic+stone",
    "basic+wisdom",  # after milestone 3
    "gold2",
    "basic+gold",
    "gold2",  # after milestone 4
    "basic+gold",
    "gold2",
    "none",  # 16 the last space: 9 VP when reached
)


def milestones_passed(space: int) -> int:
    """Milestones behind a disc on ``space``."""
    return 0 if space <= 0 else min(MILESTONES, (space - 1) // 3)


def retreat_space(space: int) -> int:
    """ru «Конец раунда» 3: the space just past the last milestone passed (the start if
    none was passed)."""
    passed = milestones_passed(space)
    return WAR_START if passed == 0 else 3 * passed + 1


# ---------------------------------------------------------------- temples and zodiac
TEMPLES: tuple[str, ...] = ("forest", "mountain", "sea")  # RULEBOOK, in the award order
TEMPLE_NAMES = {
    "forest": p_("temple", "Forest"),
    "mountain": p_("temple", "Mountain"),
    "sea": p_("temple", "Sea"),
}
# Points beside each step of a temple track, from the start (0) to the top. PROVISIONAL;
# the worked scoring example shows steps worth 16, 31 and 70 (RULEBOOK).
TEMPLE_POINTS: tuple[int, ...] = (0, 1, 3, 6, 10, 16, 23, 31, 40, 50, 60, 70)
TEMPLE_TOP = len(TEMPLE_POINTS) - 1
TEMPLE_ACTION_STEPS = 2  # RULEBOOK


@dataclass(frozen=True)
class Zodiac:
    id: str
    name: Msg
    russian: str
    text: Msg  # RULEBOOK (appendix «Карты зодиака»)


_Z = Zodiac
ZODIAC: tuple[Zodiac, ...] = (
    _Z("sagittarius", p_("zodiac", "Sagittarius"), "Стрелец",
       _("when you take a citizen or speaker die, you may add 1 to it (not above 6 or 5)")),
    _Z("pisces", p_("zodiac", "Pisces"), "Рыбы",
       _("you may take any bonus action as «gain 1 gold»")),
    _Z("capricorn", p_("zodiac", "Capricorn"), "Козерог",
       _("when you build a tower level, you may add 2 to one citizen (not above 6)")),
    _Z("aquarius", p_("zodiac", "Aquarius"), "Водолей",
       _("when you advance 2 on a temple, you may pay 1 gold to advance 1 on another")),
    _Z("taurus", p_("zodiac", "Taurus"), "Телец",
       _("buildings and citizens from a row cost 1 wisdom less")),
    _Z("cancer", p_("zodiac", "Cancer"), "Рак",
       _("when you pass, take a citizen die from the row for free if you have a free base")),
    _Z("libra", p_("zodiac", "Libra"), "Весы",
       _("after closing a district, you may take a citizen die from the row, paying wisdom")),
    _Z("aries", p_("zodiac", "Aries"), "Овен",
       _("when you attack, 1 VP per red die you have (not advisors)")),
    _Z("leo", p_("zodiac", "Leo"), "Лев",
       _("the die you place in a power centre gains 2 (not above 6)")),
    _Z("gemini", p_("zodiac", "Gemini"), "Близнецы",
       _("when you pass, 1 basic resource per space your war disc will fall back")),
    _Z("virgo", p_("zodiac", "Virgo"), "Дева",
       _("you may build on one of your farms, paying no wisdom or stone")),
    _Z("scorpio", p_("zodiac", "Scorpio"), "Скорпион",
       _("1 wisdom when you close a district or a 6 must become an advisor")),
)  # fmt: skip
ZODIAC_CARD: dict[str, Zodiac] = {z.id: z for z in ZODIAC}

# ---------------------------------------------------------------- player pieces
SUPERIORITY_TOKENS = 20  # SOURCE; never short: one per milestone per player
SOLO_DUMMY = "dummy"  # ru «Одиночный режим»: a disc of another colour on the war track


def citizens_supply(players: int) -> int:
    """ru step 2: dice of each colour beside the board."""
    return DICE_PER_COLOUR - DICE_RETURNED[players]


def stack_tiles() -> dict[str, list[str]]:
    """Every building tile of each colour (15 each), unshuffled."""
    stacks: dict[str, list[str]] = {c: [] for c in COLOURS}
    for b in BUILDINGS:
        stacks[b.colour] += [b.id] * b.copies
    return stacks
