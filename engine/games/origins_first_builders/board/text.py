"""Origins: First Builders' board in plain text, for the text part of emails: where the game
stands, the board, then every player. Read from the seat's view only; every line a message
(or empty)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.games.origins_first_builders import words as word
from engine.games.origins_first_builders.board.cities import focus_seat
from engine.games.origins_first_builders.board.palette import View
from engine.games.origins_first_builders.board.words import die_words, seat_marks, status_lines
from engine.games.origins_first_builders.components import BASES
from engine.games.origins_first_builders.words import _, n_
from engine.kit.words import Listing, Msg, Seat

Line = Msg | str
Data = dict[str, Any]


def text(view: View) -> list[Line]:
    """The view in plain text, for the text part of emails: its lines."""
    board = view.get("board") or {}
    out: list[Line] = [*status_lines(view), *_draft(view)]
    for section in _SECTIONS:
        out += ["", *section(board)]
    return [*out, "", *_players(view)]


def _draft(view: View) -> list[Line]:
    draft = view.get("draft")
    if not draft:
        return []
    pool = word.joined(die_words(d) for d in draft.get("pool", []))
    return ["", _("Starting dice to draft: {dice}.", dice=pool or _("none"))]


def _zones(board: Data) -> list[Line]:
    lines: list[Line] = [_("Contact zones:")]
    for z in board.get("zones", []):
        lines.append(_zone(z))
        if z.get("visitors"):
            visitors = word.joined(_visitor(v) for v in z["visitors"])
            lines.append(_("    visitors: {visitors}", visitors=visitors))
    return lines


def _zone(z: Data) -> Msg:
    bonus = z.get("bonus") or {}
    a = {
        "n": z["number"],
        "starship": z.get("starship"),
        "actions": word.joined((x.get("text", "") for x in z.get("actions", [])), " | "),
    }
    if bonus.get("colour"):
        return _(
            "  Zone {n} (starship {starship}): {actions}; {colour} bonus: {bonus}",
            colour=word.colour(bonus["colour"]),
            bonus=bonus.get("text"),
            **a,
        )
    return _("  Zone {n} (starship {starship}): {actions}", **a)


def _visitor(v: Data) -> Msg:
    if v["kind"] == "citizen":
        return _("{seat}'s {die}", seat=Seat(v["seat"]), die=word.die(v["colour"], v["value"]))
    if v["kind"] == "speaker":
        return _("{seat}'s speaker {value}", seat=Seat(v["seat"]), value=v["value"])
    return _("{seat}'s archon", seat=Seat(v["seat"]))


def _building_row(board: Data) -> list[Line]:
    return [
        _("Building row (wisdom by slot, stone on the tile):"),
        *(_row_slot(slot) for slot in board.get("building_row", [])),
        _("  Stacks, face-up top: {stacks}", stacks=_stacks(board)),
    ]


def _row_slot(slot: Data) -> Msg:
    b = slot.get("building")
    if b is None:
        return _("  {slot}. empty", slot=slot["slot"])
    return _(
        "  {slot}. {building} ({colour}): {wisdom}, {stone}. {effect}",
        slot=slot["slot"],
        building=b["name"],
        colour=word.colour(b["colour"]),
        wisdom=word.amount("wisdom", slot["wisdom"]),
        stone=word.amount("stone", b["stone"]),
        effect=b["text"],
    )


def _stacks(board: Data) -> Msg | str:
    return word.joined(
        n_(
            "{colour} {building} ({n} tile)",
            "{colour} {building} ({n} tiles)",
            n=stack.get("count", 0),
            colour=word.colour_f(colour),
            building=stack["top"]["name"] if stack.get("top") else _("empty"),
        )
        for colour, stack in (board.get("building_stacks") or {}).items()
    )


def _supplies(board: Data) -> list[Line]:
    """The citizen row and what is left beside the board: dice, speakers, tower tiers."""
    row = word.joined(
        _("{die} ({wisdom})", die=die_words(s["die"]), wisdom=word.amount("wisdom", s["wisdom"]))
        if s.get("die")
        else _("empty")
        for s in board.get("citizen_row", [])
    )
    speakers = word.joined(str(v) for v in board.get("speaker_row", [])) or _("none")
    return [
        _("Citizen row: {dice}.", dice=row),
        _("Citizen dice left beside the board: {dice}.", dice=_counts(board, "citizen_supply")),
        _("Speaker row: {values}.", values=speakers),
        _("Tower tiers left: {tiers}.", tiers=_counts(board, "tower_supply")),
    ]


def _counts(board: Data, key: str) -> Msg | str:
    return word.joined(
        _("{colour} {n}", colour=word.colour(c), n=n) for c, n in (board.get(key) or {}).items()
    )


def _district_cards(board: Data) -> list[Line]:
    return [
        _("District cards (the pattern may be turned or mirrored):"),
        *(_district_card(card) for card in board.get("district_cards", [])),
    ]


def _district_card(card: Data) -> Msg:
    p = card.get("pattern") or {}
    return _(
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


def _war_lines(board: Data) -> list[Line]:
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


def _temples(board: Data) -> list[Line]:
    return [
        _("Temples (the two lowest discs score):"),
        *(_temple(t) for t in board.get("temples", [])),
    ]


def _temple(t: Data) -> Msg:
    discs = word.joined(
        _("{seat} {step}", seat=Seat(d["seat"]), step=d["step"]) for d in t.get("discs", [])
    )
    return _(
        "  {temple} ({card}, held by {holder}): {discs}",
        temple=t["name"],
        card=(t.get("zodiac") or {}).get("name") or _("no card"),
        holder=Seat(t["holder"]) if t.get("holder") else _("nobody"),
        discs=discs,
    )


_SECTIONS: tuple[Callable[[Data], list[Line]], ...] = (
    _zones,
    _building_row,
    _supplies,
    _district_cards,
    _war_lines,
    _temples,
)
"""The board's parts, in the order an email tells them, each after a blank line."""


def _players(view: View) -> list[Line]:
    focus = focus_seat(view)
    lines: list[Line] = [_("Players:")]
    for seat, p in view.get("players", {}).items():
        lines += _player_lines(view, seat, p, seat == focus)
    return lines


def _player_lines(view: View, seat: str, p: Data, focus: bool) -> list[Line]:
    return [
        _headline(view, seat, p),
        _("    {resources}", resources=_resources(p)),
        _citizens(p),
        _speakers(p),
        _advisors(p),
        _tracks(p),
        *(line for held in _HELD for line in held(p)),
        _city(p) if focus else _city_size(p),
        *_centres(p),
    ]


def _headline(view: View, seat: str, p: Data) -> Msg:
    marks = seat_marks(view, seat)
    parts = word.score_parts(p.get("score_breakdown") or {})
    who = _("{seat} ({marks})", seat=Seat(seat), marks=word.joined(marks)) if marks else Seat(seat)
    score = word.vp(p.get("score", 0))
    if parts:
        return _("  {player}: {score} ({parts})", player=who, score=score, parts=parts)
    return _("  {player}: {score}", player=who, score=score)


def _resources(p: Data) -> Msg | str:
    return word.joined(word.amount(k, n) for k, n in (p.get("resources") or {}).items())


def _citizens(p: Data) -> Msg:
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
        return _(
            "    citizens: {citizens}; bases {owned} of {all}, {free} free, the next costs {food}",
            food=word.amount("food", cost),
            **a,
        )
    return _("    citizens: {citizens}; bases {owned} of {all}, {free} free", **a)


def _speakers(p: Data) -> Msg:
    arch = p.get("archon") or {}
    colours = word.joined(word.colour(c) for c in arch.get("colours", [])) or _("no colour")
    speakers = word.joined(str(v) for v in p.get("speakers", [])) or _("none")
    return _(
        "    speakers: {speakers}; archon: {where} ({colours})",
        speakers=speakers,
        where=arch.get("where"),
        colours=colours,
    )


def _advisors(p: Data) -> Msg:
    advisors = word.joined(
        _("{colour} ({points})", colour=word.colour(x["colour"]), points=word.vp(x["points"]))
        for x in p.get("advisors", [])
    )
    return _(
        "    advisors: {advisors}; superiority tokens: {tokens}",
        advisors=advisors or _("none"),
        tokens=p.get("superiority_tokens", 0),
    )


def _tracks(p: Data) -> Msg:
    """The palace towers, the war track and the temples."""
    towers = word.joined(
        _("{colour} {n}", colour=word.colour_f(c), n=n)
        for c, n in (p.get("palace_towers") or {}).items()
    )
    temples = word.joined(
        _("{temple} {step}", temple=word.TEMPLE_SHORT.get(t, t), step=s)
        for t, s in (p.get("temple_steps") or {}).items()
    )
    return _(
        "    towers: {towers}; war space {space}; temples {temples}",
        towers=towers,
        space=str(p.get("war_space")),
        temples=temples,
    )


def _zodiac_cards(p: Data) -> list[Line]:
    cards = word.joined(c["name"] for c in p.get("zodiac_cards", []))
    return [_("    zodiac cards: {cards}", cards=cards)] if cards else []


def _set_aside(p: Data) -> list[Line]:
    reserved = word.joined(b["name"] for b in p.get("reserved", []) if b)
    return [_("    set aside: {buildings}", buildings=reserved)] if reserved else []


def _scored_cards(p: Data) -> list[Line]:
    if not p.get("district_cards_scored"):
        return []
    return [_("    district cards scored: {cards}", cards=word.joined(p["district_cards_scored"]))]


_HELD: tuple[Callable[[Data], list[Line]], ...] = (_zodiac_cards, _set_aside, _scored_cards)
"""What a player may hold, a line each, told only when held."""


def _city(p: Data) -> Msg:
    """The city tile by tile, for the reader's own (or the focused) player."""
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
            for t in (p.get("city") or {}).get("tiles", [])
        ),
        "; ",
    )
    return n_(
        "    city ({n} building): {tiles}",
        "    city ({n} buildings): {tiles}",
        n=p.get("buildings", 0),
        tiles=tiles,
    )


def _city_size(p: Data) -> Msg:
    count = p.get("buildings", 0)
    return n_("    city: {n} building", "    city: {n} buildings", n=count)


def _centres(p: Data) -> list[Line]:
    centres = word.joined(
        (
            _(
                "{die} at ({x}, {y}), {points}",
                die=word.die(c["colour"], c["value"]),
                x=c["x"],
                y=c["y"],
                points=word.vp(c["points"]),
            )
            for c in (p.get("city") or {}).get("centres", [])
        ),
        "; ",
    )
    return [_("    power centres: {centres}", centres=centres)] if centres else []
