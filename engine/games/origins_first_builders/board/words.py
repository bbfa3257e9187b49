"""Origins: First Builders' short words, shared by its picture, panels and text.

Everything is derived from what a seat's view holds (``engine.games.origins_first_builders.view``):
the short labels below only abbreviate texts the view carries in full.
"""

from __future__ import annotations

from typing import Any

from engine.games.origins_first_builders import words as word
from engine.games.origins_first_builders.board.palette import RESOURCE_LETTER, View
from engine.games.origins_first_builders.words import _
from engine.kit.words import Msg, Seat

ACTION_SHORT = {
    "stone3": _("Gain 3 stone"),
    "war": _("War +2 and/or attack"),
    "food3": _("Gain 3 food"),
    "build": _("Buy a building"),
    "wisdom3": _("Gain 3 wisdom"),
    "temple": _("1 stone: temple +2 and its card"),
    "basic_gold": _("1 basic resource + 1 gold"),
    "citizen": _("Take a citizen die"),
    "one_each": _("1 stone, 1 food, 1 wisdom"),
    "feed": _("1-3 food: +1 to a citizen or war"),
}
"""The appendix «Действия на игровом поле» in a few words; the view's text is the full one."""
BONUS_SHORT = {
    "temple_step": _("1 stone: temple +1"),
    "build": _("1 food: buy a building"),
    "war": _("1 wisdom: war +1 or attack"),
    "speaker": _("Take a speaker die"),
    "basic": _("Gain 1 basic resource"),
}
"""The appendix «Жетоны бонусных действий» in a few words."""

FIRST = _("first player")
"""How the text and the picture mark the first player (the panels write "1st")."""


def seat_marks(view: View, seat: str, first: Msg = FIRST) -> list[Msg]:
    """What marks a player out now, in the order the text, panels and picture give it: you,
    to play, first player (``first``: how it is written there), passed."""
    going = not view.get("over")
    marks = [
        (_("you"), seat == view.get("you")),
        (_("to play"), going and seat == view.get("current")),
        (first, seat == view.get("first_player")),
        (_("passed"), going and bool(view.get("players", {}).get(seat, {}).get("passed"))),
    ]
    return [word for word, shown in marks if shown]


def reward_short(words: str) -> str:
    """A war-track reward in letters: "1F", "2G", "B+W", "B>G" (see the legend)."""
    w = str.__str__(words).lower()
    if not w or w.startswith("no"):
        return ""
    if "may become" in w:
        return "B>G"
    if w.startswith("1 basic resource and 1 "):
        return "B+" + _letter(w.removeprefix("1 basic resource and 1 "))
    number, _sep, what = w.partition(" ")
    return f"{number}{_letter(what)}" if number.isdigit() else w[:3]


def _letter(resource: str) -> str:
    return RESOURCE_LETTER.get(resource.strip(), resource[:1].upper())


def die_words(die: dict[str, Any]) -> Msg:
    return word.die(die["colour"], die["value"])


def status_lines(view: View) -> list[Msg]:
    """Where the game stands, in a few sentences."""
    lines: list[Msg] = []
    players = view.get("players", {})
    if view.get("over"):
        reasons = view.get("end_reasons") or []
        if reasons:
            lines.append(_("The game is over ({reasons}).", reasons=word.joined(reasons, "; ")))
        else:
            lines.append(_("The game is over."))
        ranking = sorted(players, key=lambda s: -players[s].get("score", 0))
        scores = word.joined(
            _("{seat} {score}", seat=Seat(s), score=players[s].get("score", 0)) for s in ranking
        )
        lines.append(_("Final scores: {scores}.", scores=scores))
        return lines
    if view.get("phase") == "draft" and view.get("solo"):
        lines.append(_("Setup: the two highest dice go back, then you keep two of the three left."))
    elif view.get("phase") == "draft":
        order = (view.get("draft") or {}).get("order") or []
        if order:
            lines.append(
                _(
                    "Setup: the players draft their starting citizens ({order}).",
                    order=word.joined(Seat(s) for s in order),
                )
            )
        else:
            lines.append(_("Setup: the players draft their starting citizens."))
    else:
        a = {
            "round": view.get("round", 0),
            "seat": Seat(view.get("current") or ""),
            "first": Seat(view.get("first_player") or ""),
        }
        if view.get("current") and view.get("first_player"):
            lines.append(_("Round {round}: {seat} to play (first player {first}).", **a))
        elif view.get("current"):
            lines.append(_("Round {round}: {seat} to play.", **a))
        elif view.get("first_player"):
            lines.append(_("Round {round} (first player {first}).", **a))
        else:
            lines.append(_("Round {round}.", **a))
    if view.get("prompt"):
        prompt = view["prompt"]
        if str(prompt).endswith("."):
            lines.append(prompt)
        else:
            lines.append(_("{sentence}.", sentence=prompt))
    return lines
