"""What one notification on a channel beside email says (issue 36 §1), in its reader's
language and time zone: built from the outbox row that owed it, with the email's own
builders (:func:`service.mail.compose.plan`, :func:`service.mail.compose.told`), from the
seat's own view only, as the email is. A table's channel reads the game as a spectator
does: who is to play, no seat's link, the game's public page."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from engine.kit.words import Msg
from service import words
from service.config import Settings
from service.links import urls
from service.mail import compose
from service.mail.digest import language_of
from service.play import signin
from service.play.holders import seat_row
from service.present import notices, presentation
from service.store import eventstore
from service.store import names as shown_names
from service.store.eventstore import Loaded
from service.store.models import ChannelRow, NotificationRow, OutboxRow
from service.words import _

TEST = "test"
"""The kind of a notification a player asked for to see a channel work (*Send a test*)."""
TABLE_KINDS = frozenset({"invitation", "turn", "game_over"})
"""The outbox kinds a table's channel is told of, once per event for all the seats: the
game began, someone is to play, it ended. Never a seat's private notices, answers to its
replies, or reminders."""


@dataclass(frozen=True)
class Notice:
    """One notification's words and links, in its reader's language and zone."""

    kind: str
    game_id: str
    seq: int
    title: str
    """The game's title (its name for players: "Tic-tac-toe")."""
    headline: str
    """What happened, in a few words: "Turn 3: your turn", "Turn 3: Ann to play"."""
    prompt: str
    """The seat's decision ("Choose a square"), or ``""``."""
    deadline: str
    """The decision's deadline in the reader's words and zone, or ``""``."""
    deadline_at: datetime | None
    url: str
    """The signed link to the seat's turn page (its GET only shows the decision: acting
    takes the page's confirmation), the seat's page, or the game's public page."""
    game_url: str
    """The game's public page."""
    language: str
    for_table: bool


def build(
    session: Session, settings: Settings, row: NotificationRow, channel: ChannelRow
) -> Notice | str:
    """``row``'s notice, or why it is no longer worth sending (the decision was made...)."""
    if row.kind == TEST:
        return test_notice(session, settings, channel)
    outbox = session.get(OutboxRow, row.outbox_id) if row.outbox_id is not None else None
    if outbox is None or row.game_id is None:
        return "nothing to tell"
    if channel.email is None:
        return _table(settings, eventstore.load(session, row.game_id), row)
    planned = compose.plan(session, outbox, channels=True)
    if isinstance(planned, str):
        return planned
    loaded = planned.loaded
    seat = seat_row(loaded.row, outbox.seat)
    with (
        words.speaking(seat.language, seat.time_zone),
        words.naming(shown_names.Players(loaded.row)),
    ):
        told = compose.told(session, settings, outbox, loaded, planned)
        acting = bool(told.decision["acting"])
        prompt = told.decision["prompt"] if acting else ""
        return Notice(
            kind=outbox.kind,
            game_id=loaded.row.id,
            seq=outbox.seq,
            title=words.text(loaded.game.title),
            headline=told.headline(),
            prompt=words.text(prompt) if prompt else "",
            deadline=told.pace["deadline"] or "",
            deadline_at=told.pace["deadline_at"],
            url=told.decision["turn_url"] if acting else told.links.seat,
            game_url=told.game["url"],
            language=words.language(),
            for_table=False,
        )


def table_language(loaded: Loaded) -> tuple[str, str | None]:
    """What a table's channel speaks: the language most of its seats speak (the first
    seat's on a tie), in the game's own time zone (its pace's)."""
    spoken = Counter(s.language for s in loaded.row.seats)
    first = loaded.row.seats[0].language if loaded.row.seats else "en"
    most = max(spoken.values(), default=0)
    language = first if spoken[first] == most else spoken.most_common(1)[0][0]
    return words.known(language) or "en", loaded.table.pace.timezone


def _table(settings: Settings, loaded: Loaded, row: NotificationRow) -> Notice:
    """A table's notice: the public view's (whose turn it is, the game's page)."""
    language, zone = table_language(loaded)
    with words.speaking(language, zone), words.naming(shown_names.Players(loaded.row)):
        whose = presentation.whose_turn(loaded)
        turn = loaded.table.turns
        if loaded.row.over:
            headline = words.text(_game_over(loaded))
        elif row.kind == "invitation":
            headline = words.text(_("A new game begins: {whose} to play", whose=whose))
        else:
            headline = words.text(_("Turn {turn}: {whose} to play", turn=turn, whose=whose))
        deadlines = [
            notices.pace(loaded, seat)["deadline"] for seat in loaded.game.to_act(loaded.state)
        ]
        at = [
            notices.pace(loaded, seat)["deadline_at"] for seat in loaded.game.to_act(loaded.state)
        ]
        known = [(a, d) for a, d in zip(at, deadlines, strict=True) if a is not None]
        first = min(known, default=(None, ""))
        page = urls.game_url(settings, loaded.row.id)
        return Notice(
            kind=row.kind,
            game_id=loaded.row.id,
            seq=row.seq,
            title=words.text(loaded.game.title),
            headline=headline,
            prompt="",
            deadline="" if loaded.row.over else first[1],
            deadline_at=None if loaded.row.over else first[0],
            url=page,
            game_url=page,
            language=words.language(),
            for_table=True,
        )


def _game_over(loaded: Loaded) -> Msg:
    outcome = presentation.outcome(loaded)
    turns = loaded.table.turns
    if outcome and outcome["winners"]:
        ended = _(
            "Game over after turn {turn}: {winners} won", turn=turns, winners=outcome["together"]
        )
    else:
        ended = _("Game over after turn {turn}: nobody won", turn=turns)
    if outcome and outcome["with_bots"]:  # issue 37 §3: a result with bots says so
        return _("{result} (played with bots: {names})", result=ended, names=outcome["with_bots"])
    return ended


def test_notice(session: Session, settings: Settings, channel: ChannelRow) -> Notice:
    """The notice *Send a test* posts: in the player's language (their newest seat's)."""
    seats = signin.seats_of(session, channel.email) if channel.email else []
    language = language_of(seats)
    desk = settings.base_url.rstrip("/") + "/me"
    with words.speaking(language, seats[0].time_zone if seats else None):
        return Notice(
            kind=TEST,
            game_id="",
            seq=0,
            title=words.text(_("Play by email")),
            headline=words.text(_("A test: this channel works. Your turns will come here.")),
            prompt="",
            deadline="",
            deadline_at=None,
            url=desk,
            game_url=desk,
            language=words.language(),
            for_table=channel.email is None,
        )
