"""ru «Фаза действия», «Фаза награждения», «Карты», «Конец игры»: who acts, what they may
choose, and the events each choice produces.

A turn is a queue of steps (``State.pending``). With the queue empty the turn is "at rest":
the player chooses an action, plays cards, completes objectives or ends the turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from engine.contract import Event, Move
from engine.games.origin import cards, rewards
from engine.games.origin import events as ev
from engine.games.origin.components import (
    CARDS,
    CARDS_DRAWN_FOR_CHOICE,
    DECKS,
    INDEX,
    KINDS,
    STRAIT_INDEX,
    TERRITORY_IDS,
    WAR_TROPHY_POINTS,
)
from engine.games.origin.context import Ctx
from engine.games.origin.movement import (
    evolution_targets,
    kinds_in,
    migration_targets,
    movers,
    swap_targets,
)
from engine.games.origin.moves import prompt
from engine.games.origin.objectives import hand_limit
from engine.games.origin.state import OVER, SETUP, State, Step
from engine.games.origin.words import _
from engine.kit import last_answer
from engine.kit.deciding import checked_move

END_TURN: Move = {"type": "end_turn"}
PASS: Move = {"type": "pass"}

# ---------------------------------------------------------------- who acts


def to_act(state: State) -> frozenset[str]:
    if state.phase == SETUP:
        # ru: each player keeps one of three objectives: everyone decides at once.
        return frozenset(p.seat for p in state.players if p.dealt)
    if state.phase == OVER or state.turn is None:
        return frozenset()
    return frozenset((state.turn.seat,))


def legal_moves(state: State, seat: str) -> list[Move]:
    """Every complete option of the seat's next decision, each a copy the caller may change.
    The last answer is remembered: ``decide`` checks a move against the list the player was
    just shown."""
    return [dict(m) for m in _legal_moves(state, seat)]


@last_answer
def _legal_moves(state: State, seat: str) -> list[Move]:
    if seat not in to_act(state):
        return []
    if state.phase == SETUP:
        dealt = state.player(seat).dealt
        return [{"type": "keep_objective", "card": c} for c in dealt]
    if state.pending:
        return step_options(state, seat, state.pending[0])
    return main_options(state, seat)


def main_options(state: State, seat: str) -> list[Move]:
    """The turn at rest: the one compulsory action, cards, objectives, ending the turn."""
    turn = state.turn
    assert turn is not None
    moves: list[Move] = []
    if not turn.acted:
        if evolution_targets(state, seat, first_only=True):
            moves.append({"type": "evolve"})
        if movers(state, seat, swap=False, first_only=True):
            moves.append({"type": "migrate"})
        if movers(state, seat, swap=True, first_only=True):
            moves.append({"type": "swap"})
        if not moves:
            moves.append(PASS)
    moves += [{"type": "play", "card": c} for c in cards.playable(state, seat)]
    moves += [{"type": "complete", "card": c} for c in cards.completable(state, seat)]
    if turn.acted:
        moves.append(END_TURN)
    return moves


Options = Callable[[State, str, str], list[Move]]
"""A step's options, from the state, the deciding seat and the step's argument."""


def _pawn_move(kind: str, k: int) -> Move:
    pawn = KINDS[k]
    return {"type": kind, "height": pawn.height, "strength": pawn.strength, "colour": pawn.colour}


def _territories(kind: str, targets: Iterable[int]) -> list[Move]:
    return [{"type": kind, "territory": TERRITORY_IDS[t]} for t in targets]


def _evolve_which(state: State, seat: str, arg: str) -> list[Move]:
    mask = evolution_targets(state, seat).get(INDEX[arg], 0)
    return [_pawn_move("evolve_pawn", k) for k in kinds_in(mask)]


def _tiles(state: State, seat: str, arg: str) -> list[Move]:
    return [
        {"type": "take_tile", "column": c, "level": level}
        for c, level in rewards.tile_choices(state, seat, arg)
    ]


def _limit(state: State, seat: str, arg: str) -> list[Move]:
    objectives = state.player(seat).objectives
    if len(objectives) <= hand_limit(state, seat):
        return []
    return [{"type": "return_objective", "card": c} for c in sorted(set(objectives))]


def _trophies(state: State, seat: str, arg: str) -> list[Move]:
    return [_pawn_move("trophy", k) for k, n in enumerate(state.reserve) if n]


_STEP_OPTIONS: dict[str, Options] = {
    "evolve_where": lambda st, seat, arg: _territories("evolve_on", evolution_targets(st, seat)),
    "evolve_which": _evolve_which,
    "migrate_which": lambda st, seat, arg: _territories(
        "migrate_from", movers(st, seat, swap=False)
    ),
    "migrate_where": lambda st, seat, arg: _territories(
        "migrate_to", migration_targets(st, seat, INDEX[arg])
    ),
    "swap_which": lambda st, seat, arg: _territories("swap_from", movers(st, seat, swap=True)),
    "swap_whom": lambda st, seat, arg: _territories(
        "swap_with", swap_targets(st, seat, INDEX[arg])
    ),
    "reward": rewards.reward_options,
    "take_tile": _tiles,
    "keep": lambda st, seat, arg: rewards.keep_options(st),
    "limit": _limit,
    "hunt": lambda st, seat, arg: cards.hunt_options(st, seat),
    "eruption": lambda st, seat, arg: cards.eruption_options(st),
    "invent": lambda st, seat, arg: cards.invent_options(st, seat),
    "sail": lambda st, seat, arg: cards.sail_options(st, seat),
    "steal_card": lambda st, seat, arg: cards.steal_card_options(st, arg),
    "steal_tile": cards.steal_tile_options,
    "trophy": _trophies,
}
"""What each step offers; its choice is done by the handler of the same kind
(``_STEP_HANDLERS``)."""


def step_options(state: State, seat: str, step: Step) -> list[Move]:
    options = _STEP_OPTIONS.get(step.kind)
    if options is None:
        raise ValueError(f"unknown step {step.kind!r}")
    return options(state, seat, step.arg)


# ---------------------------------------------------------------- deciding


WAITING = {SETUP: _("You have already kept your objective; wait for the others.")}
"""What a seat that has decided is told in a phase where every seat decides at once."""


def decide(state: State, seat: str, move: Move, rng: random.Random) -> list[Event]:
    waiting = WAITING.get(state.phase, _("It is not your turn."))
    move = checked_move(state, seat, move, to_act, legal_moves, prompt, waiting)
    if state.phase == SETUP:
        return _keep_objective(state, seat, move["card"], rng)
    ctx = Ctx(state)
    if ctx.queue:
        step = ctx.queue.pop(0)
        _STEP_HANDLERS[step.kind](ctx, step, move)
    else:
        _main(ctx, move)
    _settle(ctx)
    return ctx.events


def _keep_objective(state: State, seat: str, card: str, rng: random.Random) -> list[Event]:
    events: list[Event] = [{"type": ev.OBJECTIVE_KEPT, "seat": seat, "card": card}]
    if to_act(state) == {seat}:
        # ru: «Снова перемешайте колоду карт целей»; then the first player begins.
        deck = list(state.decks[DECKS.index("objective")])
        deck += [c for c in state.player(seat).dealt if c != card]
        rng.shuffle(deck)
        events.append({"type": ev.OBJECTIVES_SHUFFLED, "deck": deck})
        events.append({"type": ev.TURN_STARTED, "seat": state.first})
    return events


def _main(ctx: Ctx, move: Move) -> None:
    seat, kind = ctx.seat, move["type"]
    if kind in ("evolve", "migrate", "swap"):
        ctx.emit(ev.ACTION_CHOSEN, seat=seat, action=kind)
        ctx.push(
            Step({"evolve": "evolve_where", "migrate": "migrate_which"}.get(kind, "swap_which"))
        )
    elif kind == "play":
        cards.play(ctx, move["card"])
    elif kind == "complete":
        card = move["card"]
        ctx.emit(ev.OBJECTIVE_COMPLETED, seat=seat, card=card, points=CARDS[card].points)
        # ru: draw the next objective at once; not in the last round.
        if not ctx.st.last_round:
            ctx.push(Step("draw", "objective"))
    elif kind == "pass":
        ctx.emit(ev.TURN_PASSED, seat=seat)
        _end_turn(ctx)
    elif kind == "end_turn":
        _end_turn(ctx)


def _after_action(ctx: Ctx, landing: int, swapped: bool) -> None:
    rewards.claim_straits(ctx)
    rewards.territory_reward(ctx, landing)
    # ru War trophies: each swap takes a pawn from the reserve.
    if swapped and "war_trophies" in ctx.st.player(ctx.seat).in_play:
        ctx.queue.append(Step("trophy"))


def _evolve_on(ctx: Ctx, step: Step, move: Move) -> None:
    ctx.push(Step("evolve_which", move["territory"]))


def _evolve_pawn(ctx: Ctx, step: Step, move: Move) -> None:
    ctx.emit(
        ev.PAWN_PLACED, seat=ctx.seat, territory=step.arg, height=move["height"],
        strength=move["strength"], colour=move["colour"],
    )  # fmt: skip
    _after_action(ctx, INDEX[step.arg], swapped=False)


def _migrate_from(ctx: Ctx, step: Step, move: Move) -> None:
    ctx.push(Step("migrate_where", move["territory"]))


def _migrate_to(ctx: Ctx, step: Step, move: Move) -> None:
    ctx.emit(ev.PAWN_MIGRATED, seat=ctx.seat, **{"from": step.arg, "to": move["territory"]})
    _after_action(ctx, INDEX[move["territory"]], swapped=False)


def _swap_from(ctx: Ctx, step: Step, move: Move) -> None:
    ctx.push(Step("swap_whom", move["territory"]))


def _swap_with(ctx: Ctx, step: Step, move: Move) -> None:
    target = ctx.st.board[INDEX[move["territory"]]]
    assert target is not None and target.owner is not None
    ctx.emit(
        ev.PAWNS_SWAPPED, seat=ctx.seat, victim=target.owner,
        **{"from": step.arg, "to": move["territory"]},
    )  # fmt: skip
    _after_action(ctx, INDEX[move["territory"]], swapped=True)


def _reward(ctx: Ctx, step: Step, move: Move) -> None:
    rewards.choose_reward(ctx, step.arg, move["option"])


def _take_tile(ctx: Ctx, step: Step, move: Move) -> None:
    rewards.take_tile(ctx, move["column"], move["level"])


def _keep(ctx: Ctx, step: Step, move: Move) -> None:
    rewards.keep(ctx, step.arg, move["card"])


def _return_objective(ctx: Ctx, step: Step, move: Move) -> None:
    ctx.emit(ev.OBJECTIVE_RETURNED, seat=ctx.seat, card=move["card"])
    ctx.push(Step("limit"))


def _hunt(ctx: Ctx, step: Step, move: Move) -> None:
    t = INDEX[move["territory"]]
    ctx.emit(ev.HUNTING_TOKEN_TAKEN, seat=ctx.seat, territory=move["territory"],
             value=ctx.st.hunting[t])  # fmt: skip


def _eruption(ctx: Ctx, step: Step, move: Move) -> None:
    ctx.emit(ev.DISCARD_CARD_TAKEN, seat=ctx.seat, card=move["card"])


def _invent(ctx: Ctx, step: Step, move: Move) -> None:
    if "deck" in move:
        ctx.push(Step("draw", move["deck"]))
    else:
        rewards.take_tile(ctx, move["column"], move["level"])


def _sail(ctx: Ctx, step: Step, move: Move) -> None:
    strait = move["strait"]
    ctx.emit(ev.STRAIT_TOKEN_TAKEN, seat=ctx.seat, strait=strait,
             value=ctx.st.straits[STRAIT_INDEX[strait]])  # fmt: skip


def _steal_card(ctx: Ctx, step: Step, move: Move) -> None:
    ctx.emit(ev.CARD_STOLEN, seat=ctx.seat, victim=step.arg, card=move["card"])
    if CARDS[move["card"]].deck == "objective":
        ctx.push(Step("limit"))


def _steal_tile(ctx: Ctx, step: Step, move: Move) -> None:
    ctx.emit(ev.TILE_STOLEN, seat=ctx.seat, victim=step.arg, level=move["level"])


def _trophy(ctx: Ctx, step: Step, move: Move) -> None:
    ctx.emit(ev.TROPHY_TAKEN, seat=ctx.seat, height=move["height"], strength=move["strength"],
             colour=move["colour"], points=WAR_TROPHY_POINTS)  # fmt: skip


_STEP_HANDLERS: dict[str, Callable[[Ctx, Step, Move], None]] = {
    "evolve_where": _evolve_on,
    "evolve_which": _evolve_pawn,
    "migrate_which": _migrate_from,
    "migrate_where": _migrate_to,
    "swap_which": _swap_from,
    "swap_whom": _swap_with,
    "reward": _reward,
    "take_tile": _take_tile,
    "keep": _keep,
    "limit": _return_objective,
    "hunt": _hunt,
    "eruption": _eruption,
    "invent": _invent,
    "sail": _sail,
    "steal_card": _steal_card,
    "steal_tile": _steal_tile,
    "trophy": _trophy,
}

_AUTOMATIC: dict[str, Callable[[Ctx, Step], None]] = {
    "draw": lambda ctx, step: rewards.draw(ctx, step.arg, 1),
    "draw_three": lambda ctx, step: rewards.draw(ctx, step.arg, CARDS_DRAWN_FOR_CHOICE),
}


def _settle(ctx: Ctx) -> None:
    """Run bookkeeping steps, drop choices with nothing to choose, record what is awaited;
    at rest, check the end of the game and end a turn with nothing left to do."""
    if ctx.turn_over:
        return
    while ctx.queue:
        step = ctx.queue[0]
        if step.kind in _AUTOMATIC:
            ctx.queue.pop(0)
            _AUTOMATIC[step.kind](ctx, step)
        elif step_options(ctx.st, ctx.seat, step):
            break
        else:
            ctx.queue.pop(0)
    if ctx.st.turn is None:
        return
    if tuple(ctx.queue) != ctx.st.pending:
        ctx.emit(ev.AWAITING, steps=[[s.kind, s.arg] for s in ctx.queue])
    if ctx.queue:
        return
    _check_end(ctx)
    turn = ctx.st.turn
    if turn.acted and not (
        cards.playable(ctx.st, turn.seat) or cards.completable(ctx.st, turn.seat)
    ):
        _end_turn(ctx)


def end_reasons(state: State) -> list[str]:
    """ru «Конец игры»: any of the four supplies running out."""
    reasons = [
        f"the {deck} deck is empty"
        for deck, cards_ in zip(DECKS, state.decks, strict=True)
        if not cards_
    ]
    if not any(state.columns):
        reasons.append("no innovation tile is left on the reward board")
    if not any(state.reserve):
        reasons.append("no pawn is left in the reserve")
    if all(p.villages == 0 for p in state.players):
        reasons.append("every village is on the board")
    return reasons


def _check_end(ctx: Ctx) -> None:
    """ru: whoever takes the last item triggers the end; every other player has one turn."""
    if ctx.st.last_round:
        return
    reasons = end_reasons(ctx.st)
    if reasons:
        seats = ctx.st.seats
        i = seats.index(ctx.seat)
        others = [seats[(i + k) % len(seats)] for k in range(1, len(seats))]
        ctx.emit(ev.END_TRIGGERED, seat=ctx.seat, reasons=reasons, final_turns=others)


def _end_turn(ctx: Ctx) -> None:
    seat = ctx.seat
    ctx.turn_over = True
    ctx.emit(ev.TURN_ENDED, seat=seat)
    st = ctx.st
    if st.last_round:
        if st.final_turns:
            ctx.emit(ev.TURN_STARTED, seat=st.final_turns[0])
        else:
            ctx.emit(ev.GAME_ENDED, reason="every other player has had a last turn")
    elif st.passes >= len(st.seats):
        ctx.emit(ev.GAME_ENDED, reason="no player could act for a whole round")
    else:
        i = st.seats.index(seat)
        ctx.emit(ev.TURN_STARTED, seat=st.seats[(i + 1) % len(st.seats)])
