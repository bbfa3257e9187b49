"""Plans ahead (issue 38): standing orders that play a seat's move for it, privately, only
when it is still right.

A plan is one of the kit's orders (``engine.kit.plans``): a single legal option, one of the
game's standing answers, or the first legal of a list of moves. It is kept beside the log
(:class:`service.store.models.PlanRow`), seen by its seat alone, until it becomes public:

- it **fires** after an append (:mod:`service.play.moves`) that began a decision of its seat
  after the plan was set, when its order names a legal move there: ``table.plan_set`` (the
  first time) and ``table.plan_fired`` are appended, then the move, as any move, shown
  "(planned)" in the history;
- it is **dropped**, with its reason, when what it foresaw can no longer hold: none of a
  list's moves is legal at its decision, a takeback, the seat handed to a bot or another
  player, its player gone, the game's rules changed;
- when the game ends, every plan of the game not yet in the log is written there,
  ``table.plan_set`` and ``table.plan_dropped`` (its reason, or ``over``): the finished
  game's log and export show every plan, and nobody else learnt of one before it fired.

Nothing of a waiting plan touches what another seat can read: not the log, not its
``seq``, not a page, an email or the API (tests/service/test_plans_hidden.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from engine import Game, Move, State
from engine.kit import plans as orders
from engine.kit.plans import Dropped
from service.errors import BadRequest, Illegal, Stale, TooMany
from service.play.holders import check_holder
from service.store import eventlog, eventstore
from service.store.eventstore import Loaded, now
from service.store.models import GameRow, PlanRow, SeatHolderRow
from service.store.planlog import OVER, set_event, stop
from service.words import _, listing, n_

MOST_PLANS = 5
"""Plans one seat may have waiting at once (issue 38 §2: a cap, refused beyond)."""

PLAYED = "played"
CANCELLED = "cancelled"
REASONS = {
    PLAYED: _("It played its move."),
    CANCELLED: _("You cancelled it."),
    orders.NONE_LEGAL: _("At your next decision, none of its options was legal."),
    "takeback": _("A takeback changed the game it was made for."),
    "seat": _("The seat changed hands: a bot or another player holds it now."),
    "ruleset": _("The game's rules changed since it was made."),
    OVER: _("The game ended before it played."),
}
"""Why a plan stopped, as its owner reads it (and the log names it)."""
TOLD = {
    PLAYED: _("its one move was played"),
    CANCELLED: _("its player cancelled it"),
    orders.NONE_LEGAL: _("none of its options was legal at its decision"),
    "takeback": _("a takeback changed the game it was made for"),
    "seat": _("the seat changed hands"),
    "ruleset": _("the game's rules changed"),
    OVER: _("the game ended first"),
}
"""Why a plan stopped, as the history tells everyone once the game is over."""


@dataclass(frozen=True)
class Verdict:
    """What a waiting plan does after an append: play ``move``, or stop for ``reason``."""

    plan: PlanRow
    move: Move | None = None
    reason: str | None = None


# ---------------------------------------------------------------- what a seat may plan


def label(game: Game, state: State | None, body: dict[str, Any]) -> Any:
    """A plan in words, as its seat's pages, emails and replies show it."""
    kind = body.get("kind")
    if kind == orders.SINGLE:
        return _("When I have a single legal option, play it")
    if kind == orders.ANSWER:
        known = orders.answers(game).get(str(body.get("key")))
        return known.label if known is not None else _("A standing answer this game no longer has")
    names = [describe(game, state, m) for m in body.get("moves") or ()]
    return _("At my next decision, the first legal of: {moves}", moves=listing(names, "or"))


def describe(game: Game, state: State | None, move: Move) -> Any:
    """A move in the words the turn page names it with (its type, for a move of another
    moment the game cannot name)."""
    try:
        return game.describe(state, move) if state is not None else str(move.get("type"))
    except Exception:  # a move of another moment: its type, never a crash on a page
        return str(move.get("type"))


def offers(game: Game, state: State, seat: str) -> list[tuple[str, Any]]:
    """The standing orders ``seat`` may set in this game, by the key a form or a reply
    names them with (``single``, or a standing answer's key), and their words."""
    found: list[tuple[str, Any]] = [(orders.SINGLE, label(game, state, {"kind": "single"}))]
    found += [(a.key, a.label) for a in getattr(game, "standing_orders", ())]
    return found


def body_of(game: Game, key: str) -> dict[str, Any] | None:
    """The order a form or a reply names by ``key`` (:func:`offers`), or None."""
    if key == orders.SINGLE:
        return {"kind": orders.SINGLE}
    if key in orders.answers(game):
        return {"kind": orders.ANSWER, "key": key}
    return None


def choices(session: Session, loaded: Loaded, seat: str) -> tuple[State | None, list[Move]]:
    """The moves a list may name, and the game they are options of (to name them as the
    turn page did): the seat's options now if it is deciding; else those it had at its
    newest decision, which it saw (a decision of the same kind comes again, and the list
    plays the first of them still legal then); none before its first decision."""
    now_ = orders.options(loaded.game, loaded.state, seat)
    if now_:
        return loaded.state, list(now_)
    seq = eventlog.last_decision_of(session, loaded.row.id, seat)
    if seq is None:
        return None, []
    before = eventstore.folded_at(session, loaded.row, loaded.game, seq - 1)
    if before is None or before.state is None:
        return None, []
    return before.state, list(orders.options(loaded.game, before.state, seat))


def options(session: Session, loaded: Loaded, seat: str) -> list[Move]:
    """The moves a list may name (:func:`choices`)."""
    return choices(session, loaded, seat)[1]


def deciding(loaded: Loaded, seat: str) -> bool:
    """Whether ``seat`` has a decision to make now."""
    return bool(orders.options(loaded.game, loaded.state, seat))


# ---------------------------------------------------------------- setting and cancelling


def waiting(session: Session, row: GameRow, seat: str | None = None) -> list[PlanRow]:
    """The game's plans still waiting (``seat``'s alone, when given), oldest first; no
    query for a game without one."""
    if not row.plans:
        return []
    query = select(PlanRow).where(PlanRow.game_id == row.id, PlanRow.live.is_(True))
    if seat is not None:
        query = query.where(PlanRow.seat == seat)
    return list(session.scalars(query.order_by(PlanRow.seat, PlanRow.number)))


def of_seat(session: Session, game_id: str, seat: str, generation: int) -> list[PlanRow]:
    """Every plan this holder of ``seat`` set in the game, waiting or not, newest first: what
    its own pages show (the others' never)."""
    return list(
        session.scalars(
            select(PlanRow)
            .where(
                PlanRow.game_id == game_id,
                PlanRow.seat == seat,
                PlanRow.generation == generation,
            )
            .order_by(PlanRow.number.desc())
        )
    )


def of_holders(session: Session, seats: Iterable[tuple[str, str]]) -> list[PlanRow]:
    """The plans the present holders of these (game, seat) pairs set, by game, seat and
    number: their own data (``service.play.takeout``). A seat's holder is its generation
    (each hand-over one more), counted by the holders kept before it."""
    wanted = set(seats)
    if not wanted:
        return []
    games = {g for g, _s in wanted}
    held = select(SeatHolderRow.game_id, SeatHolderRow.seat).where(SeatHolderRow.game_id.in_(games))
    before = Counter((game, seat) for game, seat in session.execute(held))
    rows = session.scalars(
        select(PlanRow)
        .where(PlanRow.game_id.in_(games))
        .order_by(PlanRow.game_id, PlanRow.seat, PlanRow.number)
    )
    return [
        r
        for r in rows
        if (r.game_id, r.seat) in wanted and r.generation == before[(r.game_id, r.seat)]
    ]


def set_plan(
    session: Session, game_id: str, seat: str, generation: int, body: dict[str, Any]
) -> PlanRow:
    """Keep ``body`` as a plan of ``seat``'s; it acts on decisions begun after now. Refused,
    nothing kept: a game over, a seat not its holder's or a bot's, an order the game does
    not offer, a list holding a move the seat cannot see among its options now, a plan it
    already has, more than :data:`MOST_PLANS`."""
    loaded = eventstore.load(session, game_id)
    if loaded.row.over:
        raise Stale(_("The game is over."), game_id=game_id)
    check_holder(loaded, seat, generation)
    if seat in loaded.table.bots:
        raise Stale(_("A bot holds this seat: it plans nothing."), game_id=game_id, seat=seat)
    game = loaded.game
    if orders.problem(game, body) is not None:
        raise BadRequest(_("This game offers no such plan."), game_id=game_id, seat=seat)
    if body["kind"] == orders.FIRST:
        seen = {orders.key(m) for m in options(session, loaded, seat)}
        if not all(orders.key(m) in seen for m in body["moves"]):
            raise Illegal(_("Choose the plan's options among those listed."), game_id=game_id)
    mine = waiting(session, loaded.row, seat)
    if any(p.body == body and p.generation == generation for p in mine):
        raise BadRequest(_("You already have this plan."), game_id=game_id, seat=seat)
    if len(mine) >= MOST_PLANS:
        raise TooMany(
            n_(
                "At most {n} plan waits at once: cancel it first.",
                "At most {n} plans wait at once: cancel one first.",
                n=MOST_PLANS,
            ),
            game_id=game_id,
        )
    numbers = session.scalars(
        select(PlanRow.number).where(PlanRow.game_id == game_id, PlanRow.seat == seat)
    ).all()
    plan = PlanRow(
        game_id=game_id,
        seat=seat,
        generation=generation,
        number=max(numbers, default=0) + 1,
        body=body,
        ruleset=game.ruleset,
        set_seq=loaded.seq,
        set_at=now(),
        live=True,
        fired=0,
        logged=False,
        closed=False,
    )
    session.add(plan)
    # One more plan not yet told in full by the log: a move made from an older cached row
    # is refused by the guarded append, and decides again with this plan (eventlog).
    session.execute(update(GameRow).where(GameRow.id == game_id).values(plans=GameRow.plans + 1))
    session.flush()
    session.refresh(loaded.row, ["plans"])
    return plan


def cancel(
    session: Session, game_id: str, seat: str, generation: int, number: int | None = None
) -> list[PlanRow]:
    """Stop ``seat``'s waiting plan ``number`` (every one, without): the plans stopped. A
    plan that already stopped is not one to cancel (:class:`Stale`)."""
    loaded = eventstore.load(session, game_id)
    check_holder(loaded, seat, generation)
    mine = [p for p in waiting(session, loaded.row, seat) if p.generation == generation]
    if number is not None:
        mine = [p for p in mine if p.number == number]
    if not mine:
        raise Stale(_("No plan of yours waits to be cancelled."), game_id=game_id, seat=seat)
    stop(mine, CANCELLED, loaded.seq)
    return mine


# ---------------------------------------------------------------- acting


def verdicts(after: Loaded, live: Sequence[PlanRow]) -> list[Verdict]:
    """What each waiting plan does in the game ``after`` an append: at most one move for a
    seat (its oldest plan that names one), and the plans that can no longer hold. A plan
    acts only at its holder's decision begun after it was set (events before it never fire
    it), never for a bot's seat."""
    table, game, state = after.table, after.game, after.state
    acting = game.to_act(state) if not after.row.over else frozenset()
    found: list[Verdict] = []
    moving: set[str] = set()
    for plan in live:
        seat = plan.seat
        if plan.generation != table.generation(seat) or seat in table.bots:
            found.append(Verdict(plan, reason="seat"))
            continue
        if plan.ruleset != game.ruleset:
            found.append(Verdict(plan, reason="ruleset"))
            continue
        began = table.decision_seq(seat)
        if seat not in acting or seat in moving or began is None or began <= plan.set_seq:
            continue
        done = orders.act(game, state, seat, plan.body)
        if isinstance(done, Dropped):
            found.append(Verdict(plan, reason=done.reason))
        elif done is not None:
            found.append(Verdict(plan, move=done))
            moving.add(seat)
    return found


def drop_seat(session: Session, row: GameRow, seat: str, reason: str = "seat") -> None:
    """The seat changed hands (a bot, a newcomer) or its player went: its plans stop."""
    stop(waiting(session, row, seat), reason, row.last_seq)


def drop_all(session: Session, row: GameRow, reason: str) -> None:
    """Something no plan foresaw (a takeback): every waiting plan of the game stops."""
    stop(waiting(session, row), reason, row.last_seq)


def fired_events(plan: PlanRow) -> list[dict[str, Any]]:
    """The table events a plan's move follows in the log: the plan itself the first time
    it acts, and that it acts."""
    events = [] if plan.logged else [set_event(plan)]
    plan.logged = True
    return [*events, {"type": "table.plan_fired", "seat": plan.seat, "plan": plan.number}]


def played(plan: PlanRow, seq: int) -> None:
    """``plan`` played its move, the log holds it: a list acts once, a standing order stays."""
    plan.fired += 1
    if not orders.standing(plan.body):
        stop([plan], PLAYED, seq)
