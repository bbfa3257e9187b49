"""What happened since a player last decided, in the game's own words (the turn email's
"Since your last turn"). A move a day means a player returns to a board that moved: the
email says how, before it shows the board.

Each event is told by ``game.narrate(state_before, event, seat)``, as that seat may read it
(DESIGN.md §3: like ``view``, the narration never shows what the seat may not see).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from service import words
from service.boards.naming import with_names
from service.play import talk
from service.store import eventstore
from service.store import names as shown_names
from service.store.eventstore import Loaded
from service.store.models import EventRow
from service.table import logfold
from service.table.events import PLAN_FIRED, SAID
from service.table.state import is_table
from service.words import _

LIMIT = 30
"""Lines an email tells at most; the history holds the rest."""

_LAST_DECISION = select(func.max(EventRow.seq)).where(
    EventRow.game_id == bindparam("game_id"),
    EventRow.seat == bindparam("seat"),
    EventRow.move.is_not(None),
)


@dataclass(frozen=True)
class News:
    lines: list[str]
    """The newest ``LIMIT`` sentences, oldest first."""
    earlier: int
    """How many more sentences came before them (read them in the history)."""


def since_last_decision(session: Session, loaded: Loaded, seat: str) -> News:
    """The game events after ``seat``'s last decision (from the start if it has made none),
    narrated for ``seat``; bookkeeping and what was taken back are left out."""
    row, game = loaded.row, loaded.game
    after = session.scalar(_LAST_DECISION, {"game_id": row.id, "seat": seat}) or 0
    if after >= loaded.seq:
        return News(lines=[], earlier=0)
    rows = eventstore.events_of(session, row.id, after=after, upto=loaded.seq)
    muted = talk.muted(session, row.id, seat)
    heard = [
        e.seq
        for e in rows
        if e.type == SAID and e.seat != seat and e.seat not in muted and talk.hears(e.payload, seat)
    ]
    said = talk.words_at(session, row.id, heard)
    try:
        start = eventstore.folded_at(session, row, game, after)
        lines = _told(loaded, seat, rows, start, said)
    except logfold.RewindUnknown:  # a takeback reached behind the snapshot: fold it all
        start = eventstore.load_from_start(session, row, game, after)
        lines = _told(loaded, seat, rows, start, said)
    return News(lines=lines[-LIMIT:], earlier=max(0, len(lines) - LIMIT))


def _told(
    loaded: Loaded,
    seat: str,
    rows: list[EventRow],
    start: logfold.Folded | None,
    said: dict[int, str | None],
) -> list[str]:
    """Each event narrated for ``seat``, and what the others said to the table (``said``:
    their words by seq, issue 35 §2)."""
    row, game = loaded.row, loaded.game
    folder = logfold.Folder(game, [s.seat for s in row.seats], start)
    undone = {s for first, last in loaded.table.undone for s in range(first, last + 1)}
    names = shown_names.of_game(row)
    lines: list[str] = []
    for event, payload in zip(rows, eventstore.payloads(rows, row.game), strict=True):
        before = folder.now.state
        folder.feed(event, payload)
        if event.seq in said:
            lines.append(_heard(names, event.seat, said[event.seq], "to" in payload))
        if payload["type"] == PLAN_FIRED and event.seq not in undone:
            # Issue 38 §2: a planned move is told as any move, "(planned)" before it.
            who = names.get(event.seat or "", str(event.seat))
            lines.append(str(words.text(_("{name} planned the next move ahead:", name=who))))
        if is_table(payload) or event.seq in undone:
            continue
        text = game.narrate(before, payload, seat)
        if text:
            lines.append(with_names(text, names))
    return lines


def _heard(names: dict[str, str], seat: str | None, said: str | None, alone: bool) -> str:
    who = names.get(seat or "", str(seat))
    if alone and said is not None:
        return str(words.text(_("{who} said to you alone: {words}", who=who, words=said)))
    if said is None:
        return str(words.text(_("{who} said something (erased)", who=who)))
    return str(words.text(_("{who} said: {words}", who=who, words=said)))
