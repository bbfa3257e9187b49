"""Creating games: players' names, addresses, languages and time zones parsed and checked,
the game's row and seats, its opening events and its invitations (DESIGN.md §5).

The caller owns the transaction (``with session.begin():``); after it commits, the caller
enqueues the returned outbox ids. Nothing here sends mail or talks to Redis.
"""

from __future__ import annotations

import re
import secrets
import string
import unicodedata
from datetime import datetime
from functools import lru_cache
from typing import Any
from zoneinfo import available_timezones

from email_validator import EmailNotValidError, validate_email
from sqlalchemy.orm import Session

from engine import Game, IllegalMove, registry
from engine.chance import commitment, rng_for
from service import words
from service.errors import BadRequest, NotFound
from service.play import bots, suppression
from service.play.moves import Applied, outbox
from service.store import eventstore
from service.store.eventstore import Loaded, now
from service.store.models import GameRow, SeatRow
from service.table.logfold import Folded
from service.table.state import Pace, PaceError, Table
from service.words import _, n_

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
    *,
    game_id: str | None = None,
    private_talk_after: bool = False,
    effort: int = 100,
) -> Applied:
    """A new game, its invitations in each seat's language: the one given for that player
    (``{"email": ..., "language": "uk", "time_zone": "Europe/Kyiv"}``), else ``language``
    (the creator's own), else English. ``game_id``: an open table's, which becomes its game
    (issue 35 §1); else a new id. ``private_talk_after``: the table's choice that the
    finished game's published log carries the words said to one player alone too (issue 35
    §2), kept on the game's row and never changed. An entry ``{"bot": level}`` of
    ``players`` seats a bot of that level (issue 37 §3), given ``effort`` percent of the
    level's budget (``BOT_EFFORT``)."""
    game = game_named(name)
    levels = bot_levels(players)
    people = parse_players([p for i, p in enumerate(players) if i not in levels])
    suppression.refuse(session, [email for email, _ in people])
    if not game.min_players <= len(players) <= game.max_players:
        raise BadRequest(players_wanted(game, len(players)))
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadRequest(_("'options' must be an object."))
    try:
        chosen_pace = Pace.from_options(pace)
    except PaceError as exc:
        raise BadRequest(exc.args[0]) from exc
    seed = secrets.token_bytes(32)
    seats = [f"p{i}" for i in range(1, len(players) + 1)]
    try:
        events = game.setup(seats, options, rng_for(seed, 1))
    except IllegalMove as exc:
        raise BadRequest(_("Invalid options: {reason}", reason=exc.reason)) from exc
    spoken = seat_languages(players, language)
    named = iter(people)
    holders: dict[str, tuple[str | None, str]] = {
        seat: (None, "") if i in levels else next(named) for i, seat in enumerate(seats)
    }
    row = add_game_row(
        session,
        game,
        game.ruleset,
        options,
        seed,
        holders,
        game_id=game_id,
        private_talk_after=private_talk_after,
    )
    for i, (seat_row, (lang, zone)) in enumerate(zip(row.seats, spoken, strict=True)):
        seat_row.language, seat_row.time_zone = lang, zone
        seat_row.bot = levels.get(i)
    seated = [bots.seated(seats[i], level, effort) for i, level in sorted(levels.items())]
    empty = Folded(state=None, table=Table(seats=tuple(seats)), seq=0, before_last=None)
    loaded = eventstore.record(
        session,
        Loaded(row=row, game=game, folded=empty),
        [*events, chosen_pace.as_event(), *seated],
        None,
    )
    return Applied(loaded=loaded, outbox_ids=outbox(session, row, seats, "invitation"))


def bot_levels(players: Any) -> dict[int, str]:
    """The entries of ``players`` that seat a bot (``{"bot": "strong"}``, issue 37 §3), by
    their position, with their level; :class:`BadRequest` for an unknown level or a table
    of bots alone (a game needs a person to play it)."""
    if not isinstance(players, list) or not players:
        raise BadRequest(_("'players' must be a list of email addresses."))
    levels: dict[int, str] = {}
    for i, entry in enumerate(players):
        if isinstance(entry, dict) and "bot" in entry:
            level = entry["bot"]
            if not isinstance(level, str) or level not in bots.LEVELS:
                raise BadRequest(
                    _(
                        "Player {number}: a bot's level is one of {levels}.",
                        number=i + 1,
                        levels=", ".join(bots.LEVELS),
                    )
                )
            if set(entry) - {"bot", "language", "time_zone"}:
                raise BadRequest(
                    _("Player {number}: a bot has a level, no address or name.", number=i + 1)
                )
            levels[i] = level
    if len(levels) == len(players):
        raise BadRequest(_("A game needs at least one person: every seat is a bot."))
    return levels


def game_named(name: Any) -> Game:
    """The game served as ``name``, else :class:`NotFound` naming those that are."""
    try:
        return registry.get(name)
    except (KeyError, TypeError) as exc:
        raise NotFound(
            _(
                "Unknown game {name}. Known games: {games}.",
                name=repr(name),
                games=", ".join(sorted(registry.GAMES)),
            )
        ) from exc


def players_wanted(game: Game, given: int) -> str:
    """Why ``given`` players cannot play ``game``."""
    if game.min_players == game.max_players:
        return n_(
            "{title} is played by {n} player, not {given}.",
            "{title} is played by {n} players, not {given}.",
            n=game.min_players,
            title=game.title,
            given=given,
        )
    return _(
        "{title} is played by {min} to {max} players, not {given}.",
        title=game.title,
        min=game.min_players,
        max=game.max_players,
        given=given,
    )


def add_game_row(
    session: Session,
    game: Game,
    ruleset: str,
    options: dict[str, Any],
    seed: bytes,
    people: dict[str, tuple[str | None, str]],
    created_at: datetime | None = None,
    game_id: str | None = None,
    private_talk_after: bool = False,
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
        private_talk_after=private_talk_after,
    )
    row.seats = [
        SeatRow(seat=seat, position=i, email=email, name=name)
        for i, (seat, (email, name)) in enumerate(people.items())
    ]
    session.add(row)
    session.flush()
    return row
