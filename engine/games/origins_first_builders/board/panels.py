"""Origins: First Builders' panels for pages and emails, as data (``engine.kit.panels``):
where the game stands, every player's pieces side by side, the contact zones, the rows, the
district cards, the war track and the temples, with every effect written out. The service
turns them into HTML (inline styles, escaped); here every word is plain text from the view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.games.origins_first_builders import words as word
from engine.games.origins_first_builders.board.cities import focus_seat
from engine.games.origins_first_builders.board.palette import (
    DIE_FILL,
    DIE_INK,
    DIE_TINT,
    FARM_FILL,
    INK,
    RESOURCE_FILL,
    RESOURCE_LETTER,
    View,
    seat_colours,
    seat_mark,
)
from engine.games.origins_first_builders.board.words import seat_marks, status_lines
from engine.games.origins_first_builders.components import BASES
from engine.games.origins_first_builders.words import _, n_
from engine.kit import panels as P
from engine.kit.words import Msg, Seat

NONE = "–"
"""What an empty cell shows."""


def panels(view: View) -> P.Panels:
    status = status_lines(view)
    blocks: list[P.Para | P.Section] = [
        P.Para((line,), lead=i == 0) for i, line in enumerate(status)
    ]
    draft = view.get("draft")
    if draft:
        pool = [_die(d["colour"], d["value"]) for d in draft.get("pool", [])]
        blocks.append(P.Para(P.content(_("Starting dice to draft: "), pool or _("none"))))
    blocks += [
        P.Section(_("Players"), _players(view)),
        P.Section(_("Contact zones"), _zones(view)),
        P.Section(_("Building row and stacks"), _buildings(view)),
        P.Section(_("Citizen row, speakers and supplies"), _rows(view)),
        P.Section(_("District cards"), _districts(view)),
        P.Section(_("War track"), _war(view)),
        P.Section(_("Temples"), _temples(view)),
        P.Section(_("Cities"), _cities(view)),
    ]
    return P.Panels(tuple(blocks))


# ---------------------------------------------------------------- pieces


def _die(colour: str, value: Any = None, title: str = "") -> P.Chip:
    """A citizen die (or, without a value, a square of a colour)."""
    return P.Chip(
        "" if value is None else str(value),
        DIE_FILL.get(colour, "#ccc"),
        DIE_INK.get(colour, INK),
        title=title or (word.colour(colour) if value is None else word.die(colour, value)),
        shape="die",
    )


def _speaker(value: Any) -> P.Chip:
    """A white speaker die («Ораторы»): a value, no colour."""
    return P.Chip(str(value), "#fff", INK, title=_("speaker {value}", value=value), shape="die")


def _chip(label: str, background: str, title: str = "", ink: str = INK) -> P.Chip:
    return P.Chip(label, background, ink, title=title)


def _resource(resource: str, amount: Any) -> P.Chip:
    letter = RESOURCE_LETTER.get(resource, resource[:1].upper())
    return _chip(
        f"{letter} {amount}", RESOURCE_FILL.get(resource, "#ddd"), word.amount(resource, amount)
    )


def _seat(view: View, seat: str) -> P.Chip:
    """A player's disc, their number on it, so it reads without colour too."""
    _name, fill, ink = seat_colours(view).get(seat, ("", "#999", "#fff"))
    return P.Chip(seat_mark(view, seat), fill, ink, title=word.disc(seat), shape="disc")


def _small(text: str) -> P.Words:
    return P.Words(text, tone="small")


def _building(b: dict[str, Any] | None) -> P.Content:
    if not b:
        return (P.Words(_("empty"), tone="faint"),)
    colour = b.get("colour", "grey")
    return (
        _chip(
            b["name"], DIE_FILL.get(colour, "#ccc"), word.colour(colour), DIE_INK.get(colour, INK)
        ),
        " ",
        _small(
            _(
                "{stone} · {effect}",
                stone=word.amount("stone", b.get("stone", 0)),
                effect=b.get("text", ""),
            )
        ),
    )


def _table(head: Iterable[str], rows: Iterable[Iterable[P.Content]]) -> P.Table:
    return P.Table(
        columns=tuple(P.Column((h,) if h else ()) for h in head),
        rows=tuple(tuple(row) for row in rows),
    )


def _note(text: str) -> P.Para:
    return P.Para((_small(text),))


# ---------------------------------------------------------------- players


def _players(view: View) -> tuple[P.Table, ...]:
    players = view.get("players", {})
    seats = list(players)
    if not seats:
        return ()
    colours = seat_colours(view)
    columns = []
    for seat in seats:
        badges = seat_marks(view, seat, first=_("1st"))
        columns.append(
            P.Column(
                P.content(
                    _seat(view, seat),
                    " ",
                    P.Words(Seat(seat), bold=True, colour=INK),
                    " ",
                    _small(word.seat_colour(colours[seat][0])),
                    (P.BREAK, _small(word.joined(badges))) if badges else None,
                )
            )
        )

    def score(p: dict[str, Any]) -> P.Content:
        parts = word.score_parts(p.get("score_breakdown") or {})
        return P.content(
            P.Words(str(p.get("score", 0)), bold=True, tone="big"),
            (P.BREAK, _small(parts)) if parts else None,
        )

    def resources(p: dict[str, Any]) -> P.Content:
        return tuple(_resource(k, v) for k, v in p["resources"].items())

    def citizens(p: dict[str, Any]) -> P.Content:
        dice: list[Any] = []
        for c in p.get("citizens", []):
            where = c.get("where", "home")
            title = _("{die}, {where}", die=word.die(c["colour"], c["value"]), where=where)
            dice.append(_die(c["colour"], c["value"], title))
            if where != "home":
                dice += [_small(_("({where})", where=where)), " "]
        b = p.get("bases") or {}
        cost = b.get("next_cost")
        a = {"owned": b.get("owned"), "all": BASES, "free": b.get("free")}
        if cost:
            bases = _(
                "bases {owned} of {all}, {free} free; next {food}",
                food=word.amount("food", cost),
                **a,
            )
        else:
            bases = _("bases {owned} of {all}, {free} free", **a)
        return P.content(dice or NONE, P.BREAK, _small(bases))

    def archon(p: dict[str, Any]) -> P.Content:
        a = p.get("archon") or {}
        dots = [
            _die(c, None, _("archon colour {colour}", colour=word.colour(c)))
            for c in a.get("colours", [])
        ]
        speakers = [_speaker(v) for v in p.get("speakers", [])]
        where = a.get("where") or _("home")
        return P.content(speakers or NONE, P.BREAK, _("archon: {where} ", where=where), dots)

    def advisors(p: dict[str, Any]) -> P.Content:
        cells = [
            _die(
                a["colour"],
                a["points"],
                _(
                    "{colour} advisor: {points}",
                    colour=word.colour(a["colour"]),
                    points=word.vp(a["points"]),
                ),
            )
            for a in p.get("advisors", [])
        ]
        tokens = _("superiority tokens: {n}", n=p.get("superiority_tokens", 0))
        return P.content(cells or NONE, P.BREAK, _small(tokens))

    def towers(p: dict[str, Any]) -> P.Content:
        return tuple(
            _die(c, n, _("{colour} tower, level {n}", colour=word.colour_f(c), n=n))
            for c, n in (p.get("palace_towers") or {}).items()
        )

    def tracks(p: dict[str, Any]) -> P.Content:
        temples = word.joined(
            _("{temple} {step}", temple=word.TEMPLE_SHORT.get(t, t), step=s)
            for t, s in (p.get("temple_steps") or {}).items()
        )
        return (_("war {space}", space=str(p.get("war_space"))), P.BREAK, temples)

    def cards(p: dict[str, Any]) -> P.Content:
        zodiac = P.joined(
            (
                (
                    P.Words(c["name"], bold=True, title=c.get("text", "")),
                    ": ",
                    _small(c.get("text", "")),
                )
                for c in p.get("zodiac_cards", [])
            ),
            P.BREAK,
        )
        reserved = word.joined(b["name"] for b in p.get("reserved", []) if b)
        scored = word.joined(p.get("district_cards_scored", []))
        return P.content(
            zodiac or NONE,
            (P.BREAK, _("set aside: {buildings}", buildings=reserved)) if reserved else None,
            (P.BREAK, _small(_("district cards scored: {cards}", cards=scored)))
            if scored
            else None,
        )

    rows: list[tuple[Msg, Callable[[dict[str, Any]], P.Content]]] = [
        (_("Score"), score),
        (_("Resources"), resources),
        (_("Citizens"), citizens),
        (_("Speakers, archon"), archon),
        (_("Advisors"), advisors),
        (_("Towers"), towers),
        (_("War, temples"), tracks),
        (_("Zodiac cards"), cards),
        (_("Buildings"), lambda p: (str(p.get("buildings", 0)),)),
    ]
    return (P.side_by_side(columns, (players[s] for s in seats), rows),)


# ---------------------------------------------------------------- the board


def _zones(view: View) -> tuple[P.Table]:
    rows = []
    for z in (view.get("board") or {}).get("zones", []):
        bonus = z.get("bonus") or {}
        colour = bonus.get("colour") or "grey"
        actions = P.joined(((a.get("text", ""),) for a in z.get("actions", [])), P.BREAK)
        bonus_cell: P.Content = (
            (
                _chip(
                    word.colour(colour),
                    DIE_FILL.get(colour, "#ccc"),
                    _("bonus colour"),
                    DIE_INK.get(colour, INK),
                ),
                " ",
                bonus.get("text") or "",
            )
            if bonus.get("colour")
            else (NONE,)
        )
        visitors = [piece for v in z.get("visitors", []) for piece in _visitor(view, v)]
        rows.append(
            (
                (P.Words(str(z["number"]), bold=True),),
                (P.Words(str(z.get("starship")), bold=True, tone="big"),),
                actions,
                P.content(bonus_cell),
                P.content(visitors or NONE),
            )
        )
    head = (_("Zone"), _("Starship"), _("Actions (one; both with a 6)"), _("Bonus"), _("Visitors"))
    return (_table(head, rows),)


def _visitor(view: View, v: dict[str, Any]) -> P.Content:
    seat = _seat(view, v["seat"])
    if v["kind"] == "citizen":
        return (seat, _die(v["colour"], v["value"]), " ")
    if v["kind"] == "speaker":
        return (seat, _speaker(v["value"]), " ")
    return (seat, _small(_("archon")), " ")


def _buildings(view: View) -> tuple[P.Table, P.Para]:
    board = view.get("board") or {}
    rows = [
        ((str(s["slot"]),), (str(s["wisdom"]),), _building(s.get("building")))
        for s in board.get("building_row", [])
    ]
    table = _table((_("Slot"), _("Wisdom"), _("Building (stone on the tile)")), rows)
    stacks = P.joined(
        (
            (
                _chip(
                    _(
                        "{building} · {n}",
                        building=(s.get("top") or {}).get("name") or _("empty"),
                        n=s.get("count", 0),
                    ),
                    DIE_TINT.get(c, "#eee"),
                    _("{colour} stack: face-up top and tiles left", colour=word.colour_f(c)),
                ),
            )
            for c, s in (board.get("building_stacks") or {}).items()
        ),
        " ",
    )
    return table, P.Para(P.content(_("Stacks (face-up top · tiles left): "), stacks))


def _rows(view: View) -> tuple[P.Para, ...]:
    board = view.get("board") or {}
    row = P.joined(
        (
            (
                _die(s["die"]["colour"], s["die"]["value"]) if s.get("die") else NONE,
                _small(word.amount("wisdom", s["wisdom"])),
            )
            for s in board.get("citizen_row", [])
        ),
        " ",
    )
    speakers = [_speaker(v) for v in board.get("speaker_row", [])]
    supply = P.joined(
        (
            (
                _die(
                    c,
                    n,
                    n_(
                        "{n} {colour} die left",
                        "{n} {colour} dice left",
                        n=n,
                        colour=word.colour(c),
                    ),
                ),
            )
            for c, n in (board.get("citizen_supply") or {}).items()
        ),
        " ",
    )
    towers = P.joined(
        (
            (
                _die(
                    c,
                    n,
                    n_(
                        "{n} {colour} tier left",
                        "{n} {colour} tiers left",
                        n=n,
                        colour=word.colour(c),
                    ),
                ),
            )
            for c, n in (board.get("tower_supply") or {}).items()
        ),
        " ",
    )
    return (
        P.Para(P.content(_("Citizen row: "), row)),
        P.Para(P.content(_("Speaker row: "), speakers or _("none"))),
        P.Para(P.content(_("Citizen dice left beside the board: "), supply)),
        P.Para(P.content(_("Tower tiers left: "), towers)),
    )


def _districts(view: View) -> tuple[P.Table]:
    rows = []
    for card in (view.get("board") or {}).get("district_cards", []):
        p = card.get("pattern") or {}
        beside = [_die(c) for c in p.get("beside", [])]
        rows.append(
            (
                (card["id"],),
                P.content(
                    _die(
                        p.get("corner", "grey"),
                        title=_("corner {colour}", colour=word.colour(p.get("corner"))),
                    ),
                    " ",
                    _small(_("beside")),
                    " ",
                    beside,
                ),
                (f"{card['first']} / {card['later']}",),
                (str(card.get("gold", 0)),),
                tuple(
                    _die(c, title=_("{colour} tower", colour=word.colour_f(c)))
                    for c in card.get("towers", [])
                ),
            )
        )
    head = (_("Card"), _("Corner, beside it"), _("VP first / later"), _("Gold"), _("Towers"))
    return (_table(head, rows),)


def _war(view: View) -> tuple[P.Table, P.Para]:
    war = (view.get("board") or {}).get("war_track") or {}
    rows = []
    for s in war.get("spaces", []):
        discs = [_seat(view, d) for d in s.get("discs", [])]
        reward = s.get("reward", "")
        if s["space"] == war.get("last_space"):
            reward = _("{points} on arrival", points=word.vp(war.get("last_points") or 0))
        mark = _(" ┃ milestone") if s.get("milestone_after") else ""
        if not discs and not mark and s["space"] not in (0, war.get("last_space")):
            continue
        rows.append(
            ((str(s["space"]),), P.content(reward), P.content(discs or NONE), P.content(mark))
        )
    note = _note(_("Spaces without discs and milestones are left out; discs read bottom to top."))
    return _table((_("Space"), _("Attack reward"), _("Discs"), ""), rows), note


def _temples(view: View) -> tuple[P.Table, P.Para]:
    temples = (view.get("board") or {}).get("temples", [])
    rows = []
    for t in temples:
        z = t.get("zodiac") or {}
        discs = P.joined(
            (
                (
                    _seat(view, d["seat"]),
                    f" {d['step']} ",
                    _small(_("({points})", points=word.vp(d["points"]))),
                )
                for d in t.get("discs", [])
            ),
            " ",
        )
        rows.append(
            (
                (P.Words(t["name"], bold=True),),
                (P.Words(z.get("name", NONE), bold=True), ": ", _small(z.get("text", ""))),
                (_seat(view, t["holder"]) if t.get("holder") else NONE,),
                discs,
            )
        )
    first: dict[str, Any] = next(iter(temples), {})
    points = first.get("points", [])
    note = _note(
        _(
            "VP by step: {points}; only the two lowest of a player's discs score.",
            points=word.joined(map(str, points), " "),
        )
    )
    head = (_("Temple"), _("Zodiac card"), _("Held by"), _("Discs (step)"))
    return _table(head, rows), note


def _cities(view: View) -> tuple[P.Para, ...]:
    players = view.get("players", {})
    focus = focus_seat(view)
    order = [s for s in [focus] if s] + [s for s in players if s != focus]
    paras = []
    for seat in order:
        city = players[seat].get("city") or {}
        tiles = P.joined(
            (
                (
                    _chip(
                        _("{building} {x},{y}", building=t["name"], x=t["x"], y=t["y"]),
                        FARM_FILL
                        if t.get("farm")
                        else DIE_FILL.get(t.get("colour") or "grey", "#ccc"),
                        t.get("text", ""),
                        INK if t.get("farm") else DIE_INK.get(t.get("colour") or "grey", INK),
                    ),
                )
                for t in city.get("tiles", [])
            ),
            " ",
        )
        centres = P.joined(
            (
                (
                    _die(
                        c["colour"],
                        c["value"],
                        _(
                            "power centre at ({x}, {y}): {points}",
                            x=c["x"],
                            y=c["y"],
                            points=word.vp(c["points"]),
                        ),
                    ),
                    _small(
                        _("({x},{y}) {points}", x=c["x"], y=c["y"], points=word.vp(c["points"]))
                    ),
                )
                for c in city.get("centres", [])
            ),
            " ",
        )
        paras.append(
            P.Para(
                P.content(
                    _seat(view, seat),
                    " ",
                    P.Words(Seat(seat), bold=True),
                    ": ",
                    tiles,
                    (P.BREAK, _small(_("power centres:")), " ", *centres) if centres else None,
                )
            )
        )
    return tuple(paras)
