"""Origin's board as plain text, for the text part of emails: the status, the reader's hand,
every player, the reward board and what stands on the map."""

from __future__ import annotations

from typing import Any

from engine.games.origin.board.palette import DECK_COLOUR, View, seat_colours
from engine.games.origin.board.words import (
    card_tag,
    hand_cards,
    objectives_held,
    occupied,
    pawn_label,
    score_parts,
    stacks_words,
    status,
    strait_names,
    territory_words,
)
from engine.games.origin.moves import pawn_words


def text(view: View) -> str:
    colours = seat_colours(view)
    out = status(view)
    me = view.get("you")
    if me and view.get("hand") is not None:
        out += ["", f"Your hand ({me}):"]
        out += [f"  {_card_line(c)}" for c in hand_cards(view)] or ["  (empty)"]
    if view.get("choosing"):
        out += ["", "You are choosing among:"]
        out += [f"  {_card_line(c)}" for c in view["choosing"]]
    out += ["", "Players:"]
    for seat, p in view.get("players", {}).items():
        marks = [colours.get(seat, ("", ""))[0]]
        if seat == me:
            marks.append("you")
        if seat == view.get("current"):
            marks.append("to play")
        if seat == view.get("first_player"):
            marks.append("first player")
        parts = score_parts(p)
        out.append(
            f"  {seat} ({', '.join(m for m in marks if m)}): {p.get('score', 0)} pts"
            + (f" ({parts})" if parts else "")
        )
        out.append(
            f"    hand {_hand_words(p.get('hand', {}), p.get('objective_limit'))}; "
            f"villages left {p.get('villages_left', 0)}; "
            f"pawns on board {p.get('pawns_on_board', 0)}"
        )
        extras = [f"innovation stacks {stacks_words(p.get('innovation_stacks', []))}"]
        if p.get("hunting_tokens"):
            extras.append("hunting " + " ".join(str(v) for v in p["hunting_tokens"]))
        if p.get("strait_tokens"):
            names = strait_names(view)
            extras.append(
                "straits "
                + ", ".join(
                    f"{names.get(s['strait'], s['strait'])} {s['value']}"
                    for s in p["strait_tokens"]
                )
            )
        if p.get("war_trophies"):
            extras.append(f"war trophies {p['war_trophies']}")
        out.append("    " + "; ".join(extras))
        if p.get("permanents_in_play"):
            out.append("    in play: " + ", ".join(c["name"] for c in p["permanents_in_play"]))
        if p.get("completed_objectives"):
            out.append(
                "    completed: "
                + ", ".join(
                    f"{c['name']} ({c.get('points', 0)})" for c in p["completed_objectives"]
                )
            )
    out += ["", *_reward_lines(view)]
    out += ["", "On the map:"]
    for t in occupied(view):
        things = []
        if t.get("pawn"):
            things.append(pawn_label(t["pawn"]))
        if t.get("village"):
            things.append(f"village of {t['village']}")
        if t.get("hunting_token") is not None:
            things.append(f"hunting token {t['hunting_token']}")
        out.append(f"  {territory_words(t)}: {', '.join(things)}")
    hunting = [
        f"{t['name']} {t['hunting_token']}"
        for t in view.get("territories", [])
        if t.get("hunting_token") is not None and not (t.get("pawn") or t.get("village"))
    ]
    if hunting:
        out.append("  Hunting tokens: " + ", ".join(hunting))
    straits = [f"{s['name']} {s['token']}" for s in view.get("straits", []) if s.get("token")]
    if straits:
        out.append("  Strait tokens: " + ", ".join(straits))
    return "\n".join(out)


def _hand_words(hand: dict[str, int], limit: int | None) -> str:
    return (
        f"{hand.get('actions', 0)} action, {hand.get('permanents', 0)} permanent, "
        f"{objectives_held(hand, limit)} objective"
    )


def _card_line(card: dict[str, Any]) -> str:
    tag = card_tag(card)
    kind = DECK_COLOUR.get(card.get("kind", ""), "")
    head = f"{card['name']} [{kind} {card.get('kind', '')}{', ' + tag if tag else ''}]"
    return f"{head}: {card['text']}" if card.get("text") else head


def _reward_lines(view: View) -> list[str]:
    board = view.get("reward_board") or {}
    columns = board.get("columns", {})
    lines = [
        "Reward board: "
        + " | ".join(
            f"{c} {' '.join(str(v) for v in levels) or '-'}" for c, levels in columns.items()
        )
    ]
    decks = ", ".join(f"{d} {n}" for d, n in board.get("decks", {}).items())
    lines.append(f"  Face-down tiles {board.get('face_down_reserve', 0)}; decks: {decks}")
    if board.get("action_discard"):
        lines.append("  Discard: " + ", ".join(c["name"] for c in board["action_discard"]))
    reserve = view.get("pawn_reserve") or []
    if reserve:
        total = sum(k.get("count", 1) for k in reserve)
        groups: dict[str, list[str]] = {}
        for k in reserve:
            size = pawn_words(k["height"], k["strength"], k["colour"]).rsplit(" ", 2)[0]
            count = k.get("count", 1)
            groups.setdefault(size, []).append(k["colour"] + (f" ×{count}" if count > 1 else ""))
        kinds = "; ".join(f"{size} {'/'.join(colours)}" for size, colours in groups.items())
        lines.append(f"  Pawn reserve ({total}): {kinds}")
    return lines
