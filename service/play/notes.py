"""A player's private notes on a game (issue 35 §3): one note per seat, written on the seat
page or by replying ``note ...``, shown only to that seat's own player, on their seat and
turn pages and in their turn emails.

A note is kept beside the game (:class:`service.store.models.NoteRow`), never in its log:
no event, hash, history, replay, export or other seat's view holds it. It is the player's
own text and hostile like any: it is cleaned here of what no note needs (control and
direction-changing characters), capped at :data:`LONGEST` characters, and escaped wherever it
is shown (autoescaped templates, plain text parts). The seat's player finds it in their own
data download (:mod:`service.play.takeout`); it goes when the seat is handed to another
player (:func:`service.play.slowplay.claim`) and when its player is forgotten
(:mod:`service.play.forgetting`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from service.errors import BadRequest
from service.play.holders import check_holder
from service.store import eventstore
from service.store.eventstore import now
from service.store.models import NoteRow
from service.words import n_

LONGEST = 2000
"""Characters a note holds at most: a page of a player's own reminders."""
KEPT_CONTROLS = frozenset("\n\t")
DIRECTION = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
"""Embeddings, overrides and isolates: in a note they could only turn the text around it."""


@dataclass(frozen=True)
class Kept:
    """What saving a note did: its text as kept (``""``: cleared), and how many characters
    of what was written were cut beyond :data:`LONGEST` (0: none)."""

    text: str
    cut: int = 0


def clean(text: str) -> str:
    """``text`` as a note keeps it: line breaks as ``\\n``, without control characters
    (a tab and a line break excepted), direction-changing or unassigned ones, and without
    blank space at either end or at the end of a line."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    kept = "".join(
        c
        for c in text
        if c in KEPT_CONTROLS
        or (unicodedata.category(c) not in ("Cc", "Cs", "Cn") and c not in DIRECTION)
    )
    return "\n".join(line.rstrip() for line in kept.split("\n")).strip()


def of(session: Session, game_id: str, seat: str) -> str | None:
    """The note of ``seat`` in ``game_id``, or None. Only ever shown to that seat's own
    player: the caller has checked the link or the reply address naming the seat."""
    with session.no_autoflush:  # a read on the way: the caller's pending changes stay one
        found: str | None = session.scalar(
            select(NoteRow.text).where(NoteRow.game_id == game_id, NoteRow.seat == seat)
        )
    return found


def keep(
    session: Session, game_id: str, seat: str, generation: int, text: str, *, cut: bool
) -> Kept:
    """Keep ``text`` as the seat's note; an empty one clears it. The seat's present player
    only (the link's or reply address's generation). Longer than :data:`LONGEST`: refused
    (:class:`BadRequest`, nothing kept), or, with ``cut``, its first :data:`LONGEST`
    characters kept (a reply cannot be edited and sent again as a form can)."""
    loaded = eventstore.load(session, game_id)
    check_holder(loaded, seat, generation)
    said = clean(text)
    over = len(said) - LONGEST
    if over > 0 and not cut:
        raise BadRequest(
            n_(
                "A note holds at most {n} character; yours is longer. Nothing was saved: "
                "shorten it and save it again.",
                "A note holds at most {n} characters; yours is longer. Nothing was saved: "
                "shorten it and save it again.",
                n=LONGEST,
            )
        )
    said = said[:LONGEST].rstrip()
    row = session.get(NoteRow, (game_id, seat))
    if not said:
        if row is not None:
            session.delete(row)
        return Kept("")
    if row is None:
        session.add(NoteRow(game_id=game_id, seat=seat, text=said, updated_at=now()))
    else:
        row.text, row.updated_at = said, now()
    return Kept(said, max(over, 0))


def drop(session: Session, seats: Iterable[tuple[str, str]]) -> None:
    """The notes of these (game, seat) pairs go: their player left the seat."""
    for game_id, seat in seats:
        session.execute(delete(NoteRow).where(NoteRow.game_id == game_id, NoteRow.seat == seat))


def of_seats(session: Session, seats: Iterable[tuple[str, str]]) -> list[NoteRow]:
    """The notes of these (game, seat) pairs, by game and seat."""
    wanted = set(seats)
    if not wanted:
        return []
    games = {g for g, _s in wanted}
    rows = session.scalars(
        select(NoteRow).where(NoteRow.game_id.in_(games)).order_by(NoteRow.game_id, NoteRow.seat)
    )
    return [r for r in rows if (r.game_id, r.seat) in wanted]
