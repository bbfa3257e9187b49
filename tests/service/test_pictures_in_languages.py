"""A board's picture speaks its reader's language (issue 17): every text drawn in the SVG of
each game, half-way through a game, is translated for a Russian or Japanese reader: no
English word is left, even in texts the layout cut into lines (the games' titles aside:
they are their names)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from engine import registry
from service import words
from service.boards import render

NAMES = {"p1": "Олена", "p2": "花子", "p3": "Ґрицько", "p4": "Юкі"}
LATIN = re.compile(r"[A-Za-z]{3,}")


def midgame(name: str, seed: int = 17):
    game = registry.get(name)
    seats = [f"p{i}" for i in range(1, min(game.max_players, 3) + 1)]
    rng = random.Random(seed)
    state = None
    for event in game.setup(seats, {}, rng):
        state = game.apply(state, event)
    for _ in range(60):
        acting = sorted(game.to_act(state))
        if not acting:
            break
        move = rng.choice(game.legal_moves(state, acting[0]))
        for event in game.decide(state, acting[0], move, rng):
            state = game.apply(state, event)
    return game.view(state, seats[0])


@pytest.mark.parametrize("lang", ["ru", "ja"])
@pytest.mark.parametrize("name", ["origin", "origins-first-builders", "orichalk"])
def test_every_text_of_the_picture_is_in_the_readers_language(name, lang):
    view = midgame(name)
    with words.speaking(lang):
        svg = render(name, view, "svg", NAMES).svg
    assert svg
    texts = [
        "".join(t.itertext()) for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")
    ]
    assert texts, "the picture has texts"
    titles = {w for game in registry.GAMES.values() for w in LATIN.findall(game.title)}
    english = sorted({w for t in texts for w in LATIN.findall(t)} - titles)
    assert english == [], english[:30]
