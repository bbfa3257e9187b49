"""Atom feeds (issue 36 §1): a player's private feed at a secret URL, and each game's public
one.

- ``/feeds/<secret>.atom``: the games waiting on the address (its turn, the deadline in the
  seat's language and zone, the link to the decision, whose GET only shows it), then the
  newest events of its games as its seats' histories tell them: what each seat may see,
  words to one player only to its two seats, none of the talk of the players it muted.
  In the language of its newest game's seat, as the desk speaks. An unknown secret and a
  renewed or removed one are one 404. It is read on the primary: a renewed feed stops at
  once, whatever a replica still holds.
- ``/games/<id>/feed.atom``: the game's public history, as a spectator reads it, in the
  reader's language.
- The desk (``/me``) makes, shows, renews and removes the address's feed
  (:mod:`service.play.feeds`); a reply of ``feed`` or ``new feed`` does too
  (:mod:`service.mail.reply_commands`).

Both are newest first and capped at :data:`CAP` entries, answer 304 to a reader whose copy
is current (a validator made from each game's newest event, read before anything is folded)
and share the costly pages' rate limit (:mod:`service.web.limits`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from flask import Blueprint, redirect
from flask.typing import ResponseReturnValue
from sqlalchemy import select
from sqlalchemy.orm import Session

from service import boards, words
from service.audit import history
from service.audit.history import Entry, Record, Viewer
from service.errors import NotFound, ServiceError
from service.links import urls as links
from service.play import feeds, signin
from service.present import notices
from service.store import eventstore
from service.store import names as shown_names
from service.store.eventstore import Loaded
from service.store.models import ChannelRow, EventRow, GameRow, MuteRow, SeatRow
from service.web import atom, db, desk, language, reading, settings
from service.web.history import story
from service.words import _

bp = Blueprint("feeds", __name__)
CAP = 50
"""Entries in a feed at most."""
SCAN = 200
"""The newest events of a game read for its entries (bookkeeping rows are left out)."""
GAMES = 20
"""A player's games whose events the private feed tells: the newest ones."""


# The player's feed.


@bp.get("/feeds/<secret>.atom")
def player_feed(secret: str) -> ResponseReturnValue:
    with db().begin():
        session = db()
        channel = feeds.by_secret(session, secret)
        if channel is None or channel.email is None:
            raise NotFound(_("There is no such feed: it was renewed or removed, or never was."))
        seats = [s for s in signin.seats_of(session, channel.email) if s.left_at is None]
        seats = seats[:GAMES]
        speaks = seats[0].language if seats else words.language()
        words.LANGUAGE.set(words.known(speaks) or "en")
        rows = [s.game_row for s in seats]
        times = _newest_times(session, rows)
        muted = _mutes(session, seats)
        validator = atom.etag(
            "player",
            channel.id,
            words.language(),
            [
                (s.game_id, s.game_row.last_seq, s.seat, s.language, s.time_zone, muted.get(s.id))
                for s in seats
            ]
            + [sorted(shown_names.of_game(r).items()) for r in rows],
        )
        modified = max(times.values(), default=channel.created_at)
        if atom.unchanged(validator, modified):
            return atom.answer(None, validator, modified, private=True)
        body = atom.document(_player_document(session, channel, seats, times, muted))
    return atom.answer(body, validator, modified, private=True)


def _player_document(
    session: Session,
    channel: ChannelRow,
    seats: Sequence[SeatRow],
    times: dict[str, datetime],
    muted: dict[int, list[str]],
) -> atom.Feed:
    current = settings()
    waiting: list[atom.Entry] = []
    told: list[atom.Entry] = []
    for seat in seats:
        loaded = eventstore.load(session, seat.game_id)
        updated = times.get(seat.game_id, loaded.row.created_at)
        with (
            words.speaking(words.language(), seat.time_zone),
            words.naming(shown_names.Players(loaded.row)),
        ):
            turn = _waiting(loaded, seat.seat, updated)
            if turn is not None:
                waiting.append(turn)
            told += _seat_events(session, loaded, seat, set(muted.get(seat.id, [])))
    told.sort(key=lambda e: e.updated, reverse=True)
    entries = (waiting + told)[:CAP]
    return atom.Feed(
        id=atom.tag(current.base_url, channel.created_at, f"feeds/{channel.id}"),
        title=words.text(_("My games")),
        subtitle=words.text(
            _("Your turns and the newest events of your games, as your seats see them.")
        ),
        author=words.text(_("Play by email")),
        language=words.language(),
        self_url=feeds.url(current, channel),
        page_url=f"{current.base_url.rstrip('/')}/me",
        updated=max([e.updated for e in entries], default=channel.created_at),
        entries=entries,
    )


def _waiting(loaded: Loaded, seat: str, updated: datetime) -> atom.Entry | None:
    """The seat's turn, when the game waits on its player (as the desk says it: not over,
    not resigned, no bot playing for them)."""
    table, row = loaded.table, loaded.row
    if (
        row.over
        or seat in table.resigned
        or seat in table.bots
        or seat not in loaded.game.to_act(loaded.state)
    ):
        return None
    current = settings()
    prompt = loaded.game.view(loaded.state, seat).get("prompt") or _("Your decision")
    deadline = notices.pace(loaded, seat)["deadline"]
    lines = [words.text(prompt)]
    if deadline:
        lines.append(words.text(_("Decide by {deadline}.", deadline=deadline)))
    began = table.decision_seq(seat) or loaded.turn_seq
    title = _("Your turn: {title} #{id}", title=loaded.game.title, id=row.id)
    return atom.Entry(
        id=atom.tag(current.base_url, row.created_at, f"games/{row.id}/decisions/{began}/{seat}"),
        title=words.text(title),
        content="\n".join(str(line) for line in lines),
        updated=updated,
        link=links.decision_url(current, loaded, seat),
    )


def _seat_events(
    session: Session, loaded: Loaded, seat: SeatRow, muted: set[str]
) -> list[atom.Entry]:
    row = loaded.row
    record = history.load(session, row.id, max(1, row.last_seq - SCAN + 1))
    try:
        viewer = record.viewer(seat.seat, loaded.table.generation(seat.seat))
    except ServiceError:  # the address holds the seat no more: nothing of it to tell
        return []
    seat_page = links.seat_url(settings(), loaded, seat.seat)
    return _entries(
        session,
        record,
        viewer,
        muted,
        lambda seq: f"{seat_page}/replay/{seq}",
        f"games/{row.id}/events/{{seq}}/{seat.seat}",
    )


# A game's public feed.


@bp.get("/games/<game_id>/feed.atom")
def game_feed(game_id: str) -> ResponseReturnValue:
    @dataclass
    class Made:
        body: bytes | None
        validator: str
        modified: datetime

    def read(session: Session) -> Made:
        row = eventstore.get_row(session, game_id)  # an unknown game: 404, nothing read
        language.for_game(row)
        modified = _newest_times(session, [row]).get(row.id, row.created_at)
        validator = atom.etag(
            "game", row.id, row.last_seq, words.language(), sorted(shown_names.of_game(row).items())
        )
        if atom.unchanged(validator, modified):
            return Made(None, validator, modified)
        return Made(atom.document(_game_document(session, row)), validator, modified)

    made = reading(read)
    return atom.answer(made.body, made.validator, made.modified, private=False)


def _game_document(session: Session, row: GameRow) -> atom.Feed:
    current = settings()
    record = history.load(session, row.id, max(1, row.last_seq - SCAN + 1))
    base = links.game_url(current, row.id)
    entries = _entries(
        session,
        record,
        history.SPECTATOR,
        set(),
        lambda seq: f"{base}/replay/{seq}",
        f"games/{row.id}/events/{{seq}}",
    )
    entries.sort(key=lambda e: e.updated, reverse=True)
    entries = entries[:CAP]
    return atom.Feed(
        id=atom.tag(current.base_url, row.created_at, f"games/{row.id}"),
        title=words.text(_("{title} #{id}", title=record.game.title, id=row.id)),
        subtitle=words.text(_("The public history of the game: what every spectator sees.")),
        author=words.text(_("Play by email")),
        language=words.language(),
        self_url=f"{base}/feed.atom",
        page_url=base,
        updated=max([e.updated for e in entries], default=row.created_at),
        entries=entries,
    )


# What both feeds tell of a game's events.


def _entries(
    session: Session,
    record: Record,
    viewer: Viewer,
    muted: set[str],
    link: Callable[[int], str],
    specific: str,
) -> list[atom.Entry]:
    """The events of ``record`` that the viewer's history tells as its story (each move,
    the opening, the end, what was said) and the table's own rows (votes, takebacks,
    absences), less bookkeeping, words to others and the talk of players ``muted``; newest
    first."""
    row = record.row
    found = history.entries(record, viewer)
    last_move = eventstore.last_decision_seq(session, row.id) if record.finished else 0
    moves = story(found, record.finished, last_move)
    colours = boards.seat_colours(row.game, list(record.names))
    current = settings()
    made: list[atom.Entry] = []
    for e in reversed(found):
        if e.hidden or e.bookkeeping or (e.talk and e.seat in muted):
            continue
        if e.seq not in moves and not e.table:
            continue
        made.append(
            atom.Entry(
                id=atom.tag(current.base_url, row.created_at, specific.format(seq=e.seq)),
                title=words.text(
                    _("{title} #{id}: {what}", title=record.game.title, id=row.id, what=e.text)
                ),
                content=_content(e, colours),
                updated=e.recorded_at,
                link=link(e.seq),
                author=e.name,
            )
        )
    return made


def _content(e: Entry, colours: dict[str, str]) -> str:
    lines: list[str] = []
    if e.seat is not None and e.name is not None:
        who = (
            _("{name} ({colour}), played by a bot", name=e.name, colour=colours.get(e.seat, ""))
            if e.by_bot
            else _("{name} ({colour})", name=e.name, colour=colours.get(e.seat, ""))
        )
        lines.append(str(words.text(who)))
    if e.decision:
        lines.append(str(words.text(e.decision)))
    text = str(words.text(e.text))
    lines.append(f"{text} {words.text(_('(taken back)'))}" if e.undone else text)
    return "\n".join(lines)


def _newest_times(session: Session, rows: Iterable[GameRow]) -> dict[str, datetime]:
    """When each game's newest event was recorded, read from the events the game rows name
    (one query, no payload)."""
    wanted = {r.id for r in rows if r.last_seq}
    if not wanted:
        return {}
    found = session.execute(
        select(EventRow.game_id, EventRow.recorded_at)
        .join(GameRow, (GameRow.id == EventRow.game_id) & (GameRow.last_seq == EventRow.seq))
        .where(GameRow.id.in_(wanted))
    ).all()
    return {game_id: atom.aware(at) for game_id, at in found}


def _mutes(session: Session, seats: Sequence[SeatRow]) -> dict[int, list[str]]:
    """Each seat's muted seats (by the seat row's id)."""
    if not seats:
        return {}
    rows = session.execute(
        select(MuteRow.game_id, MuteRow.seat, MuteRow.muted).where(
            MuteRow.game_id.in_({s.game_id for s in seats})
        )
    ).all()
    of = {(s.game_id, s.seat): s.id for s in seats}
    found: dict[int, list[str]] = {}
    for game_id, seat, other in sorted(rows):
        if (game_id, seat) in of:
            found.setdefault(of[(game_id, seat)], []).append(other)
    return found


# The desk's forms.


def _signed_in() -> str:
    address = desk.signed_in()
    if address is None:
        raise desk.SignedOut()
    return address


@bp.post("/me/feed")
def make() -> ResponseReturnValue:
    address = _signed_in()
    with db().begin():
        feeds.ensure(db(), address)
    return redirect("/me#feed", 303)


@bp.post("/me/feed/renew")
def renew() -> ResponseReturnValue:
    address = _signed_in()
    with db().begin():
        feeds.renew(db(), address)
    return redirect("/me?saved=feed#feed", 303)


@bp.post("/me/feed/remove")
def remove() -> ResponseReturnValue:
    address = _signed_in()
    with db().begin():
        feeds.remove(db(), address)
    return redirect("/me#feed", 303)
