"""Origin's panels beside the map, as data (``engine.kit.panels``): the status, the reader's
hand or the cards they choose among, every player, the reward board, the pawns left in the
reserve and a legend. Read from the seat's view alone."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.games.origin.board.palette import (
    DECK_COLOUR,
    DECK_FILL,
    GOLD,
    NEUTRAL,
    ORIGIN_FILL,
    PAWN_FILL,
    TERRITORY_FILL,
    View,
    seat_colours,
)
from engine.games.origin.board.words import (
    SEAT_COLOUR_WORDS,
    card_tag,
    hand_cards,
    objectives_held,
    score_parts,
    status,
    strait_names,
)
from engine.games.origin.names import a_pawn, colour_word, commas, deck_word
from engine.games.origin.words import _, n_, p_
from engine.kit import panels as P
from engine.kit.words import Seat

NONE = "–"
HUNTING_TOKEN = "#cfe8c4"
STRAIT_TOKEN = "#cfe3f2"
TOP_TILE = "#ffe27a"
"""A level-5 tile, the top of what a stack can reach (ru «Ограничения для тайлов инновации»)."""
TILE_EDGE = "#6f6045"
PAWN_EDGE = "#555555"
PAWNS = _(
    "A pawn is drawn in its own colour (white, brown or black) on a white plate, its "
    "territory ringed in the owner's colour: its height (speed 1–3) is the number of "
    "stacked sections, its width the strength (1–3). A small house is a village; a green "
    "disc is a hunting token; a dashed line is a strait, with its token's value while the "
    "token is still there."
)


CARDS_LEFT = {
    "action": _("cards left in the action deck"),
    "permanent": _("cards left in the permanent deck"),
    "objective": _("cards left in the objective deck"),
}


def _seat_colour(name: str) -> str:
    return SEAT_COLOUR_WORDS.get(name, name)


def panels(view: View) -> P.Panels:
    colours = seat_colours(view)
    blocks: list[P.Block] = []
    lines = status(view)
    if lines:
        blocks.append(P.Para((lines[0],), lead=True))
        blocks += [P.Para((line,)) for line in lines[1:]]
    if view.get("you") and view.get("hand") is not None:
        cards = hand_cards(view)
        held: P.Block = _cards_table(cards) if cards else P.Para((_("Empty."),))
        blocks.append(P.Section(_("Your hand"), (held,)))
    if view.get("choosing"):
        blocks.append(P.Section(_("You are choosing among"), (_cards_table(view["choosing"]),)))
    blocks.append(P.Section(_("Players"), (_players_table(view, colours),)))
    blocks.append(P.Section(_("Reward board"), _reward_board(view)))
    blocks.append(P.Section(_("Pawns in the reserve"), (_reserve(view),)))
    blocks.append(P.Section(_("Legend"), _legend(colours)))
    return P.Panels(tuple(blocks))


def _tile(level: int) -> P.Chip:
    fill = TOP_TILE if level == 5 else "#ffffff"
    title = _("innovation tile, level {level}", level=level)
    return P.Chip(str(level), fill, ring=TILE_EDGE, title=title, shape="die")


def _or_none(pieces: P.Content) -> P.Content:
    return pieces or (NONE,)


# ---------------------------------------------------------------- cards


def _cards_table(cards: Iterable[dict[str, Any]]) -> P.Table:
    """A card a row: its deck's colour, its name, deck and tag, and what it says."""
    rows = []
    for c in cards:
        kind = c.get("kind", "")
        tag = card_tag(c)
        name = P.content(
            P.Swatch(DECK_FILL.get(kind, "#cccccc"), square=True),
            " ",
            P.Words(c["name"], bold=True),
            P.BREAK,
            P.Words(
                _("{deck} · {tag}", deck=deck_word(kind), tag=tag) if tag else deck_word(kind),
                tone="small",
            ),
        )
        rows.append((name, (c.get("text", ""),)))
    return P.Table(
        columns=(P.Column((_("Card"),)), P.Column((_("What it says"),))), rows=tuple(rows)
    )


# ---------------------------------------------------------------- players


def _players_table(view: View, colours: dict[str, tuple[str, str]]) -> P.Table:
    players = view.get("players", {})
    seats = list(players)
    share = 80 // max(1, len(seats))
    columns = []
    for seat in seats:
        colour = colours.get(seat, ("", NEUTRAL))[1]
        badges = []
        if seat == view.get("you"):
            badges.append(p_("mark", "you"))
        if seat == view.get("current"):
            badges.append(p_("mark", "to play"))
        if seat == view.get("first_player"):
            badges.append(p_("mark", "1st"))
        marks = (P.BREAK, P.Words(commas(badges), tone="small")) if badges else ()
        heading = P.content(P.Swatch(colour), " ", P.Words(Seat(seat), bold=True), marks)
        columns.append(P.Column(heading, colour=colour, share=share))
    names = strait_names(view)

    rows: tuple[tuple[str, Callable[[dict[str, Any]], P.Content]], ...] = (
        (_("Score"), _score),
        (_("Cards in hand"), _hand),
        (
            _("Villages left / pawns on map"),
            lambda p: (f"{p.get('villages_left', 0)} / {p.get('pawns_on_board', 0)}",),
        ),
        (_("Innovation stacks"), lambda p: _stacks(p.get("innovation_stacks", []))),
        (_("Hunting / strait tokens"), lambda p: _tokens(p, names)),
        (_("Permanent cards in play"), lambda p: _card_names(p.get("permanents_in_play", []))),
        (_("Objectives completed"), lambda p: _card_names(p.get("completed_objectives", []))),
    )
    return P.side_by_side(columns, (players[s] for s in seats), rows)


def _score(p: dict[str, Any]) -> P.Content:
    parts = score_parts(p)
    detail = (P.BREAK, P.Words(parts, tone="small")) if parts else ()
    return P.content(P.Words(str(p.get("score", 0)), bold=True, tone="big"), detail)


def _hand(p: dict[str, Any]) -> P.Content:
    h = p.get("hand", {})
    held = objectives_held(h, p.get("objective_limit"))
    return (
        P.Chip(str(h.get("actions", 0)), DECK_FILL["action"], title=_("action cards")),
        P.Chip(str(h.get("permanents", 0)), DECK_FILL["permanent"], title=_("permanent cards")),
        P.Chip(held, DECK_FILL["objective"], title=_("objective cards (held/limit)")),
    )


def _stacks(stacks: Sequence[Sequence[int]]) -> P.Content:
    """A stack a line, from its bottom tile to its top (ru «Ограничения для тайлов
    инновации»: level n is laid on a stack topped by level n-1)."""
    return _or_none(P.joined((tuple(_tile(level) for level in stack) for stack in stacks), P.BREAK))


def _tokens(p: dict[str, Any], names: dict[str, str]) -> P.Content:
    hunting = [
        P.Chip(str(v), HUNTING_TOKEN, title=_("hunting token")) for v in p.get("hunting_tokens", [])
    ]
    straits = [
        P.Chip(
            str(s["value"]),
            STRAIT_TOKEN,
            title=_("strait token: {strait}", strait=names.get(s["strait"], "")),
        )
        for s in p.get("strait_tokens", [])
    ]
    trophies = (
        n_("{n} war trophy", "{n} war trophies", n=p["war_trophies"])
        if p.get("war_trophies")
        else None
    )
    return _or_none(P.content(hunting, straits, trophies))


def _card_names(cards: Sequence[dict[str, Any]]) -> P.Content:
    """Each card's name (and tag), what it says as its hover text."""
    return _or_none(
        P.joined(
            (
                (
                    P.Words(
                        _("{card} ({tag})", card=c["name"], tag=card_tag(c))
                        if card_tag(c)
                        else c["name"],
                        title=c.get("text", ""),
                    ),
                )
                for c in cards
            ),
            P.BREAK,
        )
    )


# ---------------------------------------------------------------- the reward board


def _reward_board(view: View) -> tuple[P.Block, ...]:
    """ru «Фаза награждения»: a column of face-up tiles for each territory colour, the decks
    and the face-down reserve, and the face-up discard pile."""
    board = view.get("reward_board") or {}
    columns = board.get("columns", {})
    heads = tuple(
        P.Column((colour_word(c),), colour=TERRITORY_FILL.get(c, "#dddddd")) for c in columns
    )
    tiles = tuple(_or_none(tuple(_tile(level) for level in levels)) for levels in columns.values())
    decks = P.joined(
        (
            (
                P.Chip(
                    _("{deck} {n}", deck=deck_word(d), n=n),
                    DECK_FILL.get(d, "#dddddd"),
                    title=CARDS_LEFT.get(d, ""),
                ),
            )
            for d, n in board.get("decks", {}).items()
        ),
        " ",
    )
    blocks: list[P.Block] = [
        P.Table(columns=heads, rows=(tiles,)),
        P.Para(
            P.content(
                _("Decks:"),
                " ",
                decks,
                " · ",
                _("face-down innovation tiles:"),
                " ",
                P.Words(str(board.get("face_down_reserve", 0)), bold=True),
            )
        ),
    ]
    discard = board.get("action_discard") or []
    if discard:
        names = P.joined((P.Words(c["name"], title=c.get("text", "")),) for c in discard)
        blocks.append(P.Para(P.content(_("Action discard pile:"), " ", names)))
    return tuple(blocks)


def _reserve(view: View) -> P.Block:
    """A 3 × 3 grid, height by strength, with a disc for each colour left in the box (ru
    «Подготовка к игре»: the reserve stands «так чтобы фишки были видны всем»)."""
    reserve = view.get("pawn_reserve") or []
    if not reserve:
        return P.Para((_("The reserve is empty."),))
    have: dict[tuple[int, int], list[tuple[str, int]]] = {}
    for k in reserve:
        have.setdefault((k["height"], k["strength"]), []).append((k["colour"], k.get("count", 1)))
    columns = (P.Column(), *(P.Column((_("strength {n}", n=s),)) for s in (1, 2, 3)))
    rows = []
    for h in (3, 2, 1):
        cells = []
        for s in (1, 2, 3):
            pawns = [
                P.content(
                    P.Chip(
                        "",
                        PAWN_FILL.get(colour, "#cccccc"),
                        title=_("{pawn} ×{n}", pawn=a_pawn(h, s, colour), n=n),
                        shape="disc",
                        ring=PAWN_EDGE,
                    ),
                    f"×{n}" if n > 1 else None,
                )
                for colour, n in have.get((h, s), [])
            ]
            cells.append(_or_none(P.joined(pawns, " ")))
        rows.append(((_("height {n}", n=h),), *cells))
    return P.Table(columns=columns, rows=tuple(rows), labels=True)


# ---------------------------------------------------------------- legend


def _legend(colours: dict[str, tuple[str, str]]) -> tuple[P.Block, ...]:
    players = [
        (
            P.Swatch(hexa, size=12),
            " ",
            _("{seat} ({colour})", seat=Seat(seat), colour=_seat_colour(name)),
        )
        for seat, (name, hexa) in colours.items()
    ]
    players.append((P.Swatch(NEUTRAL, size=12), " ", p_("legend", "neutral")))
    lands = [(P.Swatch(fill), " ", colour_word(name)) for name, fill in TERRITORY_FILL.items()]
    lands.append((P.Swatch(ORIGIN_FILL, ring=GOLD), " ", _("Origin (never claimed)")))
    decks = [
        (
            P.Chip(
                _("{colour} {deck}", colour=colour_word(colour), deck=deck_word(deck)),
                DECK_FILL[deck],
            ),
        )
        for deck, colour in DECK_COLOUR.items()
    ]
    return (
        P.Para(P.content(_("Players:"), " ", P.joined(players, " · "))),
        P.Para(P.content(_("Territories:"), " ", P.joined(lands, " · "))),
        P.Para(P.content(_("Cards:"), " ", P.joined(decks, " "))),
        P.Para((P.Words(PAWNS, tone="small"),)),
    )
