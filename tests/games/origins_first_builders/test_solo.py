"""ru «Одиночный режим для тренировки»: the neighbouring starship, its limits, and the
superiority token's new use."""

from __future__ import annotations

from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders.state import replace
from tests.games.origins_first_builders.helpers import (
    act,
    acts,
    at,
    moves_of,
    new_game,
    player,
    step,
    with_player,
)

ARCHON = {"type": "visit", "worker": "archon"}


def _solo(zones, tokens=0):
    state = new_game(1, seed=2)
    state = replace(state, zones=tuple(zones))
    return at(with_player(state, "p1", tokens=tokens), "p1")


def test_only_the_solo_player_takes_turns_round_after_round():
    state = new_game(1, seed=2)
    assert GAME.to_act(state) == {"p1"}
    state, _ = act(at(state, "p1"), "p1", {"type": "pass"})
    assert GAME.to_act(state) == {"p1"} and state.round == 2


def test_a_visit_also_raises_a_neighbouring_starship_of_the_players_choice():
    state = _solo((1, 2, 3, 4, 5))
    state, _ = acts(state, "p1", ARCHON, {"type": "zone", "zone": 2})
    assert moves_of(state, "p1") == [{"type": "raise", "zone": 1}, {"type": "raise", "zone": 3}]
    state, _ = act(state, "p1", {"type": "raise", "zone": 3})
    assert state.zones == (1, 2, 4, 5, 5)


def test_the_end_zones_have_a_single_neighbour():
    state = _solo((1, 2, 3, 4, 5))
    state, _ = acts(state, "p1", ARCHON, {"type": "zone", "zone": 0})
    assert state.zones == (2, 3, 3, 4, 5)  # the only neighbour was raised without asking
    assert step(state) == "zone_actions"


def test_a_neighbour_is_never_raised_past_6_and_the_step_is_skipped_when_both_are_at_6():
    state = _solo((1, 6, 3, 4, 5))
    state, _ = acts(state, "p1", ARCHON, {"type": "zone", "zone": 0})
    assert state.zones == (2, 6, 3, 4, 5)
    state = _solo((1, 6, 3, 6, 5))
    state, _ = acts(state, "p1", ARCHON, {"type": "zone", "zone": 2})
    assert state.zones == (1, 6, 4, 6, 5)


def test_the_visited_starship_still_turns_from_6_to_1():
    state = _solo((1, 2, 6, 4, 5))
    state, _ = acts(state, "p1", ARCHON, {"type": "zone", "zone": 2}, {"type": "raise", "zone": 1})
    assert state.zones == (1, 3, 1, 4, 5)


def test_a_superiority_token_keeps_every_starship_still_this_turn():
    state = _solo((1, 2, 3, 4, 5), tokens=1)
    state, _ = acts(state, "p1", ARCHON, {"type": "zone", "zone": 2})
    assert {"type": "keep_starships"} in moves_of(state, "p1")
    state, _ = act(state, "p1", {"type": "keep_starships"})
    assert state.zones == (1, 2, 3, 4, 5)
    assert player(state, "p1").tokens == 0 and state.turn.token_used


def test_the_token_that_kept_the_starships_still_is_the_turns_one_token():
    state = _solo((1, 2, 3, 4, 5), tokens=2)
    state, _ = acts(state, "p1", ARCHON, {"type": "zone", "zone": 2}, {"type": "keep_starships"})
    while step(state) != "main" and "p1" in GAME.to_act(state):
        moves = moves_of(state, "p1")
        assert {"type": "extra_action"} not in moves
        state, _ = act(state, "p1", moves[0])
