"""A turn's frame (ru «Действия игроков», «Жетоны превосходства»): the main action, the end of
the turn or one more action for a superiority token, tower levels and new bases; and the
first decisions of a game, the starting dice (lost setup steps 20-23, solo «Одиночный
режим»)."""

from __future__ import annotations

from engine.contract import Move
from engine.games.origins_first_builders import citizens, flow
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.city import open_centres
from engine.games.origins_first_builders.components import (
    BASES,
    COLOUR_INDEX,
    COLOURS,
    DIE_FACES,
    LAST_BASE_POINTS,
    POPULATION_COSTS,
    STARTING_BASES,
)
from engine.games.origins_first_builders.context import SKIP, Ctx, can_pay
from engine.games.origins_first_builders.state import State, Step
from engine.games.origins_first_builders.tracks import holds
from engine.games.origins_first_builders.visits import visit_options


def population_cost(state: State, seat: str) -> int:
    """ru «Увеличить население»: the food above the leftmost base left on the track."""
    return POPULATION_COSTS[state.player(seat).bases - STARTING_BASES]


def can_populate(state: State, seat: str) -> bool:
    player = state.player(seat)
    return player.bases < BASES and can_pay(player, {"food": population_cost(state, seat)})


def tower_colours(state: State, seat: str) -> list[str]:
    """ru «Построить уровень башни»: a tier from the supply, gold equal to the levels built."""
    player = state.player(seat)
    return [
        c
        for i, c in enumerate(COLOURS)
        if state.tower_supply[i] > 0 and player.gold >= player.towers[i]
    ]


def main_options(state: State, seat: str, step: Step) -> list[Move]:
    """ru «Действия игроков»: a visit (with a citizen, a speaker or the archon), closing a
    district, a tower level, a new base, or passing."""
    player = state.player(seat)
    moves: list[Move] = visit_options(state, seat)
    if player.home and open_centres(player):
        moves.append({"type": "close"})
    if tower_colours(state, seat):
        moves.append({"type": "tower"})
    if can_populate(state, seat):
        moves.append({"type": "populate"})
    moves.append({"type": "pass"})
    return moves


def main_handler(ctx: Ctx, step: Step, move: Move) -> None:
    kind = move["type"]
    if kind == "pass":
        flow.pass_turn(ctx)
        return
    follow = Step("turn_end")
    if kind == "visit":
        worker = move["worker"]
        die: int = move["die"] if "die" in move else move.get("value", 0)
        ctx.push(Step("zone", ref=worker, n=die), follow)
    elif kind == "close":
        ctx.push(Step("centre"), follow)
    elif kind == "tower":
        ctx.push(Step("tower"), follow)
    elif kind == "populate":
        cost = population_cost(ctx.st, ctx.seat)
        player = ctx.me
        food = min(cost, player.food)
        last = player.bases + 1 == BASES
        ctx.emit(
            E.POPULATION_INCREASED,
            seat=ctx.seat,
            food=food,
            gold=cost - food,
            points=LAST_BASE_POINTS if last else 0,
        )
        ctx.push(follow)


def turn_end_options(state: State, seat: str, step: Step) -> list[Move]:
    moves: list[Move] = [{"type": "end_turn"}]
    turn = state.turn
    if turn is not None and not turn.token_used and state.player(seat).tokens > 0:
        moves.append({"type": "extra_action"})
    return moves


def turn_end_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if move["type"] == "extra_action":
        # ru «Жетоны превосходства»: one more main action, pass included.
        ctx.emit(E.TOKEN_SPENT, seat=ctx.seat, use="action")
        ctx.push(Step("main", ref="extra"))
    else:
        flow.end_turn(ctx)


def tower_options(state: State, seat: str, step: Step) -> list[Move]:
    return [{"type": "tower", "colour": c} for c in tower_colours(state, seat)]


def tower_handler(ctx: Ctx, step: Step, move: Move) -> None:
    colour = move["colour"]
    level = ctx.me.towers[COLOUR_INDEX[colour]]
    ctx.emit(E.TOWER_BUILT, seat=ctx.seat, colour=colour, gold=level, level=level + 1)
    if holds(ctx.st, ctx.seat, "capricorn"):
        ctx.push(Step("capricorn"))


def capricorn_options(state: State, seat: str, step: Step) -> list[Move]:
    player = state.player(seat)
    moves: list[Move] = [
        {"type": "capricorn", "die": i}
        for i in citizens.distinct_citizens(player)
        if player.citizens[i].value < DIE_FACES
    ]
    return [*moves, SKIP] if moves else []


def capricorn_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if move["type"] == "capricorn":
        i = move["die"]
        value = min(DIE_FACES, ctx.me.citizens[i].value + 2)
        ctx.emit(E.CITIZEN_SET, seat=ctx.seat, index=i, value=value)


def draft_options(state: State, seat: str, step: Step) -> list[Move]:
    seen: set[tuple[str, int]] = set()
    moves: list[Move] = []
    for i, die in enumerate(state.pool):
        if (die.colour, die.value) not in seen:
            seen.add((die.colour, die.value))
            moves.append({"type": "draft", "die": i})
    return moves


def draft_handler(ctx: Ctx, step: Step, move: Move) -> None:
    die = ctx.st.pool[move["die"]]
    ctx.emit(E.DIE_DRAFTED, seat=ctx.seat, index=move["die"], colour=die.colour, value=die.value)
    if ctx.st.draft_order:
        ctx.push(Step("draft"))
    else:
        flow.start_play(ctx)


def solo_remove_options(state: State, seat: str, step: Step) -> list[Move]:
    """ru «Одиночный режим»: the two highest dice go back; the player breaks ties."""
    still = len(state.pool) - 3
    if still <= 0:
        return []
    top = max(d.value for d in state.pool)
    tied = [{"type": "remove", "die": i} for i, d in enumerate(state.pool) if d.value == top]
    return tied[:1] if len(tied) <= still else tied


def solo_remove_handler(ctx: Ctx, step: Step, move: Move) -> None:
    die = ctx.st.pool[move["die"]]
    ctx.emit(E.SOLO_DIE_REMOVED, index=move["die"], colour=die.colour, value=die.value)
    ctx.push(Step("solo_remove"))


def solo_keep_options(state: State, seat: str, step: Step) -> list[Move]:
    """ru «Одиночный режим»: then 2 of the 3 dice left (the third goes back)."""
    return [{"type": "keep", "returned": i} for i in range(len(state.pool))]


def solo_keep_handler(ctx: Ctx, step: Step, move: Move) -> None:
    returned = move["returned"]
    kept = [i for i in range(len(ctx.st.pool)) if i != returned]
    for i in reversed(kept):
        die = ctx.st.pool[i]
        ctx.emit(E.DIE_DRAFTED, seat=ctx.seat, index=i, colour=die.colour, value=die.value)
    flow.start_play(ctx)
