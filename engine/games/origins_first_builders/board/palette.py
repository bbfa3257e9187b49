"""Origins: First Builders' colours, shared by its picture and its panels: the dice and
buildings, the resources, each seat's discs, and the paper they are drawn on."""

from __future__ import annotations

from typing import Any

View = dict[str, Any]
"""A seat's view (``engine.games.origins_first_builders.view``): all a board reads."""

DIE_FILL = {
    "red": "#d64541",
    "orange": "#f08a24",
    "yellow": "#f2c80f",
    "blue": "#3a78c9",
    "purple": "#8e5bb5",
    "grey": "#bdb6aa",
}
"""The five citizen and building colours of the rulebook («Граждане»), and the grey of the
Agora and the Palace («Расширение города»)."""
DIE_INK = {
    "red": "#ffffff",
    "orange": "#2b2b2b",
    "yellow": "#2b2b2b",
    "blue": "#ffffff",
    "purple": "#ffffff",
    "grey": "#2b2b2b",
}
DIE_TINT = {
    "red": "#f7d4d3",
    "orange": "#fde3c8",
    "yellow": "#fcf1bf",
    "blue": "#d5e3f5",
    "purple": "#e6d9f0",
    "grey": "#ebe7e0",
}
FARM_FILL = "#d9c48f"
FARM_LINE = "#b39b5c"

SEAT_COLOURS: tuple[tuple[str, str, str], ...] = (
    ("green", "#2e8b57", "#ffffff"),
    ("brown", "#8b5a2b", "#ffffff"),
    ("black", "#303030", "#ffffff"),
    ("white", "#f7f7f2", "#2b2b2b"),
)
"""(name, fill, ink) of each seat's discs and archon, in seat order; the rulebook's examples
play green, brown, black and blue, and blue would be mistaken for a blue die."""
DUMMY = ("grey", "#a0a0a0", "#ffffff")
"""ru «Одиночный режим»: the solo war track's disc of another colour."""

RESOURCE_FILL = {"stone": "#9aa0a6", "food": "#7cb342", "wisdom": "#4fc3f7", "gold": "#e8b923"}
RESOURCE_LETTER = {"stone": "S", "food": "F", "wisdom": "W", "gold": "G"}

INK = "#2b2b2b"
MUTED = "#7a6a4f"
PAPER = "#fbf8f1"
PANEL = "#ffffff"
EDGE = "#d9cfbb"
HIGHLIGHT = "#2e9e5b"


def seat_colours(view: View) -> dict[str, tuple[str, str, str]]:
    seats = view.get("seats") or list(view.get("players", {}))
    colours = {s: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, s in enumerate(seats)}
    colours["dummy"] = DUMMY
    return colours


def seat_mark(view: View, seat: str) -> str:
    """What a disc shows: the seat's number in seat order, "D" for the solo dummy."""
    seats = list(view.get("seats") or [])
    if seat in seats:
        return str(seats.index(seat) + 1)
    return "D" if seat == "dummy" else seat[:1].upper()
