"""Issue 32 §1: an engine says a seat only as a :class:`engine.kit.words.Seat`, in every
sentence of every game, however rare the event: many random and bot games of each game are
read whole (tests/engine/seat_words.py), so an event a short game never reaches (a war disc
falling back, the end's scores) is read too, the same every run."""

from __future__ import annotations

import os

import pytest

from engine import registry
from tests.engine.playout import play_bots, play_random
from tests.engine.seat_words import leaks, read_everything

GAMES = ("origin", "origins-first-builders", "orichalk")
SEEDS = int(os.environ.get("SEAT_WORDS_SEEDS", "4"))
"""Random games per player count (and as many bot games): every event type of each game
is met within the first few."""


def _found(name: str, seeds: range, views_every: int, boards_every: int | None) -> list[str]:
    game = registry.get(name)
    found: dict[str, str] = {}
    for seed in seeds:
        for players in range(game.min_players, game.max_players + 1):
            for how, play in (("random", play_random), ("bots", play_bots)):
                run = play(game, players, seed)
                for where, what, data in read_everything(game, run, views_every, boards_every):
                    for leak in leaks(what, frozenset(run.seats), data=data):
                        found.setdefault(leak, f"{how} game {seed} of {players}: {where}")
    return [f"{where}: {leak}" for leak, where in found.items()]


@pytest.mark.parametrize("name", GAMES)
def test_every_narration_label_and_view_message_says_a_seat_as_a_seat(name):
    found = _found(name, range(SEEDS), views_every=10, boards_every=None)
    assert not found, "\n".join(found[:20]) + f"\n{len(found)} different"


@pytest.mark.parametrize("name", GAMES)
def test_every_panel_text_part_and_picture_says_a_seat_as_a_seat(name):
    found = _found(name, range(1), views_every=40, boards_every=40)
    assert not found, "\n".join(found[:20]) + f"\n{len(found)} different"
