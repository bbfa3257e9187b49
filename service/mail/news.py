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

from service.boards.naming import with_names
from service.store import eventstore
from service.store import names as shown_names
from service.store.eventstore import Loaded
from service.store.models import EventRow
from service.table import logfold
from service.table.state import is_table

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
    try:
        lines = _told(loaded, seat, rows, eventstore.folded_at(session, row, game, after))
    except logfold.RewindUnknown:  # a takeback reached behind the snapshot: fold it all
        lines = _told(loaded, seat, rows, eventstore.load_from_start(session, row, game, after))
    return News(lines=lines[-LIMIT:], earlier=max(0, len(lines) - LIMIT))


def _told(
    loaded: Loaded, seat: str, rows: list[EventRow], start: logfold.Folded | None
) -> list[str]:
    row, game = loaded.row, loaded.game
    folder = logfold.Folder(game, [s.seat for s in row.seats], start)
    undone = {s for first, last in loaded.table.undone for s in range(first, last + 1)}
    names = shown_names.of_game(row)
    lines: list[str] = []
    for event, payload in zip(rows, eventstore.payloads(rows, row.game), strict=True):
        before = folder.now.state
        folder.feed(event, payload)
        if is_table(payload) or event.seq in undone:
            continue
        text = game.narrate(before, payload, seat)
        if text:
            lines.append(with_names(text, names))
    return lines
