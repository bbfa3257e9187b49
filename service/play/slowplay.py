"""Keeping slow games alive (issue 4): reminders, nudges, absences, deadline votes, bots,
new players for abandoned seats, resuming, reviving and takebacks.

Each rule is a ``table.*`` event in the game's log (:mod:`service.table.state` folds them) plus
the outbox rows that tell the players. The caller owns the transaction; the scheduler's
job (:func:`advance`) and the seat page's forms both land here.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

from babel.dates import format_datetime
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from engine import IllegalMove
from engine.chance import rng_for
from service import words
from service.addresses import normal
from service.errors import BadRequest, NotFound, Stale, TooSoon
from service.links.decisions import Named
from service.play import bots, notes, plans, suppression, talk
from service.play.games import check_email, person_name
from service.play.holders import check_holder, seat_row
from service.play.moves import Applied, make_move, notify, outbox
from service.store import eventstore, people
from service.store.eventstore import Loaded, now
from service.store.models import AddressRow, PersonRow, SeatHolderRow, SeatOfferRow, SeatRow
from service.table import schedule
from service.table.state import (
    CHOICES,
    NOTIFY,
    NUDGE_EVERY,
    STAND_IN,
    Ballot,
    Table,
    days_away,
    with_absence,
)
from service.words import _, n_

MAX_AWAY_DAYS = 120


def _record(
    session: Session, loaded: Loaded, event: dict[str, Any], seat: str | None, **kw: Any
) -> Loaded:
    return eventstore.record(session, loaded, [event], seat, **kw)


def _others(loaded: Loaded, seat: str | None) -> list[str]:
    return [s.seat for s in loaded.row.seats if s.seat != seat]


def _open(loaded: Loaded) -> None:
    if loaded.row.over:
        raise Stale(_("The game is over."), game_id=loaded.row.id)


# The scheduler: what is due for one game at ``moment``.


def advance(
    session: Session,
    game_id: str,
    moment: datetime,
    snapshot_every: int = 50,
    *,
    bots: bool = True,
) -> list[int]:
    """Do what is due for this game: close a ballot, let a bot play, open a ballot on a
    passed deadline, send a reminder. Each step is an append at the sequence just read, so
    two schedulers racing record it once (the loser gets :class:`Conflict`). Without
    ``bots`` (in a web request) a bot's move is left to the job its commit queues: a bot
    may search for seconds (issue 37 §1)."""
    sent: list[int] = []
    for _attempt in range(200):
        loaded = eventstore.load(session, game_id)
        if loaded.row.over:
            break
        work = schedule.due(loaded.table, loaded.game.to_act(loaded.state), moment)
        if not bots:
            work = [w for w in work if w.kind != "bot"]
        if not work:
            break
        step = work[0]
        if step.kind == "ballot":
            sent += close_ballot(session, loaded, closing=True)
        elif step.kind == "bot":
            assert step.seat is not None
            sent += bot_play(session, loaded, step.seat, snapshot_every)
        elif step.kind == "deadline":
            assert step.seat is not None
            sent += open_ballot(session, loaded, step.seat)
        elif step.kind == "remind":
            assert step.seat is not None
            sent += remind(session, loaded, step.seat, moment)
    return sent


def remind(session: Session, loaded: Loaded, seat: str, moment: datetime) -> list[int]:
    clock = loaded.table.clock(seat)
    assert clock is not None
    number = max(clock.reminders + 1, schedule.reminders_by(loaded.table, clock, moment))
    event = {"type": "table.reminded", "seat": seat, "number": number}
    after = _record(session, loaded, event, None)
    return outbox(session, after.row, [seat], "reminder")


def bot_play(session: Session, loaded: Loaded, seat: str, snapshot_every: int) -> list[int]:
    """A bot holds the seat (the others voted so, or it was seated at creation): it plays
    the seat's decision at its level (DESIGN.md §3 ``bot_move``; issue 37)."""
    seed = bytes.fromhex(loaded.row.seed)
    move = bots.move_for(loaded.game, loaded.state, loaded.table, seat, seed, loaded.seq + 1)
    applied = make_move(
        session, loaded.row.id, seat, Named.by_turn(loaded.turn_seq), move, None, snapshot_every,
        by_bot=True, generation=loaded.table.generation(seat),
    )  # fmt: skip
    return applied.outbox_ids


def open_ballot(session: Session, loaded: Loaded, seat: str) -> list[int]:
    if not loaded.table.voters_on(seat):
        # Nobody else at the table could vote (a solo game, or every other seat is a bot's):
        # no ballot among no voters; the game waits for its player without reminders.
        after = _record(session, loaded, {"type": "table.dormant", "seat": seat}, None)
        return outbox(session, after.row, [s.seat for s in after.row.seats], "dormant")
    after = _record(session, loaded, {"type": "table.deadline_passed", "seat": seat}, None)
    return outbox(session, after.row, list(after.table.voters()), "ballot")


def close_ballot(session: Session, loaded: Loaded, *, closing: bool) -> list[int]:
    """Record the ballot's result if it is known, and carry it out."""
    table = loaded.table
    ballot = table.ballot
    choice = schedule.tally(table, closing=closing)
    if ballot is None or choice is None:
        return []
    answers = sum(1 for voter, _ in ballot.votes if voter in table.voters())
    decided = {
        "type": "table.vote_decided",
        "ballot": ballot.number,
        "seat": ballot.seat,
        "choice": choice,
        "answers": answers,
    }
    if choice == "bot":
        decided.update(bots.recorded(voted_level(ballot)))
        plans.drop_seat(session, loaded.row, ballot.seat)  # issue 38: a bot plans nothing
    after = _record(session, loaded, decided, None)
    everyone = [s.seat for s in after.row.seats]
    if choice == "wait" and answers == 0:
        # Nobody answered: stop writing to a table that has gone quiet (issue 4, resume).
        after = _record(session, after, {"type": "table.dormant"}, None)
        return outbox(session, after.row, everyone, "dormant")
    sent = outbox(session, after.row, everyone, "ballot_result")
    if choice == "replace":
        # The newcomer named by the first voter who still votes to hand the seat over.
        proposers = [voter for voter, c in ballot.votes if c == "replace"]
        offer = session.scalars(
            select(SeatOfferRow)
            .where(
                SeatOfferRow.game_id == after.row.id,
                SeatOfferRow.ballot == ballot.number,
                SeatOfferRow.proposed_by.in_(proposers),
            )
            .order_by(SeatOfferRow.id)
            .limit(1)
        ).one()
        offered = {
            "type": "table.seat_offered",
            "seat": ballot.seat,
            "ballot": ballot.number,
            "proposed_by": offer.proposed_by,
        }
        after = _record(session, after, offered, None)
        sent += outbox(session, after.row, [ballot.seat], "seat_offer")
    elif choice == "end":
        standing = after.game.standing(after.state)
        after = _record(session, after, {"type": "table.abandoned", "standing": standing}, None)
        sent += outbox(session, after.row, everyone, "game_over")
    return sent


def voted_level(ballot: Ballot) -> str:
    """The level of the bot a ballot hands the seat to (issue 37 §3): the one most of its
    bot voters named, the earliest voter's among equals; the stand-in if none named one."""
    named = dict(ballot.levels)
    chosen = [named[voter] for voter, c in ballot.votes if c == "bot" and voter in named]
    return max(chosen, key=chosen.count) if chosen else STAND_IN


# What players do from their seat page.


def cast_vote(
    session: Session,
    game_id: str,
    voter: str,
    generation: int,
    number: int,
    choice: str,
    newcomer: tuple[str, str] | None = None,
    level: str | None = None,
) -> list[int]:
    loaded = eventstore.load(session, game_id)
    check_holder(loaded, voter, generation)
    _open(loaded)
    ballot = loaded.table.ballot
    if ballot is None or ballot.number != number:
        raise Stale(_("This vote is closed."), game_id=game_id, seat=voter)
    if voter not in loaded.table.voters():
        raise BadRequest(_("You do not vote on this: it is about your own seat."))
    if choice not in CHOICES:
        raise BadRequest(_("Choose one of: {choices}.", choices=", ".join(CHOICES)))
    payload: dict[str, Any] = {"type": "table.vote_cast", "ballot": number, "choice": choice}
    if choice == "bot" and level is not None:
        if level not in bots.LEVELS:
            raise BadRequest(_("A bot's level is one of {levels}.", levels=", ".join(bots.LEVELS)))
        payload["level"] = level
    if choice == "replace":
        if newcomer is None:
            raise BadRequest(_("Give the new player's email address to hand the seat over."))
        email = check_email(newcomer[0].strip())
        name = person_name(newcomer[1])
        if any((s.email or "").lower() == email.lower() for s in loaded.row.seats):
            raise BadRequest(_("That player already has a seat in this game."))
        suppression.refuse(session, [email])
        # The newcomer's name and address stay beside the chain, in the offer (issue 30).
        existing = session.scalars(
            select(SeatOfferRow).where(
                SeatOfferRow.game_id == game_id,
                SeatOfferRow.ballot == number,
                SeatOfferRow.proposed_by == voter,
            )
        ).one_or_none()
        if existing is None:
            session.add(
                SeatOfferRow(
                    game_id=game_id,
                    seat=ballot.seat,
                    ballot=number,
                    proposed_by=voter,
                    email=email,
                    name=name,
                    created_at=now(),
                )
            )
        else:
            existing.email, existing.name = email, name
        session.flush()
    after = _record(session, loaded, payload, voter)
    return close_ballot(session, after, closing=False)


def nudge(session: Session, game_id: str, by: str, generation: int, target: str) -> list[int]:
    """Another player nudges a seat that must act: at most once per 24 h per seat."""
    loaded = eventstore.load(session, game_id)
    check_holder(loaded, by, generation)
    _open(loaded)
    seat_row(loaded.row, target)
    if target == by:
        raise BadRequest(_("You cannot nudge yourself."))
    if target not in loaded.game.to_act(loaded.state):
        raise Stale(_("That player has nothing to decide right now."), game_id=game_id)
    if loaded.table.has_left(target):
        raise Stale(_("That player left the game: nobody is there to nudge."), game_id=game_id)
    last = loaded.table.last_nudged(target)
    if last is not None and now() - last < NUDGE_EVERY:
        again = last + NUDGE_EVERY
        raise TooSoon(
            _(
                "That player was nudged less than a day ago. You can nudge again after {moment} "
                "UTC.",
                moment=f"{again:%A %d %B %H:%M}"
                if words.language() == "en"
                else format_datetime(again, "EEEE d MMMM HH:mm", locale=words.language()),
            ),
            game_id=game_id,
            retry_after=max(1, math.ceil((again - now()).total_seconds())),
        )
    after = _record(session, loaded, {"type": "table.nudged", "seat": target}, by)
    return outbox(session, after.row, [target], "nudge")


def declare_away(
    session: Session, email: str, first: date, last: date, only: str | None = None
) -> list[int]:
    """A player is away from ``first`` to ``last`` (days, inclusive): in every game they
    play (or the game ``only``, from the desk, issue 20), their deadlines pause and the
    others are told. An absence replaces the seat's earlier one that it overlaps
    (:func:`service.table.state.with_absence`, issue 32); one that changes nothing (the same
    days again) records nothing and tells nobody."""
    if last < first:
        raise BadRequest(_("The last day away comes before the first."))
    if (last - first).days >= MAX_AWAY_DAYS:
        raise BadRequest(
            n_(
                "An absence lasts at most {n} day.",
                "An absence lasts at most {n} days.",
                n=MAX_AWAY_DAYS,
            )
        )
    if last < now().date() - timedelta(days=1):
        raise BadRequest(_("Those days are already over."))
    sent: list[int] = []
    seats = session.scalars(
        select(SeatRow).where(SeatRow.email == email).order_by(SeatRow.game_id)
    ).all()
    for seat in seats:
        if only is not None and seat.game_id != only:
            continue
        loaded = eventstore.load(session, seat.game_id)
        if loaded.row.over or seat.seat in loaded.table.resigned:
            continue
        days = (first.isoformat(), last.isoformat())
        held = loaded.table.away
        if days_away(with_absence(held, seat.seat, *days), seat.seat) == (
            days_away(held, seat.seat)
        ):
            continue  # the same days again: nothing changes, nobody is told twice
        event = {"type": "table.away", "seat": seat.seat, "first": days[0], "last": days[1]}
        after = _record(session, loaded, event, seat.seat)
        sent += outbox(session, after.row, _others(after, seat.seat), "away")
    return sent


def come_back(session: Session, game_id: str, seat: str, generation: int) -> list[int]:
    """The player takes their seat back from the bot."""
    loaded = eventstore.load(session, game_id)
    check_holder(loaded, seat, generation)
    _open(loaded)
    if seat not in loaded.table.bots:
        return []
    after = _record(session, loaded, {"type": "table.player_returned", "seat": seat}, seat)
    return outbox(session, after.row, _others(after, seat), "returned")


def resume(session: Session, game_id: str, seat: str, generation: int) -> list[int]:
    """Wake a game that went quiet: deadlines start afresh, whoever must act is told."""
    loaded = eventstore.load(session, game_id)
    check_holder(loaded, seat, generation)
    _open(loaded)
    if loaded.table.dormant_since is None:
        return []
    after = _record(session, loaded, {"type": "table.resumed"}, seat)
    return outbox(session, after.row, [s.seat for s in after.row.seats], "resumed")


def agree_revive(session: Session, game_id: str, seat: str, generation: int) -> list[int]:
    """A game ended as abandoned comes back once every player agrees."""
    loaded = eventstore.load(session, game_id)
    check_holder(loaded, seat, generation)
    if loaded.table.abandoned is None:
        raise Stale(_("This game was not abandoned."), game_id=game_id)
    if loaded.table.closed:
        raise Stale(_("The host closed this game: it cannot go on."), game_id=game_id)
    if loaded.table.final:
        raise Stale(_("A player resigned and ended this game: it cannot go on."), game_id=game_id)
    if seat in loaded.table.revive:
        return []
    after = _record(session, loaded, {"type": "table.revive_agreed"}, seat)
    everyone = [s.seat for s in after.row.seats]
    present = {s for s in everyone if not after.table.has_left(s)}
    if set(after.table.revive) >= present:
        after = _record(session, after, {"type": "table.revived"}, None)
        return outbox(session, after.row, everyone, "revived")
    return outbox(session, after.row, _others(after, seat), "revive_request")


def offered_to_address(session: Session, email: str) -> bool:
    """Whether a seat is handed to ``email`` and waits for them to take it."""
    found = session.scalar(
        select(SeatOfferRow.id)
        .where(SeatOfferRow.email == email, SeatOfferRow.claimed_at.is_(None))
        .limit(1)
    )
    return found is not None


def offer_row(session: Session, offer_id: int) -> SeatOfferRow:
    offer = session.get(SeatOfferRow, offer_id)
    if offer is None:
        raise NotFound(_("There is no such seat offer."))
    return offer


def still_offered(loaded: Loaded, offer: SeatOfferRow) -> bool:
    """Whether ``offer`` is the one its seat is handed to now, unclaimed, to someone still
    known (a newcomer who asked to be forgotten has no address left to claim it with)."""
    offered = loaded.table.offered_to(offer.seat)
    return (
        offered is not None
        and offer.claimed_at is None
        and offer.email is not None
        and offer.ballot == offered[0]
        and offered[1] in (None, offer.proposed_by)
    )


def claim(session: Session, offer_id: int) -> Applied:
    """The newcomer takes the seat the others handed them; the old holder is kept among
    the seat's past holders (their moves stay theirs in the history)."""
    offer = offer_row(session, offer_id)
    loaded = eventstore.load(session, offer.game_id)
    _open(loaded)
    if not still_offered(loaded, offer):
        raise Stale(_("This seat is no longer offered to you."), game_id=offer.game_id)
    seat = seat_row(loaded.row, offer.seat)
    before = loaded.game.to_act(loaded.state) - {offer.seat}
    event = {"type": "table.seat_claimed", "seat": offer.seat}
    plans.drop_seat(session, loaded.row, offer.seat)  # the earlier player's plans (issue 38)
    after = _record(session, loaded, event, offer.seat)
    session.add(
        SeatHolderRow(
            game_id=seat.game_id,
            seat=seat.seat,
            until_seq=after.seq,
            email=seat.email,
            name=seat.name,
            left_at=seat.left_at,
        )
    )
    seat.email, seat.name, seat.muted_at, seat.left_at = offer.email, offer.name, None, None
    offer.claimed_at = now()
    notes.drop(session, [(seat.game_id, seat.seat)])  # the earlier player's own words
    talk.drop_mutes(session, [(seat.game_id, seat.seat)])  # and their own choices
    people.heard_from(session, offer.email)  # the newcomer followed our link (issue 31 §3)
    sent = outbox(session, after.row, _others(after, offer.seat), "seat_claimed")
    return Applied(loaded=after, outbox_ids=sent + notify(session, after, before))


# Takebacks (Board Game Arena's undo policy): only the newest decision, only while nobody
# else has acted since, and only if it drew nothing by chance and revealed nothing hidden.


def takeback_refusal(session: Session, loaded: Loaded, seat: str) -> str | None:
    """Why ``seat`` may not take back its last decision now (None: it may)."""
    table = loaded.table
    if loaded.row.over:
        return _("The game is over.")
    if table.last_decision is None or table.last_decision[0] != seat:
        return _("Another player has acted since your last decision, or you have not made one.")
    if table.takeback is not None:
        return _("A takeback is already waiting for the others' answer.")
    first, last = table.last_decision[1], table.last_decision[2]
    before = eventstore.load_from_start(session, loaded.row, loaded.game, upto=first - 1).state
    rows = [
        r for r in eventstore.events_of(session, loaded.row.id, after=first - 1) if r.seq <= last
    ]
    move = rows[0].move
    assert move is not None
    traced = _Traced(rng_for(bytes.fromhex(loaded.row.seed), first))
    try:
        events = loaded.game.decide(before, seat, move, traced)
    except IllegalMove:
        return _("That decision cannot be decided again.")
    if traced.used:
        return _("That decision drew by chance (a shuffle, a die): it cannot be taken back.")
    if loaded.game.reveals(before, seat, events):
        return _("That decision revealed hidden information: it cannot be taken back.")
    return None


def request_takeback(session: Session, game_id: str, seat: str, generation: int) -> list[int]:
    loaded = eventstore.load(session, game_id)
    check_holder(loaded, seat, generation)
    reason = takeback_refusal(session, loaded, seat)
    if reason is not None:
        raise Stale(reason, game_id=game_id, seat=seat)
    assert loaded.table.last_decision is not None
    _who, first, last = loaded.table.last_decision
    event = {"type": "table.takeback_requested", "first_seq": first, "last_seq": last}
    after = _record(session, loaded, event, seat)
    asked = approvers(after.table, seat)
    if not asked:
        # Nobody to ask (a solo game, or only bots beside the player): undone at once.
        return _take_back(session, after)
    return outbox(session, after.row, sorted(asked), "takeback_request")


def approvers(table: Table, seat: str) -> set[str]:
    """Who must approve ``seat``'s takeback: every other player, not bots nor seats whose
    player left."""
    return set(table.seats) - {seat} - set(table.bots) - {s for s, _ in table.left}


def answer_takeback(
    session: Session, game_id: str, seat: str, generation: int, approve: bool
) -> list[int]:
    loaded = eventstore.load(session, game_id)
    check_holder(loaded, seat, generation)
    request = loaded.table.takeback
    if request is None:
        raise Stale(_("There is no takeback waiting for an answer."), game_id=game_id, seat=seat)
    if seat == request.seat:
        raise BadRequest(_("The others answer your request, not you."))
    if not approve:
        after = _record(session, loaded, {"type": "table.takeback_refused"}, seat)
        return outbox(session, after.row, [request.seat], "takeback_result")
    after = _record(session, loaded, {"type": "table.takeback_approved"}, seat)
    assert after.table.takeback is not None
    if not approvers(after.table, request.seat) <= set(after.table.takeback.approvals):
        return []
    return _take_back(session, after)


def _take_back(session: Session, after: Loaded) -> list[int]:
    """Undo the requested decision: every player who had to approve it has."""
    request = after.table.takeback
    assert request is not None
    before_state = None
    if after.folded.before_last is None:
        before_state = eventstore.load_from_start(
            session, after.row, after.game, upto=request.first_seq - 1
        ).state
    # Issue 38: no plan foresaw the game going back; each was set on a game that changes.
    plans.drop_all(session, after.row, "takeback")
    undone = {
        "type": "table.taken_back",
        "first_seq": request.first_seq,
        "last_seq": request.last_seq,
    }
    after = _record(session, after, undone, None, before=before_state, snapshot_every=1)
    sent = outbox(session, after.row, _others(after, request.seat), "takeback_result")
    if request.seat in after.game.to_act(after.state):
        sent += outbox(session, after.row, [request.seat], "turn")
    return sent


class _Traced(random.Random):
    """The decision's own rng, noting whether it was drawn from at all."""

    def __init__(self, inner: random.Random) -> None:
        super().__init__()
        self.setstate(inner.getstate())
        self.used = False

    def random(self) -> float:
        self.used = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.used = True
        return super().getrandbits(k)


# Notification choice, per player across games.


def person(session: Session, email: str) -> PersonRow:
    row = session.get(PersonRow, email)
    if row is None:
        row = PersonRow(email=email, notify="each", digest_hour=7)
        session.add(row)
    return row


def set_notify(
    session: Session,
    email: str,
    mode: str,
    moment: datetime | None = None,
    digest_hour: int | None = None,
    seats: Sequence[SeatRow] | None = None,
) -> None:
    """The player at ``email`` hears about their turns by ``mode`` in every game, or only in
    the games of ``seats`` (issue 20), where the others keep what they had. Asking for email
    again lifts the stop their complaint put on every email (issue 31)."""
    if mode not in NOTIFY:
        raise BadRequest(_("Choose one of: {choices}.", choices=", ".join(NOTIFY)))
    if mode in ("each", "digest") and (key := normal(email)) is not None:
        session.execute(update(AddressRow).where(AddressRow.key == key).values(complained_at=None))
    row = person(session, email)
    if digest_hour is not None:
        if not 0 <= digest_hour <= 23:
            zone = person_zone(session, email) or "UTC"
            raise BadRequest(
                _("The digest hour runs from 0 to 23 ({zone}).", zone=words.zone_name(zone))
            )
        row.digest_hour = digest_hour
    if seats is None:
        row.notify = mode
        seats = session.scalars(select(SeatRow).where(SeatRow.email == email)).all()
        for seat in seats:
            seat.notify = None
    else:
        for seat in seats:
            seat.notify = None if mode == row.notify else mode
    session.flush()
    wanted = row.notify == "digest" or session.scalar(
        select(SeatRow.id).where(SeatRow.email == email, SeatRow.notify == "digest").limit(1)
    )
    row.next_digest_at = (
        next_digest(moment or now(), row.digest_hour, person_zone(session, email))
        if wanted
        else None
    )


def next_digest(after: datetime, hour: int, zone: str | None = None) -> datetime:
    """The next ``hour`` o'clock after ``after`` in the player's time zone (issue 17), in
    UTC; a day with a clock change keeps the hour of the clock on the wall."""
    tz = words.zone(zone)
    local = after.astimezone(tz)
    slot = local.replace(hour=hour, minute=0, second=0, microsecond=0)
    if slot <= local:
        day = slot.date() + timedelta(days=1)
        slot = datetime(day.year, day.month, day.day, hour, tzinfo=tz)
    return slot.astimezone(UTC)


def person_zone(session: Session, email: str) -> str | None:
    """A player's time zone: the one of their newest seat that has one."""
    return session.scalar(
        select(SeatRow.time_zone)
        .where(SeatRow.email == email, SeatRow.time_zone.is_not(None))
        .order_by(SeatRow.id.desc())
        .limit(1)
    )
