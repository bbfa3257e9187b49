"""Origin's board in words, shared by the text of emails, the panels and the picture's hover
texts: a pawn, a territory, a card's tag, a player's hand and score, and the status lines
(whose turn, what is being decided, how near the end is)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.origin.board.palette import View
from engine.games.origin.names import colour_word, commas, continent_name, semicolons
from engine.games.origin.names import pawn_words as properties
from engine.games.origin.words import _, n_, p_
from engine.kit.words import Msg, Seat

SCORE_PARTS: dict[str, Msg] = {
    "objectives": p_("score", "objectives"),
    "cards in hand": p_("score", "cards in hand"),
    "treasure": p_("score", "treasure"),
    "hunting tokens": p_("score", "hunting tokens"),
    "strait tokens": p_("score", "strait tokens"),
    "innovation tiles": p_("score", "innovation tiles"),
    "war trophies": p_("score", "war trophies"),
}
"""The parts of a score (``scoring.breakdown``'s keys), in words."""

EFFECTS: dict[str, Msg] = {
    "great_shaman": p_("effect", "great shaman"),
    "navigator": p_("effect", "navigator"),
    "control": p_("effect", "control"),
}
"""The action cards whose effect lasts the turn, as the status line names them."""

PLAYED: dict[str, Msg] = {
    "action": p_("played", "action"),
    "permanent": p_("played", "permanent"),
    "objective": p_("played", "objective"),
}
"""The kinds of card played this turn (one of each colour, ru «Карты»)."""


SEAT_COLOUR_WORDS: dict[str, Msg] = {
    "red": p_("seat colour", "red"),
    "blue": p_("seat colour", "blue"),
    "magenta": p_("seat colour", "magenta"),
    "teal": p_("seat colour", "teal"),
}
"""The players' colours (``palette.PLAYER_COLOURS``), in words."""


def pawn_label(pawn: dict[str, Any]) -> Msg:
    words = properties(pawn["height"], pawn["strength"], pawn["colour"])
    if pawn.get("owner") is None:
        return _("neutral {pawn} pawn", pawn=words)
    return _("{seat}'s {pawn} pawn", seat=Seat(pawn["owner"]), pawn=words)


def territory_words(t: dict[str, Any]) -> Msg:
    if t.get("origin"):
        kind: str = p_("territory", "Origin")
    else:
        kind = colour_word(t.get("colour")) if t.get("colour") else _("no colour")
    return _(
        "{territory} ({colour}, {continent})",
        territory=t["name"],
        colour=kind,
        continent=continent_name(t["continent"]),
    )


def card_tag(card: dict[str, Any]) -> str:
    if card.get("kind") == "permanent" and "level" in card:
        return _("level {level}", level=card["level"])
    if card.get("kind") == "objective" and "points" in card:
        return pts(card["points"])
    return ""


def pts(n: int) -> Msg:
    """Points, short: "5 pts"."""
    return n_("{n} pts", "{n} pts", n=n)


def hand_cards(view: View) -> list[dict[str, Any]]:
    """The reader's own hand, actions first, then permanents, then objectives."""
    hand = view.get("hand") or {}
    return [c for deck in ("actions", "permanents", "objectives") for c in hand.get(deck, [])]


def score_parts(player: dict[str, Any]) -> str:
    return commas(
        _("{part} {points}", part=SCORE_PARTS.get(k, k), points=v)
        for k, v in player.get("score_breakdown", {}).items()
        if v
    )


def objectives_held(hand: dict[str, int], limit: int | None) -> str:
    """Objectives in hand, and the most the player may hold (ru «Очень важно!»; Map)."""
    return f"{hand.get('objectives', 0)}" + (f"/{limit}" if limit is not None else "")


def strait_names(view: View) -> dict[str, str]:
    return {s["id"]: s["name"] for s in view.get("straits", [])}


def stacks_words(stacks: Sequence[Sequence[int]]) -> str:
    return ", ".join("-".join(str(level) for level in stack) for stack in stacks) or p_(
        "stacks", "none"
    )


def occupied(view: View) -> list[dict[str, Any]]:
    return [t for t in view.get("territories", []) if t.get("pawn") or t.get("village")]


def status(view: View) -> list[str]:
    """Whose turn, what is being decided, and how near the end is."""
    reasons = semicolons(view.get("end_reasons") or [])
    if view.get("over"):
        return _game_over(view, reasons)
    lines = _whose_turn(view)
    if view.get("last_round"):
        lines.append(_last_round(view, reasons))
    turn = view.get("turn")
    if turn:
        lines.append(_("This turn: {done}.", done=semicolons(_this_turn(turn))))
    if view.get("prompt"):
        told = view["prompt"]
        lines.append(told if str(told).endswith(".") else _("{sentence}.", sentence=told))
    return lines


def _game_over(view: View, reasons: str) -> list[str]:
    over = (
        _("The game is over ({reasons}).", reasons=reasons) if reasons else _("The game is over.")
    )
    players = view.get("players", {})
    ranking = sorted(players, key=lambda seat: -players[seat].get("score", 0))
    scores = commas(
        _("{seat} {score}", seat=Seat(seat), score=players[seat].get("score", 0))
        for seat in ranking
    )
    return [over, _("Final scores: {scores}.", scores=scores)]


def _whose_turn(view: View) -> list[str]:
    if view.get("phase") == "choose_objectives":
        return [_("Setup: each player keeps one of the three objectives dealt.")]
    if view.get("current"):
        return [_("Turn: {seat}.", seat=Seat(view["current"]))]
    return []


def _this_turn(turn: dict[str, Any]) -> list[str]:
    """What the player to play has done this turn: the action, cards, objectives, effects."""
    done: list[str] = [_("action taken") if turn.get("acted") else _("no action yet")]
    if turn.get("cards_played"):
        played = commas(PLAYED.get(c, c) for c in turn["cards_played"])
        done.append(_("cards played: {cards}", cards=played))
    if turn.get("objectives_completed"):
        n = turn["objectives_completed"]
        done.append(n_("{n} objective completed", "{n} objectives completed", n=n))
    if turn.get("effects"):
        effects = commas(EFFECTS.get(e, e.replace("_", " ")) for e in turn["effects"])
        done.append(_("in effect: {effects}", effects=effects))
    if turn.get("swapped_with"):
        done.append(_("swapped with {seat}", seat=Seat(turn["swapped_with"])))
    return done


def _last_round(view: View, reasons: str) -> Msg:
    """ru «Конец игры»: who triggered the end, why, and who still plays."""
    who = view.get("end_triggered_by")
    left = commas(Seat(s) for s in view.get("final_turns_left") or [])
    if who and reasons:
        if left:
            return _(
                "Last round, triggered by {seat} ({reasons}); still to play: {seats}.",
                seat=Seat(who),
                reasons=reasons,
                seats=left,
            )
        return _("Last round, triggered by {seat} ({reasons}).", seat=Seat(who), reasons=reasons)
    if left:
        return _("Last round; still to play: {seats}.", seats=left)
    return _("Last round.")
