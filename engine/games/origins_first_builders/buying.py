"""ru «Купить здание», «Строительство фермы», «Размещение зданий», Construction Site and
Virgo: what a player may buy, and where the tile may go."""

from __future__ import annotations

from engine.contract import Move
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.city import farms, free_spaces
from engine.games.origins_first_builders.components import (
    BUILDING,
    BUILDING_ROW_COSTS,
    COLOUR_INDEX,
)
from engine.games.origins_first_builders.context import Costs, Ctx, can_pay
from engine.games.origins_first_builders.state import Player, State, Step
from engine.games.origins_first_builders.tracks import holds

FARM = "farm"


def row_wisdom(state: State, seat: str, slot: int) -> int:
    """The wisdom beside a slot of the building row; Taurus takes 1 off."""
    cost = BUILDING_ROW_COSTS[slot]
    if holds(state, seat, "taurus"):
        cost = max(0, cost - 1)
    return cost


def _plus(costs: Costs, extra: Costs) -> Costs:
    total = dict(costs)
    for r, amount in extra.items():
        total[r] = total.get(r, 0) + amount
    return total


def on_farm_possible(state: State, seat: str, player: Player) -> bool:
    """Virgo: a building may replace one of the player's farms, for free."""
    return farms(player) > 0 and holds(state, seat, "virgo")


def buy_options(state: State, seat: str, extra: Costs | None = None) -> list[Move]:
    """Every tile of the row as a building (its slot's wisdom and its stone) or as a farm
    (free), and every reserved tile (its stone only) or farm; ``extra``: a cost paid first
    (the bonus action's food)."""
    extra = extra or {}
    player = state.player(seat)
    virgo = on_farm_possible(state, seat, player)
    base = can_pay(player, extra)
    if not base:
        return []
    moves: list[Move] = []
    for slot, kind in enumerate(state.building_row):
        if kind is None:
            continue
        costs = {"wisdom": row_wisdom(state, seat, slot), "stone": BUILDING[kind].stone}
        if virgo or can_pay(player, _plus(costs, extra)):
            moves.append({"type": "buy", "slot": slot})
        moves.append({"type": "farm", "slot": slot})
    for kind in sorted(set(player.reserved)):
        if virgo or can_pay(player, _plus({"stone": BUILDING[kind].stone}, extra)):
            moves.append({"type": "build_reserved", "kind": kind})
        moves.append({"type": "farm_reserved", "kind": kind})
    return moves


def take(ctx: Ctx, slot: int, to: str) -> str:
    """ru «Купить здание» 4-6: the tile leaves the row, the tiles below it move up, the top
    of its colour's stack fills the bottom slot and the next tile of the stack turns up."""
    kind = ctx.st.building_row[slot]
    assert kind is not None
    stack = ctx.st.stacks[COLOUR_INDEX[BUILDING[kind].colour]]
    ctx.emit(
        E.BUILDING_TAKEN,
        seat=ctx.seat,
        slot=slot,
        kind=kind,
        to=to,
        refill=stack[0] if stack else None,
        revealed=stack[1] if len(stack) > 1 else None,
    )
    return kind


def choose(ctx: Ctx, move: Move) -> None:
    kind_of = move["type"]
    if kind_of in ("buy", "farm"):
        slot = move["slot"]
        wisdom = row_wisdom(ctx.st, ctx.seat, slot)
        kind = take(ctx, slot, "city")
        farm = kind_of == "farm"
        ctx.push(Step("place", ref=kind, n=0 if farm else wisdom, done=(FARM,) if farm else ()))
    else:
        kind = move["kind"]
        ctx.emit(E.RESERVE_USED, seat=ctx.seat, kind=kind)
        farm = kind_of == "farm_reserved"
        ctx.push(Step("place", ref=kind, n=0, done=(FARM,) if farm else ()))


def place_costs(step: Step) -> Costs:
    if FARM in step.done:
        return {}
    return {"wisdom": step.n, "stone": BUILDING[step.ref].stone}


def place_options(state: State, seat: str, step: Step) -> list[Move]:
    player = state.player(seat)
    moves: list[Move] = []
    if can_pay(player, place_costs(step)):
        moves += [{"type": "place", "x": x, "y": y} for x, y in free_spaces(player)]
    if FARM not in step.done and on_farm_possible(state, seat, player):
        moves += [{"type": "on_farm", "x": t.x, "y": t.y} for t in player.city if t.farm]
    return moves
