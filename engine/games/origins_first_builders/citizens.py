"""Citizens, speakers and advisors (ru «Ваши жители», «Увеличение значения граждан и
ораторов», «Советники», «Получить кубик жителя»)."""

from __future__ import annotations

from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders import rolls
from engine.games.origins_first_builders.components import (
    ADVISOR_POINTS,
    CITIZEN_ROW_COSTS,
    COLOUR_INDEX,
    DIE_FACES,
    SPEAKER_MAX,
)
from engine.games.origins_first_builders.context import Ctx
from engine.games.origins_first_builders.state import Player, State, Step
from engine.games.origins_first_builders.tracks import holds


def distinct_home(player: Player) -> list[int]:
    """The first index of each different citizen (colour, value) beside the board: identical
    dice are one choice."""
    seen: set[tuple[str, int]] = set()
    found = []
    for i in player.home:
        c = player.citizens[i]
        key = (c.colour, c.value)
        if key not in seen:
            seen.add(key)
            found.append(i)
    return found


def distinct_citizens(player: Player) -> list[int]:
    seen: set[tuple[str, int, int]] = set()
    found = []
    for i, c in enumerate(player.citizens):
        key = (c.colour, c.value, c.zone)
        if key not in seen:
            seen.add(key)
            found.append(i)
    return found


def raise_citizen(ctx: Ctx, index: int, amount: int, forced: bool = False) -> None:
    """Add ``amount`` to a citizen one pip at a time; a 6 that must grow becomes an advisor
    (ru «Увеличение значения граждан»). ``forced``: the pass's ageing, which Scorpio pays."""
    citizen = ctx.me.citizens[index]
    value = citizen.value
    for _ in range(amount):
        if value >= DIE_FACES:
            if forced and holds(ctx.st, ctx.seat, "scorpio"):
                ctx.gain("Scorpio", wisdom=1)
            if value != citizen.value:
                ctx.emit(E.CITIZEN_SET, seat=ctx.seat, index=index, value=value)
            make_advisor(ctx, index)
            return
        value += 1
    if value != citizen.value:
        ctx.emit(E.CITIZEN_SET, seat=ctx.seat, index=index, value=value)


def make_advisor(ctx: Ctx, index: int) -> None:
    """ru «Советники»: a new colour takes the leftmost free cell of the advisor track; a
    colour already there scores the rightmost occupied cell and goes back to the supply."""
    player = ctx.me
    colour = player.citizens[index].colour
    if colour in player.advisors:
        points = ADVISOR_POINTS[len(player.advisors) - 1]
        ctx.emit(
            E.ADVISOR_MADE, seat=ctx.seat, index=index, colour=colour, placed=False, points=points
        )
    else:
        ctx.emit(E.ADVISOR_MADE, seat=ctx.seat, index=index, colour=colour, placed=True, points=0)


def row_cost(state: State, seat: str, slot: int) -> int:
    """ru «Получить кубик жителя»: the wisdom beside the slot; Taurus takes 1 off."""
    cost = CITIZEN_ROW_COSTS[slot]
    if holds(state, seat, "taurus"):
        cost = max(0, cost - 1)
    return cost


def take_from_row(ctx: Ctx, slot: int, wisdom: int) -> None:
    """Take the die, shift the row left, roll a die of its colour into the empty slot (a
    supply without one is an end condition); Sagittarius may add 1."""
    die = ctx.st.citizen_row[slot]
    assert die is not None
    if wisdom:
        ctx.pay("citizen die", {"wisdom": wisdom})
    ctx.emit(E.CITIZEN_TAKEN, seat=ctx.seat, slot=slot, colour=die.colour, value=die.value)
    if ctx.st.dice_supply[COLOUR_INDEX[die.colour]] > 0:
        ctx.emit(E.ROW_REFILLED, colour=die.colour, value=rolls.citizen(ctx.rng))
    else:
        ctx.emit(E.ROW_REFILL_FAILED, colour=die.colour)
    if die.value < DIE_FACES and holds(ctx.st, ctx.seat, "sagittarius"):
        ctx.push(Step("sagittarius", ref="citizen", n=len(ctx.me.citizens) - 1))


def take_speaker(ctx: Ctx, value: int, zone: int | None = None) -> None:
    """A speaker die from the row, or (``zone``, the Forum) from a contact zone."""
    if zone is None:
        ctx.emit(E.SPEAKER_TAKEN, seat=ctx.seat, value=value)
    else:
        ctx.emit(E.SPEAKER_TAKEN, seat=ctx.seat, value=value, zone=zone)
    if value < SPEAKER_MAX and holds(ctx.st, ctx.seat, "sagittarius"):
        ctx.push(Step("sagittarius", ref="speaker", n=value))
