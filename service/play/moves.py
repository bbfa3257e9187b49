"""Making moves: the steps of DESIGN.md §5 that touch storage, and the outbox rows that tell
the players (games are created in :mod:`service.play.games`).

The caller owns the transaction (``with session.begin():``); after it commits, the caller
enqueues the returned outbox ids. Nothing here sends mail or talks to Redis.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from engine import IllegalMove, Move
from engine.chance import rng_for
from service import counters
from service.addresses import normal
from service.errors import (
    Conflict,
    Illegal,
    Reused,
    ServiceError,
    Stale,
)
from service.links import decisions
from service.links.decisions import Named, Verdict
from service.play import plans
from service.play.holders import check_holder, seat_row
from service.store import eventstore, people, planlog
from service.store.eventlog import LinkUsed, Riders
from service.store.eventstore import Loaded, now
from service.store.models import GameRow, OutboxRow, UsedLinkRow
from service.table import logfold
from service.words import _

_INSERT_OUTBOX = insert(OutboxRow.__table__).returning(OutboxRow.__table__.c.id)
"""Built once and run as plain SQL (no ORM bookkeeping)."""


@dataclass
class Applied:
    loaded: Loaded
    outbox_ids: list[int] = field(default_factory=list)


def make_move(
    session: Session,
    game_id: str,
    seat: str,
    named: Named,
    move: Move,
    link_digest: str | None,
    snapshot_every: int = 50,
    *,
    generation: int = 0,
    by_bot: bool = False,
    unread: bool = False,
) -> Applied:
    """Decide and append ``move`` for ``seat`` if its decision is still the one ``named``
    (by the link or the reply, :func:`service.links.decisions.judge`; named by its
    ``turn_seq`` alone, only that ``turn_seq`` will do). A table event recorded meanwhile (a
    nudge, a vote) is no reason to refuse: the append is tried again.

    Counted for ``/metrics`` (:mod:`service.counters`) once, as accepted or by the reason it
    was refused, whoever asked (a link, a reply, a bot).

    ``unread``: the first try may start from this process's cached row and state, without
    reading the row (issue 34 §1); the append refuses a stale one, and the next try reads.

    Then the plans it wakes play (issue 38, :mod:`service.play.plans`): a seat's plan whose
    decision it began plays that decision at once, in this transaction, and that seat gets
    no email for the decision its plan played; a planned move may wake another plan, up to
    :data:`MOST_PLANNED` in a row."""
    applied, firing = _tried(
        session, game_id, seat, named, move, link_digest, snapshot_every,
        generation=generation, by_bot=by_bot, unread=unread,
    )  # fmt: skip
    for _planned in range(MOST_PLANNED):
        if firing is None:
            break
        more, firing = _play_plan(session, applied.loaded, firing, snapshot_every)
        applied = Applied(more.loaded, [*applied.outbox_ids, *more.outbox_ids])
    return applied


def _tried(
    session: Session,
    game_id: str,
    seat: str,
    named: Named,
    move: Move,
    link_digest: str | None,
    snapshot_every: int,
    *,
    generation: int,
    by_bot: bool = False,
    unread: bool = False,
    planned: bool = False,
) -> tuple[Applied, plans.Verdict | None]:
    """:func:`make_move`'s one move, tried again as it says; with the first plan it wakes.
    ``planned``: a plan's own move (its seat is told of a decision that follows it)."""
    attempts = 3
    while True:
        try:
            done = _make_move(
                session, game_id, seat, named, move, link_digest, snapshot_every,
                generation=generation, by_bot=by_bot, unread=unread, planned=planned,
            )  # fmt: skip
        except Conflict as exc:
            attempts -= 1
            unread = False
            if not attempts:
                counters.move_refused(exc)
                raise
        except ServiceError as exc:
            if unread and not isinstance(exc, Reused):
                # Judged on what this process knew: judged again on the row read. A used
                # link is read from the database either way.
                unread = False
                continue
            counters.move_refused(exc)
            raise
        else:
            counters.move_accepted()
            return done


def _make_move(
    session: Session,
    game_id: str,
    seat: str,
    named: Named,
    move: Move,
    link_digest: str | None,
    snapshot_every: int,
    *,
    generation: int,
    by_bot: bool,
    unread: bool = False,
    planned: bool = False,
) -> tuple[Applied, plans.Verdict | None]:
    loaded = eventstore.load(session, game_id, unread=unread and not by_bot)
    unchanged = loaded.unread  # the row was not read: the append names what it relied on
    check_holder(loaded, seat, generation, by_bot=by_bot)
    verdict = decisions.judge(loaded, seat, named)
    if verdict is not Verdict.CURRENT:
        if unchanged:  # judged on a cached state, perhaps behind: judged again on the read
            raise Stale(decisions.MESSAGES[verdict], game_id=game_id, seat=seat)
        if link_digest is not None and session.get(UsedLinkRow, link_digest) is not None:
            raise Reused(
                _("You already made this choice with this link."), game_id=game_id, seat=seat
            )
        raise Stale(decisions.MESSAGES[verdict], game_id=game_id, seat=seat)
    game, state = loaded.game, loaded.state
    if not isinstance(move, dict):
        raise Illegal(_("Choose one of the options listed."))
    before = game.to_act(state)
    if planned:  # the plan's seat heard of no decision its plan played: told of the next
        before = before - {seat}
    if not by_bot and seat in loaded.table.bots:
        loaded = eventstore.record(
            session, loaded, [{"type": "table.player_returned", "seat": seat}], seat
        )
    try:
        events = game.decide(
            state, seat, move, rng_for(bytes.fromhex(loaded.row.seed), loaded.seq + 1)
        )
    except IllegalMove as exc:
        raise Illegal(exc.reason, game_id=game_id, seat=seat) from exc
    moment = now()
    # The player acted on what we emailed them (issue 31): heard in the append's statement.
    address = None if by_bot else seat_row(loaded.row, seat).email
    heard = normal(address) if address else None
    used = (
        None
        if link_digest is None
        else {"digest": link_digest, "game_id": game_id, "seq": named.turn_seq, "used_at": moment}
    )

    live = plans.waiting(session, loaded.row)
    woken: list[plans.Verdict] = []

    def riders(after: Loaded) -> Riders:
        woken[:] = plans.verdicts(after, live) if live else []
        seats, kind = notices(after, before)
        # The first plan to play is played below: its seat hears of the decision after it.
        firing = next((v.plan.seat for v in woken if v.move is not None), None)
        seats = [s for s in seats if s != firing]
        return Riders(
            used_link=used,
            outbox=outbox_rows(after.row.id, after.seq, seats, kind, moment),
            heard=None if heard is None else people.hearing(heard, moment),
            unchanged=(loaded.row.ruleset, seat, address, loaded.row.plans) if unchanged else None,
        )

    try:
        after, ridden = eventstore.record_with(
            session, loaded, events, seat, riders, move=move, snapshot_every=snapshot_every
        )
    except LinkUsed as exc:
        raise Reused(
            _("You already made this choice with this link."), game_id=game_id, seat=seat
        ) from exc
    if heard is not None:
        people.answered(session, heard, moment, ridden.heard)
    for stopped in woken:
        if stopped.reason is not None:
            planlog.stop([stopped.plan], stopped.reason, after.seq)
    firing = next((v for v in woken if v.move is not None), None)
    return Applied(loaded=after, outbox_ids=ridden.outbox_ids), firing


MOST_PLANNED = 200
"""Planned moves one move may lead to in a row; past them, plans wait for the next move."""


def _play_plan(
    session: Session, loaded: Loaded, verdict: plans.Verdict, snapshot_every: int
) -> tuple[Applied, plans.Verdict | None]:
    """The plan's move, after the table events that say a plan plays it (issue 38); with
    the next plan that move wakes."""
    plan, move = verdict.plan, verdict.move
    assert move is not None
    turn = loaded.turn_seq
    told = eventstore.record(session, loaded, plans.fired_events(plan), plan.seat)
    plans.played(plan, told.seq)  # a list stops as it plays: the game's end tells it played
    return _tried(
        session, told.row.id, plan.seat, Named.by_turn(turn), move, None, snapshot_every,
        generation=plan.generation, planned=True,
    )  # fmt: skip


def notify(session: Session, loaded: Loaded, before: frozenset[str]) -> list[int]:
    """Outbox rows for what changed: a turn for each seat newly asked to decide, or the end.

    A seat still deciding (the rest of a turn, a simultaneous choice) gets no second email:
    the page it is on shows its next decision straight away.
    """
    seats, kind = notices(loaded, before)
    return outbox(session, loaded.row, seats, kind)


def notices(loaded: Loaded, before: frozenset[str]) -> tuple[list[str], str]:
    """The seats :func:`notify` writes to and the kind of their email, from the game alone
    (it may not have been appended yet)."""
    # Issue 37 §3: a seat a bot holds from the start has nobody to write to.
    table = loaded.table
    if logfold.over(loaded.game, loaded.folded):
        # Every seat, as the folded table knows them (no query for the seats).
        return [s for s in table.seats if s not in table.seated_bots], "game_over"
    return sorted(loaded.game.to_act(loaded.state) - before - set(table.seated_bots)), "turn"


def outbox(
    session: Session, row: GameRow, seats: list[str], kind: str, seq: int | None = None
) -> list[int]:
    if not seats:
        return []
    bots = {s.seat for s in row.seats if s.bot is not None}  # nobody to write to (issue 37)
    seats = [s for s in seats if s not in bots]
    if not seats:
        return []
    values = outbox_rows(row.id, row.last_seq if seq is None else seq, seats, kind, now())
    return list(session.scalars(_INSERT_OUTBOX, values))


def outbox_rows(
    game_id: str, seq: int, seats: list[str], kind: str, moment: datetime
) -> list[dict[str, Any]]:
    """The values of one outbox row per seat."""
    return [
        {
            "game_id": game_id,
            "seq": seq,
            "seat": seat,
            "kind": kind,
            "created_at": moment,
            "attempts": 0,
        }
        for seat in seats
    ]


def resend(session: Session, game_id: str, seat: str, generation: int) -> int | None:
    """Queue a fresh 'your turn' email for ``seat`` if it must decide now: one per decision
    (the row's ``seq`` is where the decision began), however often it is asked for."""
    loaded = eventstore.load(session, game_id)
    check_holder(loaded, seat, generation)
    began = loaded.table.decision_seq(seat)
    if not decisions.deciding(loaded, seat) or began is None:
        return None
    existing = session.scalars(
        select(OutboxRow).where(
            OutboxRow.game_id == game_id,
            OutboxRow.seat == seat,
            OutboxRow.kind == "fresh_link",
            OutboxRow.seq == began,
        )
    ).one_or_none()
    if existing is not None:
        return existing.id
    return outbox(session, loaded.row, [seat], "fresh_link", seq=began)[0]
