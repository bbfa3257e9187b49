"""Origin's vocabulary of events (``engine/games/origin/events.py``) is exactly what it writes:
every declared type is written by a recorded or a random game, and a type it never declared
is refused by the fold, the narration and the decision context alike."""

from __future__ import annotations

import pytest

from engine.games.origin import GAME
from engine.games.origin import events as ev
from engine.games.origin.components import KINDS
from engine.games.origin.context import Ctx
from engine.games.origin.events import EVENTS
from engine.games.origin.state import replace
from engine.kit import UnknownEvent
from tests.engine.playout import play_random
from tests.games.origin.helpers import act, new_game, turn_of, types
from tests.golden import corpus

NOT_IN_PLAY = {
    ev.TURN_PASSED: "only a player who can neither evolve, migrate nor swap passes (RULINGS: "
    "No action possible), which random play does not reach: played from a position built "
    "for it below",
}
"""Declared types no recorded or random game writes, and why."""


def _written() -> set[str]:
    """The types of every event of Origin's golden games and of random games of 2-4."""
    written = {
        event.payload["type"]
        for path in corpus.logs()
        if path.stem.startswith("origin-")
        for event in corpus.read(path).events
    }
    for seed in range(6):
        written |= {e["type"] for e in play_random(GAME, 2 + seed % 3, seed).events}
    return written


def test_every_declared_event_type_is_written_by_a_recorded_or_random_game_or_said_why_not():
    written = _written()
    table = {kind for kind in written if kind.startswith("table.")}
    assert written - table <= set(EVENTS), "Origin writes an event it never declared"
    assert set(EVENTS) - written == set(NOT_IN_PLAY)


def test_the_one_type_random_play_never_writes_is_written_when_no_action_is_possible():
    state = turn_of(new_game(2, seed=9), "p1")
    state = replace(state, reserve=(0,) * len(KINDS))  # nobody can evolve, nobody has a pawn
    _, events = act(state, "p1", {"type": "pass"})
    assert types(events)[0] == ev.TURN_PASSED


@pytest.mark.parametrize("misspelt", ["pawn_migrate", "Pawn_migrated", "tile_taken "])
def test_a_misspelt_event_is_refused_by_the_fold_the_narration_and_the_context(misspelt):
    state = turn_of(new_game(2, seed=9), "p1")
    event = {"type": misspelt, "seat": "p1", "from": "rift", "to": "sahara"}
    with pytest.raises(UnknownEvent, match=misspelt.strip()):
        GAME.apply(state, event)
    with pytest.raises(UnknownEvent):
        GAME.narrate(state, event, None)
    with pytest.raises(UnknownEvent):
        Ctx(state).emit(misspelt, seat="p1")
