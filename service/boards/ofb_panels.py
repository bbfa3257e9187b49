"""Origins: First Builders' HTML panels for pages and emails: where the game stands, every
player's pieces side by side, the contact zones, the rows, the district cards, the war
track and the temples, with every effect written out. Inline styles only (email clients
drop style sheets); every word from the view is escaped."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from engine.games.origins_first_builders.components import BASES
from service.boards.ofb_style import (
    DIE_FILL,
    DIE_INK,
    DIE_TINT,
    RESOURCE_FILL,
    RESOURCE_LETTER,
    View,
    focus_seat,
    seat_colours,
    seat_mark,
    seat_marks,
    status_lines,
)
from service.boards.panels import SANS, SMALL, TABLE, TD, TH, H


def html(view: View) -> str:
    parts = [f'<div style="font-family:{SANS};font-size:13px;color:#2b2b2b">']
    status = status_lines(view)
    if status:
        parts.append(f'<p style="margin:0 0 4px;font-size:14px"><b>{escape(status[0])}</b></p>')
        parts += [f'<p style="margin:0 0 4px">{escape(line)}</p>' for line in status[1:]]
    draft = view.get("draft")
    if draft:
        pool = "".join(_die(d["colour"], d["value"]) for d in draft.get("pool", []))
        parts.append(f'<p style="margin:0 0 4px">Starting dice to draft: {pool or "none"}</p>')
    sections = (
        ("Players", _players(view)),
        ("Contact zones", _zones(view)),
        ("Building row and stacks", _buildings(view)),
        ("Citizen row, speakers and supplies", _rows(view)),
        ("District cards", _districts(view)),
        ("War track", _war(view)),
        ("Temples", _temples(view)),
        ("Cities", _cities(view)),
    )
    for title, body in sections:
        parts.append(f'<h3 style="{H}">{escape(title)}</h3>{body}')
    parts.append("</div>")
    return "".join(parts)


# ---------------------------------------------------------------- pieces


def _die(colour: str, value: Any = None, title: str = "") -> str:
    t = escape(title or f"{colour} {value if value is not None else ''}".strip())
    label = "" if value is None else escape(str(value))
    return (
        f'<span title="{t}" style="display:inline-block;min-width:16px;height:16px;'
        f"margin:1px 2px 1px 0;border:1px solid #5a5040;border-radius:4px;"
        f"background:{DIE_FILL.get(colour, '#ccc')};color:{DIE_INK.get(colour, '#2b2b2b')};"
        f'text-align:center;font:bold 11px/16px {SANS}">{label}</span>'
    )


def _speaker(value: Any) -> str:
    return (
        f'<span title="speaker {escape(str(value))}" style="display:inline-block;min-width:16px;'
        f"height:16px;margin:1px 2px 1px 0;border:1px solid #5a5040;border-radius:4px;"
        f'background:#fff;text-align:center;font:bold 11px/16px {SANS}">'
        f"{escape(str(value))}</span>"
    )


def _chip(label: str, background: str, title: str = "", ink: str = "#2b2b2b") -> str:
    t = f' title="{escape(title)}"' if title else ""
    return (
        f'<span{t} style="display:inline-block;padding:0 5px;margin:1px 2px 1px 0;'
        f"border:1px solid #8a7a5a;border-radius:3px;background:{background};color:{ink};"
        f'font:bold 12px {SANS}">{escape(label)}</span>'
    )


def _resource(resource: str, amount: Any) -> str:
    letter = RESOURCE_LETTER.get(resource, resource[:1].upper())
    return _chip(f"{letter} {amount}", RESOURCE_FILL.get(resource, "#ddd"), f"{amount} {resource}")


def _seat(view: View, seat: str) -> str:
    colours = seat_colours(view)
    _, fill, ink = colours.get(seat, ("", "#999", "#fff"))
    return (
        f'<span title="{escape(seat)}" style="display:inline-block;width:16px;height:16px;'
        f"border-radius:50%;background:{fill};color:{ink};border:1px solid #222;"
        f'text-align:center;font:bold 10px/16px {SANS};vertical-align:middle">'
        f"{escape(seat_mark(view, seat))}</span>"
    )


def _building(b: dict[str, Any] | None) -> str:
    if not b:
        return '<span style="color:#b3a78f">empty</span>'
    colour = b.get("colour", "grey")
    return (
        _chip(b["name"], DIE_FILL.get(colour, "#ccc"), f"{colour}", DIE_INK.get(colour, "#2b2b2b"))
        + f' <span style="{SMALL}">{escape(str(b.get("stone", "")))} stone · '
        f"{escape(b.get('text', ''))}</span>"
    )


def _table(head: Iterable[str], rows: Iterable[Iterable[str]]) -> str:
    th = "".join(f'<th style="{TH}">{h}</th>' for h in head)
    body = "".join(
        "<tr>" + "".join(f'<td style="{TD}">{cell}</td>' for cell in row) + "</tr>" for row in rows
    )
    return f'<table style="{TABLE}"><tr>{th}</tr>{body}</table>'


# ---------------------------------------------------------------- players


def _players(view: View) -> str:
    players = view.get("players", {})
    seats = list(players)
    if not seats:
        return ""
    colours = seat_colours(view)
    head = [""]
    for seat in seats:
        badges = seat_marks(view, seat, first="1st")
        badge = f'<br><span style="{SMALL}">{escape(", ".join(badges))}</span>' if badges else ""
        head.append(
            f"{_seat(view, seat)} <b style='color:#2b2b2b'>{escape(seat)}</b> "
            f'<span style="{SMALL}">{escape(colours[seat][0])}</span>{badge}'
        )

    def score(p: dict[str, Any]) -> str:
        parts = ", ".join(f"{k} {v}" for k, v in (p.get("score_breakdown") or {}).items() if v)
        detail = f'<br><span style="{SMALL}">{escape(parts)}</span>' if parts else ""
        return f'<b style="font-size:15px">{escape(str(p.get("score", 0)))}</b>{detail}'

    def citizens(p: dict[str, Any]) -> str:
        dice = []
        for c in p.get("citizens", []):
            where = c.get("where", "home")
            tag = "" if where == "home" else f'<span style="{SMALL}">({escape(where)})</span> '
            dice.append(_die(c["colour"], c["value"], f"{c['colour']} {c['value']}, {where}") + tag)
        b = p.get("bases") or {}
        cost = b.get("next_cost")
        bases = (
            f'<br><span style="{SMALL}">bases {escape(str(b.get("owned")))} of {BASES}, '
            f"{escape(str(b.get('free')))} free"
            + (f"; next {escape(str(cost))} food" if cost else "")
            + "</span>"
        )
        return ("".join(dice) or "–") + bases

    def archon(p: dict[str, Any]) -> str:
        a = p.get("archon") or {}
        dots = "".join(_die(c, None, f"archon colour {c}") for c in a.get("colours", []))
        speakers = "".join(_speaker(v) for v in p.get("speakers", [])) or "–"
        return f"{speakers}<br>archon: {escape(str(a.get('where', 'home')))} {dots}"

    def advisors(p: dict[str, Any]) -> str:
        cells = "".join(
            _die(a["colour"], a["points"], f"{a['colour']} advisor: {a['points']} VP")
            for a in p.get("advisors", [])
        )
        return (cells or "–") + (
            f'<br><span style="{SMALL}">superiority tokens: '
            f"{escape(str(p.get('superiority_tokens', 0)))}</span>"
        )

    def towers(p: dict[str, Any]) -> str:
        return "".join(
            _die(c, n, f"{c} tower, level {n}") for c, n in (p.get("palace_towers") or {}).items()
        )

    def tracks(p: dict[str, Any]) -> str:
        temples = ", ".join(f"{t} {s}" for t, s in (p.get("temple_steps") or {}).items())
        return f"war {escape(str(p.get('war_space')))}<br>{escape(temples)}"

    def cards(p: dict[str, Any]) -> str:
        zodiac = "<br>".join(
            f'<span title="{escape(c.get("text", ""))}"><b>{escape(c["name"])}</b>: '
            f'<span style="{SMALL}">{escape(c.get("text", ""))}</span></span>'
            for c in p.get("zodiac_cards", [])
        )
        reserved = ", ".join(escape(b["name"]) for b in p.get("reserved", []) if b)
        scored = ", ".join(escape(c) for c in p.get("district_cards_scored", []))
        out = zodiac or "–"
        if reserved:
            out += f"<br>set aside: {reserved}"
        if scored:
            out += f'<br><span style="{SMALL}">district cards scored: {scored}</span>'
        return out

    rows = [
        ("Score", score),
        ("Resources", lambda p: "".join(_resource(k, v) for k, v in p["resources"].items())),
        ("Citizens", citizens),
        ("Speakers, archon", archon),
        ("Advisors", advisors),
        ("Towers", towers),
        ("War, temples", tracks),
        ("Zodiac cards", cards),
        ("Buildings", lambda p: escape(str(p.get("buildings", 0)))),
    ]
    body = [[escape(label), *(fn(players[s]) for s in seats)] for label, fn in rows]
    return _table(head, body)


# ---------------------------------------------------------------- the board


def _zones(view: View) -> str:
    rows = []
    for z in (view.get("board") or {}).get("zones", []):
        bonus = z.get("bonus") or {}
        colour = bonus.get("colour") or "grey"
        actions = "<br>".join(escape(a.get("text", "")) for a in z.get("actions", []))
        bonus_cell = (
            _chip(colour, DIE_FILL.get(colour, "#ccc"), "bonus colour", DIE_INK.get(colour))
            + " "
            + escape(bonus.get("text") or "")
            if bonus.get("colour")
            else "–"
        )
        visitors = "".join(_visitor(view, v) for v in z.get("visitors", [])) or "–"
        rows.append(
            [
                f"<b>{escape(str(z['number']))}</b>",
                f'<b style="font-size:15px">{escape(str(z.get("starship")))}</b>',
                actions,
                bonus_cell,
                visitors,
            ]
        )
    return _table(["Zone", "Starship", "Actions (one; both with a 6)", "Bonus", "Visitors"], rows)


def _visitor(view: View, v: dict[str, Any]) -> str:
    seat = _seat(view, v["seat"])
    if v["kind"] == "citizen":
        return f"{seat}{_die(v['colour'], v['value'])} "
    if v["kind"] == "speaker":
        return f"{seat}{_speaker(v['value'])} "
    return f"{seat}<span style='{SMALL}'>archon</span> "


def _buildings(view: View) -> str:
    board = view.get("board") or {}
    rows = [
        [escape(str(s["slot"])), escape(str(s["wisdom"])), _building(s.get("building"))]
        for s in board.get("building_row", [])
    ]
    table = _table(["Slot", "Wisdom", "Building (stone on the tile)"], rows)
    stacks = " ".join(
        _chip(
            f"{(s.get('top') or {}).get('name', 'empty')} · {s.get('count', 0)}",
            DIE_TINT.get(c, "#eee"),
            f"{c} stack: face-up top and tiles left",
        )
        for c, s in (board.get("building_stacks") or {}).items()
    )
    return table + f'<p style="margin:0 0 4px">Stacks (face-up top · tiles left): {stacks}</p>'


def _rows(view: View) -> str:
    board = view.get("board") or {}
    row = " ".join(
        (_die(s["die"]["colour"], s["die"]["value"]) if s.get("die") else "–")
        + f'<span style="{SMALL}">{escape(str(s["wisdom"]))} wisdom</span>'
        for s in board.get("citizen_row", [])
    )
    speakers = "".join(_speaker(v) for v in board.get("speaker_row", [])) or "none"
    supply = " ".join(
        _die(c, n, f"{n} {c} dice left") for c, n in (board.get("citizen_supply") or {}).items()
    )
    towers = " ".join(
        _die(c, n, f"{n} {c} tiers left") for c, n in (board.get("tower_supply") or {}).items()
    )
    return (
        f'<p style="margin:0 0 4px">Citizen row: {row}</p>'
        f'<p style="margin:0 0 4px">Speaker row: {speakers}</p>'
        f'<p style="margin:0 0 4px">Citizen dice left beside the board: {supply}</p>'
        f'<p style="margin:0 0 4px">Tower tiers left: {towers}</p>'
    )


def _districts(view: View) -> str:
    rows = []
    for card in (view.get("board") or {}).get("district_cards", []):
        p = card.get("pattern") or {}
        beside = "".join(_die(c) for c in p.get("beside", []))
        rows.append(
            [
                escape(card["id"]),
                _die(p.get("corner", "grey"), title=f"corner {p.get('corner')}")
                + f' <span style="{SMALL}">beside</span> '
                + beside,
                f"{escape(str(card['first']))} / {escape(str(card['later']))}",
                escape(str(card.get("gold", 0))),
                "".join(_die(c, title=f"{c} tower") for c in card.get("towers", [])),
            ]
        )
    return _table(["Card", "Corner, beside it", "VP first / later", "Gold", "Towers"], rows)


def _war(view: View) -> str:
    war = (view.get("board") or {}).get("war_track") or {}
    rows = []
    for s in war.get("spaces", []):
        discs = "".join(_seat(view, d) for d in s.get("discs", []))
        reward = escape(s.get("reward", ""))
        if s["space"] == war.get("last_space"):
            reward = f"{escape(str(war.get('last_points')))} VP on arrival"
        mark = " ┃ milestone" if s.get("milestone_after") else ""
        if not discs and not mark and s["space"] not in (0, war.get("last_space")):
            continue
        rows.append([escape(str(s["space"])), reward, discs or "–", escape(mark)])
    note = (
        f'<p style="{SMALL};margin:0 0 4px">Spaces without discs and milestones are left out; '
        "discs read bottom to top.</p>"
    )
    return _table(["Space", "Attack reward", "Discs", ""], rows) + note


def _temples(view: View) -> str:
    rows = []
    for t in (view.get("board") or {}).get("temples", []):
        z = t.get("zodiac") or {}
        discs = " ".join(
            f"{_seat(view, d['seat'])} {escape(str(d['step']))} "
            f'<span style="{SMALL}">({escape(str(d["points"]))} VP)</span>'
            for d in t.get("discs", [])
        )
        rows.append(
            [
                f"<b>{escape(t['name'])}</b>",
                f"<b>{escape(z.get('name', '–'))}</b>: "
                f'<span style="{SMALL}">{escape(z.get("text", ""))}</span>',
                _seat(view, t["holder"]) if t.get("holder") else "–",
                discs,
            ]
        )
    points = next(iter((view.get("board") or {}).get("temples", [])), {}).get("points", [])
    note = (
        f'<p style="{SMALL};margin:0 0 4px">VP by step: {escape(" ".join(map(str, points)))}; '
        "only the two lowest of a player's discs score.</p>"
    )
    return _table(["Temple", "Zodiac card", "Held by", "Discs (step)"], rows) + note


def _cities(view: View) -> str:
    players = view.get("players", {})
    focus = focus_seat(view)
    order = [s for s in [focus] if s] + [s for s in players if s != focus]
    parts = []
    for seat in order:
        city = players[seat].get("city") or {}
        tiles = " ".join(
            _chip(
                f"{t['name']} {t['x']},{t['y']}",
                "#d9c48f" if t.get("farm") else DIE_FILL.get(t.get("colour") or "grey", "#ccc"),
                t.get("text", ""),
                "#2b2b2b" if t.get("farm") else DIE_INK.get(t.get("colour") or "grey", "#2b2b2b"),
            )
            for t in city.get("tiles", [])
        )
        centres = " ".join(
            _die(c["colour"], c["value"], f"power centre at ({c['x']}, {c['y']}): {c['points']} VP")
            + f'<span style="{SMALL}">({c["x"]},{c["y"]}) {c["points"]} VP</span>'
            for c in city.get("centres", [])
        )
        parts.append(
            f'<p style="margin:0 0 6px">{_seat(view, seat)} <b>{escape(seat)}</b>: {tiles}'
            + (f'<br><span style="{SMALL}">power centres:</span> {centres}' if centres else "")
            + "</p>"
        )
    return "".join(parts)
