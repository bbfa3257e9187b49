"""Buying and placing buildings (ru «Купить здание», «Размещение зданий») and the choices some
building effects ask for (ru appendix «Жетоны зданий»)."""

from __future__ import annotations

from engine.contract import Move
from engine.games.origins_first_builders import buying, citizens, effects
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.city import grid
from engine.games.origins_first_builders.components import COLOURS, ZONES
from engine.games.origins_first_builders.context import SKIP, Ctx
from engine.games.origins_first_builders.state import State, Step


def buy_options(state: State, seat: str, step: Step) -> list[Move]:
    return buying.buy_options(state, seat)


def buy_handler(ctx: Ctx, step: Step, move: Move) -> None:
    buying.choose(ctx, move)


def place_options(state: State, seat: str, step: Step) -> list[Move]:
    return buying.place_options(state, seat, step)


def place_handler(ctx: Ctx, step: Step, move: Move) -> None:
    kind = step.ref
    x, y = move["x"], move["y"]
    farm = buying.FARM in step.done
    if move["type"] == "on_farm":
        under = grid(ctx.me)[(x, y)]
        ctx.emit(E.FARM_REPLACED, seat=ctx.seat, x=x, y=y, kind=under.kind)
    else:
        ctx.pay("building", buying.place_costs(step))
    ctx.emit(E.BUILDING_PLACED, seat=ctx.seat, kind=kind, x=x, y=y, farm=farm)
    if not farm:
        effects.run(ctx, kind, (x, y))


def reserve_options(state: State, seat: str, step: Step) -> list[Move]:
    moves: list[Move] = [
        {"type": "reserve", "slot": i} for i, k in enumerate(state.building_row) if k
    ]
    return [*moves, SKIP] if moves else []


def reserve_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if move["type"] == "reserve":
        buying.take(ctx, move["slot"], "reserve")


def veteran_options(state: State, seat: str, step: Step) -> list[Move]:
    player = state.player(seat)
    moves: list[Move] = [
        {"type": "veteran", "die": i}
        for i in citizens.distinct_home(player)
        if player.citizens[i].colour == "red"
    ]
    return [*moves, SKIP] if moves else []


def veteran_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if move["type"] == "skip":
        return
    i = move["die"]
    value = ctx.me.citizens[i].value
    ctx.score(value, "Veterans' Quarter")
    if value > 1:
        ctx.emit(E.CITIZEN_SET, seat=ctx.seat, index=i, value=value - 1)


def court_options(state: State, seat: str, step: Step) -> list[Move]:
    player = state.player(seat)
    if not any(state.dice_supply):
        return []
    moves: list[Move] = [{"type": "court", "die": i} for i in citizens.distinct_home(player)]
    return [*moves, SKIP] if moves else []


def court_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if move["type"] == "court":
        ctx.push(Step("court_colour", n=move["die"]))


def court_colour_options(state: State, seat: str, step: Step) -> list[Move]:
    """Courthouse: the die is swapped for one of another colour from the supply, same value."""
    current = state.player(seat).citizens[step.n].colour
    return [
        {"type": "recolour", "colour": c}
        for i, c in enumerate(COLOURS)
        if c != current and state.dice_supply[i] > 0
    ]


def court_colour_handler(ctx: Ctx, step: Step, move: Move) -> None:
    ctx.emit(E.CITIZEN_RECOLOURED, seat=ctx.seat, index=step.n, colour=move["colour"])


def starship_options(state: State, seat: str, step: Step) -> list[Move]:
    moves: list[Move] = [
        {"type": "starship", "zone": z} for z in range(ZONES) if state.zones[z] != 1
    ]
    return [*moves, SKIP] if moves else []


def starship_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if move["type"] == "starship":
        ctx.emit(E.STARSHIP_SET, zone=move["zone"], value=1)


def ritual_options(state: State, seat: str, step: Step) -> list[Move]:
    player = state.player(seat)
    moves: list[Move] = [
        {"type": "ritual", "die": i, "add": add}
        for i in citizens.distinct_home(player)
        for add in (1, 2)
    ]
    return [*moves, SKIP] if moves else []


def ritual_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if move["type"] == "ritual":
        citizens.raise_citizen(ctx, move["die"], move["add"])


def mage_options(state: State, seat: str, step: Step) -> list[Move]:
    cells = effects.copyable(state, seat, step.cells[0])
    moves: list[Move] = [{"type": "copy", "x": x, "y": y} for x, y in cells]
    return [*moves, SKIP] if moves else []


def mage_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if move["type"] == "copy":
        tile = grid(ctx.me)[(move["x"], move["y"])]
        effects.run(ctx, tile.kind, (tile.x, tile.y))
