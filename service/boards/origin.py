"""Origin's board for pages and emails: the world map, the players, the reward board, a hand.

Everything here is read from the seat's view (``engine.games.origin.view``), never from the
state, so a picture or a panel shows exactly what that seat may see. The one exception is
the printed map's land borders, public component data the view does not carry yet.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from engine.games.origin.components import LAND_BORDERS
from engine.games.origin.moves import pawn_words
from service.boards import Board, Picture, pictured
from service.boards.drawing import (
    Anchor,
    Circle,
    Drawing,
    Group,
    Line,
    Polygon,
    Rect,
    Shape,
    Text,
    text_width,
)
from service.boards.panels import SANS, SMALL, TABLE, TD, TH, H, seat_heading, swatch, table_row

View = dict[str, Any]

WIDTH, HEIGHT = 1000, 560
R = 24  # territory radius on the 1000 × 560 canvas

PLAYER_COLOURS: tuple[tuple[str, str], ...] = (
    ("red", "#d62828"),
    ("blue", "#2456d6"),
    ("magenta", "#c026d3"),
    ("teal", "#0b8f84"),
)
NEUTRAL = "#8a8a8a"
TERRITORY_FILL = {
    "yellow": "#f4d03f",
    "orange": "#f0923a",
    "purple": "#a98bd6",
    "brown": "#a9764a",
    "green": "#79bd5c",
}
ORIGIN_FILL = "#fffaf0"
GOLD = "#c99a06"
PAWN_FILL = {"white": "#fbfbf7", "brown": "#8a5a2b", "black": "#1e1e1e"}
SEA = "#d5e8f2"
LAND = "#efe5cc"
LAND_EDGE = "#d9cba6"
INK = "#2b2b2b"
MUTED = "#7a6a4f"
STRAIT_INK = "#2f5f8a"
HUNT_FILL = "#2e6b2e"
DECK_COLOUR = {"action": "yellow", "permanent": "orange", "objective": "purple"}
DECK_FILL = {deck: TERRITORY_FILL[colour] for deck, colour in DECK_COLOUR.items()}


def render(view: View, picture: Picture = None) -> Board:
    colours = seat_colours(view)
    text, html = _text(view, colours), _html(view, colours)
    return pictured(text, html, picture, lambda: draw(view, colours))


# ---------------------------------------------------------------- shared words


def seat_colours(view: View) -> dict[str, tuple[str, str]]:
    """Each seat's colour (name, hex), in seat order (ru: «Каждый игрок выбирает свой цвет»)."""
    seats = view.get("seats") or list(view.get("players", {}))
    return {seat: PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i, seat in enumerate(seats)}


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


def _score_parts(player: dict[str, Any]) -> str:
    parts = [f"{k} {v}" for k, v in player.get("score_breakdown", {}).items() if v]
    return ", ".join(parts)


def _status(view: View) -> list[str]:
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


def _stacks_words(stacks: Sequence[Sequence[int]]) -> str:
    return ", ".join("-".join(str(level) for level in stack) for stack in stacks) or "none"


def _hand_words(hand: dict[str, int], limit: int | None) -> str:
    obj = f"{hand.get('objectives', 0)}" + (f"/{limit}" if limit is not None else "")
    return (
        f"{hand.get('actions', 0)} action, {hand.get('permanents', 0)} permanent, {obj} objective"
    )


def _occupied(view: View) -> list[dict[str, Any]]:
    return [t for t in view.get("territories", []) if t.get("pawn") or t.get("village")]


# ---------------------------------------------------------------- text


def _text(view: View, colours: dict[str, tuple[str, str]]) -> str:
    out = _status(view)
    me = view.get("you")
    hand = view.get("hand")
    if me and hand is not None:
        out += ["", f"Your hand ({me}):"]
        cards = [c for deck in ("actions", "permanents", "objectives") for c in hand.get(deck, [])]
        out += [f"  {_card_line(c)}" for c in cards] or ["  (empty)"]
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
        parts = _score_parts(p)
        out.append(
            f"  {seat} ({', '.join(m for m in marks if m)}): {p.get('score', 0)} pts"
            + (f" ({parts})" if parts else "")
        )
        out.append(
            f"    hand {_hand_words(p.get('hand', {}), p.get('objective_limit'))}; "
            f"villages left {p.get('villages_left', 0)}; "
            f"pawns on board {p.get('pawns_on_board', 0)}"
        )
        extras = [f"innovation stacks {_stacks_words(p.get('innovation_stacks', []))}"]
        if p.get("hunting_tokens"):
            extras.append("hunting " + " ".join(str(v) for v in p["hunting_tokens"]))
        if p.get("strait_tokens"):
            names = _strait_names(view)
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
    for t in _occupied(view):
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


def _card_line(card: dict[str, Any]) -> str:
    tag = card_tag(card)
    kind = DECK_COLOUR.get(card.get("kind", ""), "")
    head = f"{card['name']} [{kind} {card.get('kind', '')}{', ' + tag if tag else ''}]"
    return f"{head}: {card['text']}" if card.get("text") else head


def _strait_names(view: View) -> dict[str, str]:
    return {s["id"]: s["name"] for s in view.get("straits", [])}


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


# ---------------------------------------------------------------- HTML


def _chip(label: str, background: str, title: str = "") -> str:
    t = f' title="{escape(title)}"' if title else ""
    return (
        f'<span{t} style="display:inline-block;padding:0 5px;margin:1px 2px 1px 0;'
        f"border:1px solid #8a7a5a;border-radius:3px;background:{background};"
        f'font:bold 12px {SANS};color:#2b2b2b">{escape(label)}</span>'
    )


def _tile(level: int) -> str:
    background = "#ffe27a" if level == 5 else "#ffffff"
    return (
        f'<span title="innovation tile, level {level}" style="display:block;width:16px;'
        f"margin:1px auto;border:1px solid #6f6045;border-radius:3px;background:{background};"
        f'text-align:center;font:bold 11px/15px {SANS};color:#2b2b2b">{level}</span>'
    )


def _stack(levels: Sequence[int]) -> str:
    """One innovation stack, its top tile first."""
    tiles = "".join(_tile(level) for level in reversed(levels))
    return (
        '<span style="display:inline-block;vertical-align:bottom;margin:0 3px 0 0;'
        f'padding:1px;background:#efe5cc;border-radius:3px">{tiles}</span>'
    )


def _html(view: View, colours: dict[str, tuple[str, str]]) -> str:
    me = view.get("you")
    parts = [f'<div style="font-family:{SANS};font-size:13px;color:#2b2b2b">']
    status = _status(view)
    if status:
        parts.append(f'<p style="margin:0 0 4px;font-size:14px"><b>{escape(status[0])}</b></p>')
        parts += [f'<p style="margin:0 0 4px">{escape(line)}</p>' for line in status[1:]]
    hand = view.get("hand")
    if me and hand is not None:
        cards = [c for deck in ("actions", "permanents", "objectives") for c in hand.get(deck, [])]
        parts.append(f'<h3 style="{H}">Your hand</h3>')
        parts.append(_cards_table(cards) if cards else '<p style="margin:0">Empty.</p>')
    if view.get("choosing"):
        parts.append(f'<h3 style="{H}">You are choosing among</h3>')
        parts.append(_cards_table(view["choosing"]))
    parts.append(f'<h3 style="{H}">Players</h3>')
    parts.append(_players_table(view, colours))
    parts.append(f'<h3 style="{H}">Reward board</h3>')
    parts.append(_reward_html(view))
    parts.append(f'<h3 style="{H}">Pawns in the reserve</h3>')
    parts.append(_reserve_html(view))
    parts.append(f'<h3 style="{H}">Legend</h3>')
    parts.append(_legend_html(view, colours))
    parts.append("</div>")
    return "".join(parts)


def _cards_table(cards: Iterable[dict[str, Any]]) -> str:
    rows = []
    for c in cards:
        kind = c.get("kind", "")
        tag = card_tag(c)
        rows.append(
            f'<tr><td style="{TD};width:4px;padding:0;background:{DECK_FILL.get(kind, "#ccc")}">'
            f'</td><td style="{TD};white-space:nowrap"><b>{escape(c["name"])}</b><br>'
            f'<span style="{SMALL}">{escape(kind)}{escape(" · " + tag if tag else "")}</span></td>'
            f'<td style="{TD}">{escape(c.get("text", ""))}</td></tr>'
        )
    return f'<table style="{TABLE}">{"".join(rows)}</table>'


def _players_table(view: View, colours: dict[str, tuple[str, str]]) -> str:
    players = view.get("players", {})
    seats = list(players)
    me = view.get("you")
    names = _strait_names(view)
    head = [f'<th style="{TH}"></th>']
    share = 80 // max(1, len(seats))
    for seat in seats:
        colour = colours.get(seat, ("", NEUTRAL))[1]
        badges = []
        if seat == me:
            badges.append("you")
        if seat == view.get("current"):
            badges.append("to play")
        if seat == view.get("first_player"):
            badges.append("1st")
        head.append(seat_heading(seat, colour, badges, share))
    row = table_row

    def score(p: dict[str, Any]) -> str:
        parts = _score_parts(p)
        detail = f'<br><span style="{SMALL}">{escape(parts)}</span>' if parts else ""
        return f'<b style="font-size:15px">{escape(str(p.get("score", 0)))}</b>{detail}'

    def hand(p: dict[str, Any]) -> str:
        h = p.get("hand", {})
        limit = p.get("objective_limit")
        objectives = f"{h.get('objectives', 0)}" + (f"/{limit}" if limit is not None else "")
        return (
            _chip(str(h.get("actions", 0)), DECK_FILL["action"], "action cards")
            + _chip(str(h.get("permanents", 0)), DECK_FILL["permanent"], "permanent cards")
            + _chip(objectives, DECK_FILL["objective"], "objective cards (held/limit)")
        )

    def tokens(p: dict[str, Any]) -> str:
        bits = [_chip(str(v), "#cfe8c4", "hunting token") for v in p.get("hunting_tokens", [])] + [
            _chip(str(s["value"]), "#cfe3f2", f"strait token: {names.get(s['strait'], '')}")
            for s in p.get("strait_tokens", [])
        ]
        if p.get("war_trophies"):
            bits.append(f"{p['war_trophies']} war trophies")
        return "".join(bits) or "–"

    def cards(items: Sequence[dict[str, Any]]) -> str:
        return (
            "<br>".join(
                f'<span title="{escape(c.get("text", ""))}">{escape(c["name"])}'
                f"{escape(' (' + card_tag(c) + ')' if card_tag(c) else '')}</span>"
                for c in items
            )
            or "–"
        )

    in_play, completed = "permanents_in_play", "completed_objectives"
    rows = [
        row("Score", (score(players[s]) for s in seats)),
        row("Cards in hand", (hand(players[s]) for s in seats)),
        row(
            "Villages left / pawns on map",
            (
                f"{players[s].get('villages_left', 0)} / {players[s].get('pawns_on_board', 0)}"
                for s in seats
            ),
        ),
        row(
            "Innovation stacks",
            (
                "".join(_stack(st) for st in players[s].get("innovation_stacks", [])) or "–"
                for s in seats
            ),
        ),
        row("Hunting / strait tokens", (tokens(players[s]) for s in seats)),
        row("Permanent cards in play", (cards(players[s].get(in_play, [])) for s in seats)),
        row("Objectives completed", (cards(players[s].get(completed, [])) for s in seats)),
    ]
    return f'<table style="{TABLE}"><tr>{"".join(head)}</tr>{"".join(rows)}</table>'


def _reward_html(view: View) -> str:
    board = view.get("reward_board") or {}
    columns = board.get("columns", {})
    head = "".join(
        f'<th style="{TH};color:#2b2b2b;text-align:center;'
        f'background:{TERRITORY_FILL.get(c, "#ddd")}">{escape(c)}</th>'
        for c in columns
    )
    cells = "".join(
        f'<td style="{TD};text-align:center;background:#faf6ec">'
        + (
            "".join(
                '<span style="display:inline-block;margin:1px">'
                + _tile(level).replace("display:block", "display:inline-block")
                + "</span>"
                for level in levels
            )
            or "–"
        )
        + "</td>"
        for levels in columns.values()
    )
    decks = " ".join(
        _chip(f"{d} {n}", DECK_FILL.get(d, "#ddd"), f"cards left in the {d} deck")
        for d, n in board.get("decks", {}).items()
    )
    parts = [
        f'<table style="{TABLE};table-layout:fixed"><tr>{head}</tr><tr>{cells}</tr></table>',
        f'<p style="margin:0 0 4px">Decks: {decks} · face-down innovation tiles: '
        f"<b>{escape(str(board.get('face_down_reserve', 0)))}</b></p>",
    ]
    discard = board.get("action_discard") or []
    if discard:
        names = ", ".join(
            f'<span title="{escape(c.get("text", ""))}">{escape(c["name"])}</span>' for c in discard
        )
        parts.append(f'<p style="margin:0 0 4px">Action discard pile: {names}</p>')
    return "".join(parts)


def _reserve_html(view: View) -> str:
    """A 3 × 3 grid, height by strength, with a dot for each colour left in the box."""
    reserve = view.get("pawn_reserve") or []
    if not reserve:
        return '<p style="margin:0">The reserve is empty.</p>'
    have: dict[tuple[int, int], list[tuple[str, int]]] = {}
    for k in reserve:
        have.setdefault((k["height"], k["strength"]), []).append((k["colour"], k.get("count", 1)))
    head = "".join(f'<th style="{TH};text-align:center">strength {s}</th>' for s in (1, 2, 3))
    rows = []
    for h in (3, 2, 1):
        cells = []
        for s in (1, 2, 3):
            dots = "".join(
                f'<span title="{escape(pawn_words(h, s, colour))} ×{n}">'
                f"{swatch(PAWN_FILL.get(colour, '#ccc'), size=11)}"
                f"{'×' + str(n) if n > 1 else ''}</span> "
                for colour, n in have.get((h, s), [])
            )
            cells.append(f'<td style="{TD};text-align:center">{dots or "–"}</td>')
        rows.append(f'<tr><th style="{TH}">height {h}</th>{"".join(cells)}</tr>')
    return f'<table style="{TABLE}"><tr><th style="{TH}"></th>{head}</tr>{"".join(rows)}</table>'


def _legend_html(view: View, colours: dict[str, tuple[str, str]]) -> str:
    players = " ".join(
        f'<span style="white-space:nowrap;margin-right:10px">{swatch(hexa, size=12)} '
        f"{escape(seat)} ({escape(name)})</span>"
        for seat, (name, hexa) in colours.items()
    )
    players += f'<span style="white-space:nowrap">{swatch(NEUTRAL, size=12)} neutral</span>'
    lands = " ".join(
        f'<span style="white-space:nowrap;margin-right:8px">{swatch(fill)} {escape(name)}</span>'
        for name, fill in TERRITORY_FILL.items()
    )
    lands += (
        f'<span style="white-space:nowrap">{swatch(ORIGIN_FILL, ring=GOLD)} Origin (never claimed)'
        "</span>"
    )
    decks = " ".join(
        _chip(f"{colour} {deck}", DECK_FILL[deck]) for deck, colour in DECK_COLOUR.items()
    )
    pawns = (
        "A pawn is drawn in its own colour (white, brown or black) on a white plate, its "
        "territory ringed in the owner's colour: its height (speed 1–3) is the number of "
        "stacked sections, its width the strength (1–3). A small house is a village; a green "
        "disc is a hunting token; a dashed line is a strait, with its token's value while the "
        "token is still there."
    )
    return (
        f'<p style="margin:0 0 4px">Players: {players}</p>'
        f'<p style="margin:0 0 4px">Territories: {lands}</p>'
        f'<p style="margin:0 0 4px">Cards: {decks}</p>'
        f'<p style="margin:0;{SMALL}">{escape(pawns)}</p>'
    )


# ---------------------------------------------------------------- the map

Pair = tuple[dict[str, Any], dict[str, Any]]
Box = tuple[float, float, float, float]


def draw(view: View, colours: dict[str, tuple[str, str]] | None = None) -> Drawing:
    """The world map as shapes, for ``to_svg`` and ``to_png`` alike."""
    colours = colours if colours is not None else seat_colours(view)
    territories = view.get("territories", [])
    straits = view.get("straits", [])
    where = {t["id"]: t for t in territories}
    borders = _land_borders(view, where)
    d = Drawing(WIDTH, HEIGHT, SEA, title=_headline(view), backdrop=_land(territories, borders))
    d.add(*(_strait_line(s, where) for s in straits))
    d.add(*(Line(a["x"], a["y"], b["x"], b["y"], "#b9a77d", width=1.2) for a, b in borders))
    d.add(*(_territory(t, colours) for t in territories))
    tokens = [(s, _strait_centre(s)) for s in straits if s.get("token")]
    d.add(*(_strait_token(s, x, y) for s, (x, y) in tokens))
    legend = _legend(view, colours)
    d.add(*legend)
    taken: list[Box] = [(x - 9, y - 9, x + 9, y + 9) for _, (x, y) in tokens]
    taken += [_legend_box(view, colours), (0, 0, 300, 28)]
    d.add(*_labels(territories, taken))
    return d


def _headline(view: View) -> str:
    if view.get("over"):
        return "Game over"
    if view.get("phase") == "choose_objectives":
        return "Players choose their objectives"
    if view.get("current"):
        return f"{view['current']} to play" + (" · last round" if view.get("last_round") else "")
    return "Origin"


def _land_borders(view: View, where: dict[str, dict[str, Any]]) -> list[Pair]:
    """Land borders from the view when it lists them, else from the printed map."""
    pairs = view.get("land_borders") or LAND_BORDERS
    return [(where[a], where[b]) for a, b in pairs if a in where and b in where]


def _land(territories: list[dict[str, Any]], pairs: list[Pair]) -> tuple[Shape, ...]:
    """Continents as soft blobs: a disc under each territory, thick strokes along borders,
    and the triangles and quadrilaterals of borders filled in."""
    edge: list[Shape] = [Circle(t["x"], t["y"], R + 15, fill=LAND_EDGE) for t in territories]
    edge += [Line(a["x"], a["y"], b["x"], b["y"], LAND_EDGE, width=2 * R + 30) for a, b in pairs]
    body: list[Shape] = [Circle(t["x"], t["y"], R + 13, fill=LAND) for t in territories]
    body += [Line(a["x"], a["y"], b["x"], b["y"], LAND, width=2 * R + 26) for a, b in pairs]
    body += [Polygon(tuple((t["x"], t["y"]) for t in ring), fill=LAND) for ring in _cycles(pairs)]
    return (*edge, *body)


def _cycles(pairs: list[Pair]) -> list[tuple[dict[str, Any], ...]]:
    """Closed rings of three or four bordering territories: land, not lakes."""
    by_id: dict[str, dict[str, Any]] = {}
    near: dict[str, set[str]] = {}
    for a, b in pairs:
        by_id[a["id"]], by_id[b["id"]] = a, b
        near.setdefault(a["id"], set()).add(b["id"])
        near.setdefault(b["id"], set()).add(a["id"])
    rings: set[tuple[str, ...]] = set()
    for a, around in near.items():
        for b in around:
            for d in around:
                if b >= d:
                    continue
                if d in near[b]:
                    rings.add(tuple(sorted((a, b, d))))
                for c in near[b] & near[d]:
                    if c != a and c not in around:
                        rings.add(_ring_key((a, b, c, d)))
    return [tuple(by_id[i] for i in ring) for ring in sorted(rings)]


def _ring_key(ring: tuple[str, ...]) -> tuple[str, ...]:
    """One name for a ring however it is walked: start at its least id, go the smaller way."""
    i = ring.index(min(ring))
    forward = ring[i:] + ring[:i]
    backward = (forward[0], *reversed(forward[1:]))
    return min(forward, backward)


def _strait_line(strait: dict[str, Any], where: dict[str, dict[str, Any]]) -> Shape:
    (x1, y1), (x2, y2) = _strait_span(strait, where)
    token = strait.get("token")
    title = strait["name"] + (f": token {token}" if token else ": token taken")
    return Group((Line(x1, y1, x2, y2, STRAIT_INK, width=2.2, dash=(5, 4)),), title=title)


def _strait_span(
    strait: dict[str, Any], where: dict[str, dict[str, Any]]
) -> tuple[tuple[float, float], tuple[float, float]]:
    """From rim to rim of the two territories, so the dashes show the sea being crossed."""
    a, b = (where.get(t) for t in strait.get("between", ()))
    if a is None or b is None:
        (x1, y1), (x2, y2) = strait["ends"]
        return (x1, y1), (x2, y2)
    dist = math.dist((a["x"], a["y"]), (b["x"], b["y"])) or 1
    ux, uy = (b["x"] - a["x"]) / dist, (b["y"] - a["y"]) / dist
    return (a["x"] + ux * R, a["y"] + uy * R), (b["x"] - ux * R, b["y"] - uy * R)


def _strait_centre(strait: dict[str, Any]) -> tuple[float, float]:
    (x1, y1), (x2, y2) = strait["ends"]
    return (x1 + x2) / 2, (y1 + y2) / 2


def _strait_token(strait: dict[str, Any], x: float, y: float) -> Shape:
    token = strait["token"]
    return Group(
        (
            Circle(x, y, 10, fill="#ffffff", stroke=STRAIT_INK, width=1.8),
            Text(x, y, str(token), size=12.5, fill=STRAIT_INK, bold=True),
        ),
        title=f"{strait['name']}: strait token {token}",
    )


def _territory(t: dict[str, Any], colours: dict[str, tuple[str, str]]) -> Shape:
    """The territory's colour; the pawn's owner as a ring on its rim, the pawn on a plate."""
    x, y = t["x"], t["y"]
    hover = [territory_words(t)]
    pawn = t.get("pawn")
    ring = colours.get(pawn.get("owner") or "", ("", NEUTRAL))[1] if pawn else None
    shapes: list[Shape] = []
    if t.get("origin"):
        shapes.append(Circle(x, y, R, fill=ORIGIN_FILL, stroke=GOLD, width=2.5))
    else:
        fill = TERRITORY_FILL.get(t.get("colour") or "", "#dddddd")
        shapes.append(Circle(x, y, R, fill=fill, stroke="#5e4d37", width=1.2))
    if ring:
        shapes.append(Circle(x, y, R - 2, stroke=ring, width=4))
    if t.get("origin"):
        shapes.append(_star(x - R * 0.72, y - R * 0.72, 7, GOLD))
    if pawn:
        shapes += _pawn(x, y, pawn)
        hover.append(f"{pawn_label(pawn)} (height {pawn['height']}, strength {pawn['strength']})")
    village = t.get("village")
    if village:
        shapes.append(_house(x + R * 0.72, y - R * 0.72, colours.get(village, ("", NEUTRAL))[1]))
        hover.append(f"village of {village}")
    token = t.get("hunting_token")
    if token is not None:
        hx, hy = x - R * 0.72, y + R * 0.72
        shapes.append(Circle(hx, hy, 9.5, fill=HUNT_FILL, stroke="#ffffff", width=1.5))
        shapes.append(Text(hx, hy, str(token), size=12, fill="#ffffff", bold=True))
        hover.append(f"hunting token {token}")
    return Group(tuple(shapes), title="\n".join(hover))


PAWN_SECTION = 8.5


def pawn_width(strength: int) -> float:
    return 7 + 6 * strength


def _pawn(x: float, y: float, pawn: dict[str, Any]) -> list[Shape]:
    """ru «Фишки племени»: 1-3 stacked sections high (speed), 1-3 units wide (strength)."""
    height = max(1, min(3, int(pawn.get("height", 1))))
    strength = max(1, min(3, int(pawn.get("strength", 1))))
    fill = PAWN_FILL.get(pawn.get("colour", ""), "#cccccc")
    w, section = pawn_width(strength), PAWN_SECTION
    h = height * section
    top = y - h / 2
    shapes: list[Shape] = [Rect(x - w / 2 - 2, top - 2, w + 4, h + 4, fill="#ffffff", rx=2)]
    edge = "#8c8c8c" if pawn.get("colour") == "black" else "#1e1e1e"
    shapes += [
        Rect(x - w / 2, top + i * section, w, section, fill=fill, stroke=edge, width=1)
        for i in range(height)
    ]
    return shapes


def _house(x: float, y: float, colour: str) -> Shape:
    s = 6.5
    roof, eave = y - s * 1.1, y - s * 0.2
    outline = ((x - s, y + s), (x - s, eave), (x, roof), (x + s, eave), (x + s, y + s))
    return Polygon(outline, fill=colour, stroke="#ffffff", width=1.4)


def _star(x: float, y: float, r: float, colour: str) -> Shape:
    points = tuple(
        (
            x + (r if i % 2 == 0 else r * 0.45) * math.sin(math.pi * i / 5),
            y - (r if i % 2 == 0 else r * 0.45) * math.cos(math.pi * i / 5),
        )
        for i in range(10)
    )
    return Polygon(points, fill=colour, stroke="#ffffff", width=1)


LABEL_SIZE = 12.5


LABEL_SPOTS: tuple[tuple[float, float, Anchor], ...] = (
    (0, R + 9, "middle"),
    (0, -R - 9, "middle"),
    (R + 5, 0, "start"),
    (-R - 5, 0, "end"),
    (R * 0.55, R + 7, "start"),
    (-R * 0.55, R + 7, "end"),
    (R * 0.55, -R - 7, "start"),
    (-R * 0.55, -R - 7, "end"),
)
"""Where a name may go around its territory, best first."""


def _labels(territories: list[dict[str, Any]], taken: list[Box]) -> list[Shape]:
    """Each name in the spot covering the least of other territories, tokens and names
    already placed; the most crowded territories choose first."""
    names = tuple((t["name"], t["x"], t["y"]) for t in territories)
    return list(_placed_labels(names, tuple(taken)))


@lru_cache(maxsize=64)
def _placed_labels(
    names: tuple[tuple[str, float, float], ...], taken: tuple[Box, ...]
) -> tuple[Shape, ...]:
    """The labels of ``_labels``, remembered: the map and the places a name must avoid
    (the legend, the strait tokens) change seldom, and every email draws them."""
    discs = [(x, y) for _, x, y in names]

    def crowd(t: tuple[str, float, float]) -> int:
        return -sum(math.dist((t[1], t[2]), d) < 4 * R for d in discs)

    placed = list(taken)
    shapes: list[Shape] = []
    for name, x, y in sorted(names, key=crowd):
        width, height = text_width(name, LABEL_SIZE) + 2, LABEL_SIZE + 2
        others = [
            (cx - R - 3, cy - R - 3, cx + R + 3, cy + R + 3)
            for cx, cy in discs
            if (cx, cy) != (x, y)
        ]

        boxes = [_label_box(x, y, spot, width, height) for spot in range(len(LABEL_SPOTS))]
        reach = (x - width - R - 40, y - R - 40, x + width + R + 40, y + R + 40)
        obstacles = [b for b in placed + others if _overlap(b, reach)]
        best = min(range(len(boxes)), key=lambda spot: _label_cost(boxes[spot], spot, obstacles))
        dx, dy, anchor = LABEL_SPOTS[best]
        placed.append(boxes[best])
        shapes.append(
            Text(x + dx, y + dy, name, size=LABEL_SIZE, fill=INK, anchor=anchor, halo="#ffffff")
        )
    return tuple(shapes)


def _label_cost(box: Box, rank: int, obstacles: list[Box]) -> float:
    covered = sum(_overlap(box, b) for b in obstacles)
    outside = max(0, -box[0], box[2] - WIDTH) + max(0, -box[1], box[3] - HEIGHT)
    return covered + outside * 100 + rank * 8


def _label_box(x: float, y: float, spot: int, width: float, height: float) -> Box:
    dx, dy, anchor = LABEL_SPOTS[spot]
    left = x + dx - {"start": 0, "middle": width / 2, "end": width}[anchor]
    return (left, y + dy - height / 2, left + width, y + dy + height / 2)


def _overlap(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _legend_rows(view: View, colours: dict[str, tuple[str, str]]) -> int:
    return len(colours) + 2


def _legend_box(view: View, colours: dict[str, tuple[str, str]]) -> Box:
    rows = _legend_rows(view, colours)
    top = HEIGHT - 14 - 21 * rows - 8
    return (10, top, 224, HEIGHT - 10)


def _legend(view: View, colours: dict[str, tuple[str, str]]) -> list[Shape]:
    """Players' colours and scores in the empty south-west sea; the turn across the top."""
    players = view.get("players", {})
    shapes: list[Shape] = [
        Text(12, 18, _headline(view), size=15, fill=INK, anchor="start", halo=SEA, bold=True)
    ]
    x0, top, x1, bottom = _legend_box(view, colours)
    shapes.append(Rect(x0, top, x1 - x0, bottom - top, fill="#ffffff", stroke=LAND_EDGE, rx=6))
    for i, (seat, (_, hexa)) in enumerate(colours.items()):
        cy = top + 14 + 21 * i
        shapes.append(Circle(27, cy, 6, fill="#ffffff", stroke=hexa, width=3.5))
        label = seat if len(seat) <= 16 else seat[:15] + "…"
        if seat == view.get("you"):
            label += " (you)"
        current = seat == view.get("current")
        shapes.append(Text(40, cy, label, size=13, fill=INK, anchor="start", bold=current))
        score = players.get(seat, {}).get("score")
        if score is not None:
            shapes.append(Text(x1 - 8, cy, f"{score} pts", size=12.5, fill=MUTED, anchor="end"))
    cy = top + 14 + 21 * len(colours)
    shapes.append(Circle(27, cy, 6, fill="#ffffff", stroke=NEUTRAL, width=3.5))
    shapes.append(Text(40, cy, "neutral", size=12.5, fill=MUTED, anchor="start"))
    cy += 21
    shapes.append(Circle(27, cy, 7, fill=ORIGIN_FILL, stroke=GOLD, width=2))
    shapes.append(_star(27, cy, 4.5, GOLD))
    shapes.append(Text(40, cy, "Origin", size=12.5, fill=MUTED, anchor="start"))
    return shapes
