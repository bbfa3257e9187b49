"""ru «Ход игры», «Спасовать», «Конец раунда», «Конец игры и подсчёт очков»: turns in
clockwise order from the first player, passing, the end of a round in the rulebook's order,
and the four end conditions."""

from __future__ import annotations

from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders import rolls, words
from engine.games.origins_first_builders.citizens import make_advisor
from engine.games.origins_first_builders.components import (
    DIE_FACES,
    SPEAKER_MAX,
    TEMPLE_TOP,
    TEMPLES,
    TOWER_END_COLOURS,
)
from engine.games.origins_first_builders.context import Ctx
from engine.games.origins_first_builders.state import HOME, State, Step
from engine.games.origins_first_builders.tracks import (
    fall_back,
    first_player,
    holds,
    leader,
    retreat,
    space_of,
)
from engine.games.origins_first_builders.words import _
from engine.kit.words import Msg, Seat


def start_play(ctx: Ctx) -> None:
    """The starting dice are in their bases: the first round begins."""
    ctx.emit(E.DRAFT_ENDED, returned=[[d.colour, d.value] for d in ctx.st.pool])
    ctx.emit(E.ROUND_STARTED, round=1, first=ctx.st.first)
    start_turn(ctx, ctx.st.first)


def start_turn(ctx: Ctx, seat: str) -> None:
    ctx.emit(E.TURN_STARTED, seat=seat)
    ctx.queue[:] = [Step("main")]


def next_seat(state: State, seat: str) -> str | None:
    """Clockwise from ``seat``, the next player who has not passed (maybe ``seat`` again)."""
    seats = state.seats
    i = seats.index(seat)
    for k in range(1, len(seats) + 1):
        other = seats[(i + k) % len(seats)]
        if not state.player(other).passed:
            return other
    return None


def end_turn(ctx: Ctx) -> None:
    seat = ctx.seat
    ctx.queue.clear()
    following = next_seat(ctx.st, seat)
    if following is None:
        end_round(ctx)
    else:
        start_turn(ctx, following)


# ---------------------------------------------------------------- passing


def pass_turn(ctx: Ctx) -> None:
    """ru «Спасовать»; Cancer as soon as the pass is announced, Gemini for the fall back."""
    state = ctx.st
    seat = ctx.seat
    ctx.emit(E.PASSED, seat=seat)
    steps = []
    player = state.player(seat)
    if holds(state, seat, "cancer") and player.free_bases > 0 and any(state.citizen_row):
        steps.append(Step("take_citizen", ref="cancer"))
    steps.append(Step("return_dice"))
    if holds(state, seat, "gemini") and fall_back(state, seat) > 0:
        steps.append(Step("gemini", n=fall_back(state, seat)))
    steps.append(Step("end_turn"))
    ctx.push(*steps)


def return_dice(ctx: Ctx) -> None:
    """ru «Спасовать»: every die comes back from the board; citizens of 1-5 gain 1, a 6
    becomes an advisor (new colours first: the order that scores most)."""
    seat = ctx.seat
    player = ctx.me
    grown = [
        [i, c.value + 1]
        for i, c in enumerate(player.citizens)
        if c.zone != HOME and c.value < DIE_FACES
    ]
    if grown or player.archon != HOME:
        ctx.emit(E.DICE_RETURNED, seat=seat, citizens=grown, archon=player.archon != HOME)
    while True:
        player = ctx.me
        sixes = [i for i, c in enumerate(player.citizens) if c.zone != HOME]
        if not sixes:
            break
        fresh = [i for i in sixes if player.citizens[i].colour not in player.advisors]
        index = (fresh or sixes)[0]
        if holds(ctx.st, seat, "scorpio"):
            ctx.gain("Scorpio", wisdom=1)
        make_advisor(ctx, index)


# ---------------------------------------------------------------- the end of a round


def end_round(ctx: Ctx) -> None:
    state = ctx.st
    # 1. Speakers back to the row; those used this round gain 1, a 5 is rolled again.
    used = [value for _, value, _ in state.zone_speakers]
    if used:
        grown = [v + 1 if v < SPEAKER_MAX else rolls.speaker(ctx.rng) for v in used]
        ctx.emit(
            E.SPEAKERS_RETURNED,
            row=sorted([*state.speaker_row, *grown]),
            rerolled=[g for v, g in zip(used, grown, strict=True) if v >= SPEAKER_MAX],
        )
    # 2. The first player: the disc furthest ahead on the war track, the lowest of a stack
    # (recorded by ``round_started`` below).
    first = first_player(ctx.st)
    # 3. Every disc back to the space past its last milestone.
    war = retreat(ctx.st.war)
    if war != ctx.st.war:
        ctx.emit(E.WAR_RETREATED, war=[[d, s] for d, s in war])
    # 4. From the Forest temple on, each temple's leader takes its zodiac card.
    for t, temple in enumerate(TEMPLES):
        track = ctx.st.temples[t]
        lead = leader(track)
        if lead is not None and space_of(track, lead) > 0 and ctx.st.zodiac_owner[t] != lead:
            ctx.emit(E.ZODIAC_AWARDED, seat=lead, temple=temple, card=ctx.st.zodiac[t])
    # 5. The end conditions.
    reasons = end_reasons(ctx.st)
    if reasons:
        ctx.emit(E.GAME_ENDED, reasons=reasons)
        ctx.queue.clear()
        return
    ctx.emit(E.ROUND_STARTED, round=ctx.st.round + 1, first=first)
    start_turn(ctx, first)


def end_reasons(state: State) -> list[Msg]:
    """ru «Конец игры и подсчёт очков»: the four conditions, checked at the end of a round."""
    reasons = []
    for seat in state.seats:
        if all(space_of(track, seat) >= TEMPLE_TOP for track in state.temples):
            reasons.append(_all_temples(seat))
    if not any(state.district_gold):
        reasons.append(_NO_GOLD)
    if sum(1 for n in state.tower_supply if n > 0) <= TOWER_END_COLOURS:
        reasons.append(_few_towers(TOWER_END_COLOURS))
    if state.dice_short:
        reasons.append(_no_die(state.dice_short[0]))
    return reasons


def _all_temples(seat: str) -> Msg:
    return _("{seat} has all three zodiac discs at the top of the temples", seat=Seat(seat))


_NO_GOLD = _("no gold is left on the district cards")


def _few_towers(n: int) -> Msg:
    return _("{n} or fewer colours of tower tiers are left", n=n)


def _no_die(colour: str) -> Msg:
    return _("the supply had no {colour} citizen die for the row", colour=words.colour(colour))


def reason_words(reason: str) -> Msg | str:
    """An end reason as the event log keeps it (its English words) as a message again."""
    if isinstance(reason, Msg):
        return reason
    if reason == _NO_GOLD:
        return _NO_GOLD
    head, sep, _rest = reason.partition(" has all three zodiac discs")
    if sep and reason == _all_temples(head):
        return _all_temples(head)
    number, sep, _rest = reason.partition(" or fewer colours")
    if sep and number.isdigit() and reason == _few_towers(int(number)):
        return _few_towers(int(number))
    colour = reason.removeprefix("the supply had no ").partition(" ")[0]
    if reason == _no_die(colour):
        return _no_die(colour)
    return reason
