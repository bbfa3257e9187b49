"""A move's label is found by its type (issue 33 §1): every type a decision offers has its
own entry in ``DESCRIBERS``, and a type no decision offers has no label."""

from __future__ import annotations

import pytest

from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders.moves import DESCRIBERS, UnknownMove
from service.table.state import is_table
from tests.engine.playout import play_random
from tests.games.origins_first_builders.helpers import new_game
from tests.golden import corpus


def _offered() -> set[str]:
    kinds: set[str] = set()
    for path in corpus.logs():
        log = corpus.read(path)
        if log.header["game"] == GAME.name:
            kinds |= {e.move["type"] for e in log.events if e.move and not is_table(e.payload)}
    for players in range(GAME.min_players, GAME.max_players + 1):
        for decision in play_random(GAME, players, seed=0).log:
            kinds |= {m["type"] for m in GAME.legal_moves(decision.state, decision.seat)}
    return kinds


def test_every_move_type_a_decision_offers_has_its_own_label() -> None:
    assert _offered() - set(DESCRIBERS) == set()


def test_a_move_of_a_type_no_decision_offers_has_no_label() -> None:
    with pytest.raises(UnknownMove):
        GAME.describe(new_game(), {"type": "fly"})
