"""The choices inside the board and bonus actions (ru appendix «Действия на игровом поле»,
«Жетоны бонусных действий»): resources, the war track, spending food, temples, citizen and
speaker dice."""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.contract import Move
from engine.games.origins_first_builders import citizens, tracks
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.components import (
    BASICS,
    DIE_FACES,
    SPEAKER_MAX,
    TEMPLE_ACTION_STEPS,
    TEMPLES,
)
from engine.games.origins_first_builders.context import DONE, SKIP, Ctx, can_pay
from engine.games.origins_first_builders.state import FIRST_RULESET, State, Step
from engine.games.origins_first_builders.tracks import holds

FEED_MAX = 3  # ru: «Потратите 1, 2 или 3 еды»


def basic_options(state: State, seat: str, step: Step) -> list[Move]:
    return [{"type": "gain", "resource": r} for r in BASICS]


def basic_handler(ctx: Ctx, step: Step, move: Move) -> None:
    gold = 1 if step.ref == "basic_gold" else 0
    ctx.gain(step.ref or "basic", **{move["resource"]: 1, "gold": gold})


def convert_options(state: State, seat: str, step: Step) -> list[Move]:
    """The war reward «spend 1 basic resource for 1 gold»."""
    player = state.player(seat)
    return [{"type": "convert", "resource": r} for r in BASICS if player.amount(r)] + [SKIP]


def convert_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if move["type"] == "convert":
        ctx.gain("attack", **{move["resource"]: -1, "gold": 1})


def gemini_options(state: State, seat: str, step: Step) -> list[Move]:
    return [
        {"type": "gemini", **{r: picked.count(r) for r in BASICS}}
        for picked in combinations_with_replacement(BASICS, step.n)
    ]


def gemini_handler(ctx: Ctx, step: Step, move: Move) -> None:
    ctx.gain("Gemini", **{r: move[r] for r in BASICS})


def tiltyard_options(state: State, seat: str, step: Step) -> list[Move]:
    return [{"type": "tiltyard", "stone": s, "food": step.n - s} for s in range(step.n, -1, -1)]


def tiltyard_handler(ctx: Ctx, step: Step, move: Move) -> None:
    ctx.gain("Tiltyard", stone=move["stone"], food=move["food"])


def war_options(state: State, seat: str, step: Step) -> list[Move]:
    """Advance and/or attack (``ref`` "and", in either order) or one of them ("or")."""
    moves: list[Move] = []
    if "advance" not in step.done and tracks.can_advance(state, seat):
        moves.append({"type": "advance", "spaces": step.n})
    if "attack" not in step.done:
        moves.append({"type": "attack"})
    if step.ref == "and" and step.done:
        moves.append(DONE)
    return moves


def war_handler(ctx: Ctx, step: Step, move: Move) -> None:
    kind = move["type"]
    if kind == "done":
        return
    if step.ref == "and":
        ctx.push(Step("war", ref="and", n=step.n, done=(*step.done, kind)))
    if kind == "advance":
        tracks.advance(ctx, step.n)
    else:
        tracks.attack(ctx)


def feed_options(state: State, seat: str, step: Step) -> list[Move]:
    """ru: 1-3 food, each +1 to a citizen beside the board or +1 on the war track."""
    player = state.player(seat)
    moves: list[Move] = []
    if step.n < FEED_MAX and can_pay(player, {"food": 1}):
        moves += [{"type": "feed", "die": i} for i in citizens.distinct_home(player)]
        if tracks.can_advance(state, seat):
            moves.append({"type": "feed_war"})
    if step.n:
        moves.append(DONE)
    return moves


def feed_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if move["type"] == "done":
        return
    ctx.pay("spend food", {"food": 1})
    ctx.push(Step("feed", n=step.n + 1))
    if move["type"] == "feed_war":
        tracks.advance(ctx, 1)
    else:
        citizens.raise_citizen(ctx, move["die"], 1)


def temple_options(state: State, seat: str, step: Step) -> list[Move]:
    return [{"type": "temple", "temple": t} for t in TEMPLES]


def temple_handler(ctx: Ctx, step: Step, move: Move) -> None:
    """ru «Продвинуться по шкале храма»: 1 stone, 2 steps up one temple, its zodiac card."""
    temple = move["temple"]
    ctx.pay("temple", {"stone": 1})
    tracks.climb(ctx, temple, TEMPLE_ACTION_STEPS)
    tracks.take_zodiac(ctx, temple)
    if holds(ctx.st, ctx.seat, "aquarius"):
        ctx.push(Step("temple_extra", ref=temple, done=("aquarius",)))


def temple_extra_options(state: State, seat: str, step: Step) -> list[Move]:
    """Temple buildings and Aquarius: 1 gold for 1 step on another temple."""
    if state.player(seat).gold < 1:
        return []
    others = [t for t in TEMPLES if t != step.ref and tracks.temple_open(state, seat, t)]
    if not others:
        return []
    return [{"type": "temple_extra", "temple": t} for t in others] + [SKIP]


def temple_extra_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if move["type"] == "temple_extra":
        ctx.gain("Aquarius" if step.done else "temple", gold=-1)
        tracks.climb(ctx, move["temple"], 1)


def temple_step_options(state: State, seat: str, step: Step) -> list[Move]:
    moves: list[Move] = [
        {"type": "temple_step", "temple": t} for t in TEMPLES if tracks.temple_open(state, seat, t)
    ]
    if step.ref == "bonus" and not can_pay(state.player(seat), {"stone": 1}):
        return []
    return moves


def temple_step_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if step.ref == "bonus":
        ctx.pay("bonus action", {"stone": 1})
    tracks.climb(ctx, move["temple"], 1)


def take_citizen_options(state: State, seat: str, step: Step) -> list[Move]:
    """ru «Получить кубик жителя» (row wisdom), Manor and Cancer (free), Libra (wisdom)."""
    player = state.player(seat)
    if player.free_bases <= 0:
        return []
    free = step.ref in ("manor", "cancer")
    moves: list[Move] = []
    for slot, die in enumerate(state.citizen_row):
        if die is None:
            continue
        cost = 0 if free else citizens.row_cost(state, seat, slot)
        if can_pay(player, {"wisdom": cost}):
            moves.append({"type": "take", "slot": slot})
    if moves and step.ref in ("manor", "libra"):
        moves.append(SKIP)
    return moves


def take_citizen_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if move["type"] == "skip":
        return
    slot = move["slot"]
    free = step.ref in ("manor", "cancer")
    cost = 0 if free else citizens.row_cost(ctx.st, ctx.seat, slot)
    citizens.take_from_row(ctx, slot, cost)


def take_speaker_options(state: State, seat: str, step: Step) -> list[Move]:
    moves: list[Move] = [{"type": "speaker", "value": v} for v in sorted(set(state.speaker_row))]
    # ru «Форум»: «любого одного оратора с поля»: the board holds the speaker row and the
    # speakers sent to contact zones (at the round's end «Верните все кубики ораторов с поля
    # в ряд ораторов»). From ofb-2; ofb-1 offered the row only. The bonus action says
    # «Получить 1 оратора», from the row («Возьмите кубик из ряда ораторов»).
    if step.ref == "forum" and state.ruleset != FIRST_RULESET:
        placed = sorted({(zone, value) for zone, value, _ in state.zone_speakers})
        moves += [{"type": "speaker", "value": v, "zone": z} for z, v in placed]
    return moves


def take_speaker_handler(ctx: Ctx, step: Step, move: Move) -> None:
    citizens.take_speaker(ctx, move["value"], move.get("zone"))


def sagittarius_options(state: State, seat: str, step: Step) -> list[Move]:
    return [{"type": "sagittarius", "add": 1}, {"type": "sagittarius", "add": 0}]


def sagittarius_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if not move["add"]:
        return
    if step.ref == "speaker":
        ctx.emit(E.SPEAKER_SET, seat=ctx.seat, old=step.n, value=min(SPEAKER_MAX, step.n + 1))
    else:
        value = ctx.me.citizens[step.n].value
        ctx.emit(E.CITIZEN_SET, seat=ctx.seat, index=step.n, value=min(DIE_FACES, value + 1))
