"""ru «Фаза награждения»: cards, innovation tiles, hunting grounds, straits."""

from __future__ import annotations

import pytest

from engine.games.origin import GAME
from engine.games.origin import events as ev
from engine.games.origin.components import INDEX, STRAIT_IDS
from engine.games.origin.state import replace
from tests.games.origin.helpers import (
    act,
    acts,
    deck,
    new_game,
    put,
    turn_of,
    types,
    with_columns,
    with_deck,
    with_stacks,
)


def _ready() -> object:
    """p1 to play, with a short pawn on the Sahara (beside yellow, orange, purple, green)."""
    state = turn_of(new_game(2, seed=5), "p1")
    return put(state, "p1", "sahara", 1, 1, "white")


def _migrate(state, to: str, origin: str = "sahara"):
    return acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": origin},
        {"type": "migrate_to", "territory": to},
    )  # fmt: skip


@pytest.mark.parametrize(
    ("territory", "colour", "deck_name"),
    [
        ("nile", "yellow", "action"),
        ("maghreb", "orange", "permanent"),
        ("sahel", "purple", "objective"),
    ],
)
def test_a_coloured_territory_offers_a_tile_of_its_column_with_the_top_card(
    territory, colour, deck_name
):
    state = with_columns(_ready(), yellow=[1, 1, 2], orange=[1, 3, 4], purple=[1, 2, 5])
    state, _ = _migrate(state, territory)
    assert GAME.legal_moves(state, "p1") == [
        {"type": "reward", "option": "tile_and_card"},
        {"type": "reward", "option": "three_cards"},
    ]
    top = deck(state, deck_name)[0]
    state, _ = act(state, "p1", {"type": "reward", "option": "tile_and_card"})
    assert GAME.legal_moves(state, "p1") == [{"type": "take_tile", "column": colour, "level": 1}]
    state, events = act(state, "p1", {"type": "take_tile", "column": colour, "level": 1})
    drawn = next(e for e in events if e["type"] == ev.CARD_DRAWN)
    assert (drawn["deck"], drawn["card"]) == (deck_name, top)
    assert state.player("p1").tiles[0] == 1


def test_drawing_three_cards_keeps_one_and_puts_the_other_two_under_the_deck():
    state, _ = _migrate(_ready(), "nile")
    first3 = list(deck(state, "action")[:3])
    size = len(deck(state, "action"))
    state, _ = act(state, "p1", {"type": "reward", "option": "three_cards"})
    assert state.limbo == tuple(first3)
    assert {m["card"] for m in GAME.legal_moves(state, "p1")} == set(first3)
    state, _ = act(state, "p1", {"type": "keep", "card": first3[1]})
    assert first3[1] in state.player("p1").actions
    assert list(deck(state, "action")[-2:]) == [first3[0], first3[2]]
    assert len(deck(state, "action")) == size - 1


def test_a_brown_territory_offers_two_brown_tiles_or_one_tile_from_any_column():
    state = put(_ready(), "p1", "nile", 1, 2, "white")
    state = with_columns(
        state, brown=[1, 1, 2, 3, 3, 4], yellow=[5, 5, 5], orange=[1, 4, 4], purple=[2, 2, 3]
    )
    state, _ = acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "nile"},
        {"type": "migrate_to", "territory": "horn"},
    )  # fmt: skip
    options = GAME.legal_moves(state, "p1")
    assert options == [
        {"type": "reward", "option": "two_brown_tiles"},
        {"type": "reward", "option": "one_tile_any_column"},
    ]
    two, _ = act(state, "p1", options[0])
    two, _ = act(two, "p1", {"type": "take_tile", "column": "brown", "level": 1})
    assert {m["level"] for m in GAME.legal_moves(two, "p1")} == {1, 2}
    two, _ = act(two, "p1", {"type": "take_tile", "column": "brown", "level": 2})
    assert two.player("p1").tiles[:2] == (1, 1)
    one, _ = act(state, "p1", options[1])
    assert GAME.legal_moves(one, "p1") == [
        {"type": "take_tile", "column": "orange", "level": 1},
        {"type": "take_tile", "column": "brown", "level": 1},
    ]


def test_a_taken_tile_is_replaced_at_once_from_the_face_down_reserve_while_it_lasts():
    state = with_columns(_ready(), yellow=[1, 2, 3])
    reserve_top = state.tile_reserve[0]
    state, _ = _migrate(state, "nile")
    state, _ = act(state, "p1", {"type": "reward", "option": "tile_and_card"})
    state, events = act(state, "p1", {"type": "take_tile", "column": "yellow", "level": 1})
    assert {"type": ev.TILE_REVEALED, "column": "yellow", "level": reserve_top} in events
    assert sorted(state.columns[0]) == sorted([2, 3, reserve_top])

    empty = replace(with_columns(_ready(), yellow=[1, 2, 3]), tile_reserve=())
    empty, _ = _migrate(empty, "nile")
    empty, _ = act(empty, "p1", {"type": "reward", "option": "tile_and_card"})
    empty, events = act(empty, "p1", {"type": "take_tile", "column": "yellow", "level": 1})
    assert ev.TILE_REVEALED not in types(events)
    assert empty.columns[0] == (2, 3)


def test_with_tiles_1_2_3_1_a_player_may_take_a_4_a_2_or_a_1_and_nothing_else():
    # ru: «у игрока есть тайлы уровней 1-2-3-1. Он может взять только … 4 …, 2 … или … 1».
    state = with_stacks(_ready(), "p1", 3, 1)
    state = with_columns(
        state, yellow=[1, 2, 3], orange=[4, 5, 3], purple=[2, 4, 5], brown=[1, 2, 3, 4, 5, 5]
    )
    state = put(state, "p1", "nile", 1, 2, "white")
    state, _ = acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "nile"},
        {"type": "migrate_to", "territory": "horn"},
        {"type": "reward", "option": "one_tile_any_column"},
    )  # fmt: skip
    assert {m["level"] for m in GAME.legal_moves(state, "p1")} == {1, 2, 4}
    state, _ = act(state, "p1", {"type": "take_tile", "column": "orange", "level": 4})
    assert state.player("p1").tops == (1, 0, 0, 1, 0)


def test_without_tiles_only_a_level_one_tile_can_be_taken():
    state = with_columns(_ready(), yellow=[2, 3, 4])
    state, _ = _migrate(state, "nile")
    state, events = act(state, "p1", {"type": "reward", "option": "tile_and_card"})
    # No tile can be laid: the tile is skipped, the top card is still drawn.
    assert ev.CARD_DRAWN in types(events)
    assert state.player("p1").tiles == (0, 0, 0, 0, 0)


def test_a_reward_gives_nothing_when_no_card_or_tile_is_left():
    state = with_deck(with_columns(_ready(), yellow=[]), "action", [])
    state, events = _migrate(state, "nile")
    assert ev.REWARD_CHOSEN not in types(events)
    assert types(events)[-2:] == [ev.TURN_ENDED, ev.TURN_STARTED]


def test_with_an_empty_deck_only_the_tile_can_be_taken():
    state = with_deck(with_columns(_ready(), yellow=[1, 2, 2]), "action", [])
    state, _ = _migrate(state, "nile")
    assert GAME.legal_moves(state, "p1") == [{"type": "reward", "option": "tile_and_card"}]


def test_a_green_territory_gives_its_hunting_token_to_the_first_to_arrive_only():
    state = _ready()
    value = state.hunting[INDEX["congo"]]
    state, events = _migrate(state, "congo")
    assert {"type": ev.HUNTING_TOKEN_TAKEN, "seat": "p1", "territory": "congo", "value": value} in (
        events
    )
    assert state.player("p1").hunting == (value,) and state.hunting[INDEX["congo"]] is None
    state = turn_of(state, "p1")
    state, _ = _migrate(state, "kalahari", origin="congo")
    state = put(turn_of(state, "p1"), "p1", "sahel", 1, 1, "black")
    state, events = _migrate(state, "congo", origin="sahel")
    assert ev.HUNTING_TOKEN_TAKEN not in types(events)


def test_holding_both_sides_of_a_strait_takes_its_token_for_good():
    state = put(turn_of(new_game(2, seed=5), "p1"), "p1", "maghreb", 1, 1, "white")
    value = state.straits[STRAIT_IDS.index("gibraltar")]
    state, events = acts(
        state, "p1", {"type": "evolve"}, {"type": "evolve_on", "territory": "iberia"},
        {"type": "evolve_pawn", "height": 1, "strength": 2, "colour": "white"},
    )  # fmt: skip
    assert {"type": ev.STRAIT_TOKEN_TAKEN, "seat": "p1", "strait": "gibraltar", "value": value} in (
        events
    )
    state = turn_of(state, "p1")
    state, _ = _migrate(state, "gaul", origin="iberia")
    assert state.player("p1").straits == (("gibraltar", value),)
