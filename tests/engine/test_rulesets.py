"""Rulesets (DESIGN.md §3, issue 21): a rule changed since a game was recorded does not change
that game. The setup records the ruleset in the opening, the fold keeps it in the state, the
changed rule branches on it; an old game's opening is set up again as it was."""

from __future__ import annotations

import json
import random

import pytest

from engine import registry, replay, setup_under
from service.audit import checks as audit
from service.table import logfold
from tests.golden import corpus

VERSIONED = sorted(n for n in registry.GAMES if getattr(registry.get(n), "rulesets", ()))
SEATS = ["p1", "p2"]


def _state_of(name: str, ruleset: str):
    game = registry.get(name)
    return replay(game, setup_under(game, ruleset, SEATS, {}, random.Random(3)))


@pytest.mark.parametrize("name", VERSIONED)
def test_a_new_game_is_set_up_under_the_current_ruleset_and_keeps_it_in_its_state(name):
    game = registry.get(name)
    assert game.ruleset not in game.rulesets
    assert game.replay(game.setup(SEATS, {}, random.Random(3))).ruleset == game.ruleset
    assert _state_of(name, game.ruleset).ruleset == game.ruleset


@pytest.mark.parametrize("name", VERSIONED)
def test_a_game_of_an_older_ruleset_is_set_up_as_it_was_and_plays_under_that_ruleset(name):
    game = registry.get(name)
    first = game.rulesets[0]
    opening = setup_under(game, first, SEATS, {}, random.Random(3))
    # The first ruleset's openings were recorded before rulesets were: no trace of one.
    assert "ruleset" not in json.dumps(opening)
    assert game.replay(opening).ruleset == first
    current = game.setup(SEATS, {}, random.Random(3))
    assert current[0] == {**opening[0], "ruleset": game.ruleset}
    assert current[1:] == opening[1:]


def test_a_ruleset_the_engine_does_not_play_is_refused_by_name():
    game = registry.get(VERSIONED[0])
    with pytest.raises(KeyError, match="no-such-ruleset"):
        setup_under(game, "no-such-ruleset", SEATS, {}, random.Random(3))


VERSIONED_LOGS = [
    p for p in corpus.logs() if json.loads(p.read_text().splitlines()[0])["game"] in VERSIONED
]
"""The golden games of games with more than one ruleset (a test that skipped the others
would fail CI, where no test may skip)."""


@pytest.mark.parametrize("path", VERSIONED_LOGS, ids=[p.stem for p in VERSIONED_LOGS])
def test_a_golden_game_replays_under_the_ruleset_it_was_recorded_with(path):
    log = corpus.read(path)
    game = registry.get(log.header["game"])
    folded = logfold.fold(game, log.header["seats"], ((e, e.payload) for e in log.events))
    assert folded.state.ruleset == log.header["ruleset"]
    assert audit.verify(log).ok


@pytest.mark.parametrize("name", VERSIONED)
def test_every_ruleset_a_game_plays_has_a_recorded_golden_game(name):
    game = registry.get(name)
    recorded = {
        (header["game"], header["ruleset"])
        for header in (json.loads(p.read_text().splitlines()[0]) for p in corpus.logs())
    }
    for ruleset in (*game.rulesets, game.ruleset):
        assert (name, ruleset) in recorded, f"record a game of {ruleset} (tests/golden/record.py)"
