"""Origin's colours, shared by its picture and its panels: the players', the territories'
(ru «Фаза награждения»: yellow, orange, purple, brown; green hunting grounds), the pawns'
and the decks' (ru «Компоненты»: action cards yellow, permanent orange, objective lilac)."""

from __future__ import annotations

from typing import Any

View = dict[str, Any]

PLAYER_COLOURS: tuple[tuple[str, str], ...] = (
    ("red", "#d62828"),
    ("blue", "#2456d6"),
    ("magenta", "#c026d3"),
    ("teal", "#0b8f84"),
)
NEUTRAL = "#8a8a8a"
TERRITORY_FILL = {
    "yellow": "#f4d03f",
    "orange": "#f0923a",
    "purple": "#a98bd6",
    "brown": "#a9764a",
    "green": "#79bd5c",
}
ORIGIN_FILL = "#fffaf0"
GOLD = "#c99a06"
PAWN_FILL = {"white": "#fbfbf7", "brown": "#8a5a2b", "black": "#1e1e1e"}
SEA = "#d5e8f2"
LAND = "#efe5cc"
LAND_EDGE = "#d9cba6"
INK = "#2b2b2b"
MUTED = "#7a6a4f"
STRAIT_INK = "#2f5f8a"
HUNT_FILL = "#2e6b2e"
DECK_COLOUR = {"action": "yellow", "permanent": "orange", "objective": "purple"}
DECK_FILL = {deck: TERRITORY_FILL[colour] for deck, colour in DECK_COLOUR.items()}


def seat_colours(view: View) -> dict[str, tuple[str, str]]:
    """Each seat's colour (name, hex), in seat order (ru: «Каждый игрок выбирает свой цвет»)."""
    seats = view.get("seats") or list(view.get("players", {}))
    return {seat: PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i, seat in enumerate(seats)}
