"""Origin's world map as shapes (``engine.kit.drawing``): continents, straits, territories
with their pawns, villages and tokens, names placed where they crowd least, and a legend of
the players' colours and scores.

Everything is read from the seat's view, never from the state, so the picture shows exactly
what that seat may see. The one exception is the printed map's land borders, public
component data the view does not carry yet.
"""

from __future__ import annotations

import math
from typing import Any

from engine.games.origin.board.labels import Box, labels
from engine.games.origin.board.palette import (
    GOLD,
    HUNT_FILL,
    INK,
    LAND,
    LAND_EDGE,
    MUTED,
    NEUTRAL,
    ORIGIN_FILL,
    SEA,
    STRAIT_INK,
    TERRITORY_FILL,
    View,
    seat_colours,
)
from engine.games.origin.board.shapes import HEIGHT, WIDTH, R, house, pawn, star
from engine.games.origin.board.words import pawn_label, pts, territory_words
from engine.games.origin.components import LAND_BORDERS
from engine.games.origin.words import _, p_
from engine.kit import drawing as D
from engine.kit.words import Seat

Pair = tuple[dict[str, Any], dict[str, Any]]
Colours = dict[str, tuple[str, str]]


def picture(view: View, measure: D.Measure) -> D.Drawing:
    """The world map as shapes, for the service's SVG and PNG alike; ``measure`` tells how
    wide a territory's name will be drawn, to place it."""
    colours = seat_colours(view)
    territories = view.get("territories", [])
    straits = view.get("straits", [])
    where = {t["id"]: t for t in territories}
    borders = _land_borders(view, where)
    d = D.Drawing(WIDTH, HEIGHT, SEA, title=_headline(view), backdrop=_land(territories, borders))
    d.add(*(_strait_line(s, where) for s in straits))
    d.add(*(D.Line(a["x"], a["y"], b["x"], b["y"], "#b9a77d", width=1.2) for a, b in borders))
    d.add(*(_territory(t, colours) for t in territories))
    tokens = [(s, _strait_centre(s)) for s in straits if s.get("token")]
    d.add(*(_strait_token(s, x, y) for s, (x, y) in tokens))
    d.add(*_legend(view, colours, measure))
    taken: list[Box] = [(x - 9, y - 9, x + 9, y + 9) for _, (x, y) in tokens]
    taken += [_legend_box(colours), (0, 0, 300, 28)]
    d.add(*labels(territories, taken, measure))
    return d


def _headline(view: View) -> str:
    if view.get("over"):
        return _("Game over")
    if view.get("phase") == "choose_objectives":
        return _("Players choose their objectives")
    if view.get("current"):
        if view.get("last_round"):
            return _("{seat} to play · last round", seat=Seat(view["current"]))
        return _("{seat} to play", seat=Seat(view["current"]))
    return p_("game", "Origin")


def _land_borders(view: View, where: dict[str, dict[str, Any]]) -> list[Pair]:
    """Land borders from the view when it lists them, else from the printed map."""
    pairs = view.get("land_borders") or LAND_BORDERS
    return [(where[a], where[b]) for a, b in pairs if a in where and b in where]


def _land(territories: list[dict[str, Any]], pairs: list[Pair]) -> tuple[D.Shape, ...]:
    """Continents as soft blobs: a disc under each territory, thick strokes along borders,
    and the triangles and quadrilaterals of borders filled in."""
    edge: list[D.Shape] = [D.Circle(t["x"], t["y"], R + 15, fill=LAND_EDGE) for t in territories]
    edge += [D.Line(a["x"], a["y"], b["x"], b["y"], LAND_EDGE, width=2 * R + 30) for a, b in pairs]
    body: list[D.Shape] = [D.Circle(t["x"], t["y"], R + 13, fill=LAND) for t in territories]
    body += [D.Line(a["x"], a["y"], b["x"], b["y"], LAND, width=2 * R + 26) for a, b in pairs]
    body += [D.Polygon(tuple((t["x"], t["y"]) for t in ring), fill=LAND) for ring in _cycles(pairs)]
    return (*edge, *body)


def _cycles(pairs: list[Pair]) -> list[tuple[dict[str, Any], ...]]:
    """Closed rings of three or four bordering territories: land, not lakes."""
    by_id: dict[str, dict[str, Any]] = {}
    near: dict[str, set[str]] = {}
    for one, other in pairs:
        by_id[one["id"]], by_id[other["id"]] = one, other
        near.setdefault(one["id"], set()).add(other["id"])
        near.setdefault(other["id"], set()).add(one["id"])
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


def _strait_line(strait: dict[str, Any], where: dict[str, dict[str, Any]]) -> D.Shape:
    (x1, y1), (x2, y2) = _strait_span(strait, where)
    token = strait.get("token")
    if token:
        title = _("{strait}: token {value}", strait=strait["name"], value=token)
    else:
        title = _("{strait}: token taken", strait=strait["name"])
    return D.Group((D.Line(x1, y1, x2, y2, STRAIT_INK, width=2.2, dash=(5, 4)),), title=title)


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


def _strait_token(strait: dict[str, Any], x: float, y: float) -> D.Shape:
    token = strait["token"]
    return D.Group(
        (
            D.Circle(x, y, 10, fill="#ffffff", stroke=STRAIT_INK, width=1.8),
            D.Text(x, y, str(token), size=12.5, fill=STRAIT_INK, bold=True, fit=D.Fit(18)),
        ),
        title=_("{strait}: strait token {value}", strait=strait["name"], value=token),
    )


def _territory(t: dict[str, Any], colours: Colours) -> D.Shape:
    """The territory's colour; the pawn's owner as a ring on its rim, the pawn on a plate."""
    x, y = t["x"], t["y"]
    hover: list[str] = [territory_words(t)]
    on = t.get("pawn")
    ring = colours.get(on.get("owner") or "", ("", NEUTRAL))[1] if on else None
    shapes: list[D.Shape] = []
    if t.get("origin"):
        shapes.append(D.Circle(x, y, R, fill=ORIGIN_FILL, stroke=GOLD, width=2.5))
    else:
        fill = TERRITORY_FILL.get(t.get("colour") or "", "#dddddd")
        shapes.append(D.Circle(x, y, R, fill=fill, stroke="#5e4d37", width=1.2))
    if ring:
        shapes.append(D.Circle(x, y, R - 2, stroke=ring, width=4))
    if t.get("origin"):
        shapes.append(star(x - R * 0.72, y - R * 0.72, 7, GOLD))
    if on:
        shapes += pawn(x, y, on)
        hover.append(
            _(
                "{pawn} (height {height}, strength {strength})",
                pawn=pawn_label(on),
                height=on["height"],
                strength=on["strength"],
            )
        )
    village = t.get("village")
    if village:
        shapes.append(house(x + R * 0.72, y - R * 0.72, colours.get(village, ("", NEUTRAL))[1]))
        hover.append(_("village of {seat}", seat=Seat(village)))
    token = t.get("hunting_token")
    if token is not None:
        hx, hy = x - R * 0.72, y + R * 0.72
        shapes.append(D.Circle(hx, hy, 9.5, fill=HUNT_FILL, stroke="#ffffff", width=1.5))
        shapes.append(D.Text(hx, hy, str(token), size=12, fill="#ffffff", bold=True, fit=D.Fit(17)))
        hover.append(_("hunting token {value}", value=token))
    return D.Group(tuple(shapes), title=_lines(hover))


def _lines(lines: list[str]) -> str:
    """A hover text of several lines."""
    joined: str = ""
    for i, line in enumerate(lines):
        joined = line if i == 0 else p_("lines", "{lines}\n{line}", lines=joined, line=line)
    return joined


def _legend_box(colours: Colours) -> Box:
    rows = len(colours) + 2
    top = HEIGHT - 14 - 21 * rows - 8
    return (10, top, 224, HEIGHT - 10)


def _legend(view: View, colours: Colours, measure: D.Measure) -> list[D.Shape]:
    """Players' colours and scores in the empty south-west sea; the turn across the top."""
    players = view.get("players", {})
    shapes: list[D.Shape] = [
        D.Text(
            12,
            18,
            _headline(view),
            size=15,
            fill=INK,
            anchor="start",
            halo=SEA,
            bold=True,
            fit=D.Fit(286, min_size=11),
        )
    ]
    x0, top, x1, bottom = _legend_box(colours)
    shapes.append(D.Rect(x0, top, x1 - x0, bottom - top, fill="#ffffff", stroke=LAND_EDGE, rx=6))
    for i, (seat, (_colour, hexa)) in enumerate(colours.items()):
        cy = top + 14 + 21 * i
        shapes.append(D.Circle(27, cy, 6, fill="#ffffff", stroke=hexa, width=3.5))
        label: str = Seat(seat)
        if seat == view.get("you"):
            label = _("{seat} (you)", seat=Seat(seat))
        current = seat == view.get("current")
        score = players.get(seat, {}).get("score")
        right = min(measure(pts(score), 12.5), 60.0) if score is not None else 0.0
        room = x1 - 8 - 40 - (right + 8 if score is not None else 0)
        shapes.append(
            D.Text(40, cy, label, size=13, fill=INK, anchor="start", bold=current,
                   fit=D.Fit(room, min_size=9))
        )  # fmt: skip
        if score is not None:
            shapes.append(
                D.Text(
                    x1 - 8, cy, pts(score), size=12.5, fill=MUTED, anchor="end", fit=D.Fit(right)
                )
            )
    cy = top + 14 + 21 * len(colours)
    shapes.append(D.Circle(27, cy, 6, fill="#ffffff", stroke=NEUTRAL, width=3.5))
    shapes.append(
        D.Text(40, cy, p_("legend", "neutral"), size=12.5, fill=MUTED, anchor="start",
               fit=D.Fit(x1 - 48))
    )  # fmt: skip
    cy += 21
    shapes.append(D.Circle(27, cy, 7, fill=ORIGIN_FILL, stroke=GOLD, width=2))
    shapes.append(star(27, cy, 4.5, GOLD))
    shapes.append(
        D.Text(40, cy, p_("territory", "Origin"), size=12.5, fill=MUTED, anchor="start",
               fit=D.Fit(x1 - 48))
    )  # fmt: skip
    return shapes
