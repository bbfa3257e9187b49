"""Origin's board as plain text, for the text part of emails: the status, the reader's hand,
every player, the reward board and what stands on the map; a line each, each a message."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.origin.board.palette import DECK_COLOUR, View, seat_colours
from engine.games.origin.board.words import (
    SEAT_COLOUR_WORDS,
    card_tag,
    hand_cards,
    objectives_held,
    occupied,
    pawn_label,
    pts,
    score_parts,
    stacks_words,
    status,
    strait_names,
    territory_words,
)
from engine.games.origin.names import (
    COLOUR_WORDS,
    DECK_WORDS,
    PAWN_COLOUR_WORDS,
    commas,
    deck_word,
    pawn_size,
    semicolons,
)
from engine.games.origin.words import _, p_
from engine.kit.words import Msg, Seat


def _indent(line: str, depth: int = 1) -> Msg:
    if depth == 1:
        return p_("indented line", "  {line}", line=line)
    return p_("indented line", "    {line}", line=line)


def text(view: View) -> list[str]:
    return [
        *status(view),
        *_hand(view),
        *_choosing(view),
        "",
        _("Players:"),
        *_players(view),
        "",
        *_reward_lines(view),
        "",
        _("On the map:"),
        *_map(view),
    ]


def _hand(view: View) -> list[str]:
    me = view.get("you")
    if not me or view.get("hand") is None:
        return []
    cards = [_indent(_card_line(c)) for c in hand_cards(view)] or [_indent(_("(empty)"))]
    return ["", _("Your hand ({seat}):", seat=Seat(me)), *cards]


def _choosing(view: View) -> list[str]:
    if not view.get("choosing"):
        return []
    return ["", _("You are choosing among:"), *(_indent(_card_line(c)) for c in view["choosing"])]


def _players(view: View) -> list[str]:
    colours = seat_colours(view)
    return [
        line
        for seat, p in view.get("players", {}).items()
        for line in _player(view, seat, p, colours.get(seat, ("", ""))[0])
    ]


def _player(view: View, seat: str, p: dict[str, Any], colour: str) -> list[str]:
    """A player's lines: the head (colour, marks, score), the hand and supplies, what they
    have in play and completed."""
    hand = _(
        "hand {hand}; villages left {villages}; pawns on board {pawns}",
        hand=_hand_words(p.get("hand", {}), p.get("objective_limit")),
        villages=p.get("villages_left", 0),
        pawns=p.get("pawns_on_board", 0),
    )
    lines: list[str] = [_indent(_head(view, seat, p, colour)), _indent(hand, 2)]
    lines.append(_indent(semicolons(_holdings(view, p)), 2))
    if p.get("permanents_in_play"):
        cards = commas(c["name"] for c in p["permanents_in_play"])
        lines.append(_indent(_("in play: {cards}", cards=cards), 2))
    if p.get("completed_objectives"):
        cards = commas(
            _("{card} ({points})", card=c["name"], points=c.get("points", 0))
            for c in p["completed_objectives"]
        )
        lines.append(_indent(_("completed: {cards}", cards=cards), 2))
    return lines


def _head(view: View, seat: str, p: dict[str, Any], colour: str) -> Msg:
    marks = [SEAT_COLOUR_WORDS.get(colour, colour)] if colour else []
    marks += [mark for key, mark in _MARKS if seat == view.get(key)]
    parts = score_parts(p)
    score = pts(p.get("score", 0))
    if parts:
        return _(
            "{seat} ({marks}): {score} ({parts})",
            seat=Seat(seat),
            marks=commas(marks),
            score=score,
            parts=parts,
        )
    return _("{seat} ({marks}): {score}", seat=Seat(seat), marks=commas(marks), score=score)


_MARKS: tuple[tuple[str, Msg], ...] = (
    ("you", p_("mark", "you")),
    ("current", p_("mark", "to play")),
    ("first_player", p_("mark", "first player")),
)
"""The view's keys naming a seat, each with the mark that seat gets beside its name."""


def _holdings(view: View, p: dict[str, Any]) -> list[str]:
    """A player's innovation stacks and tokens: hunting, straits, war trophies."""
    held: list[str] = [
        _("innovation stacks {stacks}", stacks=stacks_words(p.get("innovation_stacks", [])))
    ]
    if p.get("hunting_tokens"):
        tokens = " ".join(str(v) for v in p["hunting_tokens"])
        held.append(_("hunting {tokens}", tokens=tokens))
    if p.get("strait_tokens"):
        names = strait_names(view)
        straits = commas(
            _("{strait} {value}", strait=names.get(s["strait"], s["strait"]), value=s["value"])
            for s in p["strait_tokens"]
        )
        held.append(_("straits {tokens}", tokens=straits))
    if p.get("war_trophies"):
        held.append(_("war trophies {n}", n=p["war_trophies"]))
    return held


def _map(view: View) -> list[str]:
    """What stands on each occupied territory, then the tokens still lying free."""
    out: list[str] = [
        _indent(_("{territory}: {things}", territory=territory_words(t), things=commas(_things(t))))
        for t in occupied(view)
    ]
    hunting = [
        _("{territory} {value}", territory=t["name"], value=t["hunting_token"])
        for t in view.get("territories", [])
        if t.get("hunting_token") is not None and not (t.get("pawn") or t.get("village"))
    ]
    if hunting:
        out.append(_indent(_("Hunting tokens: {tokens}", tokens=commas(hunting))))
    strait_tokens = [
        _("{strait} {value}", strait=s["name"], value=s["token"])
        for s in view.get("straits", [])
        if s.get("token")
    ]
    if strait_tokens:
        out.append(_indent(_("Strait tokens: {tokens}", tokens=commas(strait_tokens))))
    return out


def _things(territory: dict[str, Any]) -> list[str]:
    things: list[str] = []
    if territory.get("pawn"):
        things.append(pawn_label(territory["pawn"]))
    if territory.get("village"):
        things.append(_("village of {seat}", seat=Seat(territory["village"])))
    if territory.get("hunting_token") is not None:
        things.append(_("hunting token {value}", value=territory["hunting_token"]))
    return things


def _hand_words(hand: dict[str, int], limit: int | None) -> Msg:
    return _(
        "{actions} action, {permanents} permanent, {objectives} objective",
        actions=hand.get("actions", 0),
        permanents=hand.get("permanents", 0),
        objectives=objectives_held(hand, limit),
    )


def _card_line(card: dict[str, Any]) -> Msg:
    tag = card_tag(card)
    deck = card.get("kind", "")
    colour = COLOUR_WORDS.get(DECK_COLOUR.get(deck, ""), "")
    kind = DECK_WORDS.get(deck, deck)
    if tag:
        head = _(
            "{card} [{colour} {deck}, {tag}]", card=card["name"], colour=colour, deck=kind, tag=tag
        )
    else:
        head = _("{card} [{colour} {deck}]", card=card["name"], colour=colour, deck=kind)
    if card.get("text"):
        return _("{card}: {text}", card=head, text=card["text"])
    return head


def _reward_lines(view: View) -> list[str]:
    board = view.get("reward_board") or {}
    columns = board.get("columns", {})
    shown = [
        _(
            "{colour} {tiles}",
            colour=COLOUR_WORDS.get(c, c),
            tiles=" ".join(str(v) for v in levels) or "-",
        )
        for c, levels in columns.items()
    ]
    lines: list[str] = [_("Reward board: {columns}", columns=_bars(shown))]
    decks = commas(
        _("{deck} {n}", deck=deck_word(d), n=n) for d, n in board.get("decks", {}).items()
    )
    lines.append(
        _indent(
            _(
                "Face-down tiles {n}; decks: {decks}",
                n=board.get("face_down_reserve", 0),
                decks=decks,
            )
        )
    )
    if board.get("action_discard"):
        names = commas(c["name"] for c in board["action_discard"])
        lines.append(_indent(_("Discard: {cards}", cards=names)))
    reserve = view.get("pawn_reserve") or []
    if reserve:
        total = sum(k.get("count", 1) for k in reserve)
        groups: dict[tuple[int, int], list[str]] = {}
        for k in reserve:
            count = k.get("count", 1)
            colour = PAWN_COLOUR_WORDS.get(k["colour"], k["colour"])
            groups.setdefault((k["height"], k["strength"]), []).append(
                _("{colour} ×{n}", colour=colour, n=count) if count > 1 else colour
            )
        kinds = semicolons(
            _("{size} {colours}", size=pawn_size(h, s), colours=_slashes(colours))
            for (h, s), colours in groups.items()
        )
        lines.append(_indent(_("Pawn reserve ({n}): {kinds}", n=total, kinds=kinds)))
    return lines


def _bars(items: Sequence[str]) -> str:
    joined: str = ""
    for i, item in enumerate(items):
        joined = item if i == 0 else _("{items} | {item}", items=joined, item=item)
    return joined


def _slashes(items: list[str]) -> str:
    joined: str = ""
    for i, item in enumerate(items):
        joined = item if i == 0 else _("{items}/{item}", items=joined, item=item)
    return joined
