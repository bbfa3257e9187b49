"""What a worker loads when it starts, before its first job (issue 34 §2: a fresh worker's
first emails cost three to four times a warm one's).

Each process would otherwise load on its first jobs: the email templates (compiled by
Jinja), every catalog (each domain, each language), and for each game that draws a picture
its fonts, its backdrop (the picture's unchanging shapes, drawn once and kept) and its
labels' layouts (the widths of the texts every picture measures). A picture of each game's
opening, as the table sees it (what every email shows: issue 34 §2), loads the last three
exactly as a first email would.
"""

from __future__ import annotations

import importlib
import random

from engine import registry
from engine.contract import replay
from service import boards, words
from service.mail import compose

EMAIL_TEMPLATES = ("message.html", "message.txt", "digest.html", "digest.txt")
"""The templates of the emails a worker sends most (each turn, each digest)."""


def warm_up() -> None:
    """Load, in this process, what every email job reads (see the module)."""
    importlib.import_module("workers.jobs")  # RQ would import it for the first job
    for template in EMAIL_TEMPLATES:
        compose.template(template)
    domains = (words.DOMAIN, "engine", *sorted(registry.GAMES))
    for domain in domains:
        for lang in words.LANGUAGES:
            words.catalog(domain, lang)
    for name in sorted(registry.GAMES):
        _draw_opening(name)


def _draw_opening(name: str) -> None:
    """The PNG of a new game of ``name`` as the whole table sees it, its players unnamed."""
    game = registry.get(name)
    seats = [f"p{i}" for i in range(1, game.min_players + 1)]
    state = replay(game, game.setup(seats, {}, random.Random(0)))
    boards.render(name, game.view(state, seats[0]), "png", {}, table=game.view(state, None))
