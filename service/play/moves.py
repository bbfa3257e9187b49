"""Creating games and making moves: the steps of DESIGN.md §5 that touch storage.

The caller owns the transaction (``with session.begin():``); after it commits, the caller
enqueues the returned outbox ids. Nothing here sends mail or talks to Redis.
"""

from __future__ import annotations

import re
import secrets
import string
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any
from zoneinfo import available_timezones

from email_validator import EmailNotValidError, validate_email
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from engine import Game, IllegalMove, Move, registry
from engine.chance import commitment, rng_for
from service import counters, words
from service.errors import (
    BadRequest,
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
from service.play import suppression
from service.store import eventstore, people
from service.store.eventstore import Loaded, now
from service.store.models import GameRow, OutboxRow, SeatRow, UsedLinkRow
from service.table.logfold import Folded
from service.table.rules import Pace, PaceError, Table
from service.words import _, n_

_USE_LINK = insert(UsedLinkRow.__table__)
_INSERT_OUTBOX = insert(OutboxRow.__table__).returning(OutboxRow.__table__.c.id)
"""Statements of every move, built once and run as plain SQL (no ORM bookkeeping)."""
NAME_AND_ADDRESS = re.compile(r"([^<>]*)<([^<>]*)>")
"""``Ann <ann@example.org>`` (linear to match, whatever the text)."""
BREAKS = frozenset({"Cc", "Zl", "Zp"})
"""Unicode categories of control characters and line or paragraph separators: never in a
name that goes into an email header."""
INVISIBLE = frozenset({"Cf", "Co", "Cs", "Cn"})
"""Format characters (bidirectional overrides and isolates U+202A-U+202E, U+2066-U+2069,
zero-width spaces and joiners, the BOM, tags), private-use, surrogate and unassigned code
points: a name with one can pass for another player's, or reorder the text around it."""
BLANKS = frozenset({"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u180e"})
"""Letters that draw as nothing (the Hangul fillers, the blank Braille pattern)."""
ID_ALPHABET = string.ascii_lowercase + string.digits
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


def new_game_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(8))


def parse_players(players: Any) -> list[tuple[str, str]]:
    """``[(email, name)]`` from ``["a@x.org", "Bob <b@x.org>", {"email":..., "name":...}]``."""
    if not isinstance(players, list) or not players:
        raise BadRequest(_("'players' must be a list of email addresses."))
    parsed = []
    for i, entry in enumerate(players, start=1):
        name = ""
        if isinstance(entry, dict):
            email, name = entry.get("email", ""), entry.get("name", "")
            if not isinstance(email, str) or not isinstance(name, str):
                raise BadRequest(_("Player {number}: 'email' and 'name' must be text.", number=i))
            email, name = email.strip(), name.strip()
        elif isinstance(entry, str):
            if len(entry) > 440:
                raise BadRequest(
                    _("Player {number}: a name and address of 440 characters at most.", number=i)
                )
            email = entry.strip()
            match = NAME_AND_ADDRESS.fullmatch(email)
            if match:
                name, email = match.group(1).strip().strip('"'), match.group(2).strip()
        else:
            raise BadRequest(_("Player {number} must be an email address.", number=i))
        parsed.append((check_email(email, i), person_name(name, i)))
    emails = [e.lower() for e, _ in parsed]
    if len(set(emails)) != len(emails):
        raise BadRequest(_("Each player needs a different email address."))
    return parsed


def seat_languages(players: list[Any], default: Any) -> list[tuple[str, str | None]]:
    """Each player's (language, time zone), as :func:`create_game` explains."""
    if default is not None and (not isinstance(default, str) or default not in words.LANGUAGES):
        raise BadRequest(
            _("'language' must be one of {choices}.", choices=", ".join(words.LANGUAGES))
        )
    out = []
    for i, entry in enumerate(players, start=1):
        given = entry if isinstance(entry, dict) else {}
        lang = given.get("language", default or "en")
        if not isinstance(lang, str) or lang not in words.LANGUAGES:
            raise BadRequest(
                _(
                    "Player {number}: 'language' must be one of {choices}.",
                    number=i,
                    choices=", ".join(words.LANGUAGES),
                )
            )
        out.append((lang, check_time_zone(given.get("time_zone", ""), i)))
    return out


def check_time_zone(zone: Any, who: int | None = None) -> str | None:
    """An IANA time zone name (``Europe/Kyiv``), or ``None`` for none given (``""``)."""
    if zone == "":
        return None
    if not isinstance(zone, str) or zone not in zones():
        given = repr(str(zone)[:60])
        raise BadRequest(
            _("{zone} is not a time zone (e.g. Europe/Kyiv).", zone=given)
            if who is None
            else _(
                "Player {number}: {zone} is not a time zone (e.g. Europe/Kyiv).",
                number=who,
                zone=given,
            )
        )
    return zone


@lru_cache(maxsize=1)
def zones() -> tuple[str, ...]:
    """Every IANA time zone name, sorted."""
    return tuple(sorted(available_timezones()))


def check_email(email: str, who: int | None = None) -> str:
    """``email`` as we keep it if it is an address we can send to, else :class:`BadRequest`.
    Internationalised addresses are welcome (``имя@пример.рф``, issue 17): the domain is kept
    in Unicode, normalised, and written in punycode only on the envelope (``smtp.envelope``)."""
    try:
        checked = validate_email(email, check_deliverability=False, allow_smtputf8=True)
    except EmailNotValidError as exc:
        given = repr(email[:80])
        raise BadRequest(
            _(
                "{email} is not an email address we can send to: {reason}",
                email=given,
                reason=str(exc),
            )
            if who is None
            else _(
                "Player {number}: {email} is not an email address we can send to: {reason}",
                number=who,
                email=given,
                reason=str(exc),
            )
        ) from None
    return checked.normalized


def person_name(name: str, who: int | None = None) -> str:
    """A display name for emails and pages (120 characters at most), or ``""`` for none:
    then readers see "Player 2" (:mod:`service.store.names`), never the address's local part,
    which would publish the address (issue 30). A line break or control character is
    refused: it would otherwise reach an email header."""
    if any(unicodedata.category(c) in BREAKS for c in name):
        raise BadRequest(
            _("A name cannot contain line breaks or control characters.")
            if who is None
            else _(
                "Player {number}: a name cannot contain line breaks or control characters.",
                number=who,
            )
        )
    hidden = next((c for c in name if unicodedata.category(c) in INVISIBLE or c in BLANKS), None)
    if hidden is not None:
        character = f"U+{ord(hidden):04X} {unicodedata.name(hidden, 'unnamed')}"
        raise BadRequest(
            _(
                "A name cannot contain invisible or direction-changing characters ({character}).",
                character=character,
            )
            if who is None
            else _(
                "Player {number}: a name cannot contain invisible or direction-changing "
                "characters ({character}).",
                number=who,
                character=character,
            )
        )
    return " ".join(name.split())[:120]


def named_by_address(name: str, email: str) -> bool:
    """Whether ``name`` is what an older server made of a player given without one: their
    address's local part (issue 30). Such a name is taken as none given."""
    return name == email.split("@")[0]


def create_game(
    session: Session,
    name: str,
    players: Any,
    options: Any = None,
    pace: Any = None,
    language: str | None = None,
) -> Applied:
    """A new game, its invitations in each seat's language: the one given for that player
    (``{"email": ..., "language": "uk", "time_zone": "Europe/Kyiv"}``), else ``language``
    (the creator's own), else English."""
    try:
        game = registry.get(name)
    except KeyError as exc:
        raise NotFound(
            _(
                "Unknown game {name}. Known games: {games}.",
                name=repr(name),
                games=", ".join(sorted(registry.GAMES)),
            )
        ) from exc
    people = parse_players(players)
    suppression.refuse(session, [email for email, _ in people])
    if not game.min_players <= len(people) <= game.max_players:
        raise BadRequest(
            n_(
                "{title} is played by {n} player, not {given}.",
                "{title} is played by {n} players, not {given}.",
                n=game.min_players,
                title=game.title,
                given=len(people),
            )
            if game.min_players == game.max_players
            else _(
                "{title} is played by {min} to {max} players, not {given}.",
                title=game.title,
                min=game.min_players,
                max=game.max_players,
                given=len(people),
            )
        )
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadRequest(_("'options' must be an object."))
    try:
        chosen_pace = Pace.from_options(pace)
    except PaceError as exc:
        raise BadRequest(exc.args[0]) from exc
    seed = secrets.token_bytes(32)
    seats = [f"p{i}" for i in range(1, len(people) + 1)]
    try:
        events = game.setup(seats, options, rng_for(seed, 1))
    except IllegalMove as exc:
        raise BadRequest(_("Invalid options: {reason}", reason=exc.reason)) from exc
    spoken = seat_languages(players, language)
    row = add_game_row(
        session, game, game.ruleset, options, seed, dict(zip(seats, people, strict=True))
    )
    for seat_row, (lang, zone) in zip(row.seats, spoken, strict=True):
        seat_row.language, seat_row.time_zone = lang, zone
    empty = Folded(state=None, table=Table(seats=tuple(seats)), seq=0, before_last=None)
    loaded = eventstore.record(
        session, Loaded(row=row, game=game, folded=empty), [*events, chosen_pace.as_event()], None
    )
    return Applied(loaded=loaded, outbox_ids=outbox(session, row, seats, "invitation"))


def add_game_row(
    session: Session,
    game: Game,
    ruleset: str,
    options: dict[str, Any],
    seed: bytes,
    people: dict[str, tuple[str | None, str]],
    created_at: datetime | None = None,
    game_id: str | None = None,
) -> GameRow:
    """A new game's row and its seats (``{seat: (email, name)}``), with no event yet; a new
    id unless ``game_id`` (a game moved from another host keeps its own)."""
    row = GameRow(
        id=game_id or new_game_id(),
        game=game.name,
        ruleset=ruleset,
        options=options,
        seed=seed.hex(),
        commitment=commitment(seed),
        created_at=created_at or now(),
        last_seq=0,
        head_hash="",
        over=False,
    )
    row.seats = [
        SeatRow(seat=seat, position=i, email=email, name=name)
        for i, (seat, (email, name)) in enumerate(people.items())
    ]
    session.add(row)
    session.flush()
    return row


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
