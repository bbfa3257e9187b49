"""Table talk (issue 35 §2): what a player says to the other players of their table, by
replying ``say ...`` (or with prose that is no code and no command).

Each saying is a ``table.said`` event of the game's log, as every table event is; its
payload holds the speaker's seat and a salted digest of the words, never the words. The
words and their salt are kept beside the log (:class:`service.store.models.TalkRow`, keyed
by game and seq), so forgetting a player erases what they said (:func:`erase`) while every
log still verifies, and the digest of the words that stay shows whether they were changed
(:func:`altered`). The words are hostile like any player's: cleaned as a note is
(:func:`service.play.notes.clean`), cut at :data:`LONGEST` characters, escaped wherever they
are shown; a seat says at most :data:`PER_HOUR` things an hour.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from service.errors import BadRequest, Stale, TooSoon
from service.play.holders import check_holder
from service.play.moves import outbox
from service.play.notes import clean
from service.store import eventstore
from service.store.eventstore import Loaded, now
from service.store.models import MuteRow, TalkRow
from service.table.events import SAID
from service.words import _, n_

LONGEST = 1000
"""Characters one saying holds at most: longer is cut, and the answer says so."""
PER_HOUR = 10
"""Sayings a seat may make in an hour: more are refused, and the answer says when."""
HOUR = timedelta(hours=1)


@dataclass(frozen=True)
class Said:
    """What saying did: the words as said, how many characters were cut (0: none), and the
    game after the event."""

    text: str
    cut: int
    loaded: Loaded
    outbox_ids: list[int]


def digest(salt: str, text: str) -> str:
    """The words' digest that the log's chain covers: HMAC-SHA256 keyed by their salt."""
    return hmac.new(salt.encode("ascii"), text.encode("utf-8"), hashlib.sha256).hexdigest()


def say(
    session: Session, game_id: str, seat: str, generation: int, text: str, *, to: str | None = None
) -> Said:
    """Record ``text`` as said by ``seat`` to the table, or to the seat ``to`` alone: a
    ``table.said`` event (naming ``to``) and its words beside it. Nothing said (empty once
    cleaned), a seat that said :data:`PER_HOUR` things in the last hour: refused, nothing
    recorded."""
    loaded = eventstore.load(session, game_id)
    check_holder(loaded, seat, generation)
    if loaded.row.over:
        raise Stale(_("The game is over."), game_id=game_id)
    words = clean(text)
    if not words:
        raise BadRequest(_("There were no words to pass on to the table."))
    since = now() - HOUR
    recent = session.scalar(
        select(func.count())
        .select_from(TalkRow)
        .where(TalkRow.game_id == game_id, TalkRow.seat == seat, TalkRow.said_at > since)
    )
    if (recent or 0) >= PER_HOUR:
        raise TooSoon(
            n_(
                "You said {n} thing to the table in the last hour, as many as an hour "
                "allows: nothing was passed on. Try again later.",
                "You said {n} things to the table in the last hour, as many as an hour "
                "allows: nothing was passed on. Try again later.",
                n=PER_HOUR,
            ),
            game_id=game_id,
        )
    cut = max(0, len(words) - LONGEST)
    words = words[:LONGEST].rstrip()
    salt = secrets.token_hex(16)
    event: dict[str, str] = {"type": SAID, "seat": seat, "digest": digest(salt, words)}
    if to is not None:
        event["to"] = to
    after = eventstore.record(session, loaded, [event], seat)
    session.add(
        TalkRow(game_id=game_id, seq=after.seq, seat=seat, said_at=now(), salt=salt, text=words)
    )
    session.flush()
    # An email at once to each player who hears it; the send skips those who chose a daily
    # digest or no turn emails (kinds.KINDS["talk"].turn_news): their next email tells it.
    hearing = [
        s.seat
        for s in after.row.seats
        if s.seat != seat
        and s.left_at is None
        and s.email is not None
        and hears(event, s.seat)
        and seat not in muted(session, game_id, s.seat)
    ]
    outbox_ids = outbox(session, after.row, hearing, "talk", after.seq)
    return Said(words, cut, after, outbox_ids)


def hears(payload: Mapping[str, object], seat: str | None) -> bool:
    """Whether ``seat`` (None: anyone, a spectator) may read what a ``table.said`` event said:
    words to the table, anyone; words to one player, that player and the speaker alone."""
    to = payload.get("to")
    return to is None or (seat is not None and seat in (to, payload.get("seat")))


def words_at(session: Session, game_id: str, seqs: Iterable[int]) -> dict[int, str | None]:
    """The words said at these events of the game (None: erased)."""
    wanted = set(seqs)
    if not wanted:
        return {}
    with session.no_autoflush:
        rows = session.execute(
            select(TalkRow.seq, TalkRow.text).where(
                TalkRow.game_id == game_id, TalkRow.seq.in_(wanted)
            )
        ).all()
    return {seq: text for seq, text in rows}


def kept(session: Session, game_id: str, seqs: Iterable[int]) -> dict[int, tuple[str, str]]:
    """The salt and words kept at these events of the game; erased ones are not."""
    wanted = set(seqs)
    if not wanted:
        return {}
    rows = session.execute(
        select(TalkRow.seq, TalkRow.salt, TalkRow.text).where(
            TalkRow.game_id == game_id, TalkRow.seq.in_(wanted)
        )
    ).all()
    return {seq: (salt, text) for seq, salt, text in rows if salt is not None and text is not None}


def erase(session: Session, spans: Iterable[tuple[str, str, int, int | None]]) -> None:
    """What was said by the seats of these spans (game, seat, after seq, up to seq or None
    for the newest: one player's time in the seat) is erased: words and salt go, the event
    stays. Another player's words in the same seat, before or after, stay."""
    for game_id, seat, after, upto in spans:
        held = [TalkRow.game_id == game_id, TalkRow.seat == seat, TalkRow.seq > after]
        if upto is not None:
            held.append(TalkRow.seq <= upto)
        session.execute(update(TalkRow).where(*held).values(text=None, salt=None))


def muted(session: Session, game_id: str, seat: str) -> set[str]:
    """The seats whose talk ``seat``'s player chose to read no more."""
    with session.no_autoflush:
        return set(
            session.scalars(
                select(MuteRow.muted).where(MuteRow.game_id == game_id, MuteRow.seat == seat)
            )
        )


def mute(session: Session, game_id: str, seat: str, generation: int, other: str, on: bool) -> None:
    """``seat``'s player reads no more of ``other``'s talk (``on``), or reads it again."""
    check_holder(eventstore.load(session, game_id), seat, generation)
    row = session.get(MuteRow, (game_id, seat, other))
    if on and row is None:
        session.add(MuteRow(game_id=game_id, seat=seat, muted=other))
    elif not on and row is not None:
        session.delete(row)


def drop_mutes(session: Session, seats: Iterable[tuple[str, str]]) -> None:
    """The mutes these (game, seat) pairs' player chose go: the player left the seat."""
    for game_id, seat in seats:
        session.execute(delete(MuteRow).where(MuteRow.game_id == game_id, MuteRow.seat == seat))


def altered(session: Session, game_id: str, digests: dict[int, str]) -> list[int]:
    """The events (of ``digests``: seq to the digest the chain covers) whose kept words do
    not match their digest: words changed beside the log. Erased words are no change."""
    if not digests:
        return []
    rows = session.scalars(
        select(TalkRow).where(TalkRow.game_id == game_id, TalkRow.seq.in_(set(digests)))
    )
    return sorted(
        r.seq
        for r in rows
        if r.text is not None
        and (r.salt is None or not hmac.compare_digest(digest(r.salt, r.text), digests[r.seq]))
    )
