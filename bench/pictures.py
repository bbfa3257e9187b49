"""The cost of a board picture (issue 17): a PNG of each registered game half-way through,
its players named in three scripts (田中 花子, Олена Коваленко, José Núñez), drawn with the
bundled fonts, beside the same picture drawn with Pillow's built-in font (what every picture
used before the fonts, its names spelt in ASCII), in the same run. Every cache is emptied
before each drawing, so each is a first drawing, as a new game's email is.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from PIL import ImageFont

from engine import registry
from service.boards import drawing, render

NAMES = ["田中 花子", "Олена Коваленко", "José Núñez", "Ann Lee"]
ROUNDS = 15
MAX_RATIO = 2.0
"""A picture with the bundled fonts may cost at most this many times one drawn before them."""


def _view(name: str) -> tuple[dict[str, Any], dict[str, str]]:
    """A view of a game of ``name`` half-way through a random playout, and its names."""
    game = registry.get(name)
    seats = [f"p{i}" for i in range(1, game.min_players + 1)]
    rng = random.Random(17)
    events = game.setup(seats, {}, rng)
    state = None
    for event in events:
        state = game.apply(state, event)
    for _ in range(40):
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = acting[0]
        move = rng.choice(game.legal_moves(state, seat))
        for event in game.decide(state, seat, move, rng):
            state = game.apply(state, event)
    names = dict(zip(seats, NAMES, strict=False))
    return game.view(state, seats[0]), names


def _fresh() -> None:
    drawing.forget()


@contextmanager
def _builtin_font() -> Iterator[None]:
    """Pillow's built-in font, one face for every letter: the pictures before issue 17."""
    font, runs = drawing._font, drawing._runs

    @lru_cache(maxsize=32)
    def builtin(size: int, face: int = 0) -> Any:
        made = ImageFont.load_default(size=size)
        assert isinstance(made, ImageFont.FreeTypeFont)
        # Its masks remembered as drawing._font's are, so both are timed alike.
        made.__class__ = drawing._RememberingFont
        return made

    builtin.cache_clear()
    drawing._font = builtin
    drawing._runs = lambda text: [(0, text)]
    try:
        yield
    finally:
        drawing._font, drawing._runs = font, runs


def _ms(game: str, view: dict[str, Any], names: dict[str, str]) -> float:
    _fresh()
    started = time.perf_counter()
    render(game, view, "png", names)
    return (time.perf_counter() - started) * 1000


def run() -> dict[str, Any]:
    games: dict[str, Any] = {}
    for name in sorted(registry.GAMES):
        view, names = _view(name)
        fonts, builtin = [], []
        for _ in range(ROUNDS):  # interleaved: a busy moment hurts both alike
            fonts.append(_ms(name, view, names))
            with _builtin_font():
                builtin.append(_ms(name, view, names))
        _fresh()
        fonts_ms, builtin_ms = statistics.median(fonts), statistics.median(builtin)
        games[name] = {
            "fonts_ms": round(fonts_ms, 2),
            "builtin_ms": round(builtin_ms, 2),
            "ratio": round(fonts_ms / builtin_ms, 2),
        }
    return {"games": games, "rounds": ROUNDS, "targets": {"ratio_max": MAX_RATIO}}
