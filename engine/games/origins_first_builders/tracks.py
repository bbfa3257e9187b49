"""The war track (ru «Шкала войны», «Продвинуться по шкале войны», «Провести атаку») and
the temple tracks (ru «Карты зодиака и храмы», «Продвинуться по шкале храма»).

A track is a tuple of ``(disc, space)`` in stacking order: of the discs on one space, the
one listed first lies lowest.
"""

from __future__ import annotations

from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.components import (
    SOLO_DUMMY,
    TEMPLE_TOP,
    TEMPLES,
    WAR_LAST,
    WAR_LAST_POINTS,
    WAR_REWARDS,
    milestones_passed,
    retreat_space,
)
from engine.games.origins_first_builders.context import Ctx
from engine.games.origins_first_builders.state import State, Step

Track = tuple[tuple[str, int], ...]


def space_of(track: Track, disc: str) -> int:
    for d, space in track:
        if d == disc:
            return space
    return 0


def behind(track: Track, disc: str) -> int:
    """Discs strictly behind ``disc`` (ru: not those on its own space)."""
    mine = space_of(track, disc)
    return sum(1 for d, space in track if d != disc and space < mine)


def leader(track: Track, discs: tuple[str, ...] | None = None) -> str | None:
    """The disc furthest along; of several, the lowest in the stack (ru «Конец раунда»)."""
    best: tuple[str, int] | None = None
    for d, space in track:
        if discs is not None and d not in discs:
            continue
        if best is None or space > best[1]:
            best = (d, space)
    return best[0] if best else None


def holds(state: State, seat: str, card: str) -> bool:
    """Whether ``seat`` holds the zodiac card ``card`` now."""
    for t, owner in enumerate(state.zodiac_owner):
        if owner == seat and state.zodiac[t] == card:
            return True
    return False


# ---------------------------------------------------------------- war


def can_advance(state: State, seat: str) -> bool:
    """ru «Последняя клетка шкалы войны»: a disc on the last space never moves again."""
    return space_of(state.war, seat) < WAR_LAST


def advance(ctx: Ctx, spaces: int) -> None:
    """ru «Продвинуться по шкале войны»: pass or join other discs (landing on top); a
    superiority token for each milestone crossed; 9 VP on reaching the last space."""
    seat = ctx.seat
    start = space_of(ctx.st.war, seat)
    if start >= WAR_LAST or spaces <= 0:
        return
    to = min(WAR_LAST, start + spaces)
    ctx.emit(
        E.WAR_MOVED,
        seat=seat,
        to=to,
        spaces=to - start,
        tokens=milestones_passed(to) - milestones_passed(start),
        points=WAR_LAST_POINTS if to == WAR_LAST else 0,
    )


def attack(ctx: Ctx) -> None:
    """ru «Провести атаку»: the reward beside the disc's space, then 1 VP per disc strictly
    behind and per milestone passed; Aries adds 1 VP per red die."""
    seat = ctx.seat
    state = ctx.st
    space = space_of(state.war, seat)
    discs = behind(state.war, seat)
    passed = milestones_passed(space)
    aries = red_dice(state, seat) if holds(state, seat, "aries") else 0
    ctx.emit(
        E.ATTACKED,
        seat=seat,
        space=space,
        behind=discs,
        milestones=passed,
        aries=aries,
        points=discs + passed + aries,
    )
    reward = WAR_REWARDS[space]
    if reward in ("stone", "food", "wisdom"):
        ctx.gain("attack", **{reward: 1})
    elif reward == "gold1":
        ctx.gain("attack", gold=1)
    elif reward == "gold2":
        ctx.gain("attack", gold=2)
    elif reward == "convert":
        ctx.push(Step("convert"))
    elif reward.startswith("basic+"):
        ctx.gain("attack", **{reward.removeprefix("basic+"): 1})
        ctx.push(Step("basic", ref="attack"))


def red_dice(state: State, seat: str) -> int:
    """Aries: red citizens beside the board and on the board, and red dice in power centres
    (not advisors)."""
    player = state.player(seat)
    return sum(1 for c in player.citizens if c.colour == "red") + sum(
        1 for c in player.centres if c.colour == "red"
    )


def retreat(track: Track) -> Track:
    """ru «Конец раунда» 3: from the disc nearest the start, every disc goes back to the
    space just past the last milestone it passed; a stack moves as it is; of discs meeting on
    a space, those moved earlier lie on top."""
    spaces = sorted({space for _, space in track})
    arrivals: dict[int, list[list[str]]] = {}
    for space in spaces:
        group = [d for d, s in track if s == space]
        arrivals.setdefault(retreat_space(space), []).append(group)
    result: list[tuple[str, int]] = []
    for target in sorted(arrivals):
        for group in reversed(arrivals[target]):
            result += [(d, target) for d in group]
    return tuple(result)


def first_player(state: State) -> str:
    """ru «Конец раунда» 2: the disc furthest ahead; of a stack, its lowest disc."""
    found = leader(state.war, state.seats)
    return found if found is not None else state.first


def fall_back(state: State, seat: str) -> int:
    """Spaces ``seat``'s war disc will fall back at the end of the round (Gemini)."""
    space = space_of(state.war, seat)
    return space - retreat_space(space)


def is_dummy(disc: str) -> bool:
    return disc == SOLO_DUMMY


# ---------------------------------------------------------------- temples


def temple_step(state: State, seat: str, temple: str) -> int:
    return space_of(state.temples[TEMPLES.index(temple)], seat)


def temple_open(state: State, seat: str, temple: str) -> bool:
    return temple_step(state, seat, temple) < TEMPLE_TOP


def climb(ctx: Ctx, temple: str, steps: int) -> None:
    """Move ``seat``'s zodiac disc up ``steps`` (never past the top), on top of any disc
    already there."""
    start = temple_step(ctx.st, ctx.seat, temple)
    to = min(TEMPLE_TOP, start + steps)
    if to > start:
        ctx.emit(E.TEMPLE_MOVED, seat=ctx.seat, temple=temple, to=to, steps=to - start)


def take_zodiac(ctx: Ctx, temple: str) -> None:
    """ru «Продвинуться по шкале храма»: the temple's card, even from behind other discs."""
    t = TEMPLES.index(temple)
    if ctx.st.zodiac_owner[t] != ctx.seat:
        ctx.emit(E.ZODIAC_TAKEN, seat=ctx.seat, temple=temple, card=ctx.st.zodiac[t])
