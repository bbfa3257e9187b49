"""A greedy bot for a seat the other players handed over (engine contract ``bot_move``).

It reads only what ``view(state, seat)`` shows: the islands, the action and construction
boards, the supplies and titans; never the order of the land tile stacks, the action deck
or the bags. Every option of the decision is scored and the best one played; ties go to the
first option in ``legal_moves`` order, so the same state and seat always give the same move.

Scores: a victory point is worth most; a titan's point and favour a little less; hoplites and
orichalcum a point each (orichalcum more when a medallion is near); a port bonus what it
gives; tiles that grow an area towards a titan, that keep the island compact and keep
creatures away from land are preferred; fights are taken when the odds are good (Kronos on
the strongest creature); mines and camps early, then the other buildings; temples and
medallions whenever possible.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engine.contract import IllegalMove, Move
from engine.games.orichalk.components import (
    CARD,
    CREATURE,
    MAX_HOPLITES_PER_FIGHT,
    MEDALLION_COST,
    SIZE_CELLS,
    SKULL,
    TILE,
    TITAN_OF_TERRAIN,
    TITANS,
    VOLCANO,
    WIN_POINTS,
)
from engine.games.orichalk.island import (
    attracted,
    count,
    creature_cells,
    has_creatures,
    lay,
    placements,
    temple_diamonds,
)
from engine.games.orichalk.options import card_cost, create_options, favour_ready
from engine.games.orichalk.rules import legal_moves
from engine.games.orichalk.state import (
    ACTION,
    CREATE_MORE,
    DISCARD,
    EXTRA,
    INITIATIVE,
    METROPOLIS,
    PLACE,
    SIDES,
    TAKE,
    Island,
    Player,
    State,
    replace,
)
from engine.games.orichalk.state import TITANS as KEEP_TITANS
from engine.games.orichalk.words import _
from engine.kit.words import Seat

POINT = 10.0
"""A victory point (uk «Опис»: 5 of them win)."""
TITAN_BONUS = 2.0
"""A titan is a point that may be stolen back, and a favour on top."""
BUILDING_VALUE = {
    "mine": 3.0,
    "training_camp": 3.0,
    "forge": 2.5,
    "statues": 2.0,
    "siege_engines": 2.0,
    "oratory": 2.0,
    "hospital": 1.5,
    "arch": 1.5,
    "architect": 1.5,
    "protection_crystal": 1.0,
}
FIGHT_ODDS = 0.5
"""The least chance of winning worth a fight (uk «Захоплення істот»)."""


@cache
def win_chance(dice: int, strength: int) -> float:
    """uk «Захоплення істот»: the chance that ``dice`` dice show a skull or reach
    ``strength``."""
    # Distribution of the sum of dice showing no skull (faces 1-5), each with weight 1/6.
    sums = {0: 1.0}
    for _die in range(dice):
        nxt: dict[int, float] = {}
        for total, p in sums.items():
            for face in range(1, SKULL):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / 6
        sums = nxt
    no_skull_loss = sum(p for total, p in sums.items() if total < strength)
    return 1.0 - no_skull_loss


def bot_move(state: State, seat: str) -> Move:
    moves = legal_moves(state, seat)
    if not moves:
        raise IllegalMove(_("{seat} has nothing to decide now.", seat=Seat(seat)))
    if state.phase == SIDES:
        return next(m for m in moves if m["side"] == "easy")
    if state.phase == INITIATIVE:
        # Give it to the tied player closest to losing.
        return min(moves, key=lambda m: (state.player(m["seat"]).points, moves.index(m)))
    turn = state.turn
    assert turn is not None
    player = state.player(seat)
    scorer: Callable[[Move], float] = {
        METROPOLIS: lambda m: _metropolis(player, m),
        TAKE: lambda m: _take(state, player, m),
        PLACE: lambda m: _place(state, player, turn.tile, m),
        KEEP_TITANS: lambda m: _titans(player, m),
        ACTION: lambda m: _action(state, player, m),
        CREATE_MORE: lambda m: _action(state, player, m),
        EXTRA: lambda m: _extra(state, player, m),
        DISCARD: lambda m: _discard(state, seat, m),
    }[turn.step]
    best = moves[0]
    best_score = scorer(best)
    for move in moves[1:]:
        score = scorer(move)
        if score > best_score:
            best, best_score = move, score
    return best


# ---------------------------------------------------------------- values


def _orichalcum_value(player: Player) -> float:
    """Orichalcum counts more as a medallion comes near."""
    return 1.5 if player.orichalcum % MEDALLION_COST >= 2 else 1.0


def _metropolis(player: Player, move: Move) -> float:
    island = player.island
    port = lay(island).port_of[lay(island).index[move["cell"]]]
    # Room around the port matters for the first tiles.
    room = len(lay(island).neighbours[port.cell])
    return port.hoplites + port.orichalcum + 0.1 * room


def _titan_gain(state: State, player: Player, titans: list[str]) -> float:
    held = {t: active for t, active in player.titans}
    gain = 0.0
    room = len(held) < 1 + count(player.island, "oratory")
    for titan in titans:
        if titan in held:
            gain += 0.0 if held[titan] else TITAN_BONUS
        else:
            owner = next((p for p in state.players if any(t == titan for t, _ in p.titans)), None)
            steal = 0.0
            if owner is not None:
                steal = 2.0 + (3.0 if owner.points >= WIN_POINTS - 1 else 0.0)
            gain += (POINT if room else TITAN_BONUS) + TITAN_BONUS + steal
            room = False
    return gain


def _placed(island: Island, tile_id: int, cells: tuple[int, ...]) -> Island:
    terrain = list(island.terrain)
    building = island.building
    for i, t in zip(cells, TILE[tile_id].terrains, strict=True):
        terrain[i] = t
    mask = island.occupied
    for i in cells:
        mask |= 1 << i
    return replace(island, terrain=tuple(terrain), building=building, occupied=mask)


def _placement_value(state: State, player: Player, tile_id: int, cells: tuple[int, ...]) -> float:
    island = player.island
    lay_ = lay(island)
    tile = TILE[tile_id]
    after = _placed(island, tile_id, cells)
    score = 0.0
    for i in cells:
        port = lay_.port_of.get(i)
        if port is not None and i not in island.ports_taken:
            score += port.hoplites + port.orichalcum
    score += _titan_gain(state, player, attracted(after, cells))
    for i, terrain in zip(cells, tile.terrains, strict=True):
        for j in lay_.neighbours[i]:
            if j in cells:
                continue
            if island.occupied >> j & 1:
                score += 0.15  # compact islands leave room for diamonds
                if island.terrain[j] == terrain and terrain != VOLCANO:
                    score += 0.4  # areas grow towards a titan
            if terrain == VOLCANO and island.terrain[j] and island.terrain[j] != VOLCANO:
                score -= 0.3  # a creature spoils the land around it
        if terrain != VOLCANO and TITAN_OF_TERRAIN[terrain] in {t for t, _ in player.titans}:
            score += 0.1
    return score


def _best_placement(state: State, player: Player, tile_id: int) -> float:
    found = placements(player.island, SIZE_CELLS[TILE[tile_id].size])
    if not found:
        return -1.0
    return max(_placement_value(state, player, tile_id, p.cells) for p in found)


def _action_value(state: State, player: Player, action: str, creatures: int) -> float:
    island = player.island
    if action == "mine":
        mines = count(island, "mine") + 1
        return mines * _orichalcum_value(player) * (2 if favour_ready(player, "mine") else 1)
    if action == "recruit":
        camps = count(island, "training_camp") + 1
        return camps * (2 if favour_ready(player, "recruit") else 1)
    if action == "capture":
        if not has_creatures(island) and not creatures:
            return 0.0
        return 2.5 + (3.0 if player.points >= WIN_POINTS - 1 else 0.0)
    options = create_options(state, player)
    if any(m["type"] in ("temple", "medallion") for m in options):
        return POINT
    if any(m["type"] == "build" for m in options):
        return 3.0
    return 0.0


def _take(state: State, player: Player, move: Move) -> float:
    offer = state.offers[move["slot"]]
    riders = [c for c in offer.creatures if c]
    score = _action_value(state, player, CARD[offer.card].action, len(riders))
    if offer.tile:
        score += _best_placement(state, player, offer.tile)
    score -= 1.2 * card_cost(state, player, move["slot"])
    score -= sum(CREATURE[c].strength for c in riders) / 3
    return score


def _place(state: State, player: Player, tile_id: int, move: Move) -> float:
    cells = tuple(lay(player.island).index[label] for label in move["cells"])
    return _placement_value(state, player, tile_id, cells)


def _titans(player: Player, move: Move) -> float:
    order = {t.id: i for i, t in enumerate(TITANS)}
    held = dict(player.titans)
    return sum(1.0 if held.get(t, True) else 0.5 for t in move["titans"]) - 0.01 * sum(
        order[t] for t in move["titans"]
    )


def _fight_value(player: Player, move: Move) -> float:
    island = player.island
    i = lay(island).index[move["cell"]]
    creature = CREATURE[island.creature[i]]
    treasure = creature.hoplites + creature.orichalcum
    last = len(creature_cells(island)) == 1 and player.points >= WIN_POINTS
    if move["favour"]:
        # Kronos on the strongest creature.
        return 5.0 + creature.strength / 2 + (POINT if last else 0.0)
    fighting = island.guards[i] + move["hoplites"]
    dice = 1 + fighting + count(island, "siege_engines")
    chance = win_chance(dice, creature.strength)
    if chance < FIGHT_ODDS and not last:
        return -1.0
    value = chance * (treasure + 3.0 + (POINT * 3 if last else 0.0))
    sent: int = move["hoplites"]
    return value - 0.8 * sent


def _create_value(state: State, player: Player, move: Move) -> float:
    kind = move["type"]
    if kind in ("temple", "medallion"):
        return POINT + (0.5 if kind == "temple" else 0.0)
    island = player.island
    i = lay(island).index[move["cell"]]
    value = BUILDING_VALUE.get(move["building"], 1.0)
    # Keep the spaces that could still hold a temple.
    diamonds = sum(1 for d in temple_diamonds(island) if i in d.cells)
    value -= 0.8 * diamonds
    if island.terrain[i] == VOLCANO:
        value -= 0.2
    return value


def _action(state: State, player: Player, move: Move) -> float:
    kind = move["type"]
    if kind == "skip":
        return 0.0
    if kind in ("mine", "recruit"):
        base = 1.0
        if move["favour"]:
            n = count(player.island, "mine" if kind == "mine" else "training_camp") + 1
            return base + (0.5 if n >= 2 else -0.5)
        return base
    if kind == "fight":
        return _fight_value(player, move)
    return _create_value(state, player, move)


def _extra(state: State, player: Player, move: Move) -> float:
    if move["type"] == "skip":
        return 0.0
    pay, action = move["pay"], move["action"]
    cost = {"hoplites": 2.0, "orichalcum": 2.0 * _orichalcum_value(player), "creature": 1.5}[pay]
    if action == "create":
        orichalcum = player.orichalcum - (2 if pay == "orichalcum" else 0)
        options = create_options(state, player, orichalcum)
        if any(m["type"] in ("temple", "medallion") for m in options):
            return POINT - cost
        return 0.5 - cost if pay == "creature" else -1.0
    if action == "capture":
        hoplites = player.hoplites - (2 if pay == "hoplites" else 0)
        best = 0.0
        for i in creature_cells(player.island):
            c = CREATURE[player.island.creature[i]]
            dice = 1 + min(MAX_HOPLITES_PER_FIGHT, player.island.guards[i] + hoplites)
            best = max(best, win_chance(dice, c.strength) * (c.hoplites + c.orichalcum + 3.0))
        if player.points >= WIN_POINTS:
            best += POINT
        return best - cost - 1.5
    if action == "mine":
        return (count(player.island, "mine") + 1) * _orichalcum_value(player) - cost - 0.5
    return count(player.island, "training_camp") + 1 - cost - 0.5


def _discard(state: State, seat: str, move: Move) -> float:
    """Take away the card the next player would like most (among the two free ones)."""
    others = [p for p in state.players if p.seat != seat]
    opponent = others[0]
    slot: int = move["slot"]
    if slot >= 2:
        return -1.0 - slot * 0.01
    return _take(state, opponent, {"type": "take_card", "slot": move["slot"]})
