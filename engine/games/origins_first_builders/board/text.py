"""Origins: First Builders' board in plain text, for the text part of emails: where the game
stands, the board, then every player. Read from the seat's view only."""

from __future__ import annotations

from typing import Any

from engine.games.origins_first_builders.board.cities import focus_seat
from engine.games.origins_first_builders.board.palette import View
from engine.games.origins_first_builders.board.words import die_words, seat_marks, status_lines
from engine.games.origins_first_builders.components import BASES


def text(view: View) -> str:
    """The view in plain text, for the text part of emails."""
    out = status_lines(view)
    board = view.get("board") or {}
    draft = view.get("draft")
    if draft:
        pool = ", ".join(die_words(d) for d in draft.get("pool", []))
        out += ["", f"Starting dice to draft: {pool or 'none'}."]
    out += ["", "Contact zones:"]
    for z in board.get("zones", []):
        bonus = z.get("bonus") or {}
        actions = " | ".join(a.get("text", "") for a in z.get("actions", []))
        line = f"  Zone {z['number']} (starship {z.get('starship')}): {actions}"
        if bonus.get("colour"):
            line += f"; {bonus['colour']} bonus: {bonus.get('text')}"
        out.append(line)
        if z.get("visitors"):
            out.append("    visitors: " + ", ".join(_visitor(v) for v in z["visitors"]))
    out += ["", "Building row (wisdom by slot, stone on the tile):"]
    for slot in board.get("building_row", []):
        b = slot.get("building")
        if b is None:
            out.append(f"  {slot['slot']}. empty")
            continue
        out.append(
            f"  {slot['slot']}. {b['name']} ({b['colour']}): {slot['wisdom']} wisdom, "
            f"{b['stone']} stone. {b['text']}"
        )
    stacks = []
    for colour, stack in (board.get("building_stacks") or {}).items():
        top = stack.get("top")
        name = top["name"] if top else "empty"
        stacks.append(f"{colour} {name} ({stack.get('count', 0)} tiles)")
    out.append("  Stacks, face-up top: " + ", ".join(stacks))
    row = ", ".join(
        f"{die_words(s['die'])} ({s['wisdom']} wisdom)" if s.get("die") else "empty"
        for s in board.get("citizen_row", [])
    )
    out += ["", f"Citizen row: {row}."]
    supply = ", ".join(f"{c} {n}" for c, n in (board.get("citizen_supply") or {}).items())
    out.append(f"Citizen dice left beside the board: {supply}.")
    speakers = ", ".join(str(v) for v in board.get("speaker_row", [])) or "none"
    out.append(f"Speaker row: {speakers}.")
    towers = ", ".join(f"{c} {n}" for c, n in (board.get("tower_supply") or {}).items())
    out.append(f"Tower tiers left: {towers}.")
    out += ["", "District cards (the pattern may be turned or mirrored):"]
    for card in board.get("district_cards", []):
        p = card.get("pattern") or {}
        out.append(
            f"  {card['id']}: {p.get('corner')} corner beside {' and '.join(p.get('beside', []))}; "
            f"{card['first']} VP first, {card['later']} later; {card['gold']} gold; "
            f"towers {', '.join(card.get('towers', []))}"
        )
    out += ["", *_war_lines(board)]
    out += ["", "Temples (the two lowest discs score):"]
    for t in board.get("temples", []):
        zodiac = (t.get("zodiac") or {}).get("name", "no card")
        holder = t.get("holder") or "nobody"
        discs = ", ".join(f"{d['seat']} {d['step']}" for d in t.get("discs", []))
        out.append(f"  {t['name']} ({zodiac}, held by {holder}): {discs}")
    out += ["", "Players:"]
    focus = focus_seat(view)
    for seat, p in view.get("players", {}).items():
        out += _player_lines(view, seat, p, seat == focus)
    return "\n".join(out)


def _visitor(v: dict[str, Any]) -> str:
    if v["kind"] == "citizen":
        return f"{v['seat']}'s {v['colour']} {v['value']}"
    if v["kind"] == "speaker":
        return f"{v['seat']}'s speaker {v['value']}"
    return f"{v['seat']}'s archon"


def _war_lines(board: dict[str, Any]) -> list[str]:
    war = board.get("war_track") or {}
    occupied = [
        f"{s['space']}: {', '.join(s['discs'])}" for s in war.get("spaces", []) if s.get("discs")
    ]
    milestones = [str(s["space"]) for s in war.get("spaces", []) if s.get("milestone_after")]
    return [
        "War track (discs bottom to top): " + ("; ".join(occupied) or "empty") + ".",
        f"  Milestones after spaces {', '.join(milestones)}; the last space "
        f"({war.get('last_space')}) scores {war.get('last_points')} VP.",
    ]


def _player_lines(view: View, seat: str, p: dict[str, Any], focus: bool) -> list[str]:
    marks = seat_marks(view, seat)
    parts = ", ".join(f"{k} {v}" for k, v in (p.get("score_breakdown") or {}).items() if v)
    head = f"  {seat}" + (f" ({', '.join(marks)})" if marks else "")
    lines = [f"{head}: {p.get('score', 0)} VP" + (f" ({parts})" if parts else "")]
    r = p.get("resources") or {}
    lines.append("    " + ", ".join(f"{n} {k}" for k, n in r.items()))
    citizens = ", ".join(
        die_words(c) + ("" if c.get("where") == "home" else f" in {c['where']}")
        for c in p.get("citizens", [])
    )
    bases = p.get("bases") or {}
    cost = bases.get("next_cost")
    lines.append(
        f"    citizens: {citizens or 'none'}; bases {bases.get('owned')} of {BASES}, "
        f"{bases.get('free')} free" + (f", the next costs {cost} food" if cost else "")
    )
    arch = p.get("archon") or {}
    colours = ", ".join(arch.get("colours", [])) or "no colour"
    speakers = ", ".join(str(v) for v in p.get("speakers", [])) or "none"
    lines.append(f"    speakers: {speakers}; archon: {arch.get('where')} ({colours})")
    advisors = ", ".join(f"{a['colour']} ({a['points']} VP)" for a in p.get("advisors", []))
    lines.append(
        f"    advisors: {advisors or 'none'}; superiority tokens: {p.get('superiority_tokens', 0)}"
    )
    towers = ", ".join(f"{c} {n}" for c, n in (p.get("palace_towers") or {}).items())
    temples = ", ".join(f"{t} {s}" for t, s in (p.get("temple_steps") or {}).items())
    lines.append(f"    towers: {towers}; war space {p.get('war_space')}; temples {temples}")
    cards = ", ".join(c["name"] for c in p.get("zodiac_cards", []))
    if cards:
        lines.append(f"    zodiac cards: {cards}")
    reserved = ", ".join(b["name"] for b in p.get("reserved", []) if b)
    if reserved:
        lines.append(f"    set aside: {reserved}")
    if p.get("district_cards_scored"):
        lines.append("    district cards scored: " + ", ".join(p["district_cards_scored"]))
    city = p.get("city") or {}
    if focus:
        tiles = "; ".join(
            f"{t['name']}{' (farm)' if t.get('farm') else ' (' + str(t['colour']) + ')'} "
            f"at ({t['x']}, {t['y']})"
            for t in city.get("tiles", [])
        )
        lines.append(f"    city ({p.get('buildings', 0)} buildings): {tiles}")
    else:
        lines.append(f"    city: {p.get('buildings', 0)} buildings")
    centres = "; ".join(
        f"{c['colour']} {c['value']} at ({c['x']}, {c['y']}), {c['points']} VP"
        for c in city.get("centres", [])
    )
    if centres:
        lines.append(f"    power centres: {centres}")
    return lines
