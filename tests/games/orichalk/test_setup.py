"""uk «Приготування до гри», «Рівень складності острова»."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import IllegalMove, registry
from engine.games.orichalk import GAME
from engine.games.orichalk.components import (
    ACTION_CARDS,
    BUILDINGS,
    CARD,
    CREATURES,
    LAND_TILES,
    SIZES,
    TILE,
    TITANS,
    VOLCANO,
)
from engine.games.orichalk.events import ROUND_STARTED, TURN_STARTED
from engine.games.orichalk.state import METROPOLIS, SIDES
from tests.games.orichalk.helpers import act, new_game


def _set_up(players: int, seed: int = 1):
    seats = [f"p{i + 1}" for i in range(players)]
    return GAME.replay(GAME.setup(seats, {}, random.Random(seed)))


def test_the_box_holds_65_land_tiles_20_creatures_26_buildings_and_12_action_cards():
    sizes = Counter(t.size for t in LAND_TILES)
    assert sizes == {"single": 25, "double": 23, "triple": 17}
    assert all(
        len(t.terrains) == {"single": 1, "double": 2, "triple": 3}[t.size] for t in LAND_TILES
    )
    assert sum(c.copies for c in CREATURES) == 20
    assert {c.id for c in CREATURES} == {"cerberus", "minotaur", "gorgon", "cyclops", "hydra"}
    assert all(4 <= c.strength <= 12 for c in CREATURES)
    assert sum(b.copies for b in BUILDINGS) == 26
    assert len(ACTION_CARDS) == 12


def test_stronger_creatures_carry_bigger_treasure():
    by_strength = sorted(CREATURES, key=lambda c: c.strength)
    values = [c.hoplites + c.orichalcum for c in by_strength]
    assert values == sorted(values)
    assert [c.strength for c in by_strength] == sorted({c.strength for c in CREATURES})


def test_every_terrain_is_as_common_as_the_others_on_the_land_tiles():
    spaces = Counter(t for tile in LAND_TILES for t in tile.terrains)
    assert spaces["forest"] == spaces["lagoon"] == spaces["desert"] == spaces["mountain"]
    assert spaces[VOLCANO] <= sum(c.copies for c in CREATURES)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_gets_a_different_island_board_and_chooses_its_side(players):
    state = _set_up(players)
    boards = [p.island.board for p in state.players]
    assert len(set(boards)) == players and all(boards)
    assert state.phase == SIDES
    assert GAME.to_act(state) == frozenset(state.seats)
    assert [m["side"] for m in GAME.legal_moves(state, "p1")] == ["easy", "hard"]


def test_islands_are_dealt_at_random():
    assert len({_set_up(2, seed).player("p1").island.board for seed in range(20)}) == 4


def test_players_choose_their_sides_at_once_and_the_first_turn_begins_with_the_metropolis():
    state = _set_up(3)
    state, _ = act(state, "p2", {"type": "choose_side", "side": "hard"})
    assert GAME.to_act(state) == {"p1", "p3"}
    with pytest.raises(IllegalMove, match="already chosen"):
        act(state, "p2", {"type": "choose_side", "side": "easy"})
    state, _ = act(state, "p1", {"type": "choose_side", "side": "easy"})
    state, events = act(state, "p3", {"type": "choose_side", "side": "easy"})
    assert state.player("p2").island.side == "hard"
    assert [e["type"] for e in events][-2:] == [ROUND_STARTED, TURN_STARTED]
    assert state.turn.seat == state.initiative and state.turn.step == METROPOLIS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_start_with_a_hoplite_and_an_orichalcum_and_the_last_player_one_more(players):
    state = _set_up(players)
    first = state.initiative
    right = state.seats[(state.seats.index(first) - 1) % players]
    for p in state.players:
        assert p.orichalcum == 1
        assert p.hoplites == (2 if p.seat == right else 1)


def test_the_first_player_is_drawn_at_random():
    assert {_set_up(3, seed).initiative for seed in range(30)} == {"p1", "p2", "p3"}


@pytest.mark.parametrize(("players", "cards"), [(2, 5), (3, 5), (4, 6)])
def test_the_action_board_shows_5_cards_or_6_with_4_players_each_with_a_tile_of_its_size(
    players, cards
):
    state = _set_up(players)
    assert len(state.offers) == cards
    assert len(state.deck) == 12 - cards
    for offer in state.offers:
        tile = TILE[offer.tile]
        assert tile.size == CARD[offer.card].size
        assert len(offer.creatures) == tile.terrains.count(VOLCANO)
        assert all(offer.creatures)
    on_board = Counter(c for o in state.offers for c in o.creatures)
    assert sum(state.creature_bag) + sum(on_board.values()) == 20


def test_land_tiles_lie_in_three_face_down_stacks_by_size():
    state = _set_up(4)
    dealt = {o.tile for o in state.offers}
    for size, stack in zip(SIZES, state.stacks, strict=True):
        assert {TILE[t].size for t in stack} == {size}
        every = {t.id for t in LAND_TILES if t.size == size}
        assert set(stack) == every - dealt
    orders = {_set_up(2, seed).stacks[0] for seed in range(5)}
    assert len(orders) == 5, "shuffled"


def test_the_construction_board_gets_four_buildings_with_their_orichalcum_and_hoplite():
    for seed in range(10):
        state = _set_up(2, seed)
        assert [s.terrain for s in state.sites] == ["forest", "lagoon", "desert", "mountain"]
        assert all(s.building for s in state.sites)
        for site in state.sites:
            assert site.resource == (site.building in ("mine", "training_camp"))
        assert sum(state.building_bag) == 22


def test_the_four_titans_start_active_in_the_centre():
    state = _set_up(2)
    assert state.centre == tuple(t.id for t in TITANS)
    assert all(not p.titans for p in state.players)


def test_the_game_has_no_options_and_two_to_four_players():
    with pytest.raises(IllegalMove):
        GAME.setup(["p1", "p2"], {"side": "easy"}, random.Random(0))
    with pytest.raises(IllegalMove):
        GAME.setup(["p1"], {}, random.Random(0))
    with pytest.raises(IllegalMove):
        GAME.setup(["p1", "p2", "p3", "p4", "p5"], {}, random.Random(0))


def test_the_game_is_registered_as_orichalk():
    game = registry.get("orichalk")
    assert (game.title, game.ruleset, game.min_players, game.max_players) == (
        "Orichalk",
        "orichalk-2",
        2,
        4,
    )
    assert new_game(2).turn.step == METROPOLIS
