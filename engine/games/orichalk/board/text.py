"""The plain-text part of an Orichalk email: everything the view shows, in reading order,
one message a line."""

from __future__ import annotations

from typing import Any

from engine.games.orichalk.board.words import (
    counted,
    creature_words,
    fight_words,
    island_lines,
    marks,
    points_words,
    site_words,
    slot_words,
    status,
    titan_words,
)
from engine.games.orichalk.words import (
    ACTION_LOWER,
    SIZE,
    Msg,
    _,
    commas,
    hoplites,
    n_,
    orichalcum,
)
from engine.kit.words import Seat

View = dict[str, Any]


def indented(line: str) -> Msg:
    return _("  {line}", line=line)


def indented_twice(line: str) -> Msg:
    return _("    {line}", line=line)


def discard_words(board: dict[str, Any]) -> str:
    """The face-up discard pile: "Mine orichalcum (single), Create (triple)"."""
    return commas(
        [
            _("{action} ({size})", action=c["action_name"], size=SIZE[c["size"]])
            for c in board.get("discard") or []
        ]
    )


def tier_words(view: View) -> str:
    """The extra actions' tiers: "2 hoplites: capture, create, mine | …"."""
    tiers = [
        _(
            "{price}: {actions}",
            price=counted(t["pay"], t["cost"]),
            actions=commas([ACTION_LOWER[a] for a in t["actions"]]),
        )
        for t in view.get("extra_tiers") or []
    ]
    if not tiers:
        return ""
    joined = tiers[-1]
    for tier in reversed(tiers[:-1]):
        joined = _("{tier} | {more}", tier=tier, more=joined)
    return joined


def stack_words(view: View) -> str:
    return commas(
        [_("{size} {n}", size=SIZE[size], n=n) for size, n in (view.get("stacks") or {}).items()]
    )


def text(view: View) -> list[str]:
    out = status(view)
    if view.get("last_fight"):
        out.append(_("Last fight: {fight}.", fight=fight_words(view["last_fight"])))
    players = view.get("players", {})
    first = sorted(players, key=lambda s: (s != view.get("you"), view["seats"].index(s)))
    out += ["", _("Players:")]
    for seat in first:
        out += _player(view, seat, players[seat])
    board = view.get("action_board") or {}
    discard = discard_words(board)
    deck = n_("{n} card", "{n} cards", n=board.get("deck", 0))
    out += [
        "",
        _("Action board (deck: {deck}; discard: {discard}):", deck=deck, discard=discard)
        if discard
        else _("Action board (deck: {deck}):", deck=deck),
    ]
    out += [indented(slot_words(s)) for s in board.get("slots", [])]
    construction = view.get("construction_board") or {}
    out += [
        "",
        _("Construction board (buildings in the bag: {bag}):", bag=construction.get("bag", 0)),
    ]
    out += [indented(site_words(s)) for s in construction.get("slots", [])]
    centre = commas([t["name"] for t in view.get("titans_centre") or []]) or _("none")
    out += [
        "",
        _("Titans in the centre: {titans}.", titans=centre),
        _(
            "Temples left: {temples}; victory tokens left: {tokens}.",
            temples=view.get("temples_left", 0),
            tokens=view.get("victory_tokens_left", 0),
        ),
        _(
            "Face-down land tiles: {stacks}; creatures in the bag: {creatures}.",
            stacks=stack_words(view),
            creatures=view.get("creature_bag", 0),
        ),
        _("Extra action (phase 4), pay: {tiers}.", tiers=tier_words(view)),
    ]
    return out


def _player(view: View, seat: str, player: dict[str, Any]) -> list[str]:
    shown = marks(view, seat)
    points = {
        "seat": Seat(seat),
        "points": player["points"],
        "win": view["win_points"],
        "made_of": points_words(player),
    }
    if shown:
        head = _(
            "  {seat} ({marks}): {points}/{win} victory points ({made_of})",
            marks=commas(shown),
            **points,
        )
    else:
        head = _("  {seat}: {points}/{win} victory points ({made_of})", **points)
    caught = commas([creature_words(c) for c in player["creatures"]])
    supply = {
        "hoplites": hoplites(player["hoplites"]),
        "orichalcum": orichalcum(player["orichalcum"]),
    }
    titans = commas([titan_words(t) for t in player["titans"]]) or _("none")
    return [
        head,
        _(
            "    supply: {hoplites}, {orichalcum}; creatures captured: {creatures}",
            creatures=caught,
            **supply,
        )
        if caught
        else _("    supply: {hoplites}, {orichalcum}", **supply),
        _(
            "    titans ({held}/{room}): {titans}",
            held=len(player["titans"]),
            room=player["titan_capacity"],
            titans=titans,
        ),
        _(
            "    mines {mines}, training camps {camps}, extra actions per turn {extra}",
            mines=player["mines"],
            camps=player["camps"],
            extra=player["extra_actions"],
        ),
        *(indented_twice(line) for line in island_lines(player.get("island"))),
    ]
