"""An island board drawn from the view: its spaces as hexagons by terrain, each land tile
outlined, temples, the metropolis, buildings, creatures and the hoplites left on them, ports
with their rewards; and loose land tiles (on the action board, in hand)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.games.orichalk.board import icons
from engine.games.orichalk.board.palette import (
    BOARD,
    BUILDING_DEFAULT_INK,
    BUILDING_INK,
    CANDIDATE,
    CANDIDATE_FILL,
    CREATURE_FILL,
    EMPTY,
    EMPTY_EDGE,
    GOLD,
    HOPLITE,
    INK,
    MARBLE,
    MARBLE_EDGE,
    MUTED,
    OUTLINE,
    SEAM,
    STONE,
    TAKEN,
    TERRAIN_FILL,
)
from engine.games.orichalk.board.spaces import ROW, Grid, grid, next_to, occupied, seaward
from engine.games.orichalk.board.words import creature_words, gains
from engine.games.orichalk.words import (
    BUILDING_SHORT,
    SIZE,
    TERRAIN,
    _,
    commas,
    hoplites,
    semicolons,
)
from engine.kit import drawing as D

Cell = dict[str, Any]
CORNER = 1 / math.sqrt(3)
"""From a space's centre to a corner of its hexagon, in space widths."""
EDGES = ((1, 2), (0, 1), (5, 0), (4, 5), (3, 4), (2, 3))
"""The corners (``hex_corners`` order) of the side facing each direction."""
ID_INK = {"forest": "#eef6e8", "volcano": "#fde3d8", "lagoon": "#123f52"}


@dataclass(frozen=True)
class Frame:
    """Where an island is drawn: its top-left corner and the width of one space."""

    x: float
    y: float
    unit: float

    def centre(self, cell: Cell) -> tuple[float, float]:
        return (self.x + (cell["x"] + 0.5) * self.unit, self.y + (cell["y"] + CORNER) * self.unit)

    @property
    def corner(self) -> float:
        return self.unit * CORNER

    def edge(self, cell: Cell, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
        corners = D.hex_corners(*self.centre(cell), self.corner)
        a, b = EDGES[direction]
        return corners[a], corners[b]


def island_size(island: dict[str, Any], unit: float) -> tuple[float, float]:
    return island["width"] * unit, ((island["rows"] - 1) * ROW + 2 * CORNER) * unit


def island_shapes(
    island: dict[str, Any],
    frame: Frame,
    title: str,
    measure: D.Measure,
    *,
    detail: bool,
    candidates: Sequence[str] = (),
) -> D.Shape:
    """The island at ``frame``, as one group named ``title``. With ``detail``: the space
    names, terrain marks, creature names and port rewards, and ``candidates`` (the spaces a
    placement may start from) ringed; without, a thumbnail. Building labels are as wide as
    ``measure`` says their words are drawn."""
    cells = island.get("cells") or []
    spaces = grid(island)
    temple_of = {s: n for n, group in enumerate(island.get("temples") or [], 1) for s in group}
    r = frame.corner
    shapes: list[D.Shape] = [
        D.hexagon(*frame.centre(c), r + max(2.5, r * 0.12), fill=BOARD) for c in cells
    ]
    for c in cells:
        fill, edge = EMPTY, EMPTY_EDGE
        if c["id"] in temple_of:
            fill, edge = MARBLE, MARBLE_EDGE
        elif c.get("metropolis"):
            fill, edge = STONE, SEAM
        elif c.get("terrain"):
            fill, edge = TERRAIN_FILL[c["terrain"]], SEAM
        if c["id"] in candidates:
            fill = CANDIDATE_FILL
        shapes.append(
            D.hexagon(*frame.centre(c), r, fill=fill, stroke=edge, width=0.8 if detail else 0.5)
        )
    shapes += _outlines(cells, spaces, frame, temple_of, detail)
    for n, group in enumerate(island.get("temples") or [], 1):
        shapes.append(_temple(island, group, n, frame, detail))
    for c in cells:
        shapes.append(_space(c, island, frame, detail, c["id"] in candidates, temple_of, measure))
    return D.Group(tuple(shapes), title=title)


def _piece(cell: Cell, temple_of: dict[str, int]) -> tuple[str, int] | None:
    """What a space belongs to: a temple, the metropolis, a land tile, or nothing."""
    if cell["id"] in temple_of:
        return ("temple", temple_of[cell["id"]])
    if cell.get("metropolis"):
        return ("metropolis", 0)
    if cell.get("tile"):
        return ("tile", int(cell["tile"]))
    return None


def _outlines(
    cells: list[Cell], spaces: Grid, frame: Frame, temple_of: dict[str, int], detail: bool
) -> list[D.Shape]:
    """uk фаза 2: a thick line round every land tile, the metropolis and each temple."""
    lines: list[D.Shape] = []
    for c in cells:
        mine = _piece(c, temple_of)
        if mine is None:
            continue
        for d in range(6):
            n = next_to(spaces, c, d)
            if n is not None and _piece(n, temple_of) == mine:
                continue
            (x1, y1), (x2, y2) = frame.edge(c, d)
            ink = MARBLE_EDGE if mine[0] == "temple" else OUTLINE
            lines.append(D.Line(x1, y1, x2, y2, ink, width=2.6 if detail else 1.3, round_caps=True))
    return lines


def _temple(
    island: dict[str, Any], group: list[str], number: int, frame: Frame, detail: bool
) -> D.Shape:
    """uk «Храм»: a pediment in the middle of the temple's four spaces."""
    by_id = {c["id"]: c for c in island["cells"]}
    points = [frame.centre(by_id[s]) for s in group if s in by_id]
    x = sum(p[0] for p in points) / len(points)
    y = sum(p[1] for p in points) / len(points)
    size = frame.unit * (0.55 if detail else 0.7)
    shapes = icons.temple(x, y, size, MARBLE_EDGE)
    if detail:
        shapes.append(
            D.Text(
                x,
                y + size * 0.62,
                _("Temple {number}", number=number),
                size=10.5,
                fill="#5d5445",
                halo=MARBLE,
                fit=D.Fit(frame.unit * 1.6),
            )
        )
    return D.Group(
        tuple(shapes), title=_("Temple {number} on {cells}", number=number, cells=", ".join(group))
    )


def _space(
    c: Cell,
    island: dict[str, Any],
    frame: Frame,
    detail: bool,
    candidate: bool,
    temple_of: dict[str, int],
    measure: D.Measure,
) -> D.Shape:
    """What lies on one space, with a hover text naming it all."""
    port = c.get("port")
    shapes: list[D.Shape] = []
    if port and (detail or not port["covered"]):
        shapes.append(_port_arrow(c, island, frame, port, detail))
    if detail:
        shapes += _space_label(c, frame, candidate, temple_of)
    shapes += _pieces(c, frame, detail, measure)
    hover = [
        _("{cell}: {what}", cell=c["id"], what=_what(c, temple_of)),
        *_port_words(port),
        *_piece_words(c),
    ]
    return D.Group(tuple(shapes), title=semicolons(hover))


def _space_label(
    c: Cell, frame: Frame, candidate: bool, temple_of: dict[str, int]
) -> list[D.Shape]:
    """The space's name in the detailed view: ringed where the tile may go, with the port's
    bonus on a free port, small above what stands there, none on a temple."""
    x, y = frame.centre(c)
    u = frame.unit
    port = c.get("port")
    if candidate:
        return [
            D.Circle(x, y, u * 0.36, stroke=CANDIDATE, width=2, dash=(4, 3)),
            D.Text(x, y, c["id"], size=13, fill=CANDIDATE, bold=True, fit=D.Fit(u * 0.6)),
        ]
    if not occupied(c):
        if port and not port["covered"]:
            return [
                *_reward(x, y + u * 0.12, port, u),
                D.Text(x, y - u * 0.22, c["id"], size=10.5, fill=MUTED, fit=D.Fit(u * 0.6)),
            ]
        return [D.Text(x, y, c["id"], size=11, fill="#a2957a", fit=D.Fit(u * 0.7))]
    if c["id"] in temple_of:
        return []
    busy = c.get("creature") or c.get("building") or c.get("metropolis")
    plain = busy and not c.get("creature")
    ink = MUTED if plain else ID_INK.get(c.get("terrain") or "", "#3b3325")
    shapes: list[D.Shape] = [
        D.Text(x, y - u * 0.36, c["id"], size=9.5, fill=ink, fit=D.Fit(u * 0.5))
    ]
    if c.get("terrain") and not busy:
        shapes += icons.terrain_mark(c["terrain"], x, y + u * 0.06, u * 0.3)
    return shapes


def _pieces(c: Cell, frame: Frame, detail: bool, measure: D.Measure) -> list[D.Shape]:
    """The metropolis, building and creature on the space, lifted in the detailed view."""
    x, y = frame.centre(c)
    u = frame.unit
    lift = u * 0.05 if detail else 0
    shapes: list[D.Shape] = []
    if c.get("metropolis"):
        shapes += icons.metropolis(x, y + lift, u * (0.3 if detail else 0.4))
    if c.get("building"):
        shapes += _building(c["building"], x, y + lift, u, detail, measure)
    if c.get("creature"):
        shapes += _creature(c["creature"], x, y + lift, u, detail)
    return shapes


def _port_words(port: dict[str, Any] | None) -> list[str]:
    if not port:
        return []
    reward = gains(port["hoplites"], port["orichalcum"])
    if port["covered"]:
        return [_("port: {gains} (taken)", gains=reward)]
    return [_("port: {gains}", gains=reward)]


def _piece_words(c: Cell) -> list[str]:
    words: list[str] = []
    if c.get("metropolis"):
        words.append(_("metropolis: 1 mine and 1 training camp"))
    creature = c.get("creature")
    if not creature:
        return words
    guards = creature.get("hoplites") or 0
    named = {"creature": creature["name"], "strength": creature["strength"]}
    if guards:
        words.append(
            _(
                "{creature}, strength {strength}, {hoplites} on it",
                hoplites=hoplites(guards),
                **named,
            )
        )
    else:
        words.append(_("{creature}, strength {strength}", **named))
    return words


def _what(c: Cell, temple_of: dict[str, int]) -> str:
    if c["id"] in temple_of:
        return _("temple {number}", number=temple_of[c["id"]])
    if c.get("metropolis"):
        return _("metropolis")
    if c.get("building"):
        return _(
            "{building} on {terrain}", building=c["building"]["name"], terrain=TERRAIN[c["terrain"]]
        )
    if c.get("terrain"):
        return TERRAIN[c["terrain"]]
    return _("free space")


def _port_arrow(
    c: Cell, island: dict[str, Any], frame: Frame, port: dict[str, Any], detail: bool
) -> D.Shape:
    """uk «Перший хід гравця»: an arrow from the sea points at each port; grey once taken."""
    (x1, y1), (x2, y2) = frame.edge(c, seaward(island, c))
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    x, y = frame.centre(c)
    length = math.dist((x, y), (mx, my)) or 1
    ux, uy = (mx - x) / length, (my - y) / length
    u = frame.unit
    tip = (mx - ux * u * 0.08, my - uy * u * 0.08)
    bx, by = mx + ux * u * 0.26, my + uy * u * 0.26
    half = u * 0.14
    points = (tip, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half))
    fill = TAKEN if port["covered"] else GOLD
    if detail:
        return D.Polygon(points, fill=fill, stroke="#ffffff", width=1.2)
    return D.Polygon(points, fill=fill)


def _reward(x: float, y: float, port: dict[str, Any], u: float) -> list[D.Shape]:
    """A port's bonus: shields for hoplites, nuggets for orichalcum, with their number."""
    items = [(icons.hoplite, port["hoplites"]), (icons.orichalcum, port["orichalcum"])]
    items = [(icon, n) for icon, n in items if n]
    step = u * 0.42
    left = x - step * (len(items) - 1) / 2
    shapes: list[D.Shape] = []
    for i, (icon, n) in enumerate(items):
        ix = left + i * step
        shapes += icon(ix - 5, y, 7)
        shapes.append(
            D.Text(ix + 7, y, str(n), size=11.5, fill=INK, bold=True, fit=D.Fit(step - 8))
        )
    return shapes


def _creature(
    creature: dict[str, Any], x: float, y: float, u: float, detail: bool
) -> list[D.Shape]:
    """uk «Істоти»: a disc of the creature's colour showing its strength; a shield beside it
    counts the hoplites left on it by lost fights."""
    fill = CREATURE_FILL.get(creature["id"], "#555555")
    if not detail:
        return [D.Circle(x, y, u * 0.3, fill=fill, stroke="#ffffff", width=1)]
    r, cy = u * 0.24, y - u * 0.08
    shapes: list[D.Shape] = [
        D.Circle(x, cy, r, fill=fill, stroke="#ffffff", width=2),
        D.Text(x, cy, str(creature["strength"]), size=u * 0.24, fill="#ffffff", bold=True,
               fit=D.Fit(r * 1.8)),
        D.Text(x, y + u * 0.25, creature["name"], size=9.5, fill=INK, halo="#ffffff",
               fit=D.Fit(u * 0.95)),
    ]  # fmt: skip
    guards = int(creature.get("hoplites") or 0)
    if guards:
        gx, gy = x + r * 0.95, cy - r * 0.8
        shapes.append(D.Circle(gx, gy, 8, fill=HOPLITE, stroke="#ffffff", width=1.5))
        shapes.append(
            D.Text(gx, gy, str(guards), size=10.5, fill="#ffffff", bold=True, fit=D.Fit(14))
        )
    return shapes


def _building(
    building: dict[str, Any], x: float, y: float, u: float, detail: bool, measure: D.Measure
) -> list[D.Shape]:
    """uk «Будівля»: a white token with the building's (short) name."""
    ink = BUILDING_INK.get(building["id"], BUILDING_DEFAULT_INK)
    if not detail:
        s = u * 0.5
        return [D.Rect(x - s / 2, y - s / 2, s, s, fill="#ffffff", stroke=ink, width=1)]
    label = BUILDING_SHORT.get(building["id"], building["name"])
    w, h = min(max(measure(label, 10.5) + 8, u * 0.56), u * 1.1), 17
    return [
        D.Rect(x - w / 2, y - h / 2, w, h, fill="#ffffff", stroke=ink, width=1.6, rx=3),
        D.Text(x, y, label, size=10.5, fill=ink, bold=True, fit=D.Fit(w - 6, min_size=8)),
    ]


def tile_spaces(n: int) -> list[tuple[float, float]]:
    """The spaces of a loose land tile of ``n`` spaces as it lies before being turned
    (pointing east): its first space, the one east of it, then the one north-east."""
    return [(0.0, 0.0), (1.0, 0.0), (0.5, -ROW)][:n]


def tile_box(n: int, unit: float) -> tuple[float, float, float]:
    """Width and height of a loose tile, and how far its first space's row lies below its
    top."""
    spaces = tile_spaces(n)
    rise = -min(dy for _, dy in spaces)
    return (max(dx for dx, _ in spaces) + 1) * unit, (rise + 2 * CORNER) * unit, rise * unit


def loose_tile(
    tile: dict[str, Any], riders: Sequence[dict[str, Any]], x: float, y: float, unit: float
) -> D.Shape:
    """A land tile with its creatures, its bounding box's top-left corner at ``(x, y)``."""
    _width, _height, rise = tile_box(len(tile["terrains"]), unit)
    r = unit * CORNER
    centres = [
        (x + (dx + 0.5) * unit, y + rise + r + dy * unit)
        for dx, dy in tile_spaces(len(tile["terrains"]))
    ]
    shapes: list[D.Shape] = []
    riding = list(riders)
    for (cx, cy), terrain in zip(centres, tile["terrains"], strict=True):
        shapes.append(D.hexagon(cx, cy, r, fill=TERRAIN_FILL[terrain], stroke=OUTLINE, width=1.4))
        if terrain == "volcano" and riding:
            creature = riding.pop(0)
            fill = CREATURE_FILL.get(creature["id"], "#555555")
            shapes.append(D.Circle(cx, cy, unit * 0.34, fill=fill, stroke="#ffffff", width=1.2))
            shapes.append(
                D.Text(
                    cx,
                    cy,
                    str(creature["strength"]),
                    size=unit * 0.36,
                    fill="#ffffff",
                    bold=True,
                    fit=D.Fit(unit * 0.6),
                )
            )
        else:
            shapes += icons.terrain_mark(terrain, cx, cy, unit * 0.26)
    terrains = commas([TERRAIN[t] for t in tile["terrains"]])
    if riders:
        title = _(
            "{size} land tile: {terrains}; {creatures}",
            size=SIZE[tile["size"]],
            terrains=terrains,
            creatures=commas([creature_words(c) for c in riders]),
        )
    else:
        title = _("{size} land tile: {terrains}", size=SIZE[tile["size"]], terrains=terrains)
    return D.Group(tuple(shapes), title=title)


def first_space(n: int, x: float, y: float, unit: float) -> tuple[float, float]:
    """The centre of a loose tile's first space."""
    _width, _height, rise = tile_box(n, unit)
    return x + unit / 2, y + rise + unit * CORNER
