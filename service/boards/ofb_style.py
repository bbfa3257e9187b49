"""Origins: First Builders' colours and short words, shared by its picture, panels and text.

Everything is derived from what a seat's view holds (``engine.games.origins_first_builders.view``):
the short labels below only abbreviate texts the view carries in full.
"""

from __future__ import annotations

from typing import Any

View = dict[str, Any]

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

ACTION_SHORT = {
    "stone3": "Gain 3 stone",
    "war": "War +2 and/or attack",
    "food3": "Gain 3 food",
    "build": "Buy a building",
    "wisdom3": "Gain 3 wisdom",
    "temple": "1 stone: temple +2 and its card",
    "basic_gold": "1 basic resource + 1 gold",
    "citizen": "Take a citizen die",
    "one_each": "1 stone, 1 food, 1 wisdom",
    "feed": "1-3 food: +1 to a citizen or war",
}
"""The appendix «Действия на игровом поле» in a few words; the view's text is the full one."""
BONUS_SHORT = {
    "temple_step": "1 stone: temple +1",
    "build": "1 food: buy a building",
    "war": "1 wisdom: war +1 or attack",
    "speaker": "Take a speaker die",
    "basic": "Gain 1 basic resource",
}
"""The appendix «Жетоны бонусных действий» in a few words."""


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


def seat_marks(view: View, seat: str, first: str = "first player") -> list[str]:
    """What marks a player out now, in the order the text, panels and picture give it: you,
    to play, first player (``first``: how it is written there), passed."""
    going = not view.get("over")
    marks = [
        ("you", seat == view.get("you")),
        ("to play", going and seat == view.get("current")),
        (first, seat == view.get("first_player")),
        ("passed", going and bool(view.get("players", {}).get(seat, {}).get("passed"))),
    ]
    return [word for word, shown in marks if shown]


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


def reward_short(words: str) -> str:
    """A war-track reward in letters: "1F", "2G", "B+W", "B>G" (see the legend)."""
    w = words.lower()
    if not w or w.startswith("no"):
        return ""
    if "may become" in w:
        return "B>G"
    if w.startswith("1 basic resource and 1 "):
        return "B+" + _letter(w.removeprefix("1 basic resource and 1 "))
    number, _, what = w.partition(" ")
    return f"{number}{_letter(what)}" if number.isdigit() else w[:3]


def _letter(resource: str) -> str:
    return RESOURCE_LETTER.get(resource.strip(), resource[:1].upper())


def die_words(die: dict[str, Any]) -> str:
    return f"{die['colour']} {die['value']}"


def status_lines(view: View) -> list[str]:
    """Where the game stands, in a few sentences."""
    lines = []
    players = view.get("players", {})
    if view.get("over"):
        reasons = "; ".join(view.get("end_reasons") or [])
        lines.append("The game is over" + (f" ({reasons})." if reasons else "."))
        ranking = sorted(players, key=lambda s: -players[s].get("score", 0))
        scores = ", ".join(f"{s} {players[s].get('score', 0)}" for s in ranking)
        lines.append(f"Final scores: {scores}.")
        return lines
    if view.get("phase") == "draft" and view.get("solo"):
        lines.append("Setup: the two highest dice go back, then you keep two of the three left.")
    elif view.get("phase") == "draft":
        order = ", ".join((view.get("draft") or {}).get("order") or [])
        lines.append(
            "Setup: the players draft their starting citizens" + (f" ({order})." if order else ".")
        )
    else:
        head = f"Round {view.get('round', 0)}"
        if view.get("current"):
            head += f": {view['current']} to play"
        if view.get("first_player"):
            head += f" (first player {view['first_player']})"
        lines.append(head + ".")
    if view.get("prompt"):
        prompt = str(view["prompt"])
        lines.append(prompt + ("" if prompt.endswith(".") else "."))
    return lines
