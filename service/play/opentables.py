"""Open tables (issue 35 §1): a game that waits for players it does not know yet.

Its creator names the players they know and leaves the other seats open; the table is
listed on the open tables page (unless unlisted: then only the creator's invitation links
seat anyone). A stranger asks to join with a name and an address, and takes the seat only
by following the link emailed to that address (or by replying to that email): nobody can
sign anyone else up. When the last seat is taken the game is created under the table's id,
and only then is its seed drawn and committed, so the join order tells nothing of the
shuffle. A table not full after ``TABLE_WAIT`` closes, and those seated are told; a player
can leave before it starts.

The caller owns the transaction; the emails each step asks for are returned as
:class:`Letter` (and the started game's outbox ids), to enqueue once it commits.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session, selectinload

from engine import Game, IllegalMove
from engine.chance import rng_for
from service import words
from service.errors import BadRequest, Conflict, NotFound, Reused, ServiceError, TooMany
from service.play import blocklist, suppression
from service.play.games import (
    check_email,
    check_time_zone,
    create_game,
    game_named,
    new_game_id,
    parse_players,
    person_name,
    players_wanted,
    seat_languages,
)
from service.play.moves import Applied
from service.store import people
from service.store.eventstore import now
from service.store.models import GameRow, OpenSeatRow, OpenTableRow, TableInvitationRow
from service.table.state import Pace, PaceError
from service.words import _, n_

DAY = timedelta(days=1)
OPEN, STARTED, CLOSED = "open", "started", "closed"
JOIN_CHECK, SEATED, TABLE_CLOSED = "join_check", "seated", "table_closed"
LEFT, NOT_OPEN = "left_table", "table_not_open"
"""The emails of an open table: the link that confirms a join, the news that one is seated
(the creator's with the invitation links), the notice that the table closed, and the
answers to a reply: the seat was given up, or the table was no longer open to it."""


class Gone(ServiceError):
    status, title = 410, _("This table is no longer open")


@dataclass(frozen=True)
class Letter:
    """An email an open table owes one of its seats, sent by ``workers.jobs.send_table_letter``."""

    seat_id: int
    kind: str


@dataclass
class Outcome:
    """What a step did: the table, the seat it concerned, the emails it owes, and the
    game's invitations when it started the game."""

    table: OpenTableRow
    seat: OpenSeatRow | None = None
    letters: list[Letter] = field(default_factory=list)
    started: Applied | None = None
    invitations: list[str] = field(default_factory=list)
    """The nonces of the creator's invitation links (a new table's only)."""

    @property
    def outbox_ids(self) -> list[int]:
        return self.started.outbox_ids if self.started else []


def open_table(
    session: Session,
    name: str,
    players: Any,
    open_seats: Any,
    options: Any = None,
    pace: Any = None,
    language: str | None = None,
    *,
    listed: Any = True,
    languages: Any = None,
    private_talk_after: bool = False,
    wait: timedelta = timedelta(days=7),
    per_day: int = 3,
) -> Outcome:
    """A new open table of ``name``: the players given (the first is its creator) are
    seated, ``open_seats`` more wait for anyone; each seated player is emailed, the
    creator with one invitation link per open seat. With no player given every seat is
    open, and its invitation links are in the caller's answer alone. Checked as
    :func:`create_game` checks a game (its options by a setup with a seed thrown away),
    and at most ``per_day`` tables a day by one creator's address."""
    game = game_named(name)
    if not isinstance(open_seats, int) or isinstance(open_seats, bool) or open_seats < 1:
        raise BadRequest(_("'open_seats' must be a whole number, at least 1."))
    if not isinstance(listed, bool):
        raise BadRequest(_("'listed' must be true or false."))
    welcome = welcome_languages(languages)
    named = [] if players is None or players == [] else parse_players(players)
    emails = [email for email, _name in named]
    suppression.refuse(session, emails)
    blocklist.refuse(session, emails)
    total = len(named) + open_seats
    if not game.min_players <= total <= game.max_players:
        raise BadRequest(players_wanted(game, total))
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadRequest(_("'options' must be an object."))
    try:
        Pace.from_options(pace)
    except PaceError as exc:
        raise BadRequest(exc.args[0]) from exc
    _check_options(game, total, options)
    spoken = seat_languages(players or [], language)
    moment = now()
    if emails and _today(session, emails[0], moment, opened=True) >= per_day:
        raise TooMany(
            n_(
                "One address may open {n} table a day: try again tomorrow.",
                "One address may open {n} tables a day: try again tomorrow.",
                n=per_day,
            ),
            retry_after=int(DAY.total_seconds()),
        )
    table = OpenTableRow(
        id=_free_id(session),
        game=game.name,
        options=options,
        pace=pace or {},
        language=words.known(language) or "en",
        seats=total,
        languages=welcome,
        listed=listed,
        private_talk_after=private_talk_after,
        created_at=moment,
        closes_at=moment + wait,
        state=OPEN,
    )
    session.add(table)
    session.flush()
    seated = []
    for i, ((email, person), (lang, zone)) in enumerate(zip(named, spoken, strict=True)):
        seat = OpenSeatRow(
            table_id=table.id,
            email=email,
            name=person,
            language=lang,
            time_zone=zone,
            asked_at=moment,
            confirmed_at=moment,
            host=i == 0,
        )
        session.add(seat)
        seated.append(seat)
    nonces = [secrets.token_urlsafe(16) for _ in range(open_seats)]
    session.add_all(TableInvitationRow(nonce=n, table_id=table.id) for n in nonces)
    session.flush()
    first = seated[0] if seated else None
    return Outcome(table, first, [Letter(s.id, SEATED) for s in seated], invitations=nonces)


def welcome_languages(given: Any) -> list[str]:
    """The languages a table welcomes (its listing says them): those given, in our order;
    none given, every language the service speaks."""
    if given is None or given == []:
        return list(words.LANGUAGES)
    if not isinstance(given, list) or not all(
        isinstance(g, str) and g in words.LANGUAGES for g in given
    ):
        raise BadRequest(
            _(
                "'languages' must list languages among {choices}.",
                choices=", ".join(words.LANGUAGES),
            )
        )
    return [lang for lang in words.LANGUAGES if lang in given]


def _check_options(game: Game, total: int, options: dict[str, Any]) -> None:
    """Refuse options the game refuses, now rather than when the last player joins: a
    setup with a seed drawn and thrown away (the game's own is drawn when it starts)."""
    try:
        game.setup(
            [f"p{i}" for i in range(1, total + 1)], options, rng_for(secrets.token_bytes(32), 1)
        )
    except IllegalMove as exc:
        raise BadRequest(_("Invalid options: {reason}", reason=exc.reason)) from exc


def _free_id(session: Session) -> str:
    """An id no game and no table has: the table's game is created under it."""
    while True:
        candidate = new_game_id()
        if session.get(GameRow, candidate) is None and session.get(OpenTableRow, candidate) is None:
            return candidate


def _today(session: Session, address: str, moment: datetime, *, opened: bool) -> int:
    """Tables ``address`` opened (``opened``), or seats it asked for, in the day before
    ``moment``: what the daily caps count."""
    return (
        session.scalar(
            select(func.count())
            .select_from(OpenSeatRow)
            .where(
                OpenSeatRow.host.is_(opened),
                func.lower(OpenSeatRow.email) == address.lower(),
                OpenSeatRow.asked_at > moment - DAY,
            )
        )
        or 0
    )


def get(session: Session, table_id: str, *, lock: bool = False) -> OpenTableRow:
    table = (
        session.get(OpenTableRow, table_id, with_for_update=lock) if len(table_id) <= 16 else None
    )
    if table is None:
        raise NotFound(_("There is no open table {id}.", id=repr(table_id[:16])))
    return table


def seated(table: OpenTableRow) -> list[OpenSeatRow]:
    """The players seated now, in the order they took their seats (the game's order)."""
    found = [s for s in table.places if s.confirmed_at is not None and s.left_at is None]
    return sorted(found, key=lambda s: (not s.host, s.confirmed_at, s.id))


def invitation(session: Session, table: OpenTableRow, nonce: str) -> TableInvitationRow:
    """The creator's invitation ``nonce`` to ``table``, if it is still good."""
    found = session.get(TableInvitationRow, nonce) if len(nonce) <= 32 else None
    if found is None or found.table_id != table.id:
        raise NotFound(_("This invitation is not one of this table's."))
    if found.used_by is not None:
        raise Reused(_("This invitation was used already: each seats one player."))
    return found


def ask_to_join(
    session: Session,
    table_id: str,
    email: Any,
    name: Any,
    language: Any,
    time_zone: Any = "",
    *,
    invited_by: str | None = None,
    per_day: int = 10,
) -> Outcome:
    """Ask to take an open seat of ``table_id`` as ``name`` at ``email``: the seat is
    taken only when the emailed link is followed (:func:`confirm`). An unlisted table
    takes only players with one of its invitations (``invited_by``, the nonce)."""
    table = get(session, table_id)
    if table.state != OPEN:
        raise Gone(_("This table is no longer open: its game started, or it closed."))
    if invited_by is not None:
        invitation(session, table, invited_by)
    elif not table.listed:
        raise NotFound(_("There is no open table {id}.", id=repr(table_id[:16])))
    if not isinstance(email, str) or not isinstance(name, str):
        raise BadRequest(_("Give your name and your email address."))
    address = check_email(email.strip())
    person = person_name(name.strip())
    lang = words.known(language if isinstance(language, str) else None) or table.language
    zone = check_time_zone(time_zone if isinstance(time_zone, str) else "")
    if blocklist.blocked(session, address) or suppression.suppressed(session, address):
        raise BadRequest(_("This address cannot join a table here."))
    if any(s.email.lower() == address.lower() for s in seated(table)):
        raise BadRequest(_("This address already has a seat at this table."))
    if len(seated(table)) >= table.seats:
        raise Conflict(_("This table is full: its game is about to start."))
    moment = now()
    if _today(session, address, moment, opened=False) >= per_day:
        raise TooMany(
            n_(
                "One address may ask for {n} seat a day: try again tomorrow.",
                "One address may ask for {n} seats a day: try again tomorrow.",
                n=per_day,
            ),
            retry_after=int(DAY.total_seconds()),
        )
    seat = OpenSeatRow(
        table_id=table.id,
        email=address,
        name=person,
        language=lang,
        time_zone=zone,
        asked_at=moment,
        invitation=invited_by,
        host=False,
    )
    session.add(seat)
    session.flush()
    return Outcome(table, seat, [Letter(seat.id, JOIN_CHECK)])


def _locked(session: Session, seat_id: int) -> tuple[OpenTableRow, OpenSeatRow]:
    """The seat and its table, the table's row locked: two players confirming at once are
    seated one after the other, and no table gets more players than seats."""
    found = session.get(OpenSeatRow, seat_id)
    if found is None:
        raise NotFound(_("This seat is no longer known here."))
    table = get(session, found.table_id, lock=True)
    seat = session.get(OpenSeatRow, seat_id, populate_existing=True)
    assert seat is not None
    session.refresh(table, ["places"])
    return table, seat


def confirm(session: Session, seat_id: int) -> Outcome:
    """Take the seat asked for: its link was followed, or its email answered. The last
    seat taken starts the game (:func:`start`). Confirming twice changes nothing."""
    table, seat = _locked(session, seat_id)
    if seat.left_at is not None:
        raise Gone(_("You left this table: ask to join again from its page."))
    if seat.confirmed_at is not None:
        return Outcome(table, seat)
    if table.state != OPEN:
        raise Gone(_("This table is no longer open: its game started, or it closed."))
    sitting = seated(table)
    if len(sitting) >= table.seats:
        raise Conflict(_("This table filled before you confirmed: every seat is taken."))
    if any(s.email.lower() == seat.email.lower() for s in sitting):
        raise BadRequest(_("This address already has a seat at this table."))
    if seat.invitation is not None:
        invitation(session, table, seat.invitation).used_by = seat.id
    seat.confirmed_at = now()
    people.heard_from(session, seat.email, seat.confirmed_at)  # the link reached it
    session.flush()
    if len(sitting) + 1 < table.seats:
        return Outcome(table, seat, [Letter(seat.id, SEATED)])
    return Outcome(table, seat, started=start(session, table))


def start(session: Session, table: OpenTableRow) -> Applied:
    """The table's game, created under its id with the players in the order they sat; its
    seed is drawn and committed now, and every player gets their invitation."""
    applied = create_game(
        session,
        table.game,
        [
            {
                "email": s.email,
                "name": s.name,
                "language": s.language,
                "time_zone": s.time_zone or "",
            }
            for s in seated(table)
        ],
        table.options,
        table.pace,
        table.language,
        game_id=table.id,
        private_talk_after=table.private_talk_after,
    )
    _end(table, STARTED, now())
    return applied


def _end(table: OpenTableRow, state: str, moment: datetime) -> None:
    """The table is open no more: its game started, or it closed; it waits for no one."""
    table.state, table.closes_at, table.ended_at = state, None, moment


def leave(session: Session, seat_id: int) -> Outcome:
    """Give up a seat (or a request to join) before the game starts; a table nobody is
    seated at any more closes."""
    table, seat = _locked(session, seat_id)
    if table.state == STARTED:
        raise Gone(_("The game has started: to stop playing, resign from your seat's page."))
    if seat.left_at is not None:
        return Outcome(table, seat)
    seat.left_at = now()
    if table.state == OPEN and not seated(table):
        _end(table, CLOSED, seat.left_at)
    return Outcome(table, seat, [Letter(seat.id, LEFT)])


def due(session: Session, moment: datetime, limit: int = 100) -> list[str]:
    """The open tables whose wait has passed."""
    return list(
        session.scalars(
            select(OpenTableRow.id)
            .where(OpenTableRow.state == OPEN, OpenTableRow.closes_at <= moment)
            .order_by(OpenTableRow.closes_at)
            .limit(limit)
        )
    )


def close_due(session: Session, table_id: str, moment: datetime) -> Outcome:
    """Close ``table_id`` if it is still open and its wait has passed; those seated are
    told. A table that filled meanwhile is left alone."""
    table = get(session, table_id, lock=True)
    if table.state != OPEN or table.closes_at is None or table.closes_at > moment:
        return Outcome(table)
    _end(table, CLOSED, moment)
    return Outcome(table, letters=[Letter(s.id, TABLE_CLOSED) for s in seated(table)])


def listing(session: Session, before: int | None, limit: int) -> dict[str, Any]:
    """``limit`` listed open tables, newest first, created before ``before`` (microseconds
    since the epoch; None: the newest), and the ``before`` of the next page."""
    query = (
        select(OpenTableRow)
        .where(OpenTableRow.state == OPEN, OpenTableRow.listed.is_(True))
        .options(selectinload(OpenTableRow.places))  # one query for every table's seats
    )
    moment = _moment(before) if before is not None else None
    if moment is not None:
        query = query.where(OpenTableRow.created_at < moment)
    found = list(
        session.scalars(
            query.order_by(OpenTableRow.created_at.desc(), OpenTableRow.id).limit(limit + 1)
        )
    )
    more = len(found) > limit
    found = found[:limit]
    return {
        "tables": [summary(t) for t in found],
        "next": _stamp(found[-1].created_at) if more and found else None,
        "newest": before is None,
    }


def _stamp(moment: datetime) -> int:
    return int(moment.timestamp() * 1_000_000)


def _moment(stamp: int) -> datetime | None:
    """The moment of a page's ``before``; None for one no calendar holds (every table was
    opened before it: the newest page)."""
    try:
        return datetime.fromtimestamp(stamp / 1_000_000, UTC)
    except (ValueError, OverflowError, OSError):
        return None


def summary(table: OpenTableRow) -> dict[str, Any]:
    """What anyone may read of a table: never an address."""
    game = game_named(table.game)
    sitting = seated(table)
    pace = Pace.from_options(table.pace)
    return {
        "id": table.id,
        "game": table.game,
        "title": game.title,
        "players": [s.name for s in sitting],
        "seats": table.seats,
        "seats_left": max(0, table.seats - len(sitting)),
        "days": pace.days,
        "languages": list(table.languages),
        "created_at": table.created_at,
        "closes_at": table.closes_at,
        "state": table.state,
        "listed": table.listed,
    }


def of_address(session: Session, address: str) -> list[OpenSeatRow]:
    """Every seat (and request to join) of ``address`` at an open table, in any case."""
    return list(
        session.scalars(
            select(OpenSeatRow)
            .where(func.lower(OpenSeatRow.email) == address.lower())
            .order_by(OpenSeatRow.id)
        )
    )


def forget(session: Session, address: str) -> None:
    """Forget ``address`` at every open table (issue 30): a seat it holds at a table still
    open is given up (a table left empty closes), and no row keeps its address or name.
    Nothing is sent to it any more; those still seated are not told (as a game's players
    are not told who asked to be forgotten)."""
    moment = now()
    for seat in of_address(session, address):
        table = get(session, seat.table_id, lock=True)
        if seat.left_at is None:
            seat.left_at = moment
            if table.state == OPEN and not seated(table):
                _end(table, CLOSED, moment)
        seat.email, seat.name = "", ""
