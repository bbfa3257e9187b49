"""Origins: First Builders' board in plain text, for the text part of emails: where the game
stands, the board, then every player. Read from the seat's view only; every line a message
(or empty)."""

from __future__ import annotations

from typing import Any

from engine.games.origins_first_builders import words as word
from engine.games.origins_first_builders.board.cities import focus_seat
from engine.games.origins_first_builders.board.palette import View
from engine.games.origins_first_builders.board.words import die_words, seat_marks, status_lines
from engine.games.origins_first_builders.components import BASES
from engine.games.origins_first_builders.words import _, n_
from engine.kit.words import Listing, Msg, Seat

Line = Msg | str


def text(view: View) -> list[Line]:
    """The view in plain text, for the text part of emails: its lines."""
    out: list[Line] = list(status_lines(view))
    board = view.get("board") or {}
    draft = view.get("draft")
    if draft:
        pool = word.joined(die_words(d) for d in draft.get("pool", []))
        out += ["", _("Starting dice to draft: {dice}.", dice=pool or _("none"))]
    out += ["", _("Contact zones:")]
    for z in board.get("zones", []):
        bonus = z.get("bonus") or {}
        a = {
            "n": z["number"],
            "starship": z.get("starship"),
            "actions": word.joined((x.get("text", "") for x in z.get("actions", [])), " | "),
        }
        if bonus.get("colour"):
            out.append(
                _(
                    "  Zone {n} (starship {starship}): {actions}; {colour} bonus: {bonus}",
                    colour=word.colour(bonus["colour"]),
                    bonus=bonus.get("text"),
                    **a,
                )
            )
        else:
            out.append(_("  Zone {n} (starship {starship}): {actions}", **a))
        if z.get("visitors"):
            visitors = word.joined(_visitor(v) for v in z["visitors"])
            out.append(_("    visitors: {visitors}", visitors=visitors))
    out += ["", _("Building row (wisdom by slot, stone on the tile):")]
    for slot in board.get("building_row", []):
        b = slot.get("building")
        if b is None:
            out.append(_("  {slot}. empty", slot=slot["slot"]))
            continue
        out.append(
            _(
                "  {slot}. {building} ({colour}): {wisdom}, {stone}. {effect}",
                slot=slot["slot"],
                building=b["name"],
                colour=word.colour(b["colour"]),
                wisdom=word.amount("wisdom", slot["wisdom"]),
                stone=word.amount("stone", b["stone"]),
                effect=b["text"],
            )
        )
    stacks = []
    for colour, stack in (board.get("building_stacks") or {}).items():
        top = stack.get("top")
        stacks.append(
            n_(
                "{colour} {building} ({n} tile)",
                "{colour} {building} ({n} tiles)",
                n=stack.get("count", 0),
                colour=word.colour_f(colour),
                building=top["name"] if top else _("empty"),
            )
        )
    out.append(_("  Stacks, face-up top: {stacks}", stacks=word.joined(stacks)))
    row = word.joined(
        _("{die} ({wisdom})", die=die_words(s["die"]), wisdom=word.amount("wisdom", s["wisdom"]))
        if s.get("die")
        else _("empty")
        for s in board.get("citizen_row", [])
    )
    out += ["", _("Citizen row: {dice}.", dice=row)]
    supply = word.joined(
        _("{colour} {n}", colour=word.colour(c), n=n)
        for c, n in (board.get("citizen_supply") or {}).items()
    )
    out.append(_("Citizen dice left beside the board: {dice}.", dice=supply))
    speakers = word.joined(str(v) for v in board.get("speaker_row", [])) or _("none")
    out.append(_("Speaker row: {values}.", values=speakers))
    towers = word.joined(
        _("{colour} {n}", colour=word.colour(c), n=n)
        for c, n in (board.get("tower_supply") or {}).items()
    )
    out.append(_("Tower tiers left: {tiers}.", tiers=towers))
    out += ["", _("District cards (the pattern may be turned or mirrored):")]
    for card in board.get("district_cards", []):
        p = card.get("pattern") or {}
        out.append(
            _(
                "  {card}: {corner} corner beside {beside}; {first} first, {later} later; "
                "{gold}; towers {towers}",
                card=card["id"],
                corner=word.colour(p.get("corner")),
                beside=Listing(tuple(word.colour(c) for c in p.get("beside", []))),
                first=word.vp(card["first"]),
                later=card["later"],
                gold=word.amount("gold", card["gold"]),
                towers=word.joined(word.colour_f(c) for c in card.get("towers", [])),
            )
        )
    out += ["", *_war_lines(board)]
    out += ["", _("Temples (the two lowest discs score):")]
    for t in board.get("temples", []):
        zodiac = (t.get("zodiac") or {}).get("name") or _("no card")
        holder = Seat(t["holder"]) if t.get("holder") else _("nobody")
        discs = word.joined(
            _("{seat} {step}", seat=Seat(d["seat"]), step=d["step"]) for d in t.get("discs", [])
        )
        out.append(
            _(
                "  {temple} ({card}, held by {holder}): {discs}",
                temple=t["name"],
                card=zodiac,
                holder=holder,
                discs=discs,
            )
        )
    out += ["", _("Players:")]
    focus = focus_seat(view)
    for seat, p in view.get("players", {}).items():
        out += _player_lines(view, seat, p, seat == focus)
    return out


def _visitor(v: dict[str, Any]) -> Msg:
    if v["kind"] == "citizen":
        return _("{seat}'s {die}", seat=Seat(v["seat"]), die=word.die(v["colour"], v["value"]))
    if v["kind"] == "speaker":
        return _("{seat}'s speaker {value}", seat=Seat(v["seat"]), value=v["value"])
    return _("{seat}'s archon", seat=Seat(v["seat"]))


def _war_lines(board: dict[str, Any]) -> list[Line]:
    war = board.get("war_track") or {}
    occupied = word.joined(
        (
            _(
                "{space}: {discs}",
                space=s["space"],
                discs=word.joined(word.disc(d) for d in s["discs"]),
            )
            for s in war.get("spaces", [])
            if s.get("discs")
        ),
        "; ",
    )
    milestones = word.joined(
        str(s["space"]) for s in war.get("spaces", []) if s.get("milestone_after")
    )
    return [
        _("War track (discs bottom to top): {discs}.", discs=occupied or _("empty")),
        _(
            "  Milestones after spaces {spaces}; the last space ({last}) scores {points}.",
            spaces=milestones,
            last=str(war.get("last_space")),
            points=word.vp(war.get("last_points") or 0),
        ),
    ]


def _player_lines(view: View, seat: str, p: dict[str, Any], focus: bool) -> list[Line]:
    marks = seat_marks(view, seat)
    parts = word.score_parts(p.get("score_breakdown") or {})
    who = _("{seat} ({marks})", seat=Seat(seat), marks=word.joined(marks)) if marks else Seat(seat)
    score = word.vp(p.get("score", 0))
    lines: list[Line] = [
        _("  {player}: {score} ({parts})", player=who, score=score, parts=parts)
        if parts
        else _("  {player}: {score}", player=who, score=score)
    ]
    r = p.get("resources") or {}
    lines.append(
        _("    {resources}", resources=word.joined(word.amount(k, n) for k, n in r.items()))
    )
    citizens = word.joined(
        die_words(c)
        if c.get("where") == "home"
        else _("{die} in {where}", die=die_words(c), where=c["where"])
        for c in p.get("citizens", [])
    )
    bases = p.get("bases") or {}
    cost = bases.get("next_cost")
    a = {
        "citizens": citizens or _("none"),
        "owned": bases.get("owned"),
        "all": BASES,
        "free": bases.get("free"),
    }
    if cost:
        lines.append(
            _(
                "    citizens: {citizens}; bases {owned} of {all}, {free} free, "
                "the next costs {food}",
                food=word.amount("food", cost),
                **a,
            )
        )
    else:
        lines.append(_("    citizens: {citizens}; bases {owned} of {all}, {free} free", **a))
    arch = p.get("archon") or {}
    colours = word.joined(word.colour(c) for c in arch.get("colours", [])) or _("no colour")
    speakers = word.joined(str(v) for v in p.get("speakers", [])) or _("none")
    lines.append(
        _(
            "    speakers: {speakers}; archon: {where} ({colours})",
            speakers=speakers,
            where=arch.get("where"),
            colours=colours,
        )
    )
    advisors = word.joined(
        _("{colour} ({points})", colour=word.colour(x["colour"]), points=word.vp(x["points"]))
        for x in p.get("advisors", [])
    )
    lines.append(
        _(
            "    advisors: {advisors}; superiority tokens: {tokens}",
            advisors=advisors or _("none"),
            tokens=p.get("superiority_tokens", 0),
        )
    )
    towers = word.joined(
        _("{colour} {n}", colour=word.colour_f(c), n=n)
        for c, n in (p.get("palace_towers") or {}).items()
    )
    temples = word.joined(
        _("{temple} {step}", temple=word.TEMPLE_SHORT.get(t, t), step=s)
        for t, s in (p.get("temple_steps") or {}).items()
    )
    lines.append(
        _(
            "    towers: {towers}; war space {space}; temples {temples}",
            towers=towers,
            space=str(p.get("war_space")),
            temples=temples,
        )
    )
    cards = word.joined(c["name"] for c in p.get("zodiac_cards", []))
    if cards:
        lines.append(_("    zodiac cards: {cards}", cards=cards))
    reserved = word.joined(b["name"] for b in p.get("reserved", []) if b)
    if reserved:
        lines.append(_("    set aside: {buildings}", buildings=reserved))
    if p.get("district_cards_scored"):
        lines.append(
            _(
                "    district cards scored: {cards}",
                cards=word.joined(p["district_cards_scored"]),
            )
        )
    city = p.get("city") or {}
    count = p.get("buildings", 0)
    if focus:
        tiles = word.joined(
            (
                _("{building} (farm) at ({x}, {y})", building=t["name"], x=t["x"], y=t["y"])
                if t.get("farm")
                else _(
                    "{building} ({colour}) at ({x}, {y})",
                    building=t["name"],
                    colour=word.colour(t["colour"]),
                    x=t["x"],
                    y=t["y"],
                )
                for t in city.get("tiles", [])
            ),
            "; ",
        )
        lines.append(
            n_(
                "    city ({n} building): {tiles}",
                "    city ({n} buildings): {tiles}",
                n=count,
                tiles=tiles,
            )
        )
    else:
        lines.append(n_("    city: {n} building", "    city: {n} buildings", n=count))
    centres = word.joined(
        (
            _(
                "{die} at ({x}, {y}), {points}",
                die=word.die(c["colour"], c["value"]),
                x=c["x"],
                y=c["y"],
                points=word.vp(c["points"]),
            )
            for c in city.get("centres", [])
        ),
        "; ",
    )
    if centres:
        lines.append(_("    power centres: {centres}", centres=centres))
    return lines
