"""Every word an engine gives a reader, scanned for seats said as plain text (issue 32 §1).

A seat in a sentence must be an :class:`engine.kit.words.Seat`, so the reader's renderer says
it as its player's name (DESIGN.md §10.9). :func:`read_everything` walks a playout of a game
and collects what its players read from the engine: every narration (for each seat and a
spectator), every option's label, every message of every view, the panels, the text part and
the picture's texts of every view, and the end's outcome. :func:`leaks` finds in them a seat
that is not a ``Seat`` (a plain ``str`` value of a message, a seat id left in plain text) or
a seat id still there once every ``Seat`` is said as a name.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from typing import Any

from engine import Game
from engine.kit.game import Packaged
from engine.kit.words import Listing, Msg, Seat, render
from tests.engine.playout import Playout

SEAT_ID = re.compile(r"(?<![0-9A-Za-z_/.=#-])p[1-9][0-9]?(?![0-9A-Za-z])")
"""A seat id standing on its own as a reader sees it (as tests/service/test_no_seat_ids.py
looks for it): a kana, a bracket or a space beside it is no part of it."""
NAMED = "«player»"
"""What every :class:`Seat` reads as here: a name with no seat id in it."""


def measure(text: str, size: float) -> float:
    """A font's width, roughly: the engines' layouts only need a number."""
    return len(str(text)) * size * 0.6


def _said(message: Msg) -> str:
    """``message`` in English, each seat said as a name."""
    return render(
        message,
        lambda m: m.plural if m.plural and m.kwargs.get("n") != 1 else m.text,
        seat=lambda s: NAMED,
    )


def _plain_seats(message: Msg, seats: frozenset[str]) -> Iterator[str]:
    """A message's values (nested ones too) that are a seat as a plain ``str``."""
    for name, arg in message.args:
        yield from _arg_seats(name, arg, seats)


def _arg_seats(name: str, arg: Any, seats: frozenset[str]) -> Iterator[str]:
    if isinstance(arg, Seat):
        return
    if isinstance(arg, Msg):
        yield from _plain_seats(arg, seats)
    elif isinstance(arg, Listing):
        for item in arg.items:
            yield from _arg_seats(name, item, seats)
    elif isinstance(arg, str) and (arg in seats or SEAT_ID.search(arg)):
        yield f"{{{name}}}={arg!r}"


_MESSAGES: dict[tuple[str, str, frozenset[str]], tuple[str, ...]] = {}
"""What each message (by its text and its values, their types shown) was found to leak: the
same card's words come back in every view."""


def _message_leaks(message: Msg, seats: frozenset[str]) -> tuple[str, ...]:
    key = (message.text, repr(message.args), seats)
    found = _MESSAGES.get(key)
    if found is None:
        plain = [f"{message.text!r}: {f}" for f in _plain_seats(message, seats)]
        said = _said(message)
        read = [f"{message.text!r} reads {said!r}"] if SEAT_ID.search(said) else []
        found = _MESSAGES[key] = (*plain, *read)
    return found


def leaks(value: Any, seats: frozenset[str], *, data: bool = False) -> Iterator[str]:
    """What in ``value`` says a seat as plain text. ``data``: ``value`` is a view's data,
    where a plain ``str`` is an id (a seat, a card) and only its messages are read."""
    if isinstance(value, Seat):
        return
    if isinstance(value, Msg):
        yield from _message_leaks(value, seats)
    elif isinstance(value, str):
        if not data and SEAT_ID.search(value):
            yield f"plain text {value!r}"
    elif isinstance(value, Listing):
        for item in value.items:
            yield from leaks(item, seats, data=data)
    elif isinstance(value, dict):
        for item in value.values():
            yield from leaks(item, seats, data=data)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from leaks(item, seats, data=data)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if f.name in ("fill", "ink", "ring", "colour", "stroke", "background"):
                continue
            yield from leaks(getattr(value, f.name), seats, data=data)


def read_everything(
    game: Game, run: Playout, views_every: int = 1, boards_every: int | None = 1
) -> Iterator[tuple[str, Any, bool]]:
    """``(where, what, is_data)`` for everything a reader of ``run`` reads from the engine:
    every event narrated and every option labelled; every seat's view (its messages) at every
    ``views_every``-th decision, and the board drawn from it (panels, text part, picture) at
    every ``boards_every``-th (``None``: never: it is by far the slowest to make); the views,
    the boards and the outcome at the end."""
    seats: list[str | None] = [*run.seats, None]
    state = None
    for index, event in enumerate(run.events):
        for seat in seats:
            yield (
                f"narration of {event['type']} for {seat}",
                game.narrate(state, event, seat),
                False,
            )
        state = run.states[index]
    board = game.board if isinstance(game, Packaged) else None
    for number, decision in enumerate(run.log):
        state = decision.state
        for move in game.legal_moves(state, decision.seat):
            yield f"label of {move}", game.describe(state, move), False
        if number % views_every:
            continue
        drawn = boards_every is not None and number % boards_every == 0
        yield from _views(game, board if drawn else None, state, seats, f"decision {number}")
    yield from _views(game, board if boards_every else None, run.final, seats, "the end")
    yield "outcome", game.outcome(run.final), True


def _views(
    game: Game, board: Any, state: Any, seats: list[str | None], when: str
) -> Iterator[tuple[str, Any, bool]]:
    for seat in seats:
        view = game.view(state, seat)
        yield f"view of {seat} at {when}", view, True
        if board is None:
            continue
        yield f"panels of {seat} at {when}", board.panels(view), False
        yield f"text of {seat} at {when}", board.text(view), False
        if board.picture is not None:
            picture = board.picture(view, measure)
            yield f"picture of {seat} at {when}", (picture.title, picture.shapes), False
