"""Origins: First Builders' picture: the main board, then every player with their city.

One :class:`~engine.kit.drawing.Drawing`, 640 units wide so that an email showing it
600 px wide keeps its smallest words readable, drawn from the seat's view only. From top to
bottom: the five contact zones, the building row and its stacks, the citizen and speaker
rows with the supplies, the war track, the temples, the district cards; then the reader's
city large beside their pieces, and every other player smaller.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from engine.games.origins_first_builders import words as word
from engine.games.origins_first_builders.board.palette import (
    DIE_FILL,
    DIE_INK,
    DIE_TINT,
    EDGE,
    INK,
    MUTED,
    PANEL,
    PAPER,
    View,
    seat_colours,
)
from engine.games.origins_first_builders.board.picture_players import legend, players
from engine.games.origins_first_builders.board.shapes import (
    BODY,
    COLUMN,
    GAP,
    INNER,
    SMALL,
    WIDTH,
    Colours,
    M,
    archon,
    die,
    disc,
    heading,
    note,
    speaker,
    titled,
    tower,
)
from engine.games.origins_first_builders.board.words import ACTION_SHORT, BONUS_SHORT, reward_short
from engine.games.origins_first_builders.words import _, n_
from engine.kit import drawing as D
from engine.kit.words import Listing, Msg, Seat

Section = Callable[[View, Colours, float, D.Measure], tuple[list[D.Shape], float]]


def picture(view: View, measure: D.Measure) -> D.Drawing:
    """The picture of ``view``, its texts measured by ``measure``."""
    colours = seat_colours(view)
    sections: list[Section] = [
        _header,
        _draft,
        _zones,
        _buildings,
        _rows,
        _war,
        _temples,
        _districts,
        players,
        legend,
    ]
    shapes: list[D.Shape] = []
    y = 0.0
    for section in sections:
        drawn, height = section(view, colours, y, measure)
        shapes += drawn
        y += height
    drawing = D.Drawing(WIDTH, math.ceil(y + M), PAPER, title=headline(view))
    drawing.add(*shapes)
    return drawing


def headline(view: View) -> Msg:
    players = view.get("players", {})
    if view.get("over"):
        top = max((p.get("score", 0) for p in players.values()), default=None)
        best = [s for s, p in players.items() if p.get("score", 0) == top]
        if not best:
            return _("Game over")
        if len(best) == 1:
            return _("Game over: {seat} has the most points, {n}", seat=Seat(best[0]), n=top)
        seats: Msg | str = Seat(best[0])
        for other in best[1:]:
            seats = _("{first} and {then}", first=seats, then=Seat(other))
        return _("Game over: {seats} share the most points, {n}", seats=seats, n=top)
    if view.get("phase") == "draft" and view.get("solo"):
        return _("Choosing the starting dice")
    if view.get("phase") == "draft":
        order = (view.get("draft") or {}).get("order") or []
        if order:
            return _("Drafting the starting dice: {seat} picks", seat=Seat(order[0]))
        return _("Drafting the starting dice")
    if view.get("current"):
        return _(
            "Round {round} · {seat} to play", round=view.get("round", 0), seat=Seat(view["current"])
        )
    return _("Round {round}", round=view.get("round", 0))


def _header(
    view: View, colours: Colours, y: float, measure: D.Measure
) -> tuple[list[D.Shape], float]:
    shapes: list[D.Shape] = [D.Rect(0, y, WIDTH, 34, fill="#efe6d2")]
    me = view.get("you")
    right = 0.0
    if me is not None and me in view.get("players", {}):
        label = _("you are {seat}", seat=Seat(me))
        wide = min(measure(label, BODY), INNER * 0.4)
        x = WIDTH - M - wide
        shapes += disc(x - 12, y + 17, 8, me, view, colours)
        shapes.append(
            D.Text(WIDTH - M, y + 17, label, size=BODY, fill=INK, anchor="end", fit=D.Fit(wide))
        )
        right = wide + 24
    # A view for nobody is the table's picture, which every seat's email shows (issue 34
    # §2) as well as a spectator's page: it says nobody's eyes it is seen through.
    shapes.append(
        D.Text(M, y + 17, headline(view), size=15, fill=INK, anchor="start", bold=True,
               fit=D.Fit(INNER - right - 10, lines=2, min_size=11))
    )  # fmt: skip
    return shapes, 40


def _draft(
    view: View, colours: Colours, y: float, measure: D.Measure
) -> tuple[list[D.Shape], float]:
    draft = view.get("draft")
    if not draft:
        return [], 0
    pool = draft.get("pool", [])
    if not view.get("solo"):
        title = _("Starting dice to draft")
    elif len(pool) > 3:
        title = _("Your starting dice: the two highest go back")
    else:
        title = _("Your starting dice: keep two of these three")
    shapes: list[D.Shape] = [heading(M, y + 9, title, INNER)]
    x = M
    for d in pool:
        shapes.append(
            D.Group(
                tuple(die(x, y + 20, 22, d["colour"], d["value"])),
                title=_("Starting die {die}", die=word.die(d["colour"], d["value"])),
            )
        )
        x += 28
    order = word.joined(Seat(s) for s in draft.get("order", []))
    if order and not view.get("solo"):
        shapes.append(
            note(x + 8, y + 31, _("still to pick, in order: {seats}", seats=order), lines=2)
        )
    return shapes, 52


# ---------------------------------------------------------------- contact zones

ZONE_HEAD = 26
ZONE_BOX = 28
VISITORS = 46


def _zones(
    view: View, colours: Colours, y: float, measure: D.Measure
) -> tuple[list[D.Shape], float]:
    zones = (view.get("board") or {}).get("zones", [])
    shapes = titled(
        measure,
        M,
        y + 8,
        INNER,
        _("Contact zones"),
        _("a die below the starship pays the difference in wisdom"),
    )
    top = y + 18
    height = ZONE_HEAD + 3 * (ZONE_BOX + 3) + VISITORS + 4
    for i, zone in enumerate(zones):
        x = M + i * (COLUMN + GAP)
        shapes.append(_zone(view, colours, zone, x, top, height, measure))
    return shapes, height + 26


def _zone(
    view: View,
    colours: Colours,
    zone: dict[str, Any],
    x: float,
    y: float,
    h: float,
    measure: D.Measure,
) -> D.Shape:
    bonus = zone.get("bonus") or {}
    colour = bonus.get("colour") or "grey"
    fill, ink = DIE_FILL.get(colour, "#bbbbbb"), DIE_INK.get(colour, INK)
    w = COLUMN
    shapes: list[D.Shape] = [
        D.Rect(x, y, w, h, fill=PANEL, stroke=EDGE, rx=5),
        D.Rect(x, y, w, ZONE_HEAD, fill=fill, rx=5),
        D.Rect(x, y + ZONE_HEAD - 6, w, 6, fill=fill),
    ]
    # The zone's name, then "ship" and the starship's value at the right (ru step 4): each
    # keeps to its own part of the header in every language.
    ship_word = _("ship")
    said = min(measure(ship_word, SMALL - 1), w * 0.32)
    shapes.append(
        D.Text(x + 8, y + ZONE_HEAD / 2, _("Zone {n}", n=zone["number"]), size=13, fill=ink,
               anchor="start", bold=True, fit=D.Fit(w - 8 - 34 - said - 4, min_size=9))
    )  # fmt: skip
    # The starship, turned to its value (ru step 4).
    sx, sy = x + w - 18, y + ZONE_HEAD / 2
    ship = (
        (sx, sy - 12),
        (sx + 10, sy + 2),
        (sx + 7, sy + 11),
        (sx - 7, sy + 11),
        (sx - 10, sy + 2),
    )
    shapes += [
        D.Polygon(ship, fill="#ffffff", stroke="#3a3a3a", width=1),
        D.Text(sx, sy + 1.5, str(zone.get("starship", "")), size=12.5, fill=INK, bold=True,
               fit=D.Fit(16)),
        D.Text(sx - 16, sy, ship_word, size=SMALL - 1, fill=ink, anchor="end", fit=D.Fit(said)),
    ]  # fmt: skip
    words = []
    by = y + ZONE_HEAD + 4
    for action in zone.get("actions", []):
        short = ACTION_SHORT.get(action.get("id", ""), action.get("text", ""))
        shapes.append(D.Rect(x + 4, by, w - 8, ZONE_BOX, fill="#f6f1e6", stroke=EDGE, rx=3))
        shapes.append(
            D.Text(x + w / 2, by + ZONE_BOX / 2, short, size=SMALL, fill=INK,
                   fit=D.Fit(w - 14, lines=2))
        )  # fmt: skip
        words.append(action.get("text", ""))
        by += ZONE_BOX + 3
    if bonus.get("action"):
        short = _("Bonus: {bonus}", bonus=BONUS_SHORT.get(bonus["action"], bonus.get("text", "")))
        shapes.append(
            D.Rect(
                x + 4,
                by,
                w - 8,
                ZONE_BOX,
                fill=DIE_TINT.get(colour, "#eeeeee"),
                stroke=fill,
                width=1.5,
                rx=3,
            )
        )
        shapes.append(
            D.Text(x + w / 2, by + ZONE_BOX / 2, short, size=SMALL, fill=INK,
                   fit=D.Fit(w - 14, lines=2))
        )  # fmt: skip
    by += ZONE_BOX + 5
    shapes += _visitors(view, colours, zone, x + 6, by, w - 12)
    a = {
        "n": zone["number"],
        "starship": str(zone.get("starship")),
        "actions": _slashed(words),
    }
    if bonus.get("text"):
        title = _(
            "Zone {n}: starship {starship}; {actions}; {colour} bonus: {bonus}",
            colour=word.colour(colour),
            bonus=bonus.get("text"),
            **a,
        )
    else:
        title = _("Zone {n}: starship {starship}; {actions}", **a)
    return D.Group(tuple(shapes), title=title)


def _visitors(
    view: View, colours: Colours, zone: dict[str, Any], x: float, y: float, w: float
) -> list[D.Shape]:
    visitors = zone.get("visitors", [])
    if not visitors:
        return [
            D.Text(x + w / 2, y + 14, _("no visitors"), size=SMALL, fill="#b3a78f", fit=D.Fit(w))
        ]
    shapes: list[D.Shape] = []
    s, step = 17, 23
    per_row = max(1, int((w + step - s) // step))
    for i, v in enumerate(visitors):
        vx = x + (i % per_row) * step + 2.5
        vy = y + (i // per_row) * step + 2.5
        ring = colours.get(v["seat"], ("", "#999999", ""))[1]
        if v["kind"] == "citizen":
            drawn = die(vx, vy, s, v["colour"], v["value"], ring)
            what = _(
                "{seat}'s citizen {die}",
                seat=Seat(v["seat"]),
                die=word.die(v["colour"], v["value"]),
            )
        elif v["kind"] == "speaker":
            drawn = speaker(vx, vy, s, v["value"], ring)
            what = _("{seat}'s speaker {value}", seat=Seat(v["seat"]), value=v["value"])
        else:
            drawn = archon(vx + s / 2, vy + s / 2 + 1, s * 1.1, ring)
            what = _("{seat}'s archon", seat=Seat(v["seat"]))
        title = _("{visitor} in zone {n}", visitor=what, n=zone["number"])
        shapes.append(D.Group(tuple(drawn), title=title))
    return shapes


# ---------------------------------------------------------------- the building row


STACK = 33
"""A building stack's height: its face-up top's name, and the tiles left below it (as long
as the name in Ukrainian)."""


def _buildings(
    view: View, colours: Colours, y: float, measure: D.Measure
) -> tuple[list[D.Shape], float]:
    board = view.get("board") or {}
    shapes = titled(
        measure,
        M,
        y + 8,
        INNER,
        _("Building row"),
        _("wisdom by slot, stone on the tile; or a free farm"),
    )
    top = y + 20
    tile_h = 44
    for i, slot in enumerate(board.get("building_row", [])):
        x = M + i * (COLUMN + GAP)
        b = slot.get("building")
        shapes.append(
            note(
                x + 2,
                top + 6,
                _(
                    "slot {slot}: {wisdom}",
                    slot=slot["slot"],
                    wisdom=word.amount("wisdom", slot["wisdom"]),
                ),
                room=COLUMN - 4,
            )
        )
        if b is None:
            shapes.append(D.Rect(x, top + 14, COLUMN, tile_h, fill=PAPER, stroke=EDGE, rx=4))
            continue
        shapes.append(
            D.Group(
                tuple(_building_tile(x, top + 14, COLUMN, tile_h, b, measure)),
                title=(
                    _(
                        "Building row slot {slot}: {building} ({colour}), "
                        "{wisdom} and {stone}: {effect}",
                        slot=slot["slot"],
                        building=b["name"],
                        colour=word.colour(b["colour"]),
                        wisdom=word.amount("wisdom", slot["wisdom"]),
                        stone=word.amount("stone", b["stone"]),
                        effect=b["text"],
                    )
                ),
            )
        )
    sy = top + 14 + tile_h + 6
    for i, (colour, stack) in enumerate((board.get("building_stacks") or {}).items()):
        x = M + i * (COLUMN + GAP)
        t = stack.get("top")
        label = t["name"] if t else _("empty")
        count = stack.get("count", 0)
        left = _("{n} left", n=count)
        shapes.append(
            D.Group(
                (
                    D.Rect(
                        x,
                        sy,
                        COLUMN,
                        STACK,
                        fill=DIE_TINT.get(colour, "#eeeeee"),
                        stroke=DIE_FILL.get(colour, "#999999"),
                        rx=3,
                    ),
                    D.Rect(x, sy, 6, STACK, fill=DIE_FILL.get(colour, "#999999"), rx=2),
                    D.Text(
                        x + 10,
                        sy + 10,
                        label,
                        size=SMALL,
                        fill=INK,
                        anchor="start",
                        fit=D.Fit(COLUMN - 15, min_size=8),
                    ),
                    D.Text(
                        x + COLUMN - 5,
                        sy + 23,
                        left,
                        size=SMALL,
                        fill=MUTED,
                        anchor="end",
                        fit=D.Fit(COLUMN - 15),
                    ),
                ),
                title=(
                    n_(
                        "{colour} stack: {building} face up, {n} tile ({stone}: {effect})",
                        "{colour} stack: {building} face up, {n} tiles ({stone}: {effect})",
                        colour=word.colour_f(colour),
                        building=label,
                        n=count,
                        stone=word.amount("stone", t["stone"]),
                        effect=t["text"],
                    )
                    if t
                    else n_(
                        "{colour} stack: {building} face up, {n} tile",
                        "{colour} stack: {building} face up, {n} tiles",
                        colour=word.colour_f(colour),
                        building=label,
                        n=count,
                    )
                ),
            )
        )
    shapes.append(
        note(
            M,
            sy + STACK + 10,
            _("Stacks: the face-up top of each colour and the tiles left"),
            room=INNER,
        )
    )
    return shapes, sy + STACK + 20 - y


def _building_tile(
    x: float, y: float, w: float, h: float, b: dict[str, Any], measure: D.Measure
) -> list[D.Shape]:
    colour = b.get("colour", "grey")
    fill, ink = DIE_FILL.get(colour, "#cccccc"), DIE_INK.get(colour, INK)
    shapes: list[D.Shape] = [D.Rect(x, y, w, h, fill=fill, stroke="#4a4030", width=1, rx=4)]
    shapes.append(
        D.Text(x + w / 2, y + h / 2 - 5, b["name"], size=BODY, fill=ink, bold=True,
               fit=D.Fit(w - 10, lines=2, min_size=8))
    )  # fmt: skip
    stone = b.get("stone")
    if stone is not None:
        shapes.append(
            D.Text(
                x + w - 5,
                y + h - 8,
                word.amount("stone", stone),
                size=SMALL,
                fill=ink,
                anchor="end",
                fit=D.Fit(w - 10),
            )
        )
    return shapes


def _rows(
    view: View, colours: Colours, y: float, measure: D.Measure
) -> tuple[list[D.Shape], float]:
    board = view.get("board") or {}
    shapes: list[D.Shape] = []
    top = y + 8
    # The citizen row: a die per slot, the wisdom beside it.
    shapes.append(heading(M, top, _("Citizen row"), 190))
    x = M
    for slot in board.get("citizen_row", []):
        d = slot.get("die")
        if d:
            shapes.append(
                D.Group(
                    tuple(die(x + 4, top + 14, 26, d["colour"], d["value"])),
                    title=_(
                        "Citizen row slot {slot}: {die} for {wisdom}",
                        slot=slot["slot"],
                        die=word.die(d["colour"], d["value"]),
                        wisdom=word.amount("wisdom", slot["wisdom"]),
                    ),
                )
            )
        else:
            shapes.append(D.Rect(x + 4, top + 14, 26, 26, fill=PAPER, stroke=EDGE, rx=5))
        shapes.append(note(x + 17, top + 50, f"{slot['wisdom']} w", anchor="middle", room=36))
        x += 38
    # The speaker row.
    x = M + 200
    shapes.append(heading(x, top, _("Speakers"), 130))
    row = board.get("speaker_row", [])
    for i, value in enumerate(row):
        shapes.append(
            D.Group(
                tuple(speaker(x + i * 30, top + 14, 24, value)),
                title=_("Speaker row: {value}", value=value),
            )
        )
    if not row:
        shapes.append(note(x, top + 27, _("none left"), room=130))
    # Citizen dice left beside the board, and tower tiers left in the supply.
    x = M + 340
    shapes.append(heading(x, top, _("Dice left"), 130))
    for i, (colour, n) in enumerate((board.get("citizen_supply") or {}).items()):
        cx = x + i * 27
        shapes.append(
            D.Group(
                (
                    *tuple(die(cx + 2, top + 16, 18, colour, None)),
                    D.Text(
                        cx + 11, top + 47, str(n), size=BODY, fill=INK, bold=True, fit=D.Fit(25)
                    ),
                ),
                title=n_(
                    "{n} {colour} citizen die left in the supply",
                    "{n} {colour} citizen dice left in the supply",
                    n=n,
                    colour=word.colour(colour),
                ),
            )
        )
    x = M + 480
    shapes.append(heading(x, top, _("Tower tiers left"), WIDTH - M - x))
    for i, (colour, n) in enumerate((board.get("tower_supply") or {}).items()):
        cx = x + i * 27
        shapes.append(
            D.Group(
                (
                    *tuple(tower(cx + 2, top + 14, 18, 22, colour)),
                    D.Text(
                        cx + 11, top + 47, str(n), size=BODY, fill=INK, bold=True, fit=D.Fit(25)
                    ),
                ),
                title=n_(
                    "{n} {colour} tower tier left in the supply",
                    "{n} {colour} tower tiers left in the supply",
                    n=n,
                    colour=word.colour(colour),
                ),
            )
        )
    return shapes, 68


# ---------------------------------------------------------------- the war track

WAR_BOX = 58


def _war(view: View, colours: Colours, y: float, measure: D.Measure) -> tuple[list[D.Shape], float]:
    war = (view.get("board") or {}).get("war_track") or {}
    spaces = war.get("spaces", [])
    last = war.get("last_space", len(spaces) - 1)
    shapes = titled(
        measure,
        M,
        y + 8,
        INNER,
        _("War track"),
        _("discs stack bottom up; | milestones; attack rewards below"),
    )
    if not spaces:
        return shapes, 20
    step = INNER / len(spaces)
    top = y + 32
    for i, space in enumerate(spaces):
        x = M + i * step
        s = space["space"]
        fill = "#f3e2a6" if s == last else ("#ece7dc" if s == 0 else PANEL)
        parts: list[D.Shape] = [
            D.Rect(x + 1, top, step - 2, WAR_BOX, fill=fill, stroke=EDGE, rx=3),
            D.Text(
                x + step / 2,
                top - 7,
                _("start") if s == 0 else str(s),
                size=SMALL - 0.5,
                fill=MUTED,
                fit=D.Fit(step - 2),
            ),
        ]
        discs = space.get("discs", [])
        rise = min(13.0, (WAR_BOX - 18) / max(1, len(discs) - 1))
        for k, seat in enumerate(discs):
            parts += disc(x + step / 2, top + WAR_BOX - 9.5 - k * rise, 7.5, seat, view, colours)
        last_points = word.vp(war.get("last_points", 9))
        reward = last_points if s == last else reward_short(space["reward"])
        if reward:
            parts.append(
                D.Text(
                    x + step / 2,
                    top + WAR_BOX + 9,
                    reward,
                    size=SMALL,
                    fill=INK,
                    bold=True,
                    fit=D.Fit(step - 2),
                )
            )
        what = _("{points} on arrival", points=last_points) if s == last else space["reward"]
        if discs:
            title = _(
                "War track space {space}: {reward}; discs bottom to top: {discs}",
                space=s,
                reward=what,
                discs=word.joined(word.disc(d) for d in discs),
            )
        else:
            title = _("War track space {space}: {reward}", space=s, reward=what)
        shapes.append(D.Group(tuple(parts), title=title))
        if space.get("milestone_after"):
            mx = x + step
            shapes += [
                D.Line(mx, top - 3, mx, top + WAR_BOX + 3, "#8a2b2b", width=3),
                D.Polygon(((mx, top - 9), (mx + 5, top - 3), (mx - 5, top - 3)), fill="#8a2b2b"),
            ]
    shapes.append(
        note(
            M,
            top + WAR_BOX + 24,
            _(
                "S stone · F food · W wisdom · G gold · B any basic resource · "
                "B>G: 1 basic may become 1 gold"
            ),
            room=INNER,
        )
    )
    return shapes, WAR_BOX + 32 + 32


# ---------------------------------------------------------------- temples

TEMPLE_ROW = 30
TEMPLE_LABEL = 148


def _temples(
    view: View, colours: Colours, y: float, measure: D.Measure
) -> tuple[list[D.Shape], float]:
    temples = (view.get("board") or {}).get("temples", [])
    shapes = titled(
        measure,
        M,
        y + 8,
        INNER,
        _("Temples"),
        _("VP per step; the two lowest discs score; leader takes the card"),
    )
    top = y + 20
    for r, temple in enumerate(temples):
        ty = top + r * (TEMPLE_ROW + 4)
        points = temple.get("points", [])
        steps = len(points)
        step_w = (INNER - TEMPLE_LABEL) / max(1, steps)
        zodiac = temple.get("zodiac") or {}
        holder = temple.get("holder")
        label: list[D.Shape] = [
            D.Rect(M, ty, TEMPLE_LABEL - 4, TEMPLE_ROW, fill="#efe6d2", rx=4),
            D.Text(M + 6, ty + 9, temple["name"], size=BODY, fill=INK, anchor="start", bold=True,
                   fit=D.Fit(TEMPLE_LABEL - 12 - (20 if holder else 0), min_size=7.5)),
            D.Text(M + 6, ty + 22, zodiac.get("name", ""), size=SMALL, fill=INK, anchor="start",
                   fit=D.Fit(TEMPLE_LABEL - 12 - (20 if holder else 0), min_size=7.5)),
        ]  # fmt: skip
        if holder:
            label += disc(M + TEMPLE_LABEL - 16, ty + TEMPLE_ROW / 2, 7.5, holder, view, colours)
        shapes.append(
            D.Group(
                tuple(label),
                title=_temple_title(temple["name"], zodiac, holder),
            )
        )
        at: dict[int, list[str]] = {}
        for d in temple.get("discs", []):
            at.setdefault(d["step"], []).append(d["seat"])
        for s, value in enumerate(points):
            x = M + TEMPLE_LABEL + s * step_w
            fill = "#f3e2a6" if s == temple.get("top", steps - 1) else PANEL
            parts: list[D.Shape] = [
                D.Rect(x + 1, ty, step_w - 2, TEMPLE_ROW, fill=fill, stroke=EDGE, rx=3),
                D.Text(
                    x + step_w - 4,
                    ty + 7.5,
                    str(value),
                    size=SMALL - 1.5,
                    fill=MUTED,
                    anchor="end",
                    fit=D.Fit(step_w - 8),
                ),
            ]
            here = at.get(s, [])
            for k, seat in enumerate(here):
                parts += disc(x + 9 + k * 8, ty + TEMPLE_ROW / 2 + 3, 7, seat, view, colours)
            a = {"temple": temple["name"], "step": s, "points": word.vp(value)}
            seats = word.joined(Seat(s) for s in here)
            if len(here) > 1:
                title = _(
                    "{temple} temple step {step} ({points}): {seats} (bottom to top)",
                    seats=seats,
                    **a,
                )
            elif here:
                title = _("{temple} temple step {step} ({points}): {seats}", seats=seats, **a)
            else:
                title = _("{temple} temple step {step} ({points})", **a)
            shapes.append(D.Group(tuple(parts), title=title))
    return shapes, 20 + len(temples) * (TEMPLE_ROW + 4) + 8


# ---------------------------------------------------------------- district cards


def _districts(
    view: View, colours: Colours, y: float, measure: D.Measure
) -> tuple[list[D.Shape], float]:
    cards = (view.get("board") or {}).get("district_cards", [])
    shapes = titled(
        measure,
        M,
        y + 8,
        INNER,
        _("District cards"),
        _("turn or mirror the pattern; VP first time / later"),
    )
    if not cards:
        return shapes, 20
    w = min(100.0, (INNER - (len(cards) - 1) * 8) / len(cards))
    h = 86
    top = y + 20
    for i, card in enumerate(cards):
        x = M + i * (w + 8)
        shapes.append(_district(card, x, top, w, h))
    return shapes, h + 28


def _district(card: dict[str, Any], x: float, y: float, w: float, h: float) -> D.Shape:
    pattern = card.get("pattern") or {}
    corner = pattern.get("corner", "grey")
    beside = list(pattern.get("beside", []))
    shapes: list[D.Shape] = [D.Rect(x, y, w, h, fill="#f7f0df", stroke="#b9a77d", rx=5)]
    for k, colour in enumerate(card.get("towers", [])):
        shapes += tower(x + 6 + k * 16, y + 5, 12, 15, colour)
    gold = card.get("gold", 0)
    if gold:
        shapes += [
            D.Circle(x + w - 13, y + 12, 8, fill="#e8b923", stroke="#8a6d10", width=1),
            D.Text(x + w - 13, y + 12.5, str(gold), size=SMALL, fill=INK, bold=True, fit=D.Fit(14)),
        ]
    s = 17
    gx, gy = x + w / 2 - s, y + 26
    cells = [
        (0, 0, corner),
        (1, 0, beside[0] if beside else None),
        (0, 1, beside[1] if len(beside) > 1 else None),
        (1, 1, None),
    ]
    for cx, cy, colour in cells:
        if colour is None:
            shapes.append(
                D.Rect(
                    gx + cx * s,
                    gy + cy * s,
                    s - 1,
                    s - 1,
                    fill="#ffffff",
                    stroke="#b9a77d",
                    width=0.8,
                )
            )
        else:
            shapes.append(
                D.Rect(
                    gx + cx * s,
                    gy + cy * s,
                    s - 1,
                    s - 1,
                    fill=DIE_FILL.get(colour, "#ccc"),
                    stroke="#4a4030",
                    width=0.8,
                )
            )
    shapes.append(
        D.Text(
            x + w / 2,
            y + h - 10,
            n_(
                "{first} / {n} VP",
                "{first} / {n} VP",
                n=card.get("later") or 0,
                first=str(card.get("first")),
            ),
            size=BODY,
            fill=INK,
            bold=True,
            fit=D.Fit(w - 6),
        )
    )
    title = _(
        "District card {card}: {corner} corner beside {beside}; "
        "{first} the first time, {later} later; {gold} on it; towers {towers}",
        card=str(card.get("id")),
        corner=word.colour(corner),
        beside=Listing(tuple(word.colour(c) for c in beside)),
        first=word.vp(card.get("first") or 0),
        later=str(card.get("later")),
        gold=word.amount("gold", gold),
        towers=word.joined(word.colour_f(c) for c in card.get("towers", [])),
    )
    return D.Group(tuple(shapes), title=title)


def _slashed(texts: list[Any]) -> Msg | str:
    """Texts one after another with " / " between them."""
    if not texts:
        return ""
    out: Msg | str = texts[0]
    for t in texts[1:]:
        out = _("{first} / {then}", first=out, then=t)
    return out


def _temple_title(name: Any, zodiac: dict[str, Any], holder: str | None) -> Msg:
    a = {
        "temple": name,
        "card": zodiac.get("name") or _("no card"),
        "holder": Seat(holder) if holder else _("nobody"),
    }
    if zodiac.get("text"):
        return _("{temple} temple: {card} ({effect}), held by {holder}", effect=zodiac["text"], **a)
    return _("{temple} temple: {card}, held by {holder}", **a)
