"""The plain-text part of an Orichalk email: everything the view shows, in reading order."""

from __future__ import annotations

from typing import Any

from engine.games.orichalk.board.words import (
    creature_words,
    fight_words,
    island_lines,
    marks,
    plural,
    points_words,
    site_words,
    slot_words,
    status,
    titan_words,
)

View = dict[str, Any]


def text(view: View) -> str:
    out = status(view)
    if view.get("last_fight"):
        out.append("Last fight: " + fight_words(view["last_fight"]) + ".")
    players = view.get("players", {})
    first = sorted(players, key=lambda s: (s != view.get("you"), view["seats"].index(s)))
    out += ["", "Players:"]
    for seat in first:
        out += _player(view, seat, players[seat])
    board = view.get("action_board") or {}
    discard = ", ".join(f"{c['action_name']} ({c['size']})" for c in board.get("discard") or [])
    out += [
        "",
        f"Action board (deck: {plural(board.get('deck', 0), 'card')}"
        + (f"; discard: {discard}" if discard else "")
        + "):",
    ]
    out += [f"  {slot_words(s)}" for s in board.get("slots", [])]
    construction = view.get("construction_board") or {}
    out += ["", f"Construction board (buildings in the bag: {construction.get('bag', 0)}):"]
    out += [f"  {site_words(s)}" for s in construction.get("slots", [])]
    centre = ", ".join(t["name"] for t in view.get("titans_centre") or []) or "none"
    stacks = ", ".join(f"{size} {n}" for size, n in (view.get("stacks") or {}).items())
    tiers = " | ".join(
        f"{t['cost']} {t['pay']}: {', '.join(t['actions'])}" for t in view.get("extra_tiers") or []
    )
    out += [
        "",
        f"Titans in the centre: {centre}.",
        f"Temples left: {view.get('temples_left', 0)}; victory tokens left: "
        f"{view.get('victory_tokens_left', 0)}.",
        f"Face-down land tiles: {stacks}; creatures in the bag: {view.get('creature_bag', 0)}.",
        f"Extra action (phase 4), pay: {tiers}.",
    ]
    return "\n".join(out)


def _player(view: View, seat: str, player: dict[str, Any]) -> list[str]:
    shown = marks(view, seat)
    head = f"  {seat}" + (f" ({', '.join(shown)})" if shown else "")
    caught = ", ".join(creature_words(c) for c in player["creatures"])
    titans = ", ".join(titan_words(t) for t in player["titans"]) or "none"
    return [
        f"{head}: {player['points']}/{view['win_points']} victory points ({points_words(player)})",
        f"    supply: {plural(player['hoplites'], 'hoplite')}, {player['orichalcum']} orichalcum"
        + (f"; creatures captured: {caught}" if caught else ""),
        f"    titans ({len(player['titans'])}/{player['titan_capacity']}): {titans}",
        f"    mines {player['mines']}, training camps {player['camps']}, "
        f"extra actions per turn {player['extra_actions']}",
        *(f"    {line}" for line in island_lines(player.get("island"))),
    ]
