"""Which decisions show hidden information (engine contract ``reveals``): what lies face
down in Origin is the three decks, the innovation reserve and each player's hand (ru
«Подготовка к игре»)."""

from __future__ import annotations

import random

import pytest

from engine.games.origin import GAME
from engine.games.origin import events as ev
from engine.games.origin.events import EVENTS
from engine.games.origin.reveals import CONCEALING, REVEALING
from engine.games.origin.state import Step, replace
from tests.engine.playout import play_random
from tests.games.origin.helpers import (
    act,
    acts,
    new_game,
    put,
    turn_of,
    with_columns,
    with_player,
    with_stacks,
)


def _ready(**p1):
    """p1 to play with a stout pawn on the Sahara; p2 has a slender one in the Congo."""
    state = turn_of(new_game(2, seed=6), "p1")
    state = put(state, "p1", "sahara", 1, 2, "white")
    state = put(state, "p2", "congo", 1, 1, "black")
    return with_player(state, "p1", **p1) if p1 else state


def _reveals(state, move, seat: str = "p1") -> tuple[object, bool]:
    after, events = act(state, seat, move)
    return after, GAME.reveals(state, seat, events)


def _on_the_nile(state):
    """p1 has migrated to the Nile Valley and chooses its yellow reward."""
    state, _ = acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "sahara"},
        {"type": "migrate_to", "territory": "nile"},
    )  # fmt: skip
    return state


def test_choosing_an_action_and_migrating_a_pawn_reveal_nothing():
    state = _ready()
    for move in (
        {"type": "migrate"},
        {"type": "migrate_from", "territory": "sahara"},
        {"type": "migrate_to", "territory": "nile"},
    ):
        state, revealed = _reveals(state, move)
        assert revealed is False


def test_evolving_onto_a_green_territory_and_taking_its_hunting_token_reveals_nothing():
    state = put(turn_of(new_game(2, seed=6), "p1"), "p1", "sahara", 1, 1, "white")
    state, _ = acts(state, "p1", {"type": "evolve"}, {"type": "evolve_on", "territory": "congo"})
    _, events = act(state, "p1", GAME.legal_moves(state, "p1")[0])
    assert any(e["type"] == ev.HUNTING_TOKEN_TAKEN for e in events)
    assert GAME.reveals(state, "p1", events) is False


def test_drawing_a_card_reveals_hidden_information():
    state = with_columns(_on_the_nile(_ready()), yellow=[])
    _, events = act(state, "p1", {"type": "reward", "option": "tile_and_card"})
    assert any(e["type"] == ev.CARD_DRAWN for e in events)
    assert GAME.reveals(state, "p1", events) is True


def test_drawing_three_cards_reveals_and_keeping_one_of_them_reveals_nothing():
    state, revealed = _reveals(_on_the_nile(_ready()), {"type": "reward", "option": "three_cards"})
    assert revealed is True
    _, revealed = _reveals(state, GAME.legal_moves(state, "p1")[0])
    assert revealed is False


def test_a_tile_replaced_from_the_face_down_reserve_reveals_and_the_last_tiles_do_not():
    state = replace(_ready(), pending=(Step("take_tile", "brown"),))
    state = replace(state, turn=replace(state.turn, acted=True))
    take = {"type": "take_tile", "column": "brown", "level": 1}
    _, revealed = _reveals(with_columns(state, brown=[1, 1]), take)
    assert revealed is True
    _, revealed = _reveals(replace(with_columns(state, brown=[1, 1]), tile_reserve=()), take)
    assert revealed is False


def test_completing_an_objective_reveals_the_one_drawn_to_replace_it():
    state = _ready(objectives=("africa",))
    state = put(put(state, "p1", "nile", 1, 1, "black"), "p1", "cape", 2, 1, "white")
    _, revealed = _reveals(state, {"type": "complete", "card": "africa"})
    assert revealed is True


def test_completing_an_objective_in_the_last_round_draws_nothing_and_reveals_nothing():
    state = _ready(objectives=("africa",))
    state = put(put(state, "p1", "nile", 1, 1, "black"), "p1", "cape", 2, 1, "white")
    _, revealed = _reveals(replace(state, last_round=True), {"type": "complete", "card": "africa"})
    assert revealed is False


def test_playing_a_card_from_ones_hand_reveals_nothing():
    state = with_stacks(_ready(permanents=("cart",)), "p1", 1)
    _, revealed = _reveals(state, {"type": "play", "card": "cart"})
    assert revealed is False


def test_taking_a_card_from_the_face_up_discard_pile_reveals_nothing():
    state = replace(_ready(actions=("volcanic_eruption",)), discard=("hunter",))
    state, revealed = _reveals(state, {"type": "play", "card": "volcanic_eruption"})
    assert revealed is False
    _, revealed = _reveals(state, {"type": "take_discard", "card": "hunter"})
    assert revealed is False


def _swapped(state):
    state, _ = acts(
        state, "p1", {"type": "swap"}, {"type": "swap_from", "territory": "sahara"},
        {"type": "swap_with", "territory": "congo"},
    )  # fmt: skip
    return state


def test_tribal_war_cards_reveals_the_displaced_players_hand_and_the_card_stolen():
    state = _ready(actions=("tribal_war_cards",))
    state = _swapped(with_player(state, "p2", actions=("hunter",), objectives=("africa",)))
    state, revealed = _reveals(state, {"type": "play", "card": "tribal_war_cards"})
    assert revealed is True
    _, revealed = _reveals(state, {"type": "steal_card", "card": "hunter"})
    assert revealed is True


def test_tribal_war_on_face_up_tiles_and_strait_tokens_reveals_nothing():
    state = _ready(actions=("tribal_war_tiles",))
    state = _swapped(with_stacks(state, "p2", 1))
    state, revealed = _reveals(state, {"type": "play", "card": "tribal_war_tiles"})
    assert revealed is False
    _, revealed = _reveals(state, {"type": "steal_tile", "level": 1})
    assert revealed is False
    state = _swapped(
        with_player(_ready(actions=("tribal_war_straits",)), "p2", straits=(("suez", 3),))
    )
    _, revealed = _reveals(state, {"type": "play", "card": "tribal_war_straits"})
    assert revealed is False


def test_putting_an_objective_under_the_deck_reveals_nothing():
    state = replace(_ready(objectives=("africa", "eurasia", "green")), pending=(Step("limit"),))
    _, revealed = _reveals(state, {"type": "return_objective", "card": "green"})
    assert revealed is False


def test_keeping_an_objective_reveals_nothing_until_the_last_keep_reshuffles_the_deck():
    state = GAME.replay(GAME.setup(["p1", "p2"], {}, random.Random(3)))
    state, revealed = _reveals(
        state, {"type": "keep_objective", "card": state.player("p1").dealt[0]}
    )
    assert revealed is False
    _, events = act(state, "p2", {"type": "keep_objective", "card": state.player("p2").dealt[0]})
    assert any(e["type"] == ev.OBJECTIVES_SHUFFLED for e in events)
    assert GAME.reveals(state, "p2", events) is True


def test_the_decision_that_ends_the_game_reveals_the_final_count():
    run = play_random(GAME, 2, seed=12)
    last = run.log[-1]
    assert run.events[-1]["type"] == ev.GAME_ENDED
    assert GAME.reveals(last.state, last.seat, last.events) is True
    ended = [e for e in last.events if e["type"] != ev.GAME_ENDED]
    assert GAME.reveals(last.state, last.seat, ended) is (
        any(e["type"] in REVEALING for e in ended)
    )


def test_every_event_origin_declares_or_produces_is_classified_as_revealing_or_not():
    assert not REVEALING & CONCEALING
    assert set(EVENTS) == REVEALING | CONCEALING
    produced: set[str] = set()
    for seed in range(20):
        produced |= {e["type"] for e in play_random(GAME, 2 + seed % 3, seed).events}
    assert produced <= REVEALING | CONCEALING


@pytest.mark.parametrize("kind", ["no_such_event", "pawn_teleported"])
def test_an_event_of_an_unknown_type_counts_as_revealing(kind):
    assert GAME.reveals(_ready(), "p1", [{"type": kind}]) is True
