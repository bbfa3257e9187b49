"""Origins: First Builders' short words, shared by its picture, panels and text.

Everything is derived from what a seat's view holds (``engine.games.origins_first_builders.view``):
the short labels below only abbreviate texts the view carries in full.
"""

from __future__ import annotations

from typing import Any

from engine.games.origins_first_builders.board.palette import RESOURCE_LETTER, View

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
