"""The games anyone can watch, newest first, a page at a time (issue 20, home page).

Every game's seats are written with it and never added later, so the first seat's id
grows with the games' creation: the newest games are the first seats read backwards
along the seats' primary key, a page at a time (``before``: the last page's last seat
id), never a scan of the games table."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from engine import registry
from service.store import names as shown_names
from service.store.models import GameRow, SeatRow


def newest(session: Session, before: int | None, limit: int) -> dict[str, Any]:
    """``limit`` games created before the seat id ``before`` (``None``: the newest), each
    with its players' names, and the ``before`` of the next page (``None``: no more)."""
    query = select(SeatRow.id, SeatRow.game_id).where(SeatRow.position == 0)
    if before is not None:
        query = query.where(SeatRow.id < before)
    firsts = session.execute(query.order_by(SeatRow.id.desc()).limit(limit + 1)).all()
    more = len(firsts) > limit
    firsts = firsts[:limit]
    ids = [game_id for _, game_id in firsts]
    rows = {r.id: r for r in session.scalars(select(GameRow).where(GameRow.id.in_(ids)))}
    names: dict[str, list[str]] = {game_id: [] for game_id in ids}
    seats = select(
        SeatRow.game_id, SeatRow.name, SeatRow.position, SeatRow.left_at.is_not(None)
    ).where(SeatRow.game_id.in_(ids))
    found = session.execute(seats.order_by(SeatRow.game_id, SeatRow.position))
    for game_id, name, position, left in found:
        names[game_id].append(shown_names.shown(name, position + 1, left=left))
    return {
        "games": [_game(rows[game_id], names[game_id]) for game_id in ids if game_id in rows],
        "next": firsts[-1][0] if more and firsts else None,
        "newest": before is None,
    }


def _game(row: GameRow, players: list[str]) -> dict[str, Any]:
    try:
        title = registry.get(row.game).title
    except KeyError:  # a game no longer served (EXTRA_GAMES): still listed, by its name
        title = row.game
    return {
        "id": row.id,
        "title": title,
        "players": players,
        "over": row.over,
        "events": row.last_seq,
        "created": row.created_at.strftime("%Y-%m-%d"),
        "url": f"/games/{row.id}",
    }
