"""Origins: First Builders' picture, lower half: every player's pieces, the reader's city
large (or, for a spectator, the city of the player to move) and the others' smaller, and
the legend."""

from __future__ import annotations

from typing import Any

from engine.games.origins_first_builders import words as word
from engine.games.origins_first_builders.board.cities import (
    focus_seat,
    free_spaces,
    open_districts,
    placing,
)
from engine.games.origins_first_builders.board.palette import (
    DIE_FILL,
    DIE_INK,
    EDGE,
    FARM_FILL,
    FARM_LINE,
    HIGHLIGHT,
    INK,
    MUTED,
    View,
)
from engine.games.origins_first_builders.board.shapes import (
    BODY,
    SMALL,
    WIDTH,
    Colours,
    Flow,
    M,
    archon,
    chip,
    die,
    disc,
    note,
    speaker,
    tower,
)
from engine.games.origins_first_builders.board.words import seat_marks
from engine.games.origins_first_builders.components import BASES
from engine.games.origins_first_builders.words import _, n_
from engine.kit import drawing as D
from engine.kit.words import Seat


def players(
    view: View, colours: Colours, y: float, measure: D.Measure
) -> tuple[list[D.Shape], float]:
    players = view.get("players", {})
    if not players:
        return [], 0
    focus = focus_seat(view)
    shapes: list[D.Shape] = [D.Line(M, y + 2, WIDTH - M, y + 2, EDGE, width=1)]
    top = y + 10
    order = [focus] + [s for s in players if s != focus]
    for seat in order:
        if seat is None:
            continue
        big = seat == focus
        drawn, height = _player(view, colours, seat, players[seat], top, big, measure)
        shapes += drawn
        top += height + 8
        shapes.append(D.Line(M, top - 4, WIDTH - M, top - 4, EDGE, width=1))
    return shapes, top - y


CITY_BIG = (372.0, 360.0)
CITY_SMALL = (210.0, 150.0)


def _player(
    view: View,
    colours: Colours,
    seat: str,
    p: dict[str, Any],
    y: float,
    big: bool,
    measure: D.Measure,
) -> tuple[list[D.Shape], float]:
    box_w, box_h = CITY_BIG if big else CITY_SMALL
    info_x = M + box_w + 12 if big else M
    info_right = WIDTH - M if big else WIDTH - M - box_w - 12
    shapes: list[D.Shape] = []
    flow = Flow(measure, info_x, y, info_right)
    _player_head(view, colours, seat, p, flow)
    _player_pieces(view, colours, seat, p, flow, big)
    info_h = flow.y + flow.line - y
    shapes += flow.shapes
    city_x = M if big else WIDTH - M - box_w
    city, city_h = _city(view, seat, p.get("city") or {}, city_x, y, box_w, box_h, big, measure)
    shapes += city
    return shapes, max(info_h, city_h)


def _player_head(view: View, colours: Colours, seat: str, p: dict[str, Any], flow: Flow) -> None:
    tags = seat_marks(view, seat)
    score = p.get("score", 0)
    # The score stands at the line's right end: the name and its marks keep left of it.
    said = min(flow.measure(word.vp(score), 14), (flow.right - flow.x0) / 3)
    right, flow.right = flow.right, flow.right - said - 8
    flow.add(22, disc(9, 10, 9, seat, view, colours), title=_("{seat}'s colour", seat=Seat(seat)))
    flow.label(Seat(seat), bold=True, colour=INK)
    if tags:
        flow.label(_("({marks})", marks=word.joined(tags)))
    flow.right = right
    parts = word.score_parts(p.get("score_breakdown") or {})
    a = {"seat": Seat(seat), "n": score}
    if view.get("over"):
        title = (
            _("{seat}: final score {n} ({parts})", parts=parts, **a)
            if parts
            else _("{seat}: final score {n}", **a)
        )
    else:
        title = (
            _("{seat}: score if it ended now {n} ({parts})", parts=parts, **a)
            if parts
            else _("{seat}: score if it ended now {n}", **a)
        )
    flow.shapes.append(
        D.Group(
            (
                D.Text(
                    flow.right,
                    flow.y + 9,
                    word.vp(score),
                    size=14,
                    fill=INK,
                    anchor="end",
                    bold=True,
                    fit=D.Fit(said),
                ),
            ),
            title=title,
        )
    )
    flow.newline()


def _player_pieces(
    view: View, colours: Colours, seat: str, p: dict[str, Any], flow: Flow, big: bool
) -> None:
    """Line by line: resources and bases; citizens; speakers and the archon; advisors and
    superiority tokens; towers and zodiac cards; buildings set aside."""
    ring = colours.get(seat, ("", "#999999", ""))[1]
    _resources(p, flow)
    flow.newline()
    _citizens(seat, p, flow, ring)
    if big:
        flow.newline()
    else:
        flow.space(8)
    _speakers_and_archon(seat, p, flow, ring)
    flow.newline()
    _advisors_and_tokens(seat, p, flow)
    flow.newline()
    _towers_and_cards(seat, p, flow)
    if p.get("reserved"):
        flow.newline()
        _reserved(seat, p, flow)


def _resources(p: dict[str, Any], flow: Flow) -> None:
    for resource, amount in (p.get("resources") or {}).items():
        drawn, w = chip(flow.measure, 0, 0, resource, amount)
        flow.add(w + 6, drawn)
    bases = p.get("bases") or {}
    cost = bases.get("next_cost")
    flow.space(4)
    a = {"owned": bases.get("owned", 0), "all": BASES}
    if cost:
        flow.label(_("bases {owned}/{all}, next {food}", food=word.amount("food", cost), **a))
    else:
        flow.label(_("bases {owned}/{all}", **a))


def _citizens(seat: str, p: dict[str, Any], flow: Flow, ring: str) -> None:
    """Citizens beside the board, those visiting a zone (tagged), then the empty bases."""
    flow.label(_("Citizens"))
    citizens = p.get("citizens", [])
    for c in citizens:
        where = c.get("where", "home")
        drawn = die(1, 1, 18, c["colour"], c["value"])
        width = 24.0
        if where != "home":
            tag = _("in Z{n}", n=str(where).removeprefix("zone "))
            said = flow.measure(tag, SMALL - 0.5)
            drawn.append(
                D.Text(21, 10, tag, size=SMALL - 0.5, fill=MUTED, anchor="start", fit=D.Fit(said))
            )
            width += said + 4
        title = _(
            "{seat}'s citizen {die} ({where})",
            seat=Seat(seat),
            die=word.die(c["colour"], c["value"]),
            where=where,
        )
        flow.add(width, drawn, title=title)
    free = (p.get("bases") or {}).get("free", 0)
    for _k in range(free):
        empty = D.Rect(1, 1, 18, 18, fill=None, stroke="#b3a78f", width=1, rx=4)
        flow.add(24, [empty], title=_("{seat}'s free base", seat=Seat(seat)))
    if not citizens and not free:
        flow.label(_("none"))


def _speakers_and_archon(seat: str, p: dict[str, Any], flow: Flow, ring: str) -> None:
    flow.label(_("Speakers"))
    for value in p.get("speakers", []):
        title = _("{seat}'s speaker {value}", seat=Seat(seat), value=value)
        flow.add(22, speaker(1, 1, 18, value), title=title)
    if not p.get("speakers"):
        flow.label(_("none"))
    flow.space(6)
    arch = p.get("archon") or {}
    where = arch.get("where") or _("home")
    flow.label(_("Archon"))
    flow.add(
        22,
        archon(10, 11, 19, ring),
        title=_("{seat}'s archon ({where})", seat=Seat(seat), where=where),
    )
    # ru «Особое свойство архонта»: each advisor lends the archon its colour.
    for colour in arch.get("colours", []):
        dot = D.Circle(5, 10, 5, fill=DIE_FILL.get(colour, "#ccc"), stroke="#4a4030", width=0.8)
        flow.add(12, [dot], title=_("archon colour {colour}", colour=word.colour(colour)))
    if where != "home":
        flow.label(_("in {where}", where=where))


def _advisors_and_tokens(seat: str, p: dict[str, Any], flow: Flow) -> None:
    advisors = p.get("advisors", [])
    flow.label(_("Advisors"))
    for a in advisors:
        points = D.Text(
            19, 10, str(a["points"]), size=SMALL, fill=MUTED, anchor="start", fit=D.Fit(12)
        )
        flow.add(
            32,
            [*die(1, 2, 16, a["colour"], None), points],
            title=_(
                "{seat}'s advisor {colour} ({points})",
                seat=Seat(seat),
                colour=word.colour(a["colour"]),
                points=word.vp(a["points"]),
            ),
        )
    if not advisors:
        flow.label(_("none"))
    flow.space(6)
    tokens = p.get("superiority_tokens", 0)
    shield = ((10, 1), (19, 6), (17, 18), (3, 18), (1, 6))
    superiority = _("superiority")
    said = min(flow.measure(superiority, BODY), flow.right - flow.x0 - 26)
    flow.add(
        26 + said,
        [
            D.Polygon(shield, fill="#c9a227", stroke="#6b5310", width=1),
            D.Text(10, 11, str(tokens), size=SMALL, fill=INK, bold=True, fit=D.Fit(14)),
            D.Text(24, 9, superiority, size=BODY, fill=MUTED, anchor="start", fit=D.Fit(said)),
        ],
        title=n_(
            "{seat}: {n} superiority token",
            "{seat}: {n} superiority tokens",
            n=tokens,
            seat=Seat(seat),
        ),
    )


def _towers_and_cards(seat: str, p: dict[str, Any], flow: Flow) -> None:
    flow.label(_("Towers"))
    for colour, level in (p.get("palace_towers") or {}).items():
        level_text = D.Text(
            16, 11, str(level), size=BODY, fill=INK, anchor="start", bold=True, fit=D.Fit(11)
        )
        flow.add(
            28,
            [*tower(1, 1, 13, 18, colour), level_text],
            title=_(
                "{seat}'s {colour} tower: level {level}",
                seat=Seat(seat),
                colour=word.colour_f(colour),
                level=level,
            ),
        )
    cards = p.get("zodiac_cards", [])
    if cards:
        flow.space(4)
        flow.label(_("Zodiac"))
    for card in cards:
        w = min(flow.measure(card["name"], SMALL), flow.right - flow.x0 - 12) + 8
        flow.add(
            w + 4,
            [
                D.Rect(0, 1, w, 18, fill="#e9e1f3", stroke="#8e5bb5", rx=3),
                D.Text(4, 10, card["name"], size=SMALL, fill=INK, anchor="start", fit=D.Fit(w - 8)),
            ],
            title=_("{card}: {effect}", card=card["name"], effect=card.get("text", "")),
        )


def _reserved(seat: str, p: dict[str, Any], flow: Flow) -> None:
    """Buildings a Construction Site set aside, to be built later."""
    flow.label(_("Set aside"))
    for b in p.get("reserved") or []:
        if b is None:
            continue
        w = min(flow.measure(b["name"], SMALL), flow.right - flow.x0 - 12) + 8
        ink = DIE_INK.get(b["colour"], INK)
        flow.add(
            w + 4,
            [
                D.Rect(0, 1, w, 18, fill=DIE_FILL.get(b["colour"], "#ccc"), rx=3),
                D.Text(4, 10, b["name"], size=SMALL, fill=ink, anchor="start", fit=D.Fit(w - 8)),
            ],
            title=_(
                "{seat} set aside the {building} ({stone})",
                seat=Seat(seat),
                building=b["name"],
                stone=word.amount("stone", b["stone"]),
            ),
        )


def _city(
    view: View,
    seat: str,
    city: dict[str, Any],
    x0: float,
    y0: float,
    box_w: float,
    box_h: float,
    big: bool,
    measure: D.Measure,
) -> tuple[list[D.Shape], float]:
    """The city's tiles on their grid (ru «Расширение города»): one empty ring of cells
    around them, where the next building may go."""
    tiles = city.get("tiles", [])
    if not tiles:
        return [], 0
    b = city.get("bounds") or {
        "left": min(t["x"] for t in tiles),
        "top": min(t["y"] for t in tiles),
        "right": max(t["x"] for t in tiles),
        "bottom": max(t["y"] for t in tiles),
    }
    left, top = b["left"] - 1, b["top"] - 1
    cols, rows = b["right"] - b["left"] + 3, b["bottom"] - b["top"] + 3
    axis = 14 if big else 0
    cell = min(64.0 if big else 30.0, (box_w - axis) / cols, (box_h - axis) / rows)
    gx = x0 + axis + (box_w - axis - cols * cell) / 2
    gy = y0 + axis

    def at(x: int, y: int) -> tuple[float, float]:
        return gx + (x - left) * cell, gy + (y - top) * cell

    shapes: list[D.Shape] = [
        D.Rect(gx - 2, gy - 2, cols * cell + 4, rows * cell + 4, fill="#efe9dc", stroke=EDGE, rx=6)
    ]
    if big:
        for c in range(cols):
            shapes.append(
                note(gx + (c + 0.5) * cell, y0 + 6, str(left + c), anchor="middle", room=cell)
            )
        for r in range(rows):
            shapes.append(
                note(gx - 8, gy + (r + 0.5) * cell, str(top + r), anchor="middle", room=14)
            )
    highlight = big and placing(view, seat)
    if highlight:
        for fx, fy in free_spaces(city):
            px, py = at(fx, fy)
            shapes.append(
                D.Group(
                    (
                        D.Rect(
                            px + 3,
                            py + 3,
                            cell - 6,
                            cell - 6,
                            fill="#dff3e4",
                            stroke=HIGHLIGHT,
                            width=2,
                            rx=4,
                        ),
                        D.Text(
                            px + cell / 2,
                            py + cell / 2,
                            f"{fx},{fy}",
                            size=SMALL if big else 8,
                            fill=HIGHLIGHT,
                            bold=True,
                            fit=D.Fit(cell - 8),
                        ),
                    ),
                    title=_(
                        "{seat}'s city: free space ({x}, {y}) where a building may go",
                        seat=Seat(seat),
                        x=fx,
                        y=fy,
                    ),
                )
            )
    for t in tiles:
        px, py = at(t["x"], t["y"])
        shapes.append(_tile(view, seat, t, px, py, cell, big, measure))
    for cx, cy in open_districts(city):
        px, py = at(cx + 1, cy + 1)
        shapes.append(
            D.Group(
                (
                    D.Circle(
                        px,
                        py,
                        cell * 0.16,
                        fill="#ffffff",
                        stroke=HIGHLIGHT,
                        width=1.5,
                        dash=(3, 2),
                    ),
                ),
                title=_(
                    "{seat}'s open district at ({x}, {y}): a citizen may close it",
                    seat=Seat(seat),
                    x=cx,
                    y=cy,
                ),
            )
        )
    for c in city.get("centres", []):
        px, py = at(c["x"] + 1, c["y"] + 1)
        s = cell * 0.42
        shapes.append(
            D.Group(
                tuple(die(px - s / 2, py - s / 2, s, c["colour"], c["value"], "#ffffff")),
                title=_(
                    "{seat}'s power centre at ({x}, {y}): {die}, {points}",
                    seat=Seat(seat),
                    x=c["x"],
                    y=c["y"],
                    die=word.die(c["colour"], c["value"]),
                    points=word.vp(c["points"]),
                ),
            )
        )
    return shapes, axis + rows * cell + 4


def _tile(
    view: View,
    seat: str,
    t: dict[str, Any],
    x: float,
    y: float,
    cell: float,
    big: bool,
    measure: D.Measure,
) -> D.Shape:
    colour = t.get("colour") or "grey"
    pad = 1.5
    w = cell - 2 * pad
    shapes: list[D.Shape] = []
    if t.get("farm"):
        shapes.append(D.Rect(x + pad, y + pad, w, w, fill=FARM_FILL, stroke="#6b5a30", rx=3))
        for k in range(1, 4):
            fy = y + pad + w * k / 4
            shapes.append(D.Line(x + pad + 3, fy, x + pad + w - 3, fy, FARM_LINE, width=1.2))
    else:
        fill = DIE_FILL.get(colour, "#cccccc")
        shapes.append(D.Rect(x + pad, y + pad, w, w, fill=fill, stroke="#4a4030", rx=3))
    ink = DIE_INK.get(colour, INK) if not t.get("farm") else INK
    if t.get("kind") == "palace":
        shapes += _palace(view, seat, x + pad, y + pad, w, big)
    elif big:
        shapes.append(
            D.Text(x + cell / 2, y + cell / 2, t.get("name", ""), size=10.0 if cell >= 56 else 9.0,
                   fill=ink, bold=True, fit=D.Fit(w - 5, lines=3, min_size=6.5))
        )  # fmt: skip
    a = {"seat": Seat(seat), "x": t["x"], "y": t["y"], "building": t.get("name") or ""}
    if t.get("farm"):
        a["colour"] = _("farm")
    else:
        a["colour"] = word.colour(colour)
    if t.get("text"):
        title = _(
            "{seat}'s city ({x}, {y}): {building} ({colour}): {effect}", effect=t["text"], **a
        )
    else:
        title = _("{seat}'s city ({x}, {y}): {building} ({colour})", **a)
    return D.Group(tuple(shapes), title=title)


def _palace(view: View, seat: str, x: float, y: float, w: float, big: bool) -> list[D.Shape]:
    """The Palace carries the towers: a bar per colour, as tall as its level, kept clear of
    the corners where power centres sit."""
    towers = (view.get("players", {}).get(seat) or {}).get("palace_towers") or {}
    shapes: list[D.Shape] = []
    if big:
        shapes.append(
            D.Text(x + w / 2, y + w * 0.2, _("Palace"), size=9.5, fill=INK, bold=True,
                   fit=D.Fit(w - 4))
        )  # fmt: skip
    left, right = x + w * 0.24, x + w * 0.76
    base, room = y + w * (0.82 if big else 0.85), w * (0.45 if big else 0.6)
    most = max([*towers.values(), 4])
    n = max(1, len(towers))
    bar = (right - left) / n
    for i, (colour, level) in enumerate(towers.items()):
        h = room * level / most
        shapes.append(
            D.Rect(
                left + i * bar + bar * 0.12,
                base - h,
                bar * 0.76,
                h,
                fill=DIE_FILL.get(colour, "#ccc"),
                stroke="#4a4030",
                width=0.6,
            )
        )
    return shapes


def legend(
    view: View, colours: Colours, y: float, measure: D.Measure
) -> tuple[list[D.Shape], float]:
    flow = Flow(measure, M, y + 2, WIDTH - M, line=20)
    for seat in view.get("seats", []):
        flow.add(18, disc(8, 9, 7.5, seat, view, colours))
        flow.label(
            _("{seat} ({colour})", seat=Seat(seat), colour=word.seat_colour(colours[seat][0]))
        )
    if view.get("solo"):
        flow.add(18, disc(8, 9, 7.5, "dummy", view, colours))
        flow.label(_("solo dummy"))
    flow.space(6)
    flow.add(22, [D.Rect(1, 1, 18, 18, fill="#dff3e4", stroke=HIGHLIGHT, width=2, rx=4)])
    flow.label(_("free space"))
    flow.add(22, [D.Circle(10, 10, 6, fill="#ffffff", stroke=HIGHLIGHT, width=1.5, dash=(3, 2))])
    flow.label(_("open district"))
    return flow.shapes, flow.y + flow.line - y
