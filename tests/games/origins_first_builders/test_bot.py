"""The bot for a seat handed over (engine contract ``bot_move``): sensible, deterministic, and
blind to what its view does not show."""

from __future__ import annotations

from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders.state import Centre, Step, replace
from tests.engine.playout import play_bots, play_random
from tests.games.origins_first_builders.helpers import at, citizens, city, new_game, with_player
from tests.games.origins_first_builders.test_view import _hide_differently


def test_the_bot_closes_an_open_district_with_a_die_worth_placing():
    state = new_game(2, seed=1)
    state = with_player(
        state, "p1", city=city((1, -1, "mint"), (1, 0, "mint")), citizens=citizens(("yellow", 5))
    )
    assert GAME.bot_move(at(state, "p1"), "p1") == {"type": "close"}


def test_the_bot_builds_the_tower_its_power_centres_reward():
    state = new_game(2, seed=1)
    state = with_player(state, "p1", gold=2, centres=(Centre(0, -1, "blue", 5),))
    state = at(state, "p1", Step("tower"))
    assert GAME.bot_move(state, "p1") == {"type": "tower", "colour": "blue"}


def test_the_bot_sends_a_die_where_it_pays_no_wisdom_for_the_same_actions():
    state = new_game(2, seed=1)
    state = replace(state, zones=(6, 6, 6, 2, 6))
    state = with_player(state, "p1", citizens=citizens(("red", 2)), wisdom=3, gold=0)
    state = at(state, "p1", Step("zone", ref="citizen", n=0))
    assert GAME.bot_move(state, "p1") == {"type": "zone", "zone": 3}


def test_the_bot_passes_only_when_nothing_is_left_to_do():
    state = new_game(2, seed=1)
    state = with_player(state, "p1", citizens=(), archon=2, gold=0, food=0)
    assert GAME.bot_move(at(state, "p1"), "p1") == {"type": "pass"}
    busy = with_player(new_game(2, seed=1), "p1", food=0, gold=0)
    assert GAME.bot_move(at(busy, "p1"), "p1")["type"] != "pass"


def test_the_bot_never_reads_the_tiles_below_a_stacks_top():
    run = play_random(GAME, 3, seed=8)
    for decision in run.log[::7]:
        other = _hide_differently(decision.state)
        assert GAME.bot_move(other, decision.seat) == GAME.bot_move(decision.state, decision.seat)


def test_bots_finish_games_at_every_player_count_with_sensible_scores():
    for players in (1, 2, 3, 4):
        run = play_bots(GAME, players, seed=5)
        outcome = GAME.outcome(run.final)
        assert outcome is not None
        assert all(score > 20 for score in outcome["scores"].values())
