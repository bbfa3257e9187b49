"""The game's vocabulary of events (DESIGN.md §10.3): every type it declares is one the
rules really write, and every type the rules write is declared (the fold, the narration and
the context's ``emit`` refuse any other)."""

from __future__ import annotations

import pytest

from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.components import BUILDING
from engine.games.origins_first_builders.context import Ctx
from engine.games.origins_first_builders.events import EVENTS
from engine.games.origins_first_builders.state import Step
from engine.kit import UnknownEvent
from service.table.state import is_table
from tests.engine.playout import play_bots, play_random
from tests.games.origins_first_builders.helpers import (
    act,
    acts,
    at,
    citizens,
    city,
    new_game,
    with_player,
    zodiac,
)
from tests.golden import corpus


def _virgo_on_a_farm() -> list[dict]:
    """ru appendix «Карты зодиака», Virgo: a building on a farm for free."""
    state = with_player(zodiac(new_game(2, seed=6), "p1", "virgo"), "p1", wisdom=0, stone=0)
    state = with_player(state, "p1", gold=0, city=city((1, 0, "mint", True)))
    state = at(state, "p1", Step("buy", ref="action"), Step("turn_end"))
    slot = next(i for i, k in enumerate(state.building_row) if BUILDING[k].colour != "yellow")
    return act(state, "p1", {"type": "buy", "slot": slot})[1]


def _courthouse() -> list[dict]:
    """ru appendix «Жетоны зданий», the Courthouse: a citizen die of another colour."""
    state = with_player(new_game(3, seed=5), "p1", stone=5, citizens=citizens(("red", 4)))
    state = at(state, "p1", Step("place", ref="court"), Step("turn_end"))
    moves = ({"type": "place", "x": 1, "y": 0}, {"type": "court", "die": 0})
    return acts(state, "p1", *moves, {"type": "recolour", "colour": "blue"})[1]


RARE = {E.FARM_REPLACED: _virgo_on_a_farm, E.CITIZEN_RECOLOURED: _courthouse}
"""Types only a particular card or building writes, which the playouts below may not reach
(a random game seldom builds on a farm holding Virgo, or builds the Courthouse): each is
written here by its own rule."""


def _written() -> set[str]:
    kinds: set[str] = set()
    for path in corpus.logs():
        log = corpus.read(path)
        if log.header["game"] == GAME.name:
            kinds |= {e.type for e in log.events if not is_table(e.payload)}
    for players in range(GAME.min_players, GAME.max_players + 1):
        for seed in range(2):
            kinds |= {e["type"] for e in play_random(GAME, players, seed).events}
            kinds |= {e["type"] for e in play_bots(GAME, players, seed).events}
    return kinds


def test_every_declared_event_type_is_written_by_the_rules_and_no_other() -> None:
    written = _written()
    for kind, scenario in RARE.items():
        kinds = {e["type"] for e in scenario()}
        assert kind in kinds, f"{scenario.__name__} no longer writes {kind}"
        written |= kinds
    assert written == set(EVENTS)


@pytest.mark.parametrize("misspelt", ["worker_send", "Passed", "pawn_migrated"])
def test_the_rules_cannot_emit_an_event_the_game_never_declared(misspelt: str) -> None:
    ctx = Ctx(new_game(2, seed=1), rng=None)
    with pytest.raises(UnknownEvent):
        ctx.emit(misspelt, seat="p1")
    assert ctx.events == []
