"""Origins: First Builders' panels for pages and emails, as data (``engine.kit.panels``):
where the game stands, every player's pieces side by side, the contact zones, the rows, the
district cards, the war track and the temples, with every effect written out. The service
turns them into HTML (inline styles, escaped); here every word is plain text from the view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

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

NONE = "–"
"""What an empty cell shows."""


def panels(view: View) -> Panels:
    status = status_lines(view)
    blocks: list[Para | Section] = [Para((line,), lead=i == 0) for i, line in enumerate(status)]
    draft = view.get("draft")
    if draft:
        pool = [_die(d["colour"], d["value"]) for d in draft.get("pool", [])]
        blocks.append(Para(content("Starting dice to draft: ", pool or "none")))
    blocks += [
        Section("Players", _players(view)),
        Section("Contact zones", _zones(view)),
        Section("Building row and stacks", _buildings(view)),
        Section("Citizen row, speakers and supplies", _rows(view)),
        Section("District cards", _districts(view)),
        Section("War track", _war(view)),
        Section("Temples", _temples(view)),
        Section("Cities", _cities(view)),
    ]
    return Panels(tuple(blocks))


# ---------------------------------------------------------------- pieces


def _die(colour: str, value: Any = None, title: str = "") -> Chip:
    """A citizen die (or, without a value, a square of a colour)."""
    return Chip(
        "" if value is None else str(value),
        DIE_FILL.get(colour, "#ccc"),
        DIE_INK.get(colour, INK),
        title=title or f"{colour} {value if value is not None else ''}".strip(),
        shape="die",
    )


def _speaker(value: Any) -> Chip:
    """A white speaker die («Ораторы»): a value, no colour."""
    return Chip(str(value), "#fff", INK, title=f"speaker {value}", shape="die")


def _chip(label: str, background: str, title: str = "", ink: str = INK) -> Chip:
    return Chip(label, background, ink, title=title)


def _resource(resource: str, amount: Any) -> Chip:
    letter = RESOURCE_LETTER.get(resource, resource[:1].upper())
    return _chip(f"{letter} {amount}", RESOURCE_FILL.get(resource, "#ddd"), f"{amount} {resource}")


def _seat(view: View, seat: str) -> Chip:
    """A player's disc, their number on it, so it reads without colour too."""
    _, fill, ink = seat_colours(view).get(seat, ("", "#999", "#fff"))
    return Chip(seat_mark(view, seat), fill, ink, title=seat, shape="disc")


def _small(text: str) -> Words:
    return Words(text, tone="small")


def _building(b: dict[str, Any] | None) -> Content:
    if not b:
        return (Words("empty", tone="faint"),)
    colour = b.get("colour", "grey")
    return (
        _chip(b["name"], DIE_FILL.get(colour, "#ccc"), f"{colour}", DIE_INK.get(colour, INK)),
        " ",
        _small(f"{b.get('stone', '')} stone · {b.get('text', '')}"),
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
        badges = seat_marks(view, seat, first="1st")
        columns.append(
            Column(
                content(
                    _seat(view, seat),
                    " ",
                    Words(seat, bold=True, colour=INK),
                    " ",
                    _small(colours[seat][0]),
                    (BREAK, _small(", ".join(badges))) if badges else None,
                )
            )
        )

    def score(p: dict[str, Any]) -> Content:
        parts = ", ".join(f"{k} {v}" for k, v in (p.get("score_breakdown") or {}).items() if v)
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
            dice.append(_die(c["colour"], c["value"], f"{c['colour']} {c['value']}, {where}"))
            if where != "home":
                dice += [_small(f"({where})"), " "]
        b = p.get("bases") or {}
        cost = b.get("next_cost")
        bases = f"bases {b.get('owned')} of {BASES}, {b.get('free')} free" + (
            f"; next {cost} food" if cost else ""
        )
        return content(dice or NONE, BREAK, _small(bases))

    def archon(p: dict[str, Any]) -> Content:
        a = p.get("archon") or {}
        dots = [_die(c, None, f"archon colour {c}") for c in a.get("colours", [])]
        speakers = [_speaker(v) for v in p.get("speakers", [])]
        return content(speakers or NONE, BREAK, f"archon: {a.get('where', 'home')} ", dots)

    def advisors(p: dict[str, Any]) -> Content:
        cells = [
            _die(a["colour"], a["points"], f"{a['colour']} advisor: {a['points']} VP")
            for a in p.get("advisors", [])
        ]
        tokens = f"superiority tokens: {p.get('superiority_tokens', 0)}"
        return content(cells or NONE, BREAK, _small(tokens))

    def towers(p: dict[str, Any]) -> Content:
        return tuple(
            _die(c, n, f"{c} tower, level {n}") for c, n in (p.get("palace_towers") or {}).items()
        )

    def tracks(p: dict[str, Any]) -> Content:
        temples = ", ".join(f"{t} {s}" for t, s in (p.get("temple_steps") or {}).items())
        return (f"war {p.get('war_space')}", BREAK, temples)

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
        reserved = ", ".join(b["name"] for b in p.get("reserved", []) if b)
        scored = ", ".join(p.get("district_cards_scored", []))
        return content(
            zodiac or NONE,
            (BREAK, f"set aside: {reserved}") if reserved else None,
            (BREAK, _small(f"district cards scored: {scored}")) if scored else None,
        )

    rows: list[tuple[str, Callable[[dict[str, Any]], Content]]] = [
        ("Score", score),
        ("Resources", resources),
        ("Citizens", citizens),
        ("Speakers, archon", archon),
        ("Advisors", advisors),
        ("Towers", towers),
        ("War, temples", tracks),
        ("Zodiac cards", cards),
        ("Buildings", lambda p: (str(p.get("buildings", 0)),)),
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
                    colour, DIE_FILL.get(colour, "#ccc"), "bonus colour", DIE_INK.get(colour, INK)
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
    head = ("Zone", "Starship", "Actions (one; both with a 6)", "Bonus", "Visitors")
    return (_table(head, rows),)


def _visitor(view: View, v: dict[str, Any]) -> Content:
    seat = _seat(view, v["seat"])
    if v["kind"] == "citizen":
        return (seat, _die(v["colour"], v["value"]), " ")
    if v["kind"] == "speaker":
        return (seat, _speaker(v["value"]), " ")
    return (seat, _small("archon"), " ")


def _buildings(view: View) -> tuple[Table, Para]:
    board = view.get("board") or {}
    rows = [
        ((str(s["slot"]),), (str(s["wisdom"]),), _building(s.get("building")))
        for s in board.get("building_row", [])
    ]
    table = _table(("Slot", "Wisdom", "Building (stone on the tile)"), rows)
    stacks = joined(
        (
            (
                _chip(
                    f"{(s.get('top') or {}).get('name', 'empty')} · {s.get('count', 0)}",
                    DIE_TINT.get(c, "#eee"),
                    f"{c} stack: face-up top and tiles left",
                ),
            )
            for c, s in (board.get("building_stacks") or {}).items()
        ),
        " ",
    )
    return table, Para(content("Stacks (face-up top · tiles left): ", stacks))


def _rows(view: View) -> tuple[Para, ...]:
    board = view.get("board") or {}
    row = joined(
        (
            (
                _die(s["die"]["colour"], s["die"]["value"]) if s.get("die") else NONE,
                _small(f"{s['wisdom']} wisdom"),
            )
            for s in board.get("citizen_row", [])
        ),
        " ",
    )
    speakers = [_speaker(v) for v in board.get("speaker_row", [])]
    supply = joined(
        (
            (_die(c, n, f"{n} {c} dice left"),)
            for c, n in (board.get("citizen_supply") or {}).items()
        ),
        " ",
    )
    towers = joined(
        (
            (_die(c, n, f"{n} {c} tiers left"),)
            for c, n in (board.get("tower_supply") or {}).items()
        ),
        " ",
    )
    return (
        Para(content("Citizen row: ", row)),
        Para(content("Speaker row: ", speakers or "none")),
        Para(content("Citizen dice left beside the board: ", supply)),
        Para(content("Tower tiers left: ", towers)),
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
                    _die(p.get("corner", "grey"), title=f"corner {p.get('corner')}"),
                    " ",
                    _small("beside"),
                    " ",
                    beside,
                ),
                (f"{card['first']} / {card['later']}",),
                (str(card.get("gold", 0)),),
                tuple(_die(c, title=f"{c} tower") for c in card.get("towers", [])),
            )
        )
    head = ("Card", "Corner, beside it", "VP first / later", "Gold", "Towers")
    return (_table(head, rows),)


def _war(view: View) -> tuple[Table, Para]:
    war = (view.get("board") or {}).get("war_track") or {}
    rows = []
    for s in war.get("spaces", []):
        discs = [_seat(view, d) for d in s.get("discs", [])]
        reward = s.get("reward", "")
        if s["space"] == war.get("last_space"):
            reward = f"{war.get('last_points')} VP on arrival"
        mark = " ┃ milestone" if s.get("milestone_after") else ""
        if not discs and not mark and s["space"] not in (0, war.get("last_space")):
            continue
        rows.append(((str(s["space"]),), content(reward), content(discs or NONE), content(mark)))
    note = _note("Spaces without discs and milestones are left out; discs read bottom to top.")
    return _table(("Space", "Attack reward", "Discs", ""), rows), note


def _temples(view: View) -> tuple[Table, Para]:
    temples = (view.get("board") or {}).get("temples", [])
    rows = []
    for t in temples:
        z = t.get("zodiac") or {}
        discs = joined(
            (
                (_seat(view, d["seat"]), f" {d['step']} ", _small(f"({d['points']} VP)"))
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
    points = next(iter(temples), {}).get("points", [])
    note = _note(
        f"VP by step: {' '.join(map(str, points))}; only the two lowest of a player's discs score."
    )
    return _table(("Temple", "Zodiac card", "Held by", "Discs (step)"), rows), note


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
                        f"{t['name']} {t['x']},{t['y']}",
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
                        f"power centre at ({c['x']}, {c['y']}): {c['points']} VP",
                    ),
                    _small(f"({c['x']},{c['y']}) {c['points']} VP"),
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
                    Words(seat, bold=True),
                    ": ",
                    tiles,
                    (BREAK, _small("power centres:"), " ", *centres) if centres else None,
                )
            )
        )
    return tuple(paras)
