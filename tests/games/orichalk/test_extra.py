"""uk фаза 4 «Виконайте додаткову дію»: one extra action at one of three tiers; Statues and
Forges (SOURCE)."""

from __future__ import annotations

from engine.games.orichalk import GAME
from engine.games.orichalk.events import EXTRA_ACTION_BOUGHT, MINED, RECRUITED, TURN_ENDED
from engine.games.orichalk.state import ACTION, EXTRA, Site, replace
from tests.games.orichalk.helpers import (
    act,
    at_step,
    event,
    fresh_island,
    land,
    moves_of,
    new_game,
    types,
    with_island,
    with_player,
)


def _at_extra(island=None, players: int = 3, **player):
    state = new_game(players, seed=6)
    seat = state.turn.seat
    state = with_island(state, seat, island or fresh_island())
    state = with_player(state, seat, **player)
    return at_step(state, seat, EXTRA), seat


def _offers(state, seat) -> set[tuple[str, str]]:
    return {(m["pay"], m["action"]) for m in moves_of(state, seat, "extra")}


def test_each_tier_allows_its_own_actions():
    island = land(fresh_island(), {"C3": "V", "C2": "F"}, creatures={"C3": "cerberus"})
    state, seat = _at_extra(island, hoplites=2, orichalcum=2, creatures=("minotaur",))
    assert _offers(state, seat) == {
        ("hoplites", "capture"), ("hoplites", "mine"),
        ("orichalcum", "capture"), ("orichalcum", "recruit"),
        ("creature", "mine"), ("creature", "recruit"), ("creature", "capture"),
    }, "nowhere to create: the construction board is as set up, the island has no room"  # fmt: skip
    assert {"type": "skip"} in moves_of(state, seat)


def test_an_extra_action_is_offered_only_when_it_can_be_paid():
    state, seat = _at_extra(hoplites=1, orichalcum=1, creatures=())
    assert moves_of(state, seat) == []


def test_a_creature_spent_on_an_extra_action_goes_back_to_the_bag():
    state, seat = _at_extra(hoplites=0, orichalcum=0, creatures=("gorgon",))
    bag = sum(state.creature_bag)
    move = {"type": "extra", "pay": "creature", "action": "recruit", "creature": "gorgon"}
    assert (
        GAME.describe(state, move)
        == "Extra action: Recruit hoplites, returning a Gorgon to the bag"
    )
    state, events = act(state, seat, move)
    assert sum(state.creature_bag) == bag + 1
    assert state.player(seat).creatures == ()
    assert event(events, RECRUITED)["hoplites"] == 1


def test_the_extra_action_may_repeat_phase_3s_action_even_when_it_was_skipped():
    state, seat = _at_extra(hoplites=3, orichalcum=0)
    state = at_step(state, seat, ACTION, card="mine-single", action="mine")
    state, _ = act(state, seat, {"type": "skip"})
    assert state.turn.step == EXTRA
    assert ("hoplites", "mine") in _offers(state, seat)
    state, events = act(state, seat, {"type": "extra", "pay": "hoplites", "action": "mine"})
    assert types(events)[:2] == [EXTRA_ACTION_BOUGHT, MINED]
    assert state.player(seat).hoplites == 1 and state.player(seat).orichalcum == 1


def test_only_one_extra_action_per_turn_without_a_forge():
    state, seat = _at_extra(hoplites=9, orichalcum=9)
    state, events = act(state, seat, {"type": "extra", "pay": "hoplites", "action": "mine"})
    assert TURN_ENDED in types(events)


def test_a_forge_allows_a_second_extra_action():
    island = land(fresh_island(), {"C2": "F"}, buildings={"C2": "forge"})
    state, seat = _at_extra(island, hoplites=9, orichalcum=9)
    state, _ = act(state, seat, {"type": "extra", "pay": "hoplites", "action": "mine"})
    assert state.turn.step == EXTRA and state.turn.extras == 1
    state, events = act(state, seat, {"type": "extra", "pay": "orichalcum", "action": "recruit"})
    assert TURN_ENDED in types(events)


def test_statues_make_hoplite_and_orichalcum_extras_cheaper():
    island = land(fresh_island(), {"C2": "F"}, buildings={"C2": "statues"})
    state, seat = _at_extra(island, hoplites=1, orichalcum=1)
    assert ("hoplites", "mine") in _offers(state, seat)
    state, events = act(state, seat, {"type": "extra", "pay": "orichalcum", "action": "recruit"})
    assert event(events, EXTRA_ACTION_BOUGHT)["cost"] == 1
    assert state.player(seat).orichalcum == 0


def test_a_bought_create_must_create_something():
    island = land(fresh_island(), {"C2": "F"})
    state, seat = _at_extra(island, hoplites=2, orichalcum=0)
    state = replace(state, sites=(Site("forest", "forge"), *state.sites[1:]))
    assert ("hoplites", "create") in _offers(state, seat)
    state, _ = act(state, seat, {"type": "extra", "pay": "hoplites", "action": "create"})
    assert state.turn.step == ACTION and state.turn.extra
    assert moves_of(state, seat) == [
        {"type": "build", "slot": "forest", "building": "forge", "cell": "C2"}
    ]


def test_paying_orichalcum_counts_against_the_medallion_of_that_extra_create():
    state, seat = _at_extra(hoplites=2, orichalcum=6)
    state = replace(state, sites=tuple(Site(s.terrain) for s in state.sites))
    offers = _offers(state, seat)
    assert ("hoplites", "create") in offers
    assert ("orichalcum", "create") not in offers
