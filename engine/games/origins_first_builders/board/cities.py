"""What the board reads about cities from a seat's view: whose city is drawn large, where a
building may go, and which districts are open."""

from __future__ import annotations

from typing import Any

from engine.games.origins_first_builders.board.palette import View


def focus_seat(view: View) -> str | None:
    """Whose city is drawn large: the reader's, else (for a spectator) the player to move,
    else the first seat."""
    players = view.get("players", {})
    for seat in (view.get("you"), view.get("current")):
        if seat in players:
            return str(seat)
    return next(iter(players), None)


def placing(view: View, seat: str | None) -> bool:
    """Whether ``seat`` is choosing where a building goes in its city."""
    turn = view.get("turn") or {}
    awaiting = turn.get("awaiting") or []
    return bool(seat) and turn.get("seat") == seat and awaiting[:1] == ["place"]


def free_spaces(city: dict[str, Any]) -> list[tuple[int, int]]:
    """ru «Размещение зданий»: empty cells touching a tile by a side, in reading order."""
    cells = {(t["x"], t["y"]) for t in city.get("tiles", [])}
    around = {(x + dx, y + dy) for x, y in cells for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))}
    return sorted(around - cells, key=lambda c: (c[1], c[0]))


def open_districts(city: dict[str, Any]) -> list[tuple[int, int]]:
    """ru «Закрыть район»: 2x2 blocks of tiles whose power centre is still empty, by the
    top-left cell."""
    cells = {(t["x"], t["y"]) for t in city.get("tiles", [])}
    closed = {(c["x"], c["y"]) for c in city.get("centres", [])}
    found = [
        (x, y)
        for x, y in cells
        if {(x + 1, y), (x, y + 1), (x + 1, y + 1)} <= cells and (x, y) not in closed
    ]
    return sorted(found, key=lambda c: (c[1], c[0]))
