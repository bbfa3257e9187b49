"""Who acts, what they may choose, and the events each choice produces.

A turn is a queue of steps (``State.pending``), head first; each decision answers the head
step. After a decision the queue is settled: bookkeeping steps run by themselves, steps with
nothing to choose are dropped, and a step of the same player with a single option is played
for them, so ``to_act`` and ``legal_moves`` always describe a real choice.
"""

from __future__ import annotations

import random

from engine.contract import Event, Move
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.context import Ctx
from engine.games.origins_first_builders.moves import prompt
from engine.games.origins_first_builders.state import DRAFT, OVER, State, Step
from engine.games.origins_first_builders.steps import ALWAYS_ASKED, AUTOMATIC, HANDLERS, OPTIONS
from engine.games.origins_first_builders.words import _
from engine.kit import last_answer
from engine.kit.deciding import checked_move


def to_act(state: State) -> frozenset[str]:
    if state.phase == OVER or not state.pending:
        return frozenset()
    if state.phase == DRAFT:
        return frozenset(state.draft_order[:1])
    if state.turn is None:
        return frozenset()
    return frozenset((state.turn.seat,))


def legal_moves(state: State, seat: str) -> list[Move]:
    """Every option of the seat's next decision, each a fresh copy the caller may change."""
    return [dict(m) for m in _legal_moves(state, seat)]


@last_answer
def _legal_moves(state: State, seat: str) -> list[Move]:
    """Remembered for the identical state: ``decide`` checks a move against the list the
    page just showed."""
    if seat not in to_act(state):
        return []
    step = state.pending[0]
    return OPTIONS[step.kind](state, seat, step)


WAITING = {DRAFT: _("It is not your pick of a starting die.")}
"""What a seat out of turn is told in the draft of the starting dice."""


def decide(state: State, seat: str, move: Move, rng: random.Random) -> list[Event]:
    waiting = WAITING.get(state.phase, _("It is not your turn."))
    move = checked_move(state, seat, move, to_act, legal_moves, prompt, waiting)
    ctx = Ctx(state, rng)
    step = ctx.queue.pop(0)
    HANDLERS[step.kind](ctx, step, move)
    settle(ctx)
    return ctx.events


def settle(ctx: Ctx) -> None:
    """Run bookkeeping steps, drop choices with nothing to choose, play single options of
    the same player; then record what is awaited."""
    while ctx.queue and ctx.st.phase != OVER:
        step = ctx.queue[0]
        if step.kind in AUTOMATIC:
            ctx.queue.pop(0)
            AUTOMATIC[step.kind](ctx, step)
            continue
        options = OPTIONS[step.kind](ctx.st, ctx.seat, step)
        if not options:
            ctx.queue.pop(0)
            continue
        if len(options) == 1 and step.kind not in ALWAYS_ASKED:
            ctx.queue.pop(0)
            HANDLERS[step.kind](ctx, step, options[0])
            continue
        break
    if ctx.st.phase != OVER and tuple(ctx.queue) != ctx.st.pending:
        ctx.emit(E.AWAITING, steps=[_step_data(s) for s in ctx.queue])


def _step_data(step: Step) -> dict[str, object]:
    data: dict[str, object] = {"kind": step.kind}
    for name, default in (("zone", -1), ("ref", ""), ("n", 0)):
        value = getattr(step, name)
        if value != default:
            data[name] = value
    for name in ("colours", "done"):
        value = getattr(step, name)
        if value:
            data[name] = list(value)
    if step.cells:
        data["cells"] = [list(c) for c in step.cells]
    return data


def begin(state: State, rng: random.Random) -> list[Event]:
    """The first decisions after setup (:func:`.setup.setup` ends with them): the draft, or
    the solo choice of starting dice."""
    ctx = Ctx(state, rng)
    if state.solo:
        ctx.queue[:] = [Step("solo_remove"), Step("solo_keep")]
    else:
        ctx.queue[:] = [Step("draft")]
    settle(ctx)
    return ctx.events
