"""What the player's desk shows (issue 20): every game of one address, as plain dicts.

Cheap by construction: the seats come from one query (``signin.seats_of`` gives them), each
game's state from the state cache (``eventstore.load``), and the last thing that happened
from the newest few events alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from service import words
from service.boards.naming import with_names
from service.config import Settings
from service.links import urls as links
from service.present import notices, presentation
from service.store import eventstore
from service.store import names as shown_names
from service.store.eventstore import Loaded
from service.store.models import EventRow, SeatRow
from service.table import logfold
from service.table.state import is_table

RECENT = 6
"""Game events looked at, newest first, for one that the seat may read."""


def games(settings: Settings, session: Session, seats: Sequence[SeatRow]) -> dict[str, Any]:
    """The desk of the address these seats share: games under way (those waiting for the
    player first), then finished ones."""
    playing: list[dict[str, Any]] = []
    finished: list[dict[str, Any]] = []
    for seat in seats:
        loaded = eventstore.load(session, seat.game_id)
        # The deadline in the seat's own zone (issue 17), in the page's language.
        with words.speaking(words.language(), seat.time_zone):
            entry = _game(settings, session, loaded, seat)
        (finished if loaded.row.over or entry["resigned"] else playing).append(entry)
    playing.sort(key=lambda g: not g["acting"])
    return {"playing": playing, "finished": finished}


def _game(settings: Settings, session: Session, loaded: Loaded, seat: SeatRow) -> dict[str, Any]:
    me = seat.seat
    over = loaded.row.over
    # Issue 32: a player who resigned from a game going on is done with it, as with one over.
    resigned = me in loaded.table.resigned
    acting = (
        not over
        and not resigned
        and me in loaded.game.to_act(loaded.state)
        and me not in loaded.table.bots
    )
    return {
        "id": loaded.row.id,
        "title": loaded.game.title,
        "seat": me,
        "name": shown_names.of_seat(seat),
        "language": seat.language,
        "time_zone": seat.time_zone or "",
        "own_style": seat.notify,
        "acting": acting,
        "whose_turn": presentation.whose_turn(loaded, me),
        "deadline": notices.pace(loaded, me)["deadline"] if acting else None,
        "last": last_happened(session, loaded, me),
        "outcome": presentation.outcome(loaded) if over else None,
        "resigned": resigned,
        "act_url": links.decision_url(settings, loaded, me) if acting else None,
        "seat_url": None if resigned else links.seat_url(settings, loaded, me),
        "game_url": links.game_url(settings, loaded.row.id),
    }


def last_happened(session: Session, loaded: Loaded, seat: str) -> str | None:
    """The newest game event ``seat`` may read about, in the game's words (as the turn
    email's "Since your last turn" tells it); bookkeeping and what was taken back are left
    out. None before anything happened."""
    row, game = loaded.row, loaded.game
    newest = session.scalars(
        select(EventRow.seq)
        .where(EventRow.game_id == row.id, ~EventRow.type.startswith("table."))
        .order_by(EventRow.seq.desc())
        .limit(RECENT)
    ).all()
    undone = {s for first, last in loaded.table.undone for s in range(first, last + 1)}
    names = shown_names.of_game(row)
    for seq in newest:
        if seq in undone:
            continue
        try:
            before = eventstore.folded_at(session, row, game, seq - 1)
        except logfold.RewindUnknown:  # a takeback reached behind the snapshot
            before = eventstore.load_from_start(session, row, game, seq - 1)
        if before is None:
            continue  # the game's setup: nothing a player did
        rows = eventstore.events_of(session, row.id, after=seq - 1, upto=seq)
        payload = eventstore.payloads(rows, row.game)[0]
        if is_table(payload):
            continue
        text = game.narrate(before.state, payload, seat)
        if text:
            return with_names(text, names)
    return None
