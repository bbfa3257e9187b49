"""ru «Закрыть район»: the power centre, its die, the district card scored and the buildings
activated."""

from __future__ import annotations

from engine.contract import Move
from engine.games.origins_first_builders import citizens, effects
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.city import activated, grid, matching_cards, open_centres
from engine.games.origins_first_builders.components import DIE_FACES, DISTRICT
from engine.games.origins_first_builders.context import Ctx
from engine.games.origins_first_builders.state import State, Step
from engine.games.origins_first_builders.tracks import holds


def centre_options(state: State, seat: str, step: Step) -> list[Move]:
    return [{"type": "centre", "x": x, "y": y} for x, y in open_centres(state.player(seat))]


def centre_handler(ctx: Ctx, step: Step, move: Move) -> None:
    ctx.push(Step("close_die", cells=((move["x"], move["y"]),)))


def close_die_options(state: State, seat: str, step: Step) -> list[Move]:
    return [{"type": "close_die", "die": i} for i in citizens.distinct_home(state.player(seat))]


def close_die_handler(ctx: Ctx, step: Step, move: Move) -> None:
    """ru «Закрыть район»: the die into the power centre (Leo adds 2), Scorpio's wisdom,
    one matching district card, then the matching buildings; Libra after all of it."""
    seat = ctx.seat
    corner = step.cells[0]
    i = move["die"]
    citizen = ctx.me.citizens[i]
    value = citizen.value
    if holds(ctx.st, seat, "leo"):
        value = min(DIE_FACES, value + 2)
    ctx.emit(
        E.DISTRICT_CLOSED, seat=seat, x=corner[0], y=corner[1], index=i,
        colour=citizen.colour, value=value,
    )  # fmt: skip
    if holds(ctx.st, seat, "scorpio"):
        ctx.gain("Scorpio", wisdom=1)
    steps = []
    if matching_cards(ctx.me, corner, ctx.st.districts):
        steps.append(Step("district_card", cells=(corner,)))
    cells = activated(ctx.me, corner, citizen.colour)
    if cells:
        steps.append(Step("activate", cells=cells))
    if holds(ctx.st, seat, "libra"):
        steps.append(Step("take_citizen", ref="libra"))
    ctx.push(*steps)


def district_card_options(state: State, seat: str, step: Step) -> list[Move]:
    return [
        {"type": "card", "card": c}
        for c in matching_cards(state.player(seat), step.cells[0], state.districts)
    ]


def district_card_handler(ctx: Ctx, step: Step, move: Move) -> None:
    card = move["card"]
    first = card not in ctx.me.scored
    points = DISTRICT[card].first if first else DISTRICT[card].later
    gold = ctx.st.district_gold[ctx.st.districts.index(card)]
    ctx.emit(E.DISTRICT_SCORED, seat=ctx.seat, card=card, points=points, gold=gold, first=first)


def activate_options(state: State, seat: str, step: Step) -> list[Move]:
    return [{"type": "activate", "x": x, "y": y} for x, y in step.cells]


def activate_handler(ctx: Ctx, step: Step, move: Move) -> None:
    cell = (move["x"], move["y"])
    rest = tuple(c for c in step.cells if c != cell)
    if rest:
        ctx.push(Step("activate", cells=rest))
    effects.run(ctx, grid(ctx.me)[cell].kind, cell)
