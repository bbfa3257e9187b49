"""ru «Посетить зону контакта»: who may visit which zone and at what cost, the starship (and
in solo the neighbouring one), and the zone's two actions and bonus action."""

from __future__ import annotations

from engine.contract import Move
from engine.games.origins_first_builders import buying, citizens, tracks
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.actions import take_citizen_options
from engine.games.origins_first_builders.components import (
    BONUS_BASIC,
    BONUS_BUILD,
    BONUS_SPEAKER,
    BONUS_TEMPLE,
    BONUS_TILES,
    BONUS_WAR,
    BUILD,
    CITIZEN,
    COLOUR_INDEX,
    DIE_FACES,
    FEED,
    FOOD3,
    ONE_EACH,
    STARSHIP_MAX,
    STONE3,
    TEMPLE,
    TEMPLES,
    WAR,
    WAR_ACTION_STEPS,
    WISDOM3,
    ZONE_ACTIONS,
    ZONES,
)
from engine.games.origins_first_builders.context import DONE, Ctx, can_pay
from engine.games.origins_first_builders.state import HOME, State, Step
from engine.games.origins_first_builders.tracks import holds


def zone_cost(state: State, zone: int, value: int | None) -> int:
    """ru «Посетить зону контакта»: wisdom makes up a die short of the starship's value;
    the archon (``None``) ignores values."""
    if value is None:
        return 0
    return max(0, state.zones[zone] - value)


def _worker_value(state: State, seat: str, worker: str, n: int) -> int | None:
    if worker == "citizen":
        return state.player(seat).citizens[n].value
    if worker == "speaker":
        return n
    return None


def affordable_zones(state: State, seat: str, worker: str, n: int) -> list[int]:
    player = state.player(seat)
    value = _worker_value(state, seat, worker, n)
    return [z for z in range(ZONES) if can_pay(player, {"wisdom": zone_cost(state, z, value)})]


def visit_options(state: State, seat: str) -> list[Move]:
    """Who may visit: each different citizen beside the board and each speaker value that
    can afford some zone, and the archon while it is home."""
    player = state.player(seat)
    reach = min(state.zones) - player.wisdom - player.gold
    moves: list[Move] = []
    for i in citizens.distinct_home(player):
        if player.citizens[i].value >= reach:
            moves.append({"type": "visit", "worker": "citizen", "die": i})
    for value in sorted(set(player.speakers)):
        if value >= reach:
            moves.append({"type": "visit", "worker": "speaker", "value": value})
    if player.archon == HOME:
        moves.append({"type": "visit", "worker": "archon"})
    return moves


def zone_options(state: State, seat: str, step: Step) -> list[Move]:
    return [{"type": "zone", "zone": z} for z in affordable_zones(state, seat, step.ref, step.n)]


def zone_handler(ctx: Ctx, step: Step, move: Move) -> None:
    state = ctx.st
    seat = ctx.seat
    zone = move["zone"]
    player = state.player(seat)
    value = _worker_value(state, seat, step.ref, step.n)
    cost = zone_cost(state, zone, value)
    wisdom = min(cost, player.wisdom)
    colours: tuple[str, ...] = ()
    six = 0
    if step.ref == "citizen":
        citizen = player.citizens[step.n]
        colours = (citizen.colour,)
        six = int(citizen.value == DIE_FACES)
    elif step.ref == "archon":
        # ru «Особое свойство архонта»: each advisor lends the archon its colour.
        colours = tuple(sorted(set(player.advisors), key=COLOUR_INDEX.__getitem__))
    sent = {
        "seat": seat,
        "worker": step.ref,
        "index": step.n if step.ref == "citizen" else None,
        "value": value,
        "zone": zone,
        "wisdom": wisdom,
        "gold": cost - wisdom,
    }
    follow = Step("zone_actions", zone=zone, colours=colours, n=six)
    turn = state.turn
    if not state.solo:
        # ru: the visited starship gains 1, a 6 turns to 1.
        ctx.emit(E.WORKER_SENT, **sent, starship=raised(state.zones[zone]))
        ctx.push(follow)
        return
    ctx.emit(E.WORKER_SENT, **sent)
    if turn is not None and turn.freeze:
        ctx.push(follow)
    else:
        ctx.push(Step("solo_raise", zone=zone), follow)


def raised(value: int) -> int:
    return 1 if value >= STARSHIP_MAX else value + 1


def solo_raise_options(state: State, seat: str, step: Step) -> list[Move]:
    """ru «Одиночный режим»: a neighbouring zone also gains 1, never past 6 (skipped if no
    neighbour can); a superiority token may keep every starship still this turn."""
    moves: list[Move] = []
    for other in (step.zone - 1, step.zone + 1):
        if 0 <= other < ZONES and state.zones[other] < STARSHIP_MAX:
            moves.append({"type": "raise", "zone": other})
    if not moves:
        moves.append({"type": "raise_none"})
    turn = state.turn
    if turn is not None and not turn.token_used and state.player(seat).tokens > 0:
        moves.append({"type": "keep_starships"})
    return moves


def solo_raise_handler(ctx: Ctx, step: Step, move: Move) -> None:
    if move["type"] == "keep_starships":
        ctx.emit(E.TOKEN_SPENT, seat=ctx.seat, use="freeze")
        return
    ctx.emit(E.STARSHIP_SET, zone=step.zone, value=raised(ctx.st.zones[step.zone]))
    if move["type"] == "raise":
        other = move["zone"]
        ctx.emit(E.STARSHIP_SET, zone=other, value=ctx.st.zones[other] + 1)


def bonus_of(state: State, zone: int) -> str:
    return BONUS_TILES[state.bonus[zone]]


def action_possible(state: State, seat: str, action: str) -> bool:
    player = state.player(seat)
    if action == BUILD:
        return bool(buying.buy_options(state, seat))
    if action == TEMPLE:
        return can_pay(player, {"stone": 1})
    if action == CITIZEN:
        return bool(take_citizen_options(state, seat, Step("take_citizen", ref="action")))
    if action == FEED:
        return can_pay(player, {"food": 1}) and (
            bool(player.home) or tracks.can_advance(state, seat)
        )
    return True


def bonus_possible(state: State, seat: str, bonus: str) -> bool:
    player = state.player(seat)
    if bonus == BONUS_TEMPLE:
        return can_pay(player, {"stone": 1}) and any(
            tracks.temple_open(state, seat, t) for t in TEMPLES
        )
    if bonus == BONUS_BUILD:
        return bool(buying.buy_options(state, seat, {"food": 1}))
    if bonus == BONUS_WAR:
        return can_pay(player, {"wisdom": 1})
    if bonus == BONUS_SPEAKER:
        return bool(state.speaker_row)
    return True


def zone_actions_options(state: State, seat: str, step: Step) -> list[Move]:
    """ru: one of the zone's two actions (both with a 6), and its bonus action before,
    between or after them when a colour of the visitor matches the tile."""
    moves: list[Move] = []
    mains = [s for s in ("top", "bottom") if s in step.done]
    if not mains or (step.n and len(mains) < 2):
        for slot, action in zip(("top", "bottom"), ZONE_ACTIONS[step.zone], strict=True):
            if slot not in step.done and action_possible(state, seat, action):
                moves.append({"type": "act", "slot": slot})
    if "bonus" not in step.done and state.bonus[step.zone] in step.colours:
        if bonus_possible(state, seat, bonus_of(state, step.zone)):
            moves.append({"type": "bonus"})
        if holds(state, seat, "pisces"):
            moves.append({"type": "bonus_gold"})
    if mains:
        moves.append(DONE)
    return moves


def zone_actions_handler(ctx: Ctx, step: Step, move: Move) -> None:
    kind = move["type"]
    if kind == "done":
        return
    done = (*step.done, move.get("slot", "bonus"))
    ctx.push(Step("zone_actions", zone=step.zone, colours=step.colours, n=step.n, done=done))
    if kind == "act":
        action = ZONE_ACTIONS[step.zone][0 if move["slot"] == "top" else 1]
        board_action(ctx, action)
    elif kind == "bonus_gold":
        ctx.gain("Pisces", gold=1)
    else:
        bonus_action(ctx, bonus_of(ctx.st, step.zone))


def board_action(ctx: Ctx, action: str) -> None:
    """ru appendix «Действия на игровом поле»."""
    if action == STONE3:
        ctx.gain("board action", stone=3)
    elif action == FOOD3:
        ctx.gain("board action", food=3)
    elif action == WISDOM3:
        ctx.gain("board action", wisdom=3)
    elif action == ONE_EACH:
        ctx.gain("board action", stone=1, food=1, wisdom=1)
    elif action == WAR:
        ctx.push(Step("war", ref="and", n=WAR_ACTION_STEPS))
    elif action == BUILD:
        ctx.push(Step("buy", ref="action"))
    elif action == TEMPLE:
        ctx.push(Step("temple"))
    elif action == CITIZEN:
        ctx.push(Step("take_citizen", ref="action"))
    elif action == FEED:
        ctx.push(Step("feed"))
    else:
        ctx.push(Step("basic", ref="basic_gold"))


def bonus_action(ctx: Ctx, bonus: str) -> None:
    """ru appendix «Жетоны бонусных действий»."""
    if bonus == BONUS_TEMPLE:
        ctx.push(Step("temple_step", ref="bonus"))
    elif bonus == BONUS_BUILD:
        ctx.pay("bonus action", {"food": 1})
        ctx.push(Step("buy", ref="bonus"))
    elif bonus == BONUS_WAR:
        ctx.pay("bonus action", {"wisdom": 1})
        ctx.push(Step("war", ref="or", n=1))
    elif bonus == BONUS_SPEAKER:
        ctx.push(Step("take_speaker", ref="bonus"))
    elif bonus == BONUS_BASIC:
        ctx.push(Step("basic", ref="bonus"))
