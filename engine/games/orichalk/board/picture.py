"""The picture of an Orichalk view, top to bottom: whose turn; the seat's island large (with
the tile in hand and where it may go); the seat's supply and victory points; the action
board; the construction board, the titans in the centre, temples and tokens left; the dice of
the last fight; the other players' islands small. 680 wide, for emails about 600 wide."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine.games.orichalk.board import icons
from engine.games.orichalk.board.islands import (
    Frame,
    first_space,
    island_shapes,
    island_size,
    loose_tile,
    tile_box,
)
from engine.games.orichalk.board.palette import (
    ACTION_FILL,
    BOARD,
    BUILDING_DEFAULT_INK,
    BUILDING_INK,
    CANDIDATE,
    CREATURE_FILL,
    INK,
    LOST,
    MARBLE_EDGE,
    MUTED,
    OUTLINE,
    PAPER,
    SEA,
    TERRAIN_FILL,
    TERRAIN_INK,
    WON,
)
from engine.games.orichalk.board.spaces import ROW, STEPS, candidate_spaces
from engine.games.orichalk.board.words import (
    creature_words,
    creatures_on,
    dice_words,
    focus_seat,
    headline,
    island_of,
    marks,
    placing,
    seat_colours,
    side_words,
    site_words,
    slot_words,
    works_words,
)
from engine.games.orichalk.words import (
    ACTION_SHORT,
    RESOURCE,
    SHORT_DIRECTION,
    SIDE_CAPITAL,
    SIZE_TILE,
    TERRAIN,
    TITAN_OF_TERRAIN,
    _,
    commas,
    hoplites,
    n_,
    orichalcum,
    semicolons,
)
from engine.kit import drawing as D
from engine.kit.words import Seat

View = dict[str, Any]
Out = list[D.Shape]

WIDTH = 680
MARGIN = 14
HAND = 118
"""The column right of the island while a tile is being placed."""


def picture(view: View, measure: D.Measure) -> D.Drawing:
    """The whole picture as shapes, for the service's SVG and PNG alike; texts are as wide
    as ``measure`` says."""
    shapes: Out = []
    seat = focus_seat(view)
    y = _header(view, shapes, measure)
    y = _island(view, seat, y, shapes, measure)
    y = _supply(view, seat, y, shapes)
    y = _action_board(view, y, shapes, measure)
    y = _construction(view, y, shapes, measure)
    if view.get("last_fight"):
        y = _fight(view["last_fight"], y, shapes)
    y = _others(view, seat, y, shapes, measure)
    drawn = D.Drawing(WIDTH, math.ceil(y + MARGIN), SEA, title=headline(view))
    drawn.add(*shapes)
    return drawn


def _title(
    x: float, y: float, words: str, out: Out, room: float, anchor: D.Anchor = "start"
) -> None:
    out.append(
        D.Text(x, y, words, size=13, fill=INK, anchor=anchor, bold=True, halo=SEA, fit=D.Fit(room))
    )


def _note(x: float, y: float, words: str, out: Out, room: float) -> None:
    out.append(D.Text(x, y, words, size=11, fill=MUTED, anchor="end", halo=SEA, fit=D.Fit(room)))


def _shared(measure: D.Measure, room: float, note: str, size: float, gap: float = 12) -> float:
    """How much of a line ``room`` wide a note at its right end takes (at most half), the
    title at its left having the rest less ``gap`` (issue 32 §6)."""
    return min(measure(note, size), (room - gap) / 2) if note else 0.0


def _titled(
    x: float, y: float, room: float, title: str, note: str, out: Out, measure: D.Measure
) -> None:
    """A title at the left of a line and a note at its right, each in its own part of it."""
    right = _shared(measure, room, note, 11)
    _title(x, y, title, out, room - right - (12 if note else 0))
    if note:
        _note(x + room, y, note, out, right)


def _header(view: View, out: Out, measure: D.Measure) -> float:
    out.append(D.Rect(0, 0, WIDTH, 40, fill="#2f4858"))
    room = WIDTH - 2 * MARGIN
    words = ""
    if view.get("initiative") and not view.get("over"):
        words = _("initiative: {seat}", seat=Seat(view["initiative"]))
        if view.get("phase") == "initiative" and view.get("initiative_candidates"):
            words = _(
                "tied: {seats}", seats=commas([Seat(s) for s in view["initiative_candidates"]])
            )
    right = _shared(measure, room, words, 12.5, gap=16)
    out.append(
        D.Text(MARGIN, 20, headline(view), size=17, fill="#ffffff", anchor="start", bold=True,
               fit=D.Fit(room - right - (16 if words else 0), lines=2, min_size=12))
    )  # fmt: skip
    if words:
        out.append(
            D.Text(WIDTH - MARGIN, 20, words, size=12.5, fill="#dfe9ee", anchor="end",
                   fit=D.Fit(right, lines=2, min_size=10))
        )  # fmt: skip
    return 40


# ---------------------------------------------------------------- the seat's island


def _island(view: View, seat: str | None, y: float, out: Out, measure: D.Measure) -> float:
    island = island_of(view, seat)
    if seat is None or island is None:
        return y
    whose = _("Your island") if seat == view.get("you") else _("{seat}'s island", seat=Seat(seat))
    if not island.get("side"):
        return _sides(island, whose, y, out, measure)
    named = {"whose": whose, "island": island["name"], "side": side_words(island["side"])}
    _title(MARGIN, y + 16, _("{whose} · {island}, {side}", **named), out, WIDTH - 2 * MARGIN)
    tile = placing(view, seat)
    top = y + 34
    room = WIDTH - 2 * MARGIN - (HAND if tile else 24)
    unit = min(64.0, room / island["width"])
    width, height = island_size(island, unit)
    left = MARGIN + (room - width) / 2 if tile else (WIDTH - width) / 2
    candidates = candidate_spaces(island, tile) if tile else []
    title = _("{whose}: {island}, {side}", **named)
    frame = Frame(left, top + 8, unit)
    out.append(island_shapes(island, frame, title, measure, detail=True, candidates=candidates))
    bottom = top + height + 20
    if tile:
        riders = (view.get("turn") or {}).get("creatures") or []
        bottom = max(bottom, _hand(tile, riders, WIDTH - MARGIN - HAND + 8, top, out, measure) + 14)
    return bottom


def _sides(island: dict[str, Any], whose: str, y: float, out: Out, measure: D.Measure) -> float:
    """Before the side is chosen: both sides of the board, side by side."""
    _title(
        MARGIN,
        y + 16,
        _("{whose} · {island}: choose a side", whose=whose, island=island["name"]),
        out,
        WIDTH - 2 * MARGIN,
    )
    sides = island.get("sides") or {}
    gap = 20
    each = (WIDTH - 2 * MARGIN - gap) / max(1, len(sides))
    bottom = y
    for i, (side, empty) in enumerate(sides.items()):
        unit = min(36.0, (each - 16) / empty["width"])
        width, height = island_size(empty, unit)
        left = MARGIN + i * (each + gap)
        label = n_(
            "{side} · {n} space",
            "{side} · {n} spaces",
            n=len(empty["cells"]),
            side=SIDE_CAPITAL[side],
        )
        _title(left + each / 2, y + 40, label, out, each, anchor="middle")
        frame = Frame(left + (each - width) / 2, y + 56, unit)
        out.append(
            island_shapes(
                empty,
                frame,
                _("{island}, {side}", island=island["name"], side=side_words(side)),
                measure,
                detail=True,
            )
        )
        bottom = max(bottom, y + 56 + height)
    return bottom + 20


def _hand(
    tile: dict[str, Any],
    riders: Sequence[dict[str, Any]],
    x: float,
    y: float,
    out: Out,
    measure: D.Measure,
) -> float:
    """uk фаза 2: the tile to place as it lies before turning (pointing east), a dot on the
    space the options name, and a compass of the six directions the options say."""
    w, unit, n = HAND - 8, 34.0, len(tile["terrains"])
    tw, th, _rise = tile_box(n, unit)
    heading = _("Tile to place")
    two = measure(heading, 12) * D.SHRINK > w - 8  # uk «Плитка, яку треба покласти»
    shapes: Out = [
        D.Text(x + w / 2, y + (20 if two else 14), heading, size=12, fill=INK, bold=True,
               fit=D.Fit(w - 8, lines=2 if two else 1))
    ]  # fmt: skip
    top = y + (40 if two else 28)
    tx = x + (w - tw) / 2
    shapes.append(loose_tile(tile, riders, tx, top, unit))
    below = top + th + 14
    if n > 1:
        shapes.append(
            D.Circle(*first_space(n, tx, top, unit), unit * 0.13, fill="#ffffff", stroke=OUTLINE)
        )
    if riders:
        shapes.append(
            D.Text(x + w / 2, below + 6, commas([c["name"] for c in riders]), size=10.5, fill=INK,
                   fit=D.Fit(w - 8, lines=2))
        )  # fmt: skip
        below += 27
    if n > 1:
        for line in (_("dot: the space the"), _("options name; shown"), _("pointing east")):
            # A line longer in the reader's language than a little shrinking allows takes two.
            lines = 1 if measure(line, 9.5) * D.SHRINK <= w - 6 else 2
            shapes.append(
                D.Text(x + w / 2, below + (lines - 1) * 5.7, line, size=9.5, fill=MUTED,
                       fit=D.Fit(w - 6, lines=lines))
            )  # fmt: skip
            below += 12 * lines
        shapes += _compass(x + w / 2, below + 34, 22)
        below += 72
    else:
        shapes.append(
            D.Text(x + w / 2, below, _("one space"), size=9.5, fill=MUTED, fit=D.Fit(w - 6))
        )
        below += 8
    out.append(D.Rect(x, y, w, below - y, fill=PAPER, stroke=BOARD, width=1.2, rx=6))
    out += shapes
    return below


def _compass(x: float, y: float, r: float) -> Out:
    """The six directions a placement may point, as the options name them."""
    shapes: Out = [D.hexagon(x, y, r * 0.55, fill="#ffffff", stroke=MUTED, width=1)]
    for d, label in enumerate(SHORT_DIRECTION):
        dx, dr = STEPS[d]
        angle = math.atan2(dr * ROW, dx / 2)
        ex, ey = x + math.cos(angle) * r, y + math.sin(angle) * r
        shapes.append(D.Line(x, y, ex, ey, CANDIDATE, width=1.6, round_caps=True))
        lx, ly = x + math.cos(angle) * (r + 13), y + math.sin(angle) * (r + 9)
        shapes.append(D.Text(lx, ly, label, size=10.5, fill=CANDIDATE, bold=True, fit=D.Fit(28)))
    shapes.append(D.Circle(x, y, 2.5, fill=CANDIDATE))
    return [
        D.Group(
            tuple(shapes),
            title=_("Directions: east, north-east, north-west, west, south-west, south-east"),
        )
    ]


# ---------------------------------------------------------------- the seat's supply


def _supply(view: View, seat: str | None, y: float, out: Out) -> float:
    """The player's board: victory points (tokens in the order taken, then titans), hoplites
    and orichalcum, titans with their favour, creatures captured."""
    if seat is None or seat not in view["players"]:
        return y
    player = view["players"][seat]
    h = 74
    out.append(D.Rect(MARGIN, y, WIDTH - 2 * MARGIN, h, fill=PAPER, stroke=BOARD, width=1.2, rx=6))
    x = MARGIN + 12
    points = _("Victory points {points}/{win}", points=player["points"], win=view["win_points"])
    slots = max(view["win_points"], len(player["victory_tokens"]["order"]) + len(player["titans"]))
    out.append(
        D.Text(x, y + 15, points, size=12, fill=INK, anchor="start", bold=True,
               fit=D.Fit(slots * 27 + 6))
    )  # fmt: skip
    tokens = list(player["victory_tokens"]["order"]) + [t["terrain"] for t in player["titans"]]
    slots = max(view["win_points"], len(tokens))
    for i in range(slots):
        cx, cy = x + 13 + i * 27, y + 44
        out.append(D.Circle(cx, cy, 11.5, fill="#ffffff", stroke=BOARD, width=1.2))
        if i < len(tokens):
            out.append(_token(tokens[i], cx, cy))
    x += slots * 27 + 14
    out += icons.hoplite(x + 10, y + 28, 10)
    out.append(
        D.Text(x + 26, y + 28, str(player["hoplites"]), size=16, fill=INK, anchor="start",
               bold=True, fit=D.Fit(38))
    )  # fmt: skip
    out.append(
        D.Text(x + 10, y + 50, _("hoplites"), size=10, fill=MUTED, anchor="start", fit=D.Fit(54))
    )
    x += 68
    out += icons.orichalcum(x + 10, y + 28, 10.5)
    out.append(
        D.Text(x + 26, y + 28, str(player["orichalcum"]), size=16, fill=INK, anchor="start",
               bold=True, fit=D.Fit(48))
    )  # fmt: skip
    out.append(
        D.Text(x + 6, y + 50, RESOURCE["orichalcum"], size=10, fill=MUTED, anchor="start",
               fit=D.Fit(68))
    )  # fmt: skip
    x += 80
    titans = player["titans"]
    held = _("Titans {held}/{room}", held=len(titans), room=player["titan_capacity"])
    across = max(1, min(3, len(titans))) * 64
    out.append(
        D.Text(x, y + 15, held, size=12, fill=INK, anchor="start", bold=True, fit=D.Fit(across - 4))
    )
    for i, titan in enumerate(titans[:3]):
        out.append(icons.titan(titan, x + i * 64, y + 26, 60, 34))
    if not titans:
        out.append(
            D.Text(x, y + 44, _("none"), size=11, fill=MUTED, anchor="start", fit=D.Fit(across - 4))
        )
    x += across + 10
    right = WIDTH - MARGIN - 10
    out.append(
        D.Text(x, y + 15, _("Captured"), size=12, fill=INK, anchor="start", bold=True,
               fit=D.Fit(right - x))
    )  # fmt: skip
    caught = player["creatures"]
    room = max(1, int((right - x) // 24))
    for i, creature in enumerate(caught[:room]):
        out.append(_disc(creature, x + 11 + i * 24, y + 38, 10.5))
    if len(caught) > room:
        out.append(
            D.Text(right, y + 38, f"+{len(caught) - room}", size=11, fill=INK, anchor="end",
                   fit=D.Fit(24))
        )  # fmt: skip
    if not caught:
        out.append(
            D.Text(x, y + 38, _("none"), size=11, fill=MUTED, anchor="start", fit=D.Fit(right - x))
        )
    out.append(
        D.Text(x, y + 62, works_words(player), size=10.5, fill=MUTED, anchor="start",
               fit=D.Fit(right - x))
    )  # fmt: skip
    return y + h + 14


def _token(token: str, x: float, y: float) -> D.Shape:
    """A victory point: a temple, a medallion, or a titan (by its terrain)."""
    if token == "temple":
        return D.Group(tuple(icons.temple(x, y + 1, 16, MARBLE_EDGE)), title=_("temple"))
    if token == "medallion":
        return D.Group(tuple(icons.medallion(x, y, 9.5)), title=_("orichalcum medallion"))
    return D.Group(
        (D.Circle(x, y, 9.5, fill=TERRAIN_FILL[token], stroke=TERRAIN_INK[token], width=1.4),),
        title=TITAN_OF_TERRAIN[token],
    )


def _disc(creature: dict[str, Any], x: float, y: float, r: float) -> D.Shape:
    fill = CREATURE_FILL.get(creature["id"], "#555555")
    return D.Group(
        (
            D.Circle(x, y, r, fill=fill, stroke="#ffffff", width=1.2),
            D.Text(
                x,
                y,
                str(creature["strength"]),
                size=r,
                fill="#ffffff",
                bold=True,
                fit=D.Fit(r * 1.8),
            ),
        ),
        title=creature_words(creature),
    )


# ---------------------------------------------------------------- the action board


def _action_board(view: View, y: float, out: Out, measure: D.Measure) -> float:
    """uk фаза 1: the cards left to right, each with its cost, action, tile and creatures."""
    board = view.get("action_board") or {}
    slots = board.get("slots", [])
    stacks = view.get("stacks") or {}
    heaps = "/".join(str(stacks.get(s, 0)) for s in ("single", "double", "triple"))
    discard = len(board.get("discard") or [])
    note = _(
        "deck {deck} · discard {discard} · face-down tiles {heaps}",
        deck=board.get("deck", 0),
        discard=discard,
        heaps=heaps,
    )
    _titled(MARGIN, y + 8, WIDTH - 2 * MARGIN, _("Action board"), note, out, measure)
    gap, h = 7.0, 144.0
    w = (WIDTH - 2 * MARGIN - gap * (max(1, len(slots)) - 1)) / max(1, len(slots))
    for i, slot in enumerate(slots):
        out.append(_card(slot, MARGIN + i * (w + gap), y + 20, w, h))
    return y + 20 + h + 14


def _card(slot: dict[str, Any], x: float, y: float, w: float, h: float) -> D.Shape:
    card = slot.get("card")
    if not card:
        return D.Group(
            (
                D.Rect(x, y, w, h, fill="#eef4f6", stroke="#a9bcc4", width=1.2, rx=6),
                D.Text(
                    x + w / 2,
                    y + 14,
                    str(slot["number"]),
                    size=12,
                    fill=MUTED,
                    bold=True,
                    fit=D.Fit(w - 8),
                ),
                D.Text(x + w / 2, y + h / 2, _("empty"), size=12, fill=MUTED, fit=D.Fit(w - 8)),
            ),
            title=slot_words(slot),
        )
    fill = ACTION_FILL[card["action"]]
    shapes: Out = [
        D.Rect(x, y, w, h, fill=PAPER, stroke="#9c8a63", width=1.2, rx=6),
        D.Rect(x, y, w, 24, fill=fill, rx=6),
        D.Rect(x, y + 14, w, 10, fill=fill),
        D.Text(x + 8, y + 12, str(slot["number"]), size=13, fill="#ffffff", anchor="start",
               bold=True, fit=D.Fit(14)),
    ]  # fmt: skip
    # The cost (hoplites, or "free") has a line of its own below the tile's size, so the
    # action's name has the header's width in every language.
    shapes.append(
        D.Text(x + 24, y + 12, ACTION_SHORT[card["action"]], size=13, fill="#ffffff",
               anchor="start", bold=True, fit=D.Fit(w - 28, min_size=9))
    )  # fmt: skip
    shapes.append(D.Text(x + w / 2, y + 35, SIZE_TILE[card["size"]], size=10.5, fill=MUTED,
                         fit=D.Fit(w - 8)))  # fmt: skip
    if slot["cost"]:
        left = x + w / 2 - (slot["cost"] - 1) * 13 / 2
        for k in range(slot["cost"]):
            shapes += icons.hoplite(left + k * 13, y + 49, 5.5)
    else:
        shapes.append(
            D.Text(x + w / 2, y + 49, _("free"), size=10, fill=WON, bold=True, fit=D.Fit(w - 8))
        )
    top = y + 58
    tile = slot.get("tile")
    riders = slot.get("creatures") or []
    if tile:
        unit = min(30.0, (w - 16) / 2)
        tw, th, _rise = tile_box(len(tile["terrains"]), unit)
        room = y + h - 24 - top
        shapes.append(loose_tile(tile, riders, x + (w - tw) / 2, top + (room - th) / 2, unit))
    else:
        shapes.append(
            D.Text(x + w / 2, y + 86, _("no tile left"), size=10.5, fill=MUTED, fit=D.Fit(w - 8))
        )
    if riders:
        shapes.append(
            D.Text(x + w / 2, y + h - 12, commas([c["name"] for c in riders]), size=10, fill=INK,
                   fit=D.Fit(w - 8))
        )  # fmt: skip
    return D.Group(tuple(shapes), title=slot_words(slot))


# ---------------------------------------------------------------- construction, titans


def _construction(view: View, y: float, out: Out, measure: D.Measure) -> float:
    """The construction board's four slots, the titans in the centre, temples and victory
    tokens left."""
    construction = view.get("construction_board") or {}
    slots = construction.get("slots", [])
    w, h, gap = 94.0, 62.0, 7.0
    bag = _("bag {n}", n=construction.get("bag", 0))
    across = len(slots) * (w + gap) - gap
    _titled(MARGIN, y + 8, across, _("Construction board"), bag, out, measure)
    top = y + 20
    for i, slot in enumerate(slots):
        out.append(_site(slot, MARGIN + i * (w + gap), top, w, h))
    x = MARGIN + len(slots) * (w + gap) + 6
    _title(x, y + 8, _("Titans in the centre"), out, 120)
    centre = view.get("titans_centre") or []
    for i, titan in enumerate(centre):
        out.append(icons.titan(titan, x + (i % 2) * 60, top + (i // 2) * 32, 56, 29))
    if not centre:
        out.append(
            D.Text(x, top + 14, _("none"), size=11, fill=MUTED, anchor="start", fit=D.Fit(116))
        )
    x += 126
    temples, tokens = view.get("temples_left", 0), view.get("victory_tokens_left", 0)
    temple_count = n_("{n} temple", "{n} temples", n=temples)
    token_count = n_("{n} token", "{n} tokens", n=tokens)
    out.append(
        D.Group(
            (
                D.Rect(x, top, WIDTH - MARGIN - x, h, fill=PAPER, stroke=BOARD, width=1.2, rx=6),
                *icons.temple(x + 17, top + 20, 22, MARBLE_EDGE),
                D.Text(
                    x + 34,
                    top + 20,
                    temple_count,
                    size=11,
                    fill=INK,
                    anchor="start",
                    fit=D.Fit(WIDTH - MARGIN - x - 38),
                ),
                *icons.medallion(x + 17, top + 44, 8),
                D.Text(
                    x + 34,
                    top + 44,
                    token_count,
                    size=11,
                    fill=INK,
                    anchor="start",
                    fit=D.Fit(WIDTH - MARGIN - x - 38),
                ),
            ),
            title=_(
                "{temples} temple tiles and {tokens} victory tokens left",
                temples=temples,
                tokens=tokens,
            ),
        )
    )
    return top + max(h, 32 * ((len(centre) + 1) // 2)) + 14


def _site(slot: dict[str, Any], x: float, y: float, w: float, h: float) -> D.Shape:
    terrain = slot["terrain"]
    building = slot.get("building")
    shapes: Out = [
        D.Rect(x, y, w, h, fill=PAPER, stroke="#9c8a63", width=1.2, rx=6),
        D.Rect(x, y, w, 20, fill=TERRAIN_FILL[terrain], rx=6),
        D.Rect(x, y + 12, w, 8, fill=TERRAIN_FILL[terrain]),
        D.Text(x + w / 2, y + 10, TERRAIN[terrain], size=11, fill="#1f1f1f", bold=True,
               fit=D.Fit(w - 8)),
    ]  # fmt: skip
    if building:
        ink = BUILDING_INK.get(building["id"], BUILDING_DEFAULT_INK)
        shapes.append(
            D.Text(x + w / 2, y + 31, building["name"], size=11, fill=ink, bold=True,
                   fit=D.Fit(w - 8, lines=2, min_size=9))
        )  # fmt: skip
        if slot.get("resource") == "hoplite":
            shapes += icons.hoplite(x + w / 2, y + 53, 6.5)
        elif slot.get("resource") == "orichalcum":
            shapes += icons.orichalcum(x + w / 2, y + 53, 7)
    else:
        shapes.append(D.Text(x + w / 2, y + 40, _("empty"), size=11, fill=MUTED, fit=D.Fit(w - 8)))
    return D.Group(tuple(shapes), title=site_words(slot))


# ---------------------------------------------------------------- the last fight


def _fight(fight: dict[str, Any], y: float, out: Out) -> float:
    """uk «Захоплення істот»: who fought what, and the dice rolled."""
    h = 44
    out.append(
        D.Rect(MARGIN, y, WIDTH - 2 * MARGIN, h, fill="#fff7f2", stroke="#d9b8a8", width=1.2, rx=6)
    )
    who = _(
        "Last fight: {seat} vs {creature} ({strength}) at {cell}",
        seat=Seat(fight["seat"]),
        creature=fight["creature"],
        strength=fight["strength"],
        cell=fight["cell"],
    )
    x = MARGIN + 330
    out.append(
        D.Text(MARGIN + 10, y + 14, who, size=12, fill=INK, anchor="start", bold=True,
               fit=D.Fit(x - MARGIN - 16, min_size=8.5))
    )  # fmt: skip
    fought = n_("{n} hoplite fought", "{n} hoplites fought", n=fight["hoplites"])
    out.append(
        D.Text(MARGIN + 10, y + 31, fought, size=11, fill=MUTED, anchor="start",
               fit=D.Fit(x - MARGIN - 16))
    )  # fmt: skip
    if fight["favour"]:
        out.append(
            D.Text(
                x,
                y + h / 2,
                _("won with Kronos's favour, no dice"),
                size=12,
                fill=WON,
                anchor="start",
                bold=True,
                fit=D.Fit(WIDTH - MARGIN - 6 - x),
            )
        )
        return y + h + 14
    dice: Out = []
    for i, face in enumerate(fight["dice"]):
        dice += icons.die(x + i * 32, y + 8, 28, face)
    out.append(D.Group(tuple(dice), title=_("dice: {dice}", dice=dice_words(fight["dice"]))))
    if fight["won"]:
        verdict = _("= {total}: won", total=fight["total"])
    else:
        verdict = _("= {total}: lost", total=fight["total"])
    left = x + len(fight["dice"]) * 32 + 6
    out.append(
        D.Text(left, y + h / 2, verdict, size=14, fill=WON if fight["won"] else LOST,
               anchor="start", bold=True, fit=D.Fit(WIDTH - MARGIN - 6 - left))
    )  # fmt: skip
    return y + h + 14


# ---------------------------------------------------------------- the other islands


def _others(view: View, seat: str | None, y: float, out: Out, measure: D.Measure) -> float:
    others = [s for s in view.get("seats", []) if s != seat]
    if not others:
        return y
    colours = seat_colours(view)
    _title(MARGIN, y + 8, _("The other islands"), out, WIDTH - 2 * MARGIN)
    gap = 10
    columns = 3 if len(others) > 2 else 2
    each = (WIDTH - 2 * MARGIN - gap * (columns - 1)) / columns
    bottom = y + 20
    for i, other in enumerate(others):  # at most three: one row
        x = MARGIN + i * (each + gap)
        bottom = max(bottom, _other(view, other, colours[other], x, y + 20, each, out, measure))
    return bottom + 6


def _other(
    view: View, seat: str, colour: str, x: float, y: float, w: float, out: Out, measure: D.Measure
) -> float:
    """Another player: name, victory points, a thumbnail of the island, the supply."""
    player = view["players"][seat]
    island = player.get("island")
    shown = [m for m in marks(view, seat) if m != "initiative"]
    name: str = Seat(seat)
    for mark in shown:
        name = _("{name} · {mark}", name=name, mark=mark)
    points = _("{points} VP", points=player["points"])
    right = _shared(measure, w - 27, points, 12.5, gap=8)
    shapes: Out = [
        D.Rect(x, y, w, 30, fill="#ffffff", stroke=colour, width=1.5, rx=5),
        D.Circle(x + 11, y + 15, 5, fill=colour),
        D.Text(x + 21, y + 15, name, size=12.5, fill=INK, anchor="start", bold=True,
               fit=D.Fit(w - 27 - right - 8, min_size=9.5)),
        D.Text(x + w - 6, y + 15, points, size=12.5, fill=INK, anchor="end", bold=True,
               fit=D.Fit(right)),
    ]  # fmt: skip
    bottom = y + 36
    if island and island.get("cells"):
        unit = min(28.0, (w - 10) / island["width"])
        iw, ih = island_size(island, unit)
        frame = Frame(x + (w - iw) / 2, bottom + 4, unit)
        title = _(
            "{seat}'s island: {island}, {side}",
            seat=Seat(seat),
            island=island["name"],
            side=side_words(island["side"]),
        )
        shapes.append(island_shapes(island, frame, title, measure, detail=False))
        bottom += ih + 10
    elif island:
        shapes.append(
            D.Text(
                x + w / 2,
                bottom + 14,
                _("{island}: choosing a side", island=island["name"]),
                size=11,
                fill=MUTED,
                fit=D.Fit(w - 8),
            )
        )
        bottom += 26
    line = bottom + 8
    shapes += icons.hoplite(x + 8, line, 6.5)
    shapes.append(
        D.Text(x + 18, line, str(player["hoplites"]), size=12, fill=INK, anchor="start",
               bold=True, fit=D.Fit(18))
    )  # fmt: skip
    shapes += icons.orichalcum(x + 44, line, 7)
    shapes.append(
        D.Text(x + 54, line, str(player["orichalcum"]), size=12, fill=INK, anchor="start",
               bold=True, fit=D.Fit(18))
    )  # fmt: skip
    left = len(creatures_on(island))
    shapes.append(
        D.Text(
            x + w,
            line,
            n_("{n} creature on it", "{n} creatures on it", n=left),
            size=10.5,
            fill=MUTED,
            anchor="end",
            fit=D.Fit(w - 76),
        )
    )
    tokens = player["victory_tokens"]
    words = []
    if tokens["temples"]:
        words.append(n_("{n} temple", "{n} temples", n=tokens["temples"]))
    if tokens["medallions"]:
        words.append(n_("{n} medallion", "{n} medallions", n=tokens["medallions"]))
    words += [
        t["name"] if t["active"] else _("{titan} (used)", titan=t["name"]) for t in player["titans"]
    ]
    said = semicolons(words) or _("no victory point yet")
    lines = 1 if measure(said, 10.5) * D.SHRINK <= w - 2 else 2
    shapes.append(
        D.Text(x + 2, line + 17 + (lines - 1) * 6.3, said, size=10.5, fill=MUTED, anchor="start",
               fit=D.Fit(w - 2, lines=lines))
    )  # fmt: skip
    hover = _(
        "{seat}: {points} victory points, {hoplites}, {orichalcum}",
        seat=Seat(seat),
        points=player["points"],
        hoplites=hoplites(player["hoplites"]),
        orichalcum=orichalcum(player["orichalcum"]),
    )
    out.append(D.Group(tuple(shapes), title=hover))
    return line + 26 + (lines - 1) * 12.6
