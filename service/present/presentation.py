"""Turning a loaded game into plain dicts for pages and email templates (DESIGN.md §7).

Everything a player sees comes from ``view(state, seat)``; nothing else of the state is read
here except ``to_act``, ``legal_moves`` and ``outcome``, which the contract makes public.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from engine import Move, registry
from engine.kit.words import Listing
from service import boards, words
from service.config import Settings
from service.links import decisions
from service.links import urls as links
from service.present import codes
from service.store import names as shown_names
from service.store.eventstore import Loaded
from service.words import _

ONE_CLICK_LIMIT = 20
CODE_LIST_LIMIT = 400
"""Above this many options an email lists groups and their codes only (issue 20: no HTML part
over 102 KB); a reply of a group's code then lists its options."""


def move_key(move: Move) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def players(loaded: Loaded, seat: str | None = None) -> list[dict[str, Any]]:
    acting = loaded.game.to_act(loaded.state)
    colours = boards.seat_colours(loaded.row.game, [s.seat for s in loaded.row.seats])
    return [
        {
            "seat": s.seat,
            "name": shown_names.of_seat(s),
            "colour": colours[s.seat],
            "you": s.seat == seat,
            "to_act": s.seat in acting,
            # Issue 31: our emails to them bounce; every page marks the seat.
            "unreachable": s.seat in loaded.table.unreachable and s.left_at is None,
            "resigned": s.seat in loaded.table.resigned,  # issue 32: the game goes on
        }
        for s in loaded.row.seats
    ]


def colour(loaded: Loaded, seat: str) -> Any:
    """The seat's colour in words, as the game's picture draws it (issue 32 §1)."""
    return boards.seat_colours(loaded.row.game, [s.seat for s in loaded.row.seats])[seat]


PLACES = (
    _("You play first."),
    _("You play second."),
    _("You play third."),
    _("You play fourth."),
)
"""Where a player's turn comes in each round, for an invitation (issue 32 §1)."""


def turn_order(loaded: Loaded, seat: str, view: dict[str, Any]) -> list[Any]:
    """What an invitation says of when ``seat`` plays: its place and the whole order, by
    name, as the game drew it at setup (its ``play_order`` from ``view``), never guessed
    from seat numbers; nothing for a game that does not say."""
    order = boards.play_order(loaded.row.game, view)
    if seat not in order or len(order) < 2:
        return []
    names = seat_names(loaded)
    place = order.index(seat)
    where = [PLACES[place]] if place < len(PLACES) else []
    return [*where, _("Turn order: {order}.", order=" → ".join(names.get(s, s) for s in order))]


def seat_names(loaded: Loaded) -> dict[str, str]:
    """Each seat's player now, in this context's language, for the boards to say names
    where the engine says seats."""
    return shown_names.of_game(loaded.row)


def whose_turn(loaded: Loaded, seat: str | None = None) -> str:
    """Who decides now ("Ann", "you", "Ann, Bob"), in this context's language."""
    names = [(_("you") if p["you"] else p["name"]) for p in players(loaded, seat) if p["to_act"]]
    if not names:
        return _("nobody (the game is over)") if loaded.row.over else _("nobody")
    if len(names) == 1:
        return names[0]
    return ", ".join(words.text(n) for n in names)


def game_info(settings: Settings, loaded: Loaded) -> dict[str, Any]:
    row = loaded.row
    return {
        "id": row.id,
        "name": row.game,
        "title": loaded.game.title,
        "seq": loaded.seq,
        "turns": loaded.table.turns,
        "url": links.game_url(settings, row.id),
        "over": row.over,
        "commitment": row.commitment,
        "seed": row.seed if loaded.finished else None,
        "ruleset": row.ruleset,
    }


def decision(
    settings: Settings,
    loaded: Loaded,
    seat: str,
    view: dict[str, Any],
    *,
    with_links: bool = True,
    offer: bool = True,
) -> dict[str, Any]:
    """The seat's current decision (``view`` is the seat's view of the same state): every
    option with its label, and a one-click link when there are few enough. With
    ``offer=False`` (another email offers it) there are no options."""
    game, state = loaded.game, loaded.state
    acting = offer and seat in game.to_act(state)
    moves = game.legal_moves(state, seat) if acting else []
    named = decisions.named(loaded, seat, moves if acting else None)
    one_click = with_links and len(moves) <= ONE_CLICK_LIMIT
    coded = codes.assign(moves, loaded.row.game) if acting else []
    code_of = codes.by_key(coded)
    options = []
    for move in moves:
        key = move_key(move)
        option = {"label": game.describe(state, move), "key": key, "url": None}
        option["code"] = code_of[key]
        if one_click:
            option["url"] = links.decision_url(settings, loaded, seat, move, named=named)
        options.append(option)
    return {
        "acting": acting,
        "prompt": view.get("prompt") or (_("Your decision") if acting else ""),
        "options": options,
        "groups": group_options(moves, options, boards.option_path(loaded.row.game)),
        "one_click": one_click,
        "coded": coded_listing(coded, options),
        "listed": len(moves) <= CODE_LIST_LIMIT,
        "turn_url": links.decision_url(settings, loaded, seat, named=named),
    }


def coded_listing(coded: list[codes.Group], options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The options in code order, each group with its code, name and options (each the
    option dict of :func:`decision`: its label, code and link)."""
    by_key = {o["key"]: o for o in options}
    return [
        {
            "code": g.code,
            "name": g.name,
            "count": len(g.options),
            "options": [by_key[o.key] for o in g.options],
        }
        for g in coded
    ]


def group_options(
    moves: list[Move], options: list[dict[str, Any]], path: boards.OptionPath
) -> list[dict[str, Any]]:
    """Options nested by ``path`` (outermost group first), in the order the engine lists
    them, so a long list takes a few clicks. Each group: ``name``, ``count`` (options
    inside, at any depth), its own ``options`` and its subgroups ``groups``. A group holding
    a single subgroup and nothing else is merged into it ("Zone 3 · red 4")."""
    root: dict[str, Any] = {"name": "", "options": [], "children": OrderedDict()}
    for move, option in zip(moves, options, strict=True):
        node = root
        for name in path(move):
            node = node["children"].setdefault(
                name, {"name": name, "options": [], "children": OrderedDict()}
            )
        node["options"].append(option)
    return [_finish(child) for child in root["children"].values()] + (
        [
            {
                "name": _("Other"),
                "count": len(root["options"]),
                "options": root["options"],
                "groups": [],
            }
        ]
        if root["options"]
        else []
    )


def _finish(node: dict[str, Any]) -> dict[str, Any]:
    groups = [_finish(child) for child in node["children"].values()]
    if len(groups) == 1 and not node["options"]:
        (only,) = groups
        return {**only, "name": f"{node['name']} · {only['name']}"}
    count = len(node["options"]) + sum(g["count"] for g in groups)
    return {"name": node["name"], "count": count, "options": node["options"], "groups": groups}


def outcome(loaded: Loaded) -> dict[str, Any] | None:
    """Final scores and winners, by the game's rules or as it stood when it ended early;
    ``resigned`` names who resigned to end it (issue 32), else None."""
    result = loaded.game.outcome(loaded.state) or loaded.table.abandoned
    if result is None:
        return None
    names = seat_names(loaded)
    first = result["ranking"][0] if result.get("ranking") else []
    resigned = [names.get(s, s) for s in result.get("resigned") or () if isinstance(s, str)]
    # Issue 37 §3: a result a bot played in says so, wherever it is shown.
    botted = [names.get(s, s) for s in loaded.table.seats if s in loaded.table.bots_set]
    return {
        "with_bots": Listing(tuple(botted)) if botted else None,
        "scores": [
            {"seat": s, "name": names.get(s, s), "score": v}
            for s, v in sorted(result["scores"].items(), key=lambda kv: (-_num(kv[1]), kv[0]))
        ],
        "winners": [names.get(s, s) for s in first],
        "together": Listing(tuple(names.get(s, s) for s in first)),
        "tie_break": result.get("tie_break"),
        "resigned": Listing(tuple(resigned)) if resigned else None,
        "raw": result,
    }


def _num(value: Any) -> float:
    return float(value) if isinstance(value, int | float) else 0.0


def game_data(name: str) -> dict[str, Any] | None:
    """A game's component data with provenance, and its rulings, if it lists them (its
    ``data_page`` and ``rulings``, GAME-DATA.md)."""
    try:
        game = registry.get(name)
    except KeyError:
        return None
    sections = getattr(game, "data_page", None)
    if not sections:
        return None
    provisional = sum(1 for s in sections for r in s["rows"] if r["provenance"] == "PROVISIONAL")
    return {
        "title": game.title,
        "name": game.name,
        "ruleset": game.ruleset,
        "sections": sections,
        "rulings": getattr(game, "rulings", None) or [],
        "provisional": provisional,
        # Issue 38 §1: the game's own standing answers, beside the kit's orders every game
        # offers, and the key a reply names each with after ``plan``.
        "answers": [{"key": a.key, "label": a.label} for a in game.standing_orders],
    }


def picture_alt(
    loaded: Loaded,
    seat: str | None,
    view: dict[str, Any],
    prompt: Any = None,
    *,
    shared: bool = False,
) -> str:
    """What the board's picture says to a reader who cannot see it (issue 20), in this
    context's language: whose turn it is, the scores (the final ones, else those the
    seat's view shows), and the decision ``prompt`` when the seat has one. ``shared``: the
    picture is the table's (the spectator's view, ``view``), which an email shows every
    seat (issue 34 §2), not ``seat``'s own."""
    title = loaded.game.title
    ended = outcome(loaded)
    if ended is not None:
        final = [f"{s['name']} {s['score']}" for s in ended["scores"]]
        return str(
            words.text(
                _(
                    "The board of {title} at its end. Scores: {scores}.",
                    title=title,
                    scores=Listing(tuple(final)),
                )
            )
        )
    names = seat_names(loaded)
    deciding = Listing(tuple(p["name"] for p in players(loaded, seat) if p["to_act"]))
    viewer = names.get(seat) if seat is not None else None
    if shared:
        said = [
            _(
                "The board of {title} as the whole table sees it at event {seq}: {whose} to play.",
                title=title,
                seq=loaded.seq,
                whose=deciding,
            )
            if deciding.items
            else _(
                "The board of {title} as the whole table sees it at event {seq}.",
                title=title,
                seq=loaded.seq,
            )
        ]
    elif viewer is None:
        said = [
            _(
                "The board of {title} as every spectator sees it at event {seq}: {whose} to play.",
                title=title,
                seq=loaded.seq,
                whose=whose_turn(loaded),
            )
        ]
    elif deciding.items:
        said = [
            _(
                "The board of {title} as {name} sees it at event {seq}: {whose} to play.",
                title=title,
                name=viewer,
                seq=loaded.seq,
                whose=deciding,
            )
        ]
    else:
        said = [
            _(
                "The board of {title} as {name} sees it at event {seq}.",
                title=title,
                name=viewer,
                seq=loaded.seq,
            )
        ]
    so_far = scores_in_view(view, names)
    if so_far:
        said.append(_("Scores so far: {scores}.", scores=Listing(tuple(so_far))))
    if prompt:
        said.append(prompt)
    return " ".join(str(words.text(s)) for s in said)


def scores_in_view(view: dict[str, Any], names: dict[str, str]) -> list[str]:
    """ "Name score" for each seat whose score the view shows (``players[seat]["score"]``),
    highest first; none when the view shows no scores."""
    shown = view.get("players")
    if not isinstance(shown, dict):
        return []
    scores = [
        (seat, entry["score"])
        for seat, entry in shown.items()
        if isinstance(entry, dict) and isinstance(entry.get("score"), int | float)
    ]
    scores.sort(key=lambda kv: (-_num(kv[1]), str(kv[0])))
    return [f"{names.get(str(s), str(s))} {v}" for s, v in scores]
