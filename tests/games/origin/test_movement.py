"""ru «Миграция», «Обмен», and Navigator, Cart, Carriage, Power, Control."""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.games.origin import GAME
from engine.games.origin import events as ev
from engine.games.origin.components import INDEX, STRAIT_IDS
from engine.games.origin.state import replace
from tests.games.origin.helpers import (
    act,
    acts,
    new_game,
    put,
    targets,
    turn_of,
    types,
    with_player,
)


def _game(players: int = 2):
    return turn_of(new_game(players, seed=2), "p1")


def _migration_targets(state, origin: str, seat: str = "p1") -> set[str]:
    state, _ = acts(state, seat, {"type": "migrate"}, {"type": "migrate_from", "territory": origin})
    return targets(state, seat, "migrate_to")


def _swap_targets(state, origin: str, seat: str = "p1") -> set[str]:
    state, _ = acts(state, seat, {"type": "swap"}, {"type": "swap_from", "territory": origin})
    return targets(state, seat, "swap_with")


def test_the_rulebook_migration_passes_through_an_occupied_green_territory():
    # ru: the height-2 pawn passes the pink pawn's green territory and stops on orange.
    state = put(_game(), "p1", "nordeste", 2, 1, "white")
    state = put(state, "p2", "amazonia", 1, 1, "black")
    state, events = acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "nordeste"},
        {"type": "migrate_to", "territory": "llanos"},
    )  # fmt: skip
    assert types(events)[:2] == [ev.ACTION_CHOSEN, ev.PAWN_MIGRATED]
    assert state.board[INDEX["llanos"]].owner == "p1"
    assert state.board[INDEX["nordeste"]] is None
    assert state.board[INDEX["amazonia"]].owner == "p2"


def test_a_pawn_migrates_at_most_as_many_territories_as_its_height_and_may_stop_sooner():
    short = put(_game(), "p1", "nordeste", 1, 1, "white")
    assert _migration_targets(short, "nordeste") == {"amazonia", "pampas"}
    tall = put(_game(), "p1", "nordeste", 2, 1, "white")
    assert _migration_targets(tall, "nordeste") == {
        "amazonia", "pampas", "llanos", "andes", "patagonia",
    }  # fmt: skip


def test_a_migrating_pawn_never_ends_on_an_occupied_territory():
    state = put(_game(), "p1", "nordeste", 1, 1, "white")
    state = put(state, "p2", "pampas", 1, 2, "black")
    assert _migration_targets(state, "nordeste") == {"amazonia"}


def test_a_migrating_pawn_does_not_cross_a_strait_without_the_navigator():
    state = put(_game(), "p1", "sahel", 3, 1, "white")
    assert "nordeste" not in _migration_targets(state, "sahel")


def test_the_navigator_crosses_a_strait_counting_it_as_one_step():
    state = put(_game(), "p1", "sahel", 1, 1, "white")
    state = with_player(state, "p1", actions=("navigator",))
    state, _ = act(state, "p1", {"type": "play", "card": "navigator"})
    reach = _migration_targets(state, "sahel")
    assert "nordeste" in reach and "amazonia" not in reach


def test_cart_adds_one_and_carriage_two_to_a_pawns_speed():
    state = put(_game(), "p1", "patagonia", 1, 1, "white")
    assert "llanos" not in _migration_targets(state, "patagonia")
    cart = with_player(state, "p1", in_play=("cart",))
    assert "amazonia" in _migration_targets(cart, "patagonia")  # 2 steps
    both = with_player(state, "p1", in_play=("cart", "carriage"))
    assert "nordeste" in _migration_targets(both, "patagonia")  # 3 steps


def test_the_rulebook_swap_exchanges_a_stronger_pawn_with_a_weaker_one():
    # ru: pink's strength-2 height-2 pawn stops on the yellow territory of green's
    # strength-1 pawn; green's pawn goes to the territory pink's pawn left.
    state = put(_game(), "p2", "llanos", 2, 2, "brown")
    state = put(state, "p1", "nordeste", 1, 1, "black")
    state = turn_of(state, "p2")
    state, events = acts(
        state, "p2", {"type": "swap"}, {"type": "swap_from", "territory": "llanos"},
        {"type": "swap_with", "territory": "nordeste"},
    )  # fmt: skip
    swapped = next(e for e in events if e["type"] == ev.PAWNS_SWAPPED)
    assert swapped["victim"] == "p1"
    assert state.board[INDEX["nordeste"]].owner == "p2"
    assert state.board[INDEX["llanos"]].owner == "p1"
    assert [(s.kind, s.arg) for s in state.pending] == [("reward", "yellow")]


def test_a_pawn_may_swap_only_with_a_weaker_pawn_of_another_player():
    state = put(_game(), "p1", "sahara", 1, 2, "white")
    state = put(state, "p2", "maghreb", 3, 1, "black")
    state = put(state, "p2", "sahel", 1, 2, "black")
    state = put(state, "p1", "nile", 1, 1, "brown")
    assert _swap_targets(state, "sahara") == {"maghreb"}


def test_power_allows_a_swap_with_a_pawn_of_equal_strength():
    state = put(_game(), "p1", "sahara", 1, 2, "white")
    state = put(state, "p2", "sahel", 1, 2, "black")
    assert {"type": "swap"} not in GAME.legal_moves(state, "p1")
    state = with_player(state, "p1", in_play=("power",))
    assert _swap_targets(state, "sahara") == {"sahel"}


def test_control_allows_a_swap_whatever_the_strength():
    state = put(_game(), "p1", "sahara", 1, 1, "white")
    state = put(state, "p2", "sahel", 1, 3, "black")
    state = with_player(state, "p1", actions=("control",))
    state, _ = act(state, "p1", {"type": "play", "card": "control"})
    assert _swap_targets(state, "sahara") == {"sahel"}


def test_nobody_may_swap_with_the_neutral_pawn_not_even_with_control():
    state = put(_game(), "p1", "sahara", 1, 3, "white")
    state = with_player(state, "p1", actions=("control",))
    assert {"type": "swap"} not in GAME.legal_moves(state, "p1")
    assert {"type": "play", "card": "control"} not in GAME.legal_moves(state, "p1")
    with pytest.raises(IllegalMove):
        act(state, "p1", {"type": "swap"})


def test_the_displaced_player_gains_no_reward_from_the_territory_it_is_sent_to():
    state = put(_game(), "p1", "amazonia", 1, 2, "white")  # its hunting token is still there
    state = put(state, "p2", "llanos", 1, 1, "black")
    token = state.hunting[INDEX["amazonia"]]
    state, events = acts(
        state, "p1", {"type": "swap"}, {"type": "swap_from", "territory": "amazonia"},
        {"type": "swap_with", "territory": "llanos"},
    )  # fmt: skip
    assert state.board[INDEX["amazonia"]].owner == "p2"
    assert state.hunting[INDEX["amazonia"]] == token
    assert state.player("p2").hunting == ()
    assert ev.HUNTING_TOKEN_TAKEN not in types(events)


def _displaced_onto_gibraltar(state):
    """p1 swaps its Maghreb pawn with p2's on the Sahara: p2 lands on Maghreb and now holds
    both sides of the Strait of Gibraltar (Maghreb and Iberia)."""
    state = put(state, "p1", "maghreb", 1, 3, "white")
    state = put(state, "p2", "sahara", 1, 1, "black")
    state = put(state, "p2", "iberia", 1, 2, "black")
    return acts(
        state, "p1", {"type": "swap"}, {"type": "swap_from", "territory": "maghreb"},
        {"type": "swap_with", "territory": "sahara"},
    )  # fmt: skip


def test_a_displaced_player_gains_no_strait_token_at_the_swap_but_takes_it_by_its_own_action():
    # ru «Фаза награждения», note: the displaced player «ничего и не приобретает от своего
    # перемещения»; strait tokens are one of the four rewards.
    state = _game()
    value = state.straits[STRAIT_IDS.index("gibraltar")]
    state, events = _displaced_onto_gibraltar(state)
    assert state.board[INDEX["maghreb"]].owner == "p2"
    assert ev.STRAIT_TOKEN_TAKEN not in types(events)
    assert state.player("p2").straits == ()
    assert state.straits[STRAIT_IDS.index("gibraltar")] == value
    # ru «Проливы»: the holder of both sides takes it, after an action of their own.
    state = turn_of(state, "p2")
    state, events = act(state, "p2", {"type": "evolve"})
    for _ in range(2):
        state, more = act(state, "p2", GAME.legal_moves(state, "p2")[0])
        events += more
    taken = [e for e in events if e["type"] == ev.STRAIT_TOKEN_TAKEN]
    assert [(e["seat"], e["strait"], e["value"]) for e in taken] == [("p2", "gibraltar", value)]
    assert state.player("p2").straits == (("gibraltar", value),)


def test_under_origin_1_a_displaced_player_holding_both_sides_took_the_token_at_the_swap():
    state = replace(_game(), ruleset="origin-1")
    value = state.straits[STRAIT_IDS.index("gibraltar")]
    state, events = _displaced_onto_gibraltar(state)
    taken = next(e for e in events if e["type"] == ev.STRAIT_TOKEN_TAKEN)
    assert (taken["seat"], taken["strait"], taken["value"]) == ("p2", "gibraltar", value)
    assert state.player("p2").straits == (("gibraltar", value),)
