"""Version safety (issue 5): every recorded game of the golden corpus replays through the
current engine to the same end, and still verifies down to every chance outcome."""

from __future__ import annotations

import json

import pytest

from engine import registry
from service.audit import checks as audit
from tests.golden import corpus

LOGS = corpus.logs()


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_a_golden_game_replays_to_the_same_scores_ranking_and_public_view(path):
    expected = json.loads(corpus.expected_path(path).read_text())
    assert corpus.final(corpus.read(path)) == expected


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_a_golden_game_verifies_its_chain_and_every_chance_outcome_from_its_seed(path):
    report = audit.verify(corpus.read(path))
    assert report.ok, report.failures
    assert report.chance_checked


def test_every_registered_game_has_a_recorded_golden_game():
    assert not corpus.missing(set(registry.GAMES)), (
        "record a complete game of each new game: add a recipe to tests/golden/record.py "
        "and run .venv/bin/python -m tests.golden.record"
    )


def test_a_registered_game_with_no_golden_game_is_reported_missing():
    assert corpus.missing({"origin", "tictactoe", "a-new-game"}) == {"a-new-game"}


def test_every_golden_log_has_its_expected_end_beside_it():
    assert LOGS
    assert all(corpus.expected_path(path).exists() for path in LOGS)
