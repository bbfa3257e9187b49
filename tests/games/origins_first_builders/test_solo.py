"""ru «Одиночный режим для тренировки»: the neighbouring starship, its limits, and the
superiority token's new use."""

from __future__ import annotations

from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.state import Step, replace
from tests.games.origins_first_builders.helpers import (
    act,
    acts,
    at,
    moves_of,
    new_game,
    player,
    step,
    war,
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


def _tiltyard(state):
    """p1, ahead of the dummy disc on the war track, places a Tiltyard."""
    state = war(with_player(state, "p1", stone=5, citizens=()), ("dummy", 0), ("p1", 1))
    state = at(state, "p1", Step("place", ref="tiltyard"), Step("turn_end"))
    return act(state, "p1", {"type": "place", "x": 1, "y": 0})


def test_the_solo_tiltyard_gives_nothing_for_the_dummy_disc_which_is_not_a_player():
    # ru «Ристалище»: «за каждого игрока позади вас»; the dummy disc is a disc, not a player.
    state, _ = _tiltyard(new_game(1, seed=2))
    assert dict(state.war)["p1"] == 3
    assert moves_of(state, "p1", "tiltyard") == []
    assert step(state) != "tiltyard"


def test_under_ofb_1_the_solo_tiltyard_counted_the_dummy_disc():
    state, _ = _tiltyard(replace(new_game(1, seed=2), ruleset="ofb-1"))
    assert moves_of(state, "p1", "tiltyard") == [
        {"type": "tiltyard", "stone": 1, "food": 0},
        {"type": "tiltyard", "stone": 0, "food": 1},
    ]


def test_the_solo_attack_still_scores_for_the_dummy_disc_behind():
    # ru attack: a point «за каждый диск» behind: the dummy disc is one.
    state = war(with_player(new_game(1, seed=2), "p1", vp=0), ("dummy", 0), ("p1", 2))
    state = at(state, "p1", Step("war", ref="or", n=1), Step("turn_end"))
    state, events = act(state, "p1", {"type": "attack"})
    assert next(e for e in events if e["type"] == E.ATTACKED)["behind"] == 1
