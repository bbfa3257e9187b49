"""The HTML panels of an Orichalk email or page: compact tables of everything the view shows
(the picture comes separately)."""

from __future__ import annotations

from html import escape
from typing import Any

from service.boards.orichalk.palette import (
    ACTION_FILL,
    CREATURE_FILL,
    TERRAIN_FILL,
    TERRAIN_INK,
)
from service.boards.orichalk.words import (
    SKULL,
    TERRAINS,
    cost_words,
    creature_words,
    creatures_on,
    fight_words,
    island_lines,
    marks,
    plural,
    points_words,
    seat_colours,
    side_words,
    status,
)
from service.boards.panels import SANS, SMALL, TABLE, TD, TH, H, seat_heading, swatch, table_row

View = dict[str, Any]

_P = '<p style="margin:0 0 4px">'


def html(view: View) -> str:
    colours = seat_colours(view)
    lines = status(view)
    parts = [
        f'<div style="font-family:{SANS};font-size:13px;color:#2b2b2b">',
        f'<p style="margin:0 0 4px;font-size:14px"><b>{escape(lines[0])}</b></p>',
        *(f"{_P}{escape(line)}</p>" for line in lines[1:]),
    ]
    if view.get("last_fight"):
        parts.append(fight_html(view["last_fight"]))
    sections = (
        ("Players", _players(view, colours)),
        ("Islands", _islands(view, colours)),
        ("Action board", _action_board(view)),
        ("Construction board and supply", _construction(view)),
        ("Legend", _legend()),
    )
    for title, body in sections:
        parts += [f'<h3 style="{H}">{title}</h3>', body]
    parts.append("</div>")
    return "".join(parts)


def chip(label: str, background: str, title: str = "", colour: str = "#2b2b2b") -> str:
    hover = f' title="{escape(title)}"' if title else ""
    return (
        f'<span{hover} style="display:inline-block;padding:0 5px;margin:1px 2px 1px 0;'
        f"border:1px solid #8a7a5a;border-radius:3px;background:{background};"
        f'font:bold 12px {SANS};color:{colour}">{escape(label)}</span>'
    )


def _creature_chip(creature: dict[str, Any], label: str = "", title: str = "") -> str:
    fill = CREATURE_FILL.get(creature["id"], "#777777")
    return chip(label or creature_words(creature), fill, title, colour="#ffffff")


def die_html(face: int) -> str:
    """A combat die; the 6 shows the skull (SOURCE)."""
    skull = face == SKULL
    return (
        f'<span title="{"skull: a win whatever the total" if skull else f"die: {face}"}" '
        'style="display:inline-block;width:20px;height:20px;margin:0 3px 0 0;'
        f"border:1px solid #444;border-radius:4px;background:{'#2b2b2b' if skull else '#fff'};"
        f"color:{'#fff' if skull else '#2b2b2b'};text-align:center;"
        f'font:bold 14px/20px {SANS}">{"☠" if skull else face}</span>'
    )


def fight_html(fight: dict[str, Any]) -> str:
    """uk «Захоплення істот»: the dice of the last fight, shown in the email that follows."""
    out = f'<p style="margin:6px 0 4px"><b>Last fight:</b> {escape(fight_words(fight))}.</p>'
    if fight["dice"]:
        verdict = "won" if fight["won"] else "lost"
        out += (
            f"{_P}{''.join(die_html(d) for d in fight['dice'])} <b>= {fight['total']}</b> "
            f"against strength {fight['strength']}: <b>{verdict}</b></p>"
        )
    return out


def _players(view: View, colours: dict[str, str]) -> str:
    players = view.get("players", {})
    seats = list(players)
    share = 80 // max(1, len(seats))
    head = [f'<th style="{TH}"></th>']
    for seat in seats:
        head.append(seat_heading(seat, colours[seat], marks(view, seat), share))
    row = table_row

    def points(p: dict[str, Any]) -> str:
        return (
            f'<b style="font-size:15px">{p["points"]}</b>/{view["win_points"]}'
            f'<br><span style="{SMALL}">{escape(points_words(p))}</span>'
        )

    def supply(p: dict[str, Any]) -> str:
        return chip(f"{p['hoplites']} hoplites", "#f0d2c0", "hoplites in the supply") + chip(
            f"{p['orichalcum']} orichalcum", "#f8e1b0", "orichalcum in the supply"
        )

    def titans(p: dict[str, Any]) -> str:
        held = "".join(
            chip(
                t["name"] + ("" if t["active"] else " (used)"),
                TERRAIN_FILL[t["terrain"]] if t["active"] else "#e4e0d8",
                f"{t['terrain']}: {t['favour']}",
            )
            for t in p["titans"]
        )
        return (held or "–") + f'<br><span style="{SMALL}">room for {p["titan_capacity"]}</span>'

    def captured(p: dict[str, Any]) -> str:
        return "".join(_creature_chip(c) for c in p["creatures"]) or "–"

    def on_island(p: dict[str, Any]) -> str:
        found = []
        for cell in creatures_on(p.get("island")):
            creature = cell["creature"]
            guards = creature.get("hoplites") or 0
            label = f"{creature_words(creature)} {cell['id']}" + (f" +{guards}h" if guards else "")
            found.append(_creature_chip(creature, label, f"{plural(guards, 'hoplite')} on it"))
        return "".join(found) or "none"

    def works(p: dict[str, Any]) -> str:
        built = ", ".join(
            name.replace("_", " ") + (f" ×{n}" if n > 1 else "")
            for name, n in p["buildings"].items()
        )
        return (
            f"{plural(p['mines'], 'mine')}, {plural(p['camps'], 'camp')}"
            f'<br><span style="{SMALL}">{escape(built or "no building")}; '
            f"{plural(p['extra_actions'], 'extra action')} a turn</span>"
        )

    def island(p: dict[str, Any]) -> str:
        if not p.get("board_name"):
            return "–"
        return (
            f'{escape(p["board_name"])}<br><span style="{SMALL}">{side_words(p.get("side"))}</span>'
        )

    rows = [
        row("Victory points", (points(players[s]) for s in seats)),
        row("Supply", (supply(players[s]) for s in seats)),
        row("Titans", (titans(players[s]) for s in seats)),
        row("Creatures captured", (captured(players[s]) for s in seats)),
        row("Creatures on the island", (on_island(players[s]) for s in seats)),
        row("Mines, camps, buildings", (works(players[s]) for s in seats)),
        row("Island", (island(players[s]) for s in seats)),
    ]
    return f'<table style="{TABLE}"><tr>{"".join(head)}</tr>{"".join(rows)}</table>'


def _islands(view: View, colours: dict[str, str]) -> str:
    out = []
    for seat, player in view.get("players", {}).items():
        body = "<br>".join(escape(line) for line in island_lines(player.get("island")))
        out.append(
            f'<p style="margin:0 0 6px">{swatch(colours[seat])} <b>{escape(seat)}</b><br>'
            f'<span style="font-size:12px">{body}</span></p>'
        )
    return "".join(out)


def _tile(tile: dict[str, Any] | None) -> str:
    if not tile:
        return '<span style="color:#7a6a4f">no tile (its stack is empty)</span>'
    return "".join(
        f'<span title="{terrain}" style="display:inline-block;padding:0 4px;margin:0 1px 0 0;'
        f"border:1px solid {TERRAIN_INK[terrain]};border-radius:3px;"
        f'background:{TERRAIN_FILL[terrain]};font-size:11px;color:#1f1f1f">{terrain}</span>'
        for terrain in tile["terrains"]
    )


def _action_board(view: View) -> str:
    board = view.get("action_board") or {}
    rows = []
    for slot in board.get("slots", []):
        number = (
            f'<td style="{TD}"><b>{slot["number"]}</b><br>'
            f'<span style="{SMALL}">{cost_words(slot["cost"])}</span></td>'
        )
        card = slot.get("card")
        if not card:
            rows.append(f'<tr>{number}<td style="{TD}" colspan="3">empty</td></tr>')
            continue
        riders = "".join(_creature_chip(c) for c in slot.get("creatures") or [])
        action = chip(card["action_name"], ACTION_FILL[card["action"]], colour="#ffffff")
        rows.append(
            f'<tr>{number}<td style="{TD}">{action}<br><span style="{SMALL}">{card["size"]} '
            f'tile</span></td><td style="{TD}">{_tile(slot.get("tile"))}</td>'
            f'<td style="{TD}">{riders or "–"}</td></tr>'
        )
    head = "".join(
        f'<th style="{TH}">{h}</th>' for h in ("Card", "Action", "Land tile", "Creatures on it")
    )
    discard = ", ".join(f"{c['action_name']} ({c['size']})" for c in board.get("discard") or [])
    return (
        f'<table style="{TABLE}"><tr>{head}</tr>{"".join(rows)}</table>'
        f"{_P}Deck: <b>{board.get('deck', 0)}</b> cards face down"
        + (f" · discard: {escape(discard)}" if discard else "")
        + "</p>"
    )


def _construction(view: View) -> str:
    construction = view.get("construction_board") or {}
    cells = []
    for slot in construction.get("slots", []):
        building = slot.get("building")
        body = (
            f'<b>{escape(building["name"])}</b><br><span style="{SMALL}">'
            f"{escape(building['text'])}</span>"
            if building
            else '<span style="color:#7a6a4f">empty</span>'
        )
        if slot.get("resource"):
            body += f"<br>+1 {escape(slot['resource'])} on it"
        cells.append(
            f'<td style="{TD};width:25%"><span style="display:block;padding:1px 4px;'
            f'margin:0 0 3px;background:{TERRAIN_FILL[slot["terrain"]]};border-radius:3px">'
            f"{escape(slot['terrain'])}</span>{body}</td>"
        )
    centre = "".join(
        chip(t["name"], TERRAIN_FILL[t["terrain"]], f"{t['terrain']}: {t['favour']}")
        for t in view.get("titans_centre") or []
    )
    stacks = ", ".join(f"{size} <b>{n}</b>" for size, n in (view.get("stacks") or {}).items())
    tiers = " · ".join(
        f"<b>{t['cost']} {escape(t['pay'])}</b>: {escape(', '.join(t['actions']))}"
        for t in view.get("extra_tiers") or []
    )
    return (
        f'<table style="{TABLE};table-layout:fixed"><tr>{"".join(cells)}</tr></table>'
        f"{_P}Buildings in the bag: <b>{construction.get('bag', 0)}</b> · temples left "
        f"<b>{view.get('temples_left', 0)}</b> · victory tokens left "
        f"<b>{view.get('victory_tokens_left', 0)}</b></p>"
        f"{_P}Titans in the centre: {centre or 'none'}</p>"
        f"{_P}Face-down land tiles: {stacks} · creatures in the bag: "
        f"<b>{view.get('creature_bag', 0)}</b></p>"
        f"{_P}Extra action (phase 4), pay: {tiers}</p>"
    )


def _legend() -> str:
    lands = " ".join(
        f'<span style="white-space:nowrap;margin-right:8px">'
        f"{swatch(TERRAIN_FILL[t], 11, square=True)} {t}</span>"
        for t in TERRAINS
    )
    beasts = " ".join(
        f'<span style="white-space:nowrap;margin-right:8px">{swatch(fill, 11)} '
        f"{name.capitalize()}</span>"
        for name, fill in CREATURE_FILL.items()
    )
    words = (
        "A thick line outlines each land tile. A disc on a volcano is a creature with its "
        "strength; a bronze shield beside it counts the hoplites left on it. A white label is "
        "a building, white stone with a pediment a temple, the walled city the metropolis. "
        "A gold arrow points at a port with its reward, grey once taken. While you place a "
        "tile, green rings mark the spaces your options start from."
    )
    return (
        f"{_P}Terrains: {lands}</p>{_P}Creatures: {beasts}</p>"
        f'<p style="margin:0;{SMALL}">{escape(words)}</p>'
    )
