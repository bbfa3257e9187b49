"""uk «Кінець раунду»: refill both boards, pass the initiative, a hoplite on its right."""

from __future__ import annotations

from engine.games.orichalk import GAME
from engine.games.orichalk.components import CARD, SIZES, TILE, VOLCANO
from engine.games.orichalk.events import (
    ACTION_DECK_RESHUFFLED,
    BUILDING_DRAWN,
    CARD_DEALT,
    CARD_TAKEN,
    HOPLITES_GAINED,
    INITIATIVE_TIED,
    TILE_PLACED,
    TILE_RETURNED,
)
from engine.games.orichalk.state import INITIATIVE, METROPOLIS, TAKE, Offer, Site, replace
from tests.games.orichalk.helpers import (
    act,
    at_step,
    event,
    fresh_island,
    moves_of,
    new_game,
    types,
    with_island,
    with_player,
)


def _last_turn(players: int = 3, seed: int = 7, hoplites: tuple[int, ...] = (), **changes):
    """The last player of the round at phase 4, holding a creature to pay with: skipping
    the extra action ends the round (with 2 players, discarding does)."""
    state = new_game(players, seed=seed)
    last = state.order[-1]
    for i, seat in enumerate(state.seats):
        state = with_island(state, seat, fresh_island())
        state = with_player(state, seat, orichalcum=0, creatures=("cerberus",) if seat == last
                            else (), hoplites=hoplites[i] if hoplites else 0)  # fmt: skip
    state = replace(state, **changes)
    return at_step(state, last, "extra"), last


def _end_round(state, last, rng=None):
    return act(state, last, {"type": "skip"}, rng)


def test_the_action_board_is_refilled_left_to_right_with_a_tile_and_creatures():
    state, last = _last_turn(offers=())
    state = replace(state, offers=(Offer("mine-single", 1, ()), Offer("mine-double", 26, ())))
    deck = state.deck
    tops = {size: stack[0] for size, stack in zip(SIZES, state.stacks, strict=True)}
    state, events = _end_round(state, last)
    dealt = [e for e in events if e["type"] == CARD_DEALT]
    assert [e["slot"] for e in dealt] == [2, 3, 4]
    assert [e["card"] for e in dealt] == list(deck[:3])
    for e in dealt:
        size = CARD[e["card"]].size
        assert TILE[e["tile"]].size == size
        assert len(e["creatures"]) == TILE[e["tile"]].terrains.count(VOLCANO)
    assert dealt[0]["tile"] == tops[CARD[dealt[0]["card"]].size]
    assert len(state.offers) == 5


def test_the_discard_is_reshuffled_when_the_deck_runs_out():
    state, last = _last_turn()
    kept = state.offers[:3]
    discard = tuple(c for c in CARD if c not in {o.card for o in kept})
    state = replace(state, offers=kept, deck=(), discard=discard)
    state, events = _end_round(state, last)
    assert sorted(event(events, ACTION_DECK_RESHUFFLED)["deck"]) == sorted(discard)
    assert types(events).index(ACTION_DECK_RESHUFFLED) < types(events).index(CARD_DEALT)
    assert len(state.offers) == 5 and state.discard == ()
    assert len(state.deck) == len(discard) - 2


def test_the_construction_board_is_refilled_with_an_orichalcum_on_a_new_mine():
    state, last = _last_turn()
    state = replace(state, sites=(Site("forest"), *state.sites[1:]),
                    building_bag=tuple(5 if b == 1 else 0 for b in range(10)))  # fmt: skip
    state, events = _end_round(state, last)
    assert event(events, BUILDING_DRAWN) == {
        "type": BUILDING_DRAWN, "slot": "forest", "building": "mine",
    }  # fmt: skip
    assert state.sites[0] == Site("forest", "mine", True)


def test_a_refill_lays_a_hoplite_on_each_newly_revealed_camp_and_a_camp_left_keeps_its_one():
    # uk «Поповніть планшет створення»: «Покладіть по 1 голпіту на кожен відкритий
    # тренувальний табір»: «відкритий» is revealed, as «щойно відкрито» for the cards, and
    # the builder takes «ресурс, який лежить на жетоні» (one). RULINGS «Resources on the
    # construction board».
    state, last = _last_turn()
    camps = (Site("forest"), Site("lagoon", "training_camp", True), *state.sites[2:])
    state = replace(state, sites=camps, building_bag=(5,) + (0,) * 9)
    state, events = _end_round(state, last)
    assert event(events, BUILDING_DRAWN) == {
        "type": BUILDING_DRAWN, "slot": "forest", "building": "training_camp",
    }  # fmt: skip
    assert state.sites[:2] == (
        Site("forest", "training_camp", True),
        Site("lagoon", "training_camp", True),
    )
    assert GAME.view(state, None)["construction_board"]["slots"][1]["resource"] == "hoplite"


def test_the_player_with_most_hoplites_takes_the_initiative_and_the_one_on_its_right_a_hoplite():
    state, last = _last_turn(hoplites=(1, 4, 2))
    state, events = _end_round(state, last)
    assert state.initiative == "p2"
    assert event(events, HOPLITES_GAINED) == {
        "type": HOPLITES_GAINED, "seat": "p1", "hoplites": 1, "reason": "initiative",
    }  # fmt: skip
    assert state.player("p1").hoplites == 2
    assert state.order == ("p2", "p3", "p1")
    assert state.turn.seat == "p2" and state.turn.step == TAKE
    assert state.round == 2


def test_a_tie_for_most_hoplites_is_settled_by_the_holder_who_cannot_keep_it():
    state, last = _last_turn(4, hoplites=(3, 3, 3, 0), initiative="p1")
    state, _ = _end_round(state, last)
    assert state.phase == INITIATIVE
    assert GAME.to_act(state) == {"p1"}
    assert moves_of(state, "p1") == [
        {"type": "give_initiative", "seat": "p2"},
        {"type": "give_initiative", "seat": "p3"},
    ]
    state, _ = act(state, "p1", {"type": "give_initiative", "seat": "p3"})
    assert state.initiative == "p3" and state.player("p2").hoplites == 4
    assert state.turn.seat == "p3"


def test_a_tie_with_only_one_other_player_passes_the_initiative_at_once():
    state, last = _last_turn(3, hoplites=(2, 2, 0), initiative="p1")
    state, events = _end_round(state, last)
    assert state.initiative == "p2" and INITIATIVE_TIED not in types(events)


def test_a_holder_alone_with_the_most_hoplites_keeps_the_initiative():
    state, last = _last_turn(3, hoplites=(5, 2, 0), initiative="p1")
    state, _ = _end_round(state, last)
    assert state.initiative == "p1"


def test_a_player_who_has_not_placed_the_metropolis_starts_the_turn_with_it():
    state = new_game(3, seed=7)
    assert state.turn.step == METROPOLIS


def _on_top(deck: tuple[str, ...], size: str) -> tuple[str, ...]:
    card = next(c for c in deck if CARD[c].size == size)
    return (card, *(c for c in deck if c != card))


def test_a_volcano_dealt_when_the_creature_bag_is_empty_stays_empty():
    state, last = _last_turn(hoplites=(3, 0, 0))
    state = replace(state, offers=state.offers[:4], deck=_on_top(state.deck, "double"),
                    creature_bag=(0, 0, 0, 0, 0),
                    stacks=(state.stacks[0], (46, *state.stacks[1]), state.stacks[2]))  # fmt: skip
    state, events = _end_round(state, last)
    dealt = event(events, CARD_DEALT)
    assert (dealt["tile"], dealt["creatures"]) == (46, [""])


def test_a_card_dealt_when_its_stack_is_empty_comes_without_a_tile():
    state, last = _last_turn(hoplites=(3, 0, 0))
    deck = _on_top(state.deck, "triple")
    state = replace(state, offers=state.offers[:4], deck=deck,
                    stacks=(state.stacks[0], state.stacks[1], ()))  # fmt: skip
    state, events = _end_round(state, last)
    assert event(events, CARD_DEALT)["tile"] == 0
    taker = state.turn.seat
    state = with_player(state, taker, hoplites=5)
    slot = next(i for i, o in enumerate(state.offers) if o.card == deck[0])
    state, events = act(state, taker, {"type": "take_card", "slot": slot, "card": deck[0]})
    assert event(events, CARD_TAKEN)["tile"] == 0
    assert TILE_PLACED not in types(events) and TILE_RETURNED not in types(events)
