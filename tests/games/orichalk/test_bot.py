"""The bot (engine contract ``bot_move``) plays sensibly: titans, ports, good fights, Kronos,
temples and medallions."""

from __future__ import annotations

import random

import pytest

from engine.games.orichalk import GAME
from engine.games.orichalk.bot import win_chance
from engine.games.orichalk.state import ACTION, EXTRA, PLACE, TAKE, replace
from tests.engine.playout import play_bots
from tests.games.orichalk.helpers import (
    act,
    at_step,
    fresh_island,
    land,
    new_game,
    with_island,
    with_offers,
    with_player,
)


def _state(players: int = 2, island=None, **player):
    state = new_game(players, seed=12)
    seat = state.turn.seat
    state = with_island(state, seat, island or fresh_island())
    return with_player(state, seat, **player), seat


def test_the_fight_odds_count_the_skull():
    assert win_chance(1, 4) == pytest.approx(0.5)  # 4, 5 or the skull
    assert win_chance(2, 12) == pytest.approx(11 / 36)  # only a skull reaches 12
    assert win_chance(3, 10) > win_chance(2, 10)


def test_the_bot_plays_the_easier_side():
    state = GAME.replay(GAME.setup(["p1", "p2"], {}, random.Random(1)))
    assert GAME.bot_move(state, "p1") == {"type": "choose_side", "side": "easy"}


def test_the_bot_places_a_tile_to_take_a_titan():
    state, seat = _state(island=land(fresh_island(), {"D2": "D", "D3": "D"}))
    state = at_step(state, seat, PLACE, card="mine-single", tile=11)
    move = GAME.bot_move(state, seat)
    assert move["cells"] in (["C3"], ["C4"], ["D4"], ["E3"], ["E4"], ["C2"], ["E2"])
    state, _ = act(state, seat, move)
    assert state.player(seat).titans == (("kronos", True),)


def test_the_bot_forges_a_medallion_or_builds_a_temple_when_it_can():
    island = land(fresh_island(), {"C4": "F", "C5": "L", "B4": "D", "D4": "M", "C2": "F"})
    state, seat = _state(island=island, orichalcum=5)
    state = at_step(state, seat, ACTION, card="create-single", action="create")
    assert GAME.bot_move(state, seat)["type"] in ("temple", "medallion")


def test_the_bot_uses_kronos_on_the_strongest_creature():
    island = land(fresh_island(), {"C3": "V", "C5": "V"}, creatures={"C3": "cerberus",
                                                                     "C5": "hydra"})  # fmt: skip
    state, seat = _state(island=island, hoplites=0, titans=(("kronos", True),))
    state = at_step(state, seat, ACTION, card="capture-single", action="capture")
    assert GAME.bot_move(state, seat) == {"type": "fight", "cell": "C5", "hoplites": 0,
                                          "favour": True}  # fmt: skip


def test_the_bot_does_not_attack_a_hydra_alone_but_fights_a_cerberus():
    island = land(fresh_island(), {"C5": "V"}, creatures={"C5": "hydra"})
    state, seat = _state(island=island, hoplites=0)
    state = at_step(state, seat, ACTION, card="capture-single", action="capture")
    assert GAME.bot_move(state, seat) == {"type": "skip"}
    island = land(fresh_island(), {"C5": "V"}, creatures={"C5": "cerberus"})
    state = with_island(state, seat, island)
    assert GAME.bot_move(state, seat)["type"] == "fight"


def test_the_bot_prefers_a_free_card_unless_a_better_one_is_worth_its_price():
    state, seat = _state(hoplites=0)
    state = at_step(state, seat, TAKE)
    state = with_offers(state, ("mine-single", 1, []), ("recruit-single", 6, []),
                        ("create-single", 11, []))  # fmt: skip
    assert GAME.bot_move(state, seat)["slot"] in (0, 1)


def test_the_bot_buys_an_extra_create_for_a_victory_point():
    island = land(fresh_island(), {"C4": "F", "C5": "L", "B4": "D", "D4": "M"})
    state, seat = _state(island=island, hoplites=2, orichalcum=0)
    state = replace(state, tokens_left=17)
    state = at_step(state, seat, EXTRA)
    assert GAME.bot_move(state, seat) == {"type": "extra", "pay": "hoplites", "action": "create"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_games_end_in_a_sensible_number_of_rounds(players):
    rounds = [play_bots(GAME, players, seed).final.round for seed in range(6)]
    assert all(6 <= r <= 25 for r in rounds), rounds
