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
from engine.kit.panels import (
    BREAK,
    Chip,
    Column,
    Content,
    Panels,
    Para,
    Section,
    Table,
    Words,
    content,
    joined,
)
from engine.kit.words import Msg, Seat

NONE = "–"
"""What an empty cell shows."""


def panels(view: View) -> Panels:
    status = status_lines(view)
    blocks: list[Para | Section] = [Para((line,), lead=i == 0) for i, line in enumerate(status)]
    draft = view.get("draft")
    if draft:
        pool = [_die(d["colour"], d["value"]) for d in draft.get("pool", [])]
        blocks.append(Para(content(_("Starting dice to draft: "), pool or _("none"))))
    blocks += [
        Section(_("Players"), _players(view)),
        Section(_("Contact zones"), _zones(view)),
        Section(_("Building row and stacks"), _buildings(view)),
        Section(_("Citizen row, speakers and supplies"), _rows(view)),
        Section(_("District cards"), _districts(view)),
        Section(_("War track"), _war(view)),
        Section(_("Temples"), _temples(view)),
        Section(_("Cities"), _cities(view)),
    ]
    return Panels(tuple(blocks))


# ---------------------------------------------------------------- pieces


def _die(colour: str, value: Any = None, title: str = "") -> Chip:
    """A citizen die (or, without a value, a square of a colour)."""
    return Chip(
        "" if value is None else str(value),
        DIE_FILL.get(colour, "#ccc"),
        DIE_INK.get(colour, INK),
        title=title or (word.colour(colour) if value is None else word.die(colour, value)),
        shape="die",
    )


def _speaker(value: Any) -> Chip:
    """A white speaker die («Ораторы»): a value, no colour."""
    return Chip(str(value), "#fff", INK, title=_("speaker {value}", value=value), shape="die")


def _chip(label: str, background: str, title: str = "", ink: str = INK) -> Chip:
    return Chip(label, background, ink, title=title)


def _resource(resource: str, amount: Any) -> Chip:
    letter = RESOURCE_LETTER.get(resource, resource[:1].upper())
    return _chip(
        f"{letter} {amount}", RESOURCE_FILL.get(resource, "#ddd"), word.amount(resource, amount)
    )


def _seat(view: View, seat: str) -> Chip:
    """A player's disc, their number on it, so it reads without colour too."""
    _name, fill, ink = seat_colours(view).get(seat, ("", "#999", "#fff"))
    return Chip(seat_mark(view, seat), fill, ink, title=word.disc(seat), shape="disc")


def _small(text: str) -> Words:
    return Words(text, tone="small")


def _building(b: dict[str, Any] | None) -> Content:
    if not b:
        return (Words(_("empty"), tone="faint"),)
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


def _table(head: Iterable[str], rows: Iterable[Iterable[Content]]) -> Table:
    return Table(
        columns=tuple(Column((h,) if h else ()) for h in head),
        rows=tuple(tuple(row) for row in rows),
    )


def _note(text: str) -> Para:
    return Para((_small(text),))


# ---------------------------------------------------------------- players


def _players(view: View) -> tuple[Table, ...]:
    players = view.get("players", {})
    seats = list(players)
    if not seats:
        return ()
    colours = seat_colours(view)
    columns = [Column()]
    for seat in seats:
        badges = seat_marks(view, seat, first=_("1st"))
        columns.append(
            Column(
                content(
                    _seat(view, seat),
                    " ",
                    Words(Seat(seat), bold=True, colour=INK),
                    " ",
                    _small(word.seat_colour(colours[seat][0])),
                    (BREAK, _small(word.joined(badges))) if badges else None,
                )
            )
        )

    def score(p: dict[str, Any]) -> Content:
        parts = word.score_parts(p.get("score_breakdown") or {})
        return content(
            Words(str(p.get("score", 0)), bold=True, tone="big"),
            (BREAK, _small(parts)) if parts else None,
        )

    def resources(p: dict[str, Any]) -> Content:
        return tuple(_resource(k, v) for k, v in p["resources"].items())

    def citizens(p: dict[str, Any]) -> Content:
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
        return content(dice or NONE, BREAK, _small(bases))

    def archon(p: dict[str, Any]) -> Content:
        a = p.get("archon") or {}
        dots = [
            _die(c, None, _("archon colour {colour}", colour=word.colour(c)))
            for c in a.get("colours", [])
        ]
        speakers = [_speaker(v) for v in p.get("speakers", [])]
        where = a.get("where") or _("home")
        return content(speakers or NONE, BREAK, _("archon: {where} ", where=where), dots)

    def advisors(p: dict[str, Any]) -> Content:
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
        return content(cells or NONE, BREAK, _small(tokens))

    def towers(p: dict[str, Any]) -> Content:
        return tuple(
            _die(c, n, _("{colour} tower, level {n}", colour=word.colour_f(c), n=n))
            for c, n in (p.get("palace_towers") or {}).items()
        )

    def tracks(p: dict[str, Any]) -> Content:
        temples = word.joined(
            _("{temple} {step}", temple=word.TEMPLE_SHORT.get(t, t), step=s)
            for t, s in (p.get("temple_steps") or {}).items()
        )
        return (_("war {space}", space=str(p.get("war_space"))), BREAK, temples)

    def cards(p: dict[str, Any]) -> Content:
        zodiac = joined(
            (
                (
                    Words(c["name"], bold=True, title=c.get("text", "")),
                    ": ",
                    _small(c.get("text", "")),
                )
                for c in p.get("zodiac_cards", [])
            ),
            BREAK,
        )
        reserved = word.joined(b["name"] for b in p.get("reserved", []) if b)
        scored = word.joined(p.get("district_cards_scored", []))
        return content(
            zodiac or NONE,
            (BREAK, _("set aside: {buildings}", buildings=reserved)) if reserved else None,
            (BREAK, _small(_("district cards scored: {cards}", cards=scored))) if scored else None,
        )

    rows: list[tuple[Msg, Callable[[dict[str, Any]], Content]]] = [
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
    body = tuple(((label,), *(fn(players[s]) for s in seats)) for label, fn in rows)
    return (Table(columns=tuple(columns), rows=body, labels=True),)


# ---------------------------------------------------------------- the board


def _zones(view: View) -> tuple[Table]:
    rows = []
    for z in (view.get("board") or {}).get("zones", []):
        bonus = z.get("bonus") or {}
        colour = bonus.get("colour") or "grey"
        actions = joined(((a.get("text", ""),) for a in z.get("actions", [])), BREAK)
        bonus_cell: Content = (
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
                (Words(str(z["number"]), bold=True),),
                (Words(str(z.get("starship")), bold=True, tone="big"),),
                actions,
                content(bonus_cell),
                content(visitors or NONE),
            )
        )
    head = (_("Zone"), _("Starship"), _("Actions (one; both with a 6)"), _("Bonus"), _("Visitors"))
    return (_table(head, rows),)


def _visitor(view: View, v: dict[str, Any]) -> Content:
    seat = _seat(view, v["seat"])
    if v["kind"] == "citizen":
        return (seat, _die(v["colour"], v["value"]), " ")
    if v["kind"] == "speaker":
        return (seat, _speaker(v["value"]), " ")
    return (seat, _small(_("archon")), " ")


def _buildings(view: View) -> tuple[Table, Para]:
    board = view.get("board") or {}
    rows = [
        ((str(s["slot"]),), (str(s["wisdom"]),), _building(s.get("building")))
        for s in board.get("building_row", [])
    ]
    table = _table((_("Slot"), _("Wisdom"), _("Building (stone on the tile)")), rows)
    stacks = joined(
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
    return table, Para(content(_("Stacks (face-up top · tiles left): "), stacks))


def _rows(view: View) -> tuple[Para, ...]:
    board = view.get("board") or {}
    row = joined(
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
    supply = joined(
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
    towers = joined(
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
        Para(content(_("Citizen row: "), row)),
        Para(content(_("Speaker row: "), speakers or _("none"))),
        Para(content(_("Citizen dice left beside the board: "), supply)),
        Para(content(_("Tower tiers left: "), towers)),
    )


def _districts(view: View) -> tuple[Table]:
    rows = []
    for card in (view.get("board") or {}).get("district_cards", []):
        p = card.get("pattern") or {}
        beside = [_die(c) for c in p.get("beside", [])]
        rows.append(
            (
                (card["id"],),
                content(
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


def _war(view: View) -> tuple[Table, Para]:
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
        rows.append(((str(s["space"]),), content(reward), content(discs or NONE), content(mark)))
    note = _note(_("Spaces without discs and milestones are left out; discs read bottom to top."))
    return _table((_("Space"), _("Attack reward"), _("Discs"), ""), rows), note


def _temples(view: View) -> tuple[Table, Para]:
    temples = (view.get("board") or {}).get("temples", [])
    rows = []
    for t in temples:
        z = t.get("zodiac") or {}
        discs = joined(
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
                (Words(t["name"], bold=True),),
                (Words(z.get("name", NONE), bold=True), ": ", _small(z.get("text", ""))),
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


def _cities(view: View) -> tuple[Para, ...]:
    players = view.get("players", {})
    focus = focus_seat(view)
    order = [s for s in [focus] if s] + [s for s in players if s != focus]
    paras = []
    for seat in order:
        city = players[seat].get("city") or {}
        tiles = joined(
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
        centres = joined(
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
            Para(
                content(
                    _seat(view, seat),
                    " ",
                    Words(Seat(seat), bold=True),
                    ": ",
                    tiles,
                    (BREAK, _small(_("power centres:")), " ", *centres) if centres else None,
                )
            )
        )
    return tuple(paras)
