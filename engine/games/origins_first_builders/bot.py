"""A greedy bot for a seat the other players handed over (engine contract ``bot_move``).

It reads only what the seat's view shows: the board, the rows, the face-up tops of the
building stacks and every player's open pieces; never the tiles beneath a stack's top.
Every decision scores its options with simple estimates of what they are worth in points
and picks the best; ties go to the first option in ``legal_moves`` order, so the same state
and seat always give the same move (no randomness, no clock, no set order).

On its turn it closes a district when one is open, builds a tower level that its power
centres reward, takes a new base when every base is full, and otherwise visits the contact
zone whose actions are worth most to it (paying wisdom only when the action is worth it). It
passes only when none of that is worth anything.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.contract import IllegalMove, Move
from engine.games.origins_first_builders.buying import row_wisdom
from engine.games.origins_first_builders.citizens import row_cost
from engine.games.origins_first_builders.city import (
    activated,
    centres_completed_by,
    grid,
    matching_cards,
    neighbours,
    open_centres,
)
from engine.games.origins_first_builders.components import (
    BASES,
    BASICS,
    BONUS_BUILD,
    BONUS_SPEAKER,
    BONUS_TEMPLE,
    BONUS_TILES,
    BONUS_WAR,
    BUILD,
    BUILDING,
    CITIZEN,
    COLOUR_INDEX,
    DIE_FACES,
    DISTRICT,
    FEED,
    FOOD3,
    ONE_EACH,
    STONE3,
    TEMPLE,
    TEMPLE_POINTS,
    TEMPLE_TOP,
    TEMPLES,
    WAR,
    WAR_REWARDS,
    WISDOM3,
    ZONE_ACTIONS,
    milestones_passed,
)
from engine.games.origins_first_builders.rules import legal_moves
from engine.games.origins_first_builders.state import HOME, Player, State, Step
from engine.games.origins_first_builders.tracks import (
    behind,
    can_advance,
    holds,
    space_of,
    temple_step,
)
from engine.games.origins_first_builders.turns import population_cost, tower_colours
from engine.games.origins_first_builders.visits import action_possible, bonus_possible, zone_cost
from engine.games.origins_first_builders.words import _
from engine.kit.words import Seat

BUILDING_WORTH: dict[str, float] = {
    # Rough points each building brings when placed (ru appendix «Жетоны зданий»).
    "granary": 2.0, "harbour": 3.0, "market": 3.0, "mint": 1.5, "quarry": 2.5,
    "workshop": 1.0, "arsenal": 3.0, "chariots": 3.0, "outpost": 1.5, "tiltyard": 3.0,
    "citadel": 2.5, "veterans": 3.0, "castle": 3.0, "construction": 2.0, "court": 0.5,
    "manor": 4.0, "forum": 2.0, "idols": 3.0, "forest_temple": 4.0,
    "mountain_temple": 4.0, "sea_temple": 4.0, "obelisk": 2.0, "sanctuary": 3.0,
    "statue": 2.0, "gallery": 3.0, "astronomer": 1.5, "fountain": 1.5, "ritual_gate": 1.5,
    "healer": 2.5, "mage": 2.0, "agora": 1.0,
}  # fmt: skip
WORKER_COST = {"citizen": 0.0, "speaker": 0.3, "archon": 0.8}
"""What sending each kind of worker gives up: the archon goes anywhere for free, so it is
kept for the zones a die could not reach cheaply."""
FARM_WORTH = 1.2
DIE_WORTH = 4.0  # a new citizen die: one more visit each round
BASE_WORTH = 3.0
PATIENCE = 6
"""Rounds after which the bot leans towards ending the game (tower levels, citizen dice:
ru «Конец игры»), so that a game of bots always comes to its end."""


def _pressure(state: State) -> float:
    return 0.8 * max(0, state.round - PATIENCE)


Chooser = Callable[[State, str, Step, list[Move]], Move]


def bot_move(state: State, seat: str) -> Move:
    moves = legal_moves(state, seat)
    if not moves:
        raise IllegalMove(_("{seat} has nothing to decide now.", seat=Seat(seat)))
    step = state.pending[0]
    chooser = _CHOOSERS.get(step.kind)
    if chooser is None:
        return moves[0]
    return chooser(state, seat, step, moves)


def _best(moves: list[Move], value: Callable[[Move], float]) -> Move:
    """The first move of highest value (``max`` keeps the first of equals)."""
    return max(moves, key=value)


def _skip_or(moves: list[Move], value: Callable[[Move], float], floor: float = 0.0) -> Move:
    """The best move worth more than ``floor``, else the skip/done option."""
    rest = [m for m in moves if m["type"] not in ("skip", "done")]
    fallback = next((m for m in moves if m["type"] in ("skip", "done")), None)
    if rest:
        best = _best(rest, value)
        if fallback is None or value(best) > floor:
            return best
    return fallback if fallback is not None else moves[0]


# ---------------------------------------------------------------- worth of things


def _need(player: Player, resource: str) -> float:
    """A basic resource is worth more while it is scarce."""
    have = player.amount(resource)
    return 1.2 if have < 2 else 1.0 if have < 5 else 0.5


def _temple_gain(state: State, seat: str, temple: str, steps: int) -> float:
    """ru «Подсчёт очков»: only the two lowest temple discs score."""
    now = [temple_step(state, seat, t) for t in TEMPLES]
    after = list(now)
    i = TEMPLES.index(temple)
    after[i] = min(TEMPLE_TOP, after[i] + steps)

    def two_lowest(steps_: list[int]) -> int:
        points = sorted(TEMPLE_POINTS[s] for s in steps_)
        return points[0] + points[1]

    return float(two_lowest(after) - two_lowest(now)) + 0.3 * (after[i] - now[i])


def _best_temple_gain(state: State, seat: str, steps: int) -> float:
    return max(_temple_gain(state, seat, t, steps) for t in TEMPLES)


def _attack_worth(state: State, seat: str) -> float:
    space = space_of(state.war, seat)
    points = behind(state.war, seat) + milestones_passed(space)
    reward = WAR_REWARDS[space]
    bonus = 0.0 if reward == "none" else 2.0 if reward in ("gold2", "basic+gold") else 1.0
    return points + bonus


def _advance_worth(state: State, seat: str, spaces: int) -> float:
    if not can_advance(state, seat):
        return 0.0
    space = space_of(state.war, seat)
    crossed = milestones_passed(space + spaces) - milestones_passed(space)
    return 0.6 * spaces + 2.0 * crossed


def _building_worth(state: State, seat: str, kind: str) -> float:
    player = state.player(seat)
    worth = BUILDING_WORTH.get(kind, 1.0)
    colour = BUILDING[kind].colour
    # District cards reward colours: a building of a colour the cards ask for helps.
    wanted = sum(DISTRICT[c].pattern.count(colour) for c in state.districts)
    worth += 0.3 * wanted
    if any(c.colour == colour for c in player.citizens):
        worth += 0.5
    return worth


def _buy_worth(state: State, seat: str, extra_food: int = 0) -> float:
    player = state.player(seat)
    best = FARM_WORTH - extra_food
    for slot, kind in enumerate(state.building_row):
        if kind is None:
            continue
        wisdom = row_wisdom(state, seat, slot)
        stone = BUILDING[kind].stone
        if player.wisdom + player.gold >= wisdom and player.stone + player.gold >= stone:
            cost = wisdom * 0.8 + stone * 0.8 + extra_food
            best = max(best, 3.0 + _building_worth(state, seat, kind) - cost)
    return best


def _citizen_worth(state: State, seat: str) -> float:
    player = state.player(seat)
    if player.free_bases <= 0:
        return 0.0
    best = 0.0
    for slot, die in enumerate(state.citizen_row):
        if die is None:
            continue
        cost = row_cost(state, seat, slot)
        if player.wisdom + player.gold >= cost:
            best = max(best, _die_worth(state, player) + 0.3 * die.value - cost)
    return best


def _die_worth(state: State, player: Player) -> float:
    """A new die is one more visit each round; the fewer dice, the more it is worth."""
    return DIE_WORTH + (3.0 if len(player.citizens) < 2 else 0.0) + _pressure(state)


def _action_worth(state: State, seat: str, action: str) -> float:
    player = state.player(seat)
    if not action_possible(state, seat, action):
        return 0.0
    if action == STONE3:
        return 3 * _need(player, "stone")
    if action == FOOD3:
        return 3 * _need(player, "food")
    if action == WISDOM3:
        return 3 * _need(player, "wisdom")
    if action == ONE_EACH:
        return sum(_need(player, r) for r in BASICS)
    if action == WAR:
        return _advance_worth(state, seat, 2) + _attack_worth(state, seat)
    if action == BUILD:
        return _buy_worth(state, seat)
    if action == TEMPLE:
        return _best_temple_gain(state, seat, 2) + 1.5 - 1.0
    if action == CITIZEN:
        return _citizen_worth(state, seat)
    if action == FEED:
        food = player.food + player.gold
        return min(3, food) * 0.7
    return 1.2 + max(_need(player, r) for r in BASICS)  # 1 basic + 1 gold


def _bonus_worth(state: State, seat: str, zone: int) -> float:
    bonus = BONUS_TILES[state.bonus[zone]]
    if not bonus_possible(state, seat, bonus):
        return 1.2 if holds(state, seat, "pisces") else 0.0
    if bonus == BONUS_TEMPLE:
        value = _best_temple_gain(state, seat, 1) - 1.0
    elif bonus == BONUS_BUILD:
        value = _buy_worth(state, seat, extra_food=1)
    elif bonus == BONUS_WAR:
        value = max(_advance_worth(state, seat, 1), _attack_worth(state, seat)) - 1.0
    elif bonus == BONUS_SPEAKER:
        value = 2.0
    else:
        value = 1.0
    return max(value, 1.2 if holds(state, seat, "pisces") else 0.0)


def _visit_worth(
    state: State,
    seat: str,
    worker: str,
    value: int | None,
    colours: tuple[str, ...],
    zone: int,
) -> float:
    actions = sorted((_action_worth(state, seat, a) for a in ZONE_ACTIONS[zone]), reverse=True)
    worth = actions[0] + (actions[1] if value == DIE_FACES else 0.0)
    if state.bonus[zone] in colours:
        worth += max(0.0, _bonus_worth(state, seat, zone))
    return worth - 1.0 * zone_cost(state, zone, value) - WORKER_COST[worker]


def _worker(state: State, seat: str, move: Move) -> tuple[str, int | None, tuple[str, ...]]:
    player = state.player(seat)
    worker = move["worker"]
    if worker == "citizen":
        c = player.citizens[move["die"]]
        return worker, c.value, (c.colour,)
    if worker == "speaker":
        return worker, move["value"], ()
    return worker, None, player.advisors


def _best_visit(state: State, seat: str, move: Move) -> float:
    worker, value, colours = _worker(state, seat, move)
    return max(
        _visit_worth(state, seat, worker, value, colours, z) for z in range(len(state.zones))
    )


# ---------------------------------------------------------------- the turn


def _close_worth(state: State, seat: str) -> float:
    player = state.player(seat)
    best = 0.0
    for corner in open_centres(player):
        for i in player.home:
            best = max(best, _close_value(state, seat, corner, i))
    return best


def _close_value(state: State, seat: str, corner: tuple[int, int], index: int) -> float:
    player = state.player(seat)
    die = player.citizens[index]
    value = min(DIE_FACES, die.value + 2) if holds(state, seat, "leo") else die.value
    worth: float = value * player.towers[COLOUR_INDEX[die.colour]]
    cards = matching_cards(player, corner, state.districts)
    if cards:
        worth += max(
            (DISTRICT[c].later if c in player.scored else DISTRICT[c].first)
            + state.district_gold[state.districts.index(c)]
            for c in cards
        )
    cells = grid(player)
    for cell in activated(player, corner, die.colour):
        worth += BUILDING_WORTH.get(cells[cell].kind, 1.0)
    # A die in a power centre visits no more zones: worth giving up late in its life.
    return worth - (2.0 if die.value < 4 else 0.0)


def _tower_worth(state: State, seat: str, colour: str) -> float:
    """ru «Построить уровень башни»: each power centre of the colour scores its die once
    more; late in the game, emptying the supply of a colour also brings the end nearer."""
    player = state.player(seat)
    i = COLOUR_INDEX[colour]
    level = player.towers[i]
    gain = sum(c.value for c in player.centres if c.colour == colour)
    hurry = _pressure(state) / state.tower_supply[i] if state.tower_supply[i] else 0.0
    return gain - 1.0 * level + hurry


def _at_main(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    player = state.player(seat)

    def worth(move: Move) -> float:
        kind = move["type"]
        if kind == "visit":
            return _best_visit(state, seat, move)
        if kind == "close":
            return _close_worth(state, seat)
        if kind == "tower":
            return max(_tower_worth(state, seat, c) for c in tower_colours(state, seat))
        if kind == "populate":
            if player.free_bases > 0 or player.bases >= BASES:
                return 0.0
            last = 10.0 if player.bases == BASES - 1 else 0.0
            return BASE_WORTH + last - 0.4 * population_cost(state, seat)
        return 0.4  # pass: only when nothing else is worth anything

    return _best(moves, worth)


def _at_turn_end(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    extra = next((m for m in moves if m["type"] == "extra_action"), None)
    if extra is not None:
        player = state.player(seat)
        visits = [m for m in _visit_moves(state, seat, player)]
        if visits and max(_best_visit(state, seat, m) for m in visits) >= 3.0:
            return extra
    return next(m for m in moves if m["type"] == "end_turn")


def _visit_moves(state: State, seat: str, player: Player) -> list[Move]:
    moves: list[Move] = [{"type": "visit", "worker": "citizen", "die": i} for i in player.home]
    if player.archon == HOME:
        moves.append({"type": "visit", "worker": "archon"})
    return moves


def _at_zone(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    player = state.player(seat)
    if step.ref == "citizen":
        c = player.citizens[step.n]
        value: int | None = c.value
        colours: tuple[str, ...] = (c.colour,)
    elif step.ref == "speaker":
        value, colours = step.n, ()
    else:
        value, colours = None, player.advisors
    return _best(moves, lambda m: _visit_worth(state, seat, step.ref, value, colours, m["zone"]))


def _at_zone_actions(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    def worth(move: Move) -> float:
        kind = move["type"]
        if kind == "act":
            action = ZONE_ACTIONS[step.zone][0 if move["slot"] == "top" else 1]
            return _action_worth(state, seat, action) + 0.01
        if kind == "bonus":
            return _bonus_worth(state, seat, step.zone)
        if kind == "bonus_gold":
            return 1.2
        return 0.0

    return _skip_or(moves, worth)


def _at_war(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    def worth(move: Move) -> float:
        if move["type"] == "advance":
            return _advance_worth(state, seat, move["spaces"]) + 0.5
        if move["type"] == "attack":
            return _attack_worth(state, seat)
        return 0.0

    return _skip_or(moves, worth)


def _at_basic(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    player = state.player(seat)
    return _best(moves, lambda m: -player.amount(m["resource"]))


def _at_convert(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    player = state.player(seat)
    return _skip_or(moves, lambda m: player.amount(m["resource"]) - 2.5)


def _balanced(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    player = state.player(seat)
    return _best(moves, lambda m: -sum(abs(player.amount(r) + m.get(r, 0) - 3) for r in BASICS))


def _at_feed(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    player = state.player(seat)

    def worth(move: Move) -> float:
        if move["type"] == "feed":
            value = player.citizens[move["die"]].value
            return 1.5 if value == DIE_FACES - 1 else 0.9 if value < DIE_FACES else 0.2
        if move["type"] == "feed_war":
            return _advance_worth(state, seat, 1) + 0.1
        return 0.0

    return _skip_or(moves, worth, floor=0.8 if player.food < 3 else 0.3)


def _at_temple(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    steps = 2 if step.kind == "temple" else 1

    def worth(move: Move) -> float:
        temple = move["temple"]
        held = state.zodiac_owner[TEMPLES.index(temple)] == seat
        return _temple_gain(state, seat, temple, steps) + (0.0 if held else 0.5)

    return _best(moves, worth)


def _at_temple_extra(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    gold = state.player(seat).gold
    return _skip_or(
        moves,
        lambda m: _temple_gain(state, seat, m["temple"], 1) - (1.2 if gold > 2 else 3.0),
    )


def _at_take_citizen(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    free = step.ref in ("manor", "cancer")

    def worth(move: Move) -> float:
        die = state.citizen_row[move["slot"]]
        assert die is not None
        cost = 0 if free else row_cost(state, seat, move["slot"])
        return _die_worth(state, state.player(seat)) + 0.3 * die.value - cost

    return _skip_or(moves, worth)


def _at_buy(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    player = state.player(seat)

    def worth(move: Move) -> float:
        kind = move["type"]
        if kind in ("farm", "farm_reserved"):
            return FARM_WORTH
        if kind == "buy":
            tile = state.building_row[move["slot"]]
            assert tile is not None
            wisdom = row_wisdom(state, seat, move["slot"])
            stone = BUILDING[tile].stone
            if player.wisdom + player.gold < wisdom or player.stone + player.gold < stone:
                return FARM_WORTH + 0.5  # only on a farm (Virgo), free
            return 3.0 + _building_worth(state, seat, tile) - 0.8 * (wisdom + stone)
        return 3.0 + _building_worth(state, seat, move["kind"]) - 0.8 * BUILDING[move["kind"]].stone

    return _best(moves, worth)


def _at_place(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    player = state.player(seat)
    cells = grid(player)

    def worth(move: Move) -> float:
        if move["type"] == "on_farm":
            return 5.0
        cell: tuple[int, int] = (move["x"], move["y"])
        touching = sum(1 for n in neighbours(cell) if n in cells)
        spread = abs(cell[0]) + abs(cell[1])
        return 6.0 * centres_completed_by(player, cell) + touching - 0.01 * spread

    return _best(moves, worth)


def _at_centre(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    player = state.player(seat)
    return _best(
        moves,
        lambda m: max(_close_value(state, seat, (m["x"], m["y"]), i) for i in player.home),
    )


def _at_close_die(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    return _best(moves, lambda m: _close_value(state, seat, step.cells[0], m["die"]))


def _at_card(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    player = state.player(seat)

    def worth(move: Move) -> float:
        card = move["card"]
        points = DISTRICT[card].later if card in player.scored else DISTRICT[card].first
        return points + state.district_gold[state.districts.index(card)]

    return _best(moves, worth)


def _at_tower(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    return _best(moves, lambda m: _tower_worth(state, seat, m["colour"]))


def _highest_die(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    """Raise the die that reaches 6 (both actions), else the highest below 6."""
    player = state.player(seat)

    def worth(move: Move) -> float:
        if move["type"] == "skip":
            return 0.0
        value: int = player.citizens[move["die"]].value + move.get("add", 2)
        if value > DIE_FACES:
            return -1.0
        return 2.0 + (1.0 if value == DIE_FACES else 0.0) + 0.1 * value

    return _skip_or(moves, worth)


def _at_veteran(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    player = state.player(seat)
    return _skip_or(moves, lambda m: player.citizens[m["die"]].value - 1.0)


def _at_mage(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    cells = grid(state.player(seat))
    return _skip_or(moves, lambda m: BUILDING_WORTH.get(cells[(m["x"], m["y"])].kind, 1.0))


def _at_reserve(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    def worth(move: Move) -> float:
        tile = state.building_row[move["slot"]]
        return _building_worth(state, seat, tile) if tile else 0.0

    return _skip_or(moves, worth)


def _at_starship(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    return _skip_or(moves, lambda m: state.zones[m["zone"]] - 2.0)


def _at_solo_raise(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    def worth(move: Move) -> float:
        if move["type"] == "raise":
            return -state.zones[move["zone"]]
        if move["type"] == "raise_none":
            return 0.0
        return -10.0  # keep the tokens for extra actions

    return _best(moves, worth)


def _at_draft(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    return _best(moves, lambda m: state.pool[m["die"]].value)


def _at_solo_keep(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    return _best(moves, lambda m: -state.pool[m["returned"]].value)


def _first(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    return moves[0]


def _at_sagittarius(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    return next(m for m in moves if m["add"])


def _at_speaker(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    return _best(moves, lambda m: m["value"])


_CHOOSERS: dict[str, Chooser] = {
    "main": _at_main,
    "turn_end": _at_turn_end,
    "zone": _at_zone,
    "solo_raise": _at_solo_raise,
    "zone_actions": _at_zone_actions,
    "basic": _at_basic,
    "convert": _at_convert,
    "gemini": _balanced,
    "tiltyard": _balanced,
    "war": _at_war,
    "feed": _at_feed,
    "temple": _at_temple,
    "temple_extra": _at_temple_extra,
    "temple_step": _at_temple,
    "take_citizen": _at_take_citizen,
    "take_speaker": _at_speaker,
    "sagittarius": _at_sagittarius,
    "buy": _at_buy,
    "place": _at_place,
    "reserve": _at_reserve,
    "veteran": _at_veteran,
    "court": lambda state, seat, step, moves: next(m for m in moves if m["type"] == "skip"),
    "court_colour": _first,
    "starship": _at_starship,
    "ritual": _highest_die,
    "capricorn": _highest_die,
    "mage": _at_mage,
    "tower": _at_tower,
    "centre": _at_centre,
    "close_die": _at_close_die,
    "district_card": _at_card,
    "activate": _first,
    "draft": _at_draft,
    "solo_remove": _first,
    "solo_keep": _at_solo_keep,
}
