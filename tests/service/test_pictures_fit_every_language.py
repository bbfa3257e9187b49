"""Every text of every game's picture fits its box in every language (issue 32 §6): each
game's pictures, drawn at the start, half-way and at the end of a game, for a player and
for a spectator, in English, Russian, Ukrainian, Spanish and Japanese, with long and hostile
names, measured with the fonts that draw them (``drawing.drawn_texts``): every text says its
box, stays in it and in the picture, and covers no other text; and no text of one line is
cut short ("…") unless it holds a player's name (names are any length)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from engine import registry
from service import words
from service.boards import _board, contrast, drawing
from service.boards.drawing import Drawn, drawn_texts
from service.boards.fitting import ELLIPSIS
from service.boards.naming import short_names

NAMES = {
    "p1": "Олена Коваленко-Шевчук",
    "p2": "田中 花子さん",
    "p3": "<b>José</b> Núñez & Co",
    "p4": "\u202eAnn \u200fLee",
}
LANGUAGES = ["en", "ru", "uk", "es", "ja"]
SLACK = 0.6
"""How far (in the picture's units) a text's letters may pass an edge: less than a pixel."""


@cache
def _views(name: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """Views of one game of ``name`` at its start, half-way (40 decisions in) and its end,
    for its first player and a spectator; and of its smallest table's start."""
    game = registry.get(name)
    out: list[tuple[str, dict[str, Any]]] = []
    for players in sorted({game.min_players, min(3, game.max_players), game.max_players}):
        seats = [f"p{i}" for i in range(1, players + 1)]
        rng = random.Random(17)
        state = None
        for event in game.setup(seats, {}, rng):
            state = game.apply(state, event)
        moments = {"start": state}
        decisions = 0
        while acting := sorted(game.to_act(state)):
            move = rng.choice(game.legal_moves(state, acting[0]))
            for event in game.decide(state, acting[0], move, rng):
                state = game.apply(state, event)
            decisions += 1
            if decisions == 40:
                moments["mid"] = state
        moments["end"] = state
        for moment, at in moments.items():
            for seat in (seats[0], None):
                out.append((f"{players} players, {moment}, seen by {seat}", game.view(at, seat)))
    return tuple(out)


def _texts(name: str, view: dict[str, Any], lang: str) -> tuple[list[Drawn], int, int]:
    with words.speaking(lang), drawing.naming(NAMES):
        laid_out = contrast.legible(_board(name).picture(view, drawing.text_width))
        return drawn_texts(laid_out), laid_out.width, laid_out.height


def _holds_a_name(text: str) -> bool:
    return any(name[:4] in text for name in short_names(NAMES).values())


def _faults(texts: list[Drawn], width: int, height: int) -> list[str]:
    faults = []
    for t in texts:
        if t.text.endswith(ELLIPSIS) and t.lines == 1 and not _holds_a_name(t.text):
            faults.append(f"{t.text!r} is cut short in its box of one line")
        if t.box is None:
            faults.append(f"{t.text!r} has no box")
        elif t.span[0] < t.box[0] - SLACK or t.span[1] > t.box[1] + SLACK:
            faults.append(f"{t.text!r} {t.span} leaves its box {t.box}")
        left, top, right, bottom = t.ink
        if left < -SLACK or top < -SLACK or right > width + SLACK or bottom > height + SLACK:
            faults.append(f"{t.text!r} {t.ink} leaves the picture")
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            across = min(a.ink[2], b.ink[2]) - max(a.ink[0], b.ink[0])
            down = min(a.ink[3], b.ink[3]) - max(a.ink[1], b.ink[1])
            if across > SLACK and down > SLACK:
                faults.append(f"{a.text!r} {a.ink} covers {b.text!r} {b.ink}")
    return faults


@pytest.mark.parametrize("name", ["origin", "origins-first-builders", "orichalk"])
def test_every_text_of_every_picture_stays_in_its_box_and_covers_no_other(name: str) -> None:
    """The languages one after the other in one process, English first: what a layout
    remembers for one language must not be given to another."""
    faults = []
    for lang in LANGUAGES:
        for moment, view in _views(name):
            texts, width, height = _texts(name, view, lang)
            assert texts, "the picture has texts"
            faults += [f"{lang}, {moment}: {fault}" for fault in _faults(texts, width, height)]
    assert faults == [], "\n".join(faults[:20])


def test_a_text_out_of_its_box_or_over_another_is_found() -> None:
    """The check itself: a name wider than its box, and two texts drawn over each other."""
    from engine.kit.drawing import Drawing, Fit, Text

    picture = Drawing(
        200,
        100,
        "#ffffff",
        shapes=[
            Text(10, 20, "Тренувальний табір", size=12, anchor="start", fit=Fit(40, min_size=12)),
            Text(10, 60, "クイーンズランド", size=12, anchor="start"),
            Text(30, 62, "Outback", size=12, anchor="start"),
        ],
    )
    faults = _faults(drawn_texts(picture), picture.width, picture.height)
    assert any("has no box" in f for f in faults)
    assert any("covers" in f for f in faults)
    assert all("leaves its box" not in f for f in faults), "a cut text stays in its box"
