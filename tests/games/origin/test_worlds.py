"""Origin's worlds (issue 37 §1): what a seat cannot see (the other hands, the decks' order,
the face-down innovation tiles) dealt again from what it could be, and nothing else."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import registry
from engine.games.origin.components import CARDS, DECKS
from engine.games.origin.state import PLAY, State
from engine.kit.frozen import replace
from tests.engine.playout import play_bots

GAME = registry.get("origin")
_HAND_OF = {"action": "actions", "permanent": "permanents", "objective": "objectives"}


def decisions(players: int, seed: int) -> list[tuple[State, str]]:
    """Every state a seat decided in, in a game of bots, with that seat."""
    return [(d.state, d.seat) for d in play_bots(GAME, players, seed).log]


def hidden_twin(state: State, seat: str) -> State | None:
    """``state`` with one card of another player's hand swapped for a card of another name
    from the deck of its kind, every deck put in reverse order and the face-down tiles too:
    a state ``seat`` cannot tell from ``state`` (None when no such swap exists; a hand the
    seat is shown, a thief's victim's, is left alone)."""
    for other in state.players:
        if other.seat == seat:
            continue
        for deck_index, deck in enumerate(DECKS):
            field = _HAND_OF[deck]
            hand: tuple[str, ...] = getattr(other, field)
            pile = state.decks[deck_index]
            for card in hand:
                swap = next((c for c in pile if c != card), None)
                if swap is None:
                    continue
                at = pile.index(swap)
                new_hand = list(hand)
                new_hand.remove(card)
                new_pile = (*pile[:at], card, *pile[at + 1 :])[::-1]
                players = tuple(
                    replace(p, **{field: tuple(sorted((*new_hand, swap)))})
                    if p.seat == other.seat
                    else p
                    for p in state.players
                )
                decks = tuple(
                    new_pile if i == deck_index else d[::-1] for i, d in enumerate(state.decks)
                )
                twin = replace(
                    state, players=players, decks=decks, tile_reserve=state.tile_reserve[::-1]
                )
                if GAME.view(twin, seat) == GAME.view(state, seat):
                    return twin
    return None


def mid_game(players: int, seed: int) -> list[tuple[State, str, State]]:
    """States of the middle of a game, each with the seat deciding and its hidden twin."""
    found = []
    for state, seat in decisions(players, seed):
        if state.phase != PLAY or len(GAME.legal_moves(state, seat)) < 2:
            continue
        twin = hidden_twin(state, seat)
        if twin is not None:
            found.append((state, seat, twin))
    return found[len(found) // 4 : 3 * len(found) // 4]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_world_keeps_what_the_seat_sees_its_moves_and_every_component(players):
    for number, (state, seat) in enumerate(decisions(players, seed=players)):
        for looker in state.seats:
            world = GAME.sample_world(state, looker, random.Random(number))
            assert GAME.view(world, looker) == GAME.view(state, looker)
            assert GAME.legal_moves(world, looker) == GAME.legal_moves(state, looker)
            assert dict(GAME.inventory(world)) == dict(GAME.inventory(state))
        assert GAME.to_act(GAME.sample_world(state, seat, random.Random(0))) == GAME.to_act(state)


def test_a_world_deals_another_players_hand_and_the_decks_anew():
    state, seat, _ = mid_game(2, seed=5)[0]
    other = next(p.seat for p in state.players if p.seat != seat)
    worlds = [GAME.sample_world(state, seat, random.Random(n)) for n in range(10)]
    assert any(w.player(other) != state.player(other) for w in worlds)
    assert any(w.decks != state.decks for w in worlds)
    assert all(w.player(seat) == state.player(seat) for w in worlds)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_states_differing_only_in_hidden_cards_give_equal_worlds_for_equal_seeds(players):
    cases = mid_game(players, seed=10 + players)
    assert cases
    for number, (state, seat, twin) in enumerate(cases):
        assert twin != state and GAME.view(twin, seat) == GAME.view(state, seat)
        assert GAME.sample_world(state, seat, random.Random(number)) == GAME.sample_world(
            twin, seat, random.Random(number)
        )


def test_the_thief_keeps_seeing_the_hand_it_steals_from():
    # ru «Межплеменная война»: the victim's hand is shown to the thief while it chooses.
    thefts: list[Any] = [
        (s, seat)
        for seed in range(30)
        for s, seat in decisions(3, seed)
        if s.pending and s.pending[0].kind == "steal_card"
    ]
    if not thefts:
        pytest.skip("no bot game of these seeds plays Tribal war")
    for state, seat in thefts:
        victim = state.pending[0].arg
        world = GAME.sample_world(state, seat, random.Random(1))
        assert world.player(victim) == state.player(victim)
        assert all(CARDS[c].deck == "action" for c in world.player(victim).actions)
