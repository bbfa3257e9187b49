"""Origin's board in words, shared by the text of emails, the panels and the picture's hover
texts: a pawn, a territory, a card's tag, a player's hand and score, and the status lines
(whose turn, what is being decided, how near the end is)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.origin.board.palette import View
from engine.games.origin.moves import pawn_words


def pawn_label(pawn: dict[str, Any]) -> str:
    words = pawn_words(pawn["height"], pawn["strength"], pawn["colour"])
    if pawn.get("owner") is None:
        return f"neutral {words}"
    return f"{pawn['owner']}'s {words}"


def territory_words(t: dict[str, Any]) -> str:
    kind = "Origin" if t.get("origin") else (t.get("colour") or "no colour")
    return f"{t['name']} ({kind}, {t['continent']})"


def card_tag(card: dict[str, Any]) -> str:
    if card.get("kind") == "permanent" and "level" in card:
        return f"level {card['level']}"
    if card.get("kind") == "objective" and "points" in card:
        return f"{card['points']} pts"
    return ""


def hand_cards(view: View) -> list[dict[str, Any]]:
    """The reader's own hand, actions first, then permanents, then objectives."""
    hand = view.get("hand") or {}
    return [c for deck in ("actions", "permanents", "objectives") for c in hand.get(deck, [])]


def score_parts(player: dict[str, Any]) -> str:
    parts = [f"{k} {v}" for k, v in player.get("score_breakdown", {}).items() if v]
    return ", ".join(parts)


def objectives_held(hand: dict[str, int], limit: int | None) -> str:
    """Objectives in hand, and the most the player may hold (ru «Очень важно!»; Map)."""
    return f"{hand.get('objectives', 0)}" + (f"/{limit}" if limit is not None else "")


def strait_names(view: View) -> dict[str, str]:
    return {s["id"]: s["name"] for s in view.get("straits", [])}


def stacks_words(stacks: Sequence[Sequence[int]]) -> str:
    return ", ".join("-".join(str(level) for level in stack) for stack in stacks) or "none"


def occupied(view: View) -> list[dict[str, Any]]:
    return [t for t in view.get("territories", []) if t.get("pawn") or t.get("village")]


def status(view: View) -> list[str]:
    """Whose turn, what is being decided, and how near the end is."""
    lines = []
    phase = view.get("phase")
    if view.get("over"):
        reasons = "; ".join(view.get("end_reasons") or [])
        lines.append("The game is over" + (f" ({reasons})." if reasons else "."))
        players = view.get("players", {})
        ranking = sorted(players, key=lambda seat: -players[seat].get("score", 0))
        scores = ", ".join(f"{seat} {players[seat].get('score', 0)}" for seat in ranking)
        lines.append(f"Final scores: {scores}.")
    elif phase == "choose_objectives":
        lines.append("Setup: each player keeps one of the three objectives dealt.")
    elif view.get("current"):
        lines.append(f"Turn: {view['current']}.")
    if view.get("last_round") and not view.get("over"):
        who = view.get("end_triggered_by")
        left = ", ".join(view.get("final_turns_left") or [])
        line = "Last round" + (f", triggered by {who}" if who else "")
        line += f" ({'; '.join(view.get('end_reasons') or [])})" if view.get("end_reasons") else ""
        lines.append(line + (f"; still to play: {left}." if left else "."))
    turn = view.get("turn")
    if turn and not view.get("over"):
        done = ["action taken" if turn.get("acted") else "no action yet"]
        if turn.get("cards_played"):
            done.append("cards played: " + ", ".join(turn["cards_played"]))
        if turn.get("objectives_completed"):
            done.append(f"{turn['objectives_completed']} objective(s) completed")
        if turn.get("effects"):
            done.append("in effect: " + ", ".join(e.replace("_", " ") for e in turn["effects"]))
        if turn.get("swapped_with"):
            done.append(f"swapped with {turn['swapped_with']}")
        lines.append(f"This turn: {'; '.join(done)}.")
    if view.get("prompt") and not view.get("over"):
        lines.append(str(view["prompt"]) + ("" if str(view["prompt"]).endswith(".") else "."))
    return lines
