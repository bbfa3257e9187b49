"""Making moves: the steps of DESIGN.md §5 that touch storage, and the outbox rows that tell
the players (games are created in :mod:`service.play.games`).

The caller owns the transaction (``with session.begin():``); after it commits, the caller
enqueues the returned outbox ids. Nothing here sends mail or talks to Redis.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from engine import IllegalMove, Move
from engine.chance import rng_for
from service import counters
from service.errors import (
    Conflict,
    Illegal,
    Left,
    NotFound,
    Replaced,
    Resigned,
    Reused,
    ServiceError,
    Stale,
)
from service.links import decisions
from service.links.decisions import Named, Verdict
from service.store import eventstore, people
from service.store.eventstore import Loaded, now
from service.store.models import GameRow, OutboxRow, SeatRow, UsedLinkRow
from service.words import _

_USE_LINK = insert(UsedLinkRow.__table__)
_INSERT_OUTBOX = insert(OutboxRow.__table__).returning(OutboxRow.__table__.c.id)
"""Statements of every move, built once and run as plain SQL (no ORM bookkeeping)."""
LEFT = _(
    "This seat's player left the game and asked to be forgotten: its links no longer work. "
    "The game's page is still public."
)
RESIGNED = _(
    "You resigned from this game: it goes on without you, and you no longer act or hear "
    "from it. Its page and history stay public."
)


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
) -> Applied:
    """Decide and append ``move`` for ``seat`` if its decision is still the one ``named``
    (by the link or the reply, :func:`service.links.decisions.judge`; named by its
    ``turn_seq`` alone, only that ``turn_seq`` will do). A table event recorded meanwhile (a
    nudge, a vote) is no reason to refuse: the append is tried again.

    Counted for ``/metrics`` (:mod:`service.counters`) once, as accepted or by the reason it
    was refused, whoever asked (a link, a reply, a bot)."""
    attempts = 3
    while True:
        try:
            applied = _make_move(
                session, game_id, seat, named, move, link_digest, snapshot_every,
                generation=generation, by_bot=by_bot,
            )  # fmt: skip
        except Conflict as exc:
            attempts -= 1
            if not attempts:
                counters.move_refused(exc)
                raise
        except ServiceError as exc:
            counters.move_refused(exc)
            raise
        else:
            counters.move_accepted()
            return applied


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
) -> Applied:
    loaded = eventstore.load(session, game_id)
    check_holder(loaded, seat, generation, by_bot=by_bot)
    verdict = decisions.judge(loaded, seat, named)
    if verdict is not Verdict.CURRENT:
        if link_digest is not None and session.get(UsedLinkRow, link_digest) is not None:
            raise Reused(
                _("You already made this choice with this link."), game_id=game_id, seat=seat
            )
        raise Stale(decisions.MESSAGES[verdict], game_id=game_id, seat=seat)
    game, state = loaded.game, loaded.state
    if not isinstance(move, dict):
        raise Illegal(_("Choose one of the options listed."))
    before = game.to_act(state)
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
    after = eventstore.record(
        session, loaded, events, seat, move=move, snapshot_every=snapshot_every
    )
    if not by_bot:  # the player acted on what we emailed them (issue 31)
        people.heard_from(session, seat_row(after.row, seat).email)
    if link_digest is not None:
        try:
            session.execute(
                _USE_LINK,
                {
                    "digest": link_digest,
                    "game_id": game_id,
                    "seq": named.turn_seq,
                    "used_at": now(),
                },
            )
        except IntegrityError as exc:
            raise Reused(
                _("You already made this choice with this link."), game_id=game_id, seat=seat
            ) from exc
    return Applied(loaded=after, outbox_ids=notify(session, after, before))


def check_holder(loaded: Loaded, seat: str, generation: int, *, by_bot: bool = False) -> None:
    """A link made for an earlier holder of a seat handed to someone else acts no more, nor
    one of a player who left and was forgotten (issue 30) or resigned (issue 32): the bot
    the others chose may still play their seat."""
    if seat not in loaded.table.seats:
        raise NotFound(_("Game {id} has no seat {seat}.", id=str(loaded.row.id), seat=repr(seat)))
    if not by_bot and seat_row(loaded.row, seat).left_at is not None:
        raise Left(LEFT, game_id=loaded.row.id, seat=seat)
    if not by_bot and seat in loaded.table.resigned:
        raise Resigned(RESIGNED, game_id=loaded.row.id, seat=seat)
    if generation != loaded.table.generation(seat):
        raise Replaced(
            _(
                "This seat was handed to another player after the others' vote. "
                "You can still follow the game and its history."
            ),
            game_id=loaded.row.id,
            seat=seat,
        )


def notify(session: Session, loaded: Loaded, before: frozenset[str]) -> list[int]:
    """Outbox rows for what changed: a turn for each seat newly asked to decide, or the end.

    A seat still deciding (the rest of a turn, a simultaneous choice) gets no second email:
    the page it is on shows its next decision straight away.
    """
    row, game = loaded.row, loaded.game
    if row.over:  # every seat, as the folded table knows them (no query for the seats)
        return outbox(session, row, list(loaded.table.seats), "game_over")
    return outbox(session, row, sorted(game.to_act(loaded.state) - before), "turn")


def outbox(
    session: Session, row: GameRow, seats: list[str], kind: str, seq: int | None = None
) -> list[int]:
    if not seats:
        return []
    moment = now()
    values = [
        {
            "game_id": row.id,
            "seq": row.last_seq if seq is None else seq,
            "seat": seat,
            "kind": kind,
            "created_at": moment,
            "attempts": 0,
        }
        for seat in seats
    ]
    return list(session.scalars(_INSERT_OUTBOX, values))


def seat_row(row: GameRow, seat: str) -> SeatRow:
    for s in row.seats:
        if s.seat == seat:
            return s
    raise NotFound(_("Game {id} has no seat {seat}.", id=str(row.id), seat=repr(seat[:40])))


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
