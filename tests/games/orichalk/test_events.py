"""Orichalk's vocabulary of events (DESIGN.md §10.3) is the one its games write: the fold
and the narration cover it exactly (the kit checks when the game is imported), and every
type it declares is one a real game writes, so none is dead or misspelt."""

from __future__ import annotations

import json

from engine.games.orichalk import GAME
from engine.games.orichalk.events import EVENTS, TITAN_REFRESHED
from tests.engine.playout import play_random
from tests.golden import corpus


def _golden_types() -> set[str]:
    found: set[str] = set()
    for path in corpus.logs():
        lines = path.read_text().splitlines()
        if json.loads(lines[0])["game"] != GAME.name:
            continue
        found |= {json.loads(line)["payload"]["type"] for line in lines[1:]}
    return {kind for kind in found if not kind.startswith("table.")}


def _played_types() -> set[str]:
    """Random games of two, three and four: between them they reach an initiative tie (two
    players rarely do), a titan's favour refreshed and the two-player discard (phase 5)."""
    found: set[str] = set()
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        found |= {e["type"] for e in play_random(GAME, players, seed).events}
    return found


def test_every_event_type_orichalk_declares_is_written_by_a_golden_or_a_random_game():
    assert GAME.events is EVENTS
    written = _golden_types() | _played_types()
    assert sorted(set(EVENTS) - written) == [], "declared but never written"
    assert sorted(written - set(EVENTS)) == [], "written but never declared"


def test_the_golden_games_alone_write_every_type():
    """The recorded games are the oldest logs the fold must read; since orichalk-2's game
    (issue 21) they write the refreshed titan too (uk «Милість титанів»)."""
    assert sorted(set(EVENTS) - _golden_types()) == []
    assert TITAN_REFRESHED in _golden_types()
