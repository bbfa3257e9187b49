"""ru «Карты» and «Описания карт»: the 10 action and 9 permanent cards."""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.games.origin import GAME
from engine.games.origin import events as ev
from engine.games.origin.components import INDEX, STRAIT_IDS, kind_index
from engine.games.origin.objectives import hand_limit
from engine.games.origin.scoring import breakdown
from engine.games.origin.state import replace
from tests.games.origin.helpers import (
    act,
    acts,
    deck,
    new_game,
    put,
    targets,
    turn_of,
    types,
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


def _swap_into_congo(state):
    return acts(
        state, "p1", {"type": "swap"}, {"type": "swap_from", "territory": "sahara"},
        {"type": "swap_with", "territory": "congo"},
    )  # fmt: skip


def _play(state, card: str, seat: str = "p1"):
    return act(state, seat, {"type": "play", "card": card})


def test_at_most_one_card_of_each_colour_may_be_played_in_a_turn():
    state = with_stacks(
        _ready(actions=("inventor", "inventor"), permanents=("cart", "map")), "p1", 2
    )
    state, _ = _play(state, "inventor")
    state, _ = act(state, "p1", {"type": "invent", "deck": "action"})
    plays = {m["card"] for m in GAME.legal_moves(state, "p1") if m["type"] == "play"}
    assert plays == {"cart", "map"}
    state, _ = _play(state, "map")
    assert [m for m in GAME.legal_moves(state, "p1") if m["type"] == "play"] == []
    with pytest.raises(IllegalMove):
        _play(state, "cart")


def test_a_card_is_played_only_in_its_owners_turn():
    state = _ready(actions=("inventor",))
    with pytest.raises(IllegalMove, match="not your turn"):
        _play(turn_of(state, "p2"), "inventor")


def test_a_permanent_card_needs_an_innovation_tile_of_its_level():
    state = _ready(permanents=("observation_kit",))  # level 2
    assert {"type": "play", "card": "observation_kit"} not in GAME.legal_moves(state, "p1")
    assert {"type": "play", "card": "observation_kit"} not in GAME.legal_moves(
        with_stacks(state, "p1", 1), "p1"
    )
    state = with_stacks(state, "p1", 2)
    state, events = _play(state, "observation_kit")
    assert events[0] == {"type": ev.CARD_PLAYED, "seat": "p1", "card": "observation_kit"}
    assert state.player("p1").in_play == ("observation_kit",)
    assert state.player("p1").permanents == ()


def test_a_permanent_card_keeps_working_after_its_tile_is_lost():
    state = with_stacks(_ready(permanents=("cart",)), "p1", 1)
    state, _ = _play(state, "cart")
    state = GAME.apply(state, {"type": ev.TILE_STOLEN, "seat": "p2", "victim": "p1", "level": 1})
    assert state.player("p1").tiles == (0, 0, 0, 0, 0)
    state, _ = acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "sahara"}
    )
    assert "cape" not in targets(state, "p1", "migrate_to")
    assert "kalahari" in targets(state, "p1", "migrate_to")  # two steps for a short pawn


def test_a_permanent_card_already_in_play_cannot_be_played_again():
    state = with_stacks(_ready(permanents=("cart",), in_play=("cart",)), "p1", 1)
    assert {"type": "play", "card": "cart"} not in GAME.legal_moves(state, "p1")


def test_hunter_takes_the_hunting_token_of_a_green_territory_adjacent_to_ones_pawn():
    state = _ready(actions=("hunter",))
    state = replace(
        state, hunting=tuple(v if i != INDEX["congo"] else 7 for i, v in enumerate(state.hunting))
    )
    state, _ = _play(state, "hunter")
    assert GAME.legal_moves(state, "p1") == [{"type": "hunt", "territory": "congo"}]
    state, _ = act(state, "p1", {"type": "hunt", "territory": "congo"})
    assert state.player("p1").hunting == (7,) and state.hunting[INDEX["congo"]] is None


def test_volcanic_eruption_takes_any_yellow_card_from_the_discard_but_not_itself():
    state = replace(_ready(actions=("volcanic_eruption",)), discard=("hunter", "sailor"))
    state, _ = _play(state, "volcanic_eruption")
    assert {m["card"] for m in GAME.legal_moves(state, "p1")} == {"hunter", "sailor"}
    state, _ = act(state, "p1", {"type": "take_discard", "card": "sailor"})
    assert state.player("p1").actions == ("sailor",)
    assert state.discard == ("hunter", "volcanic_eruption")


def test_volcanic_eruption_cannot_be_played_on_an_empty_discard_pile():
    state = _ready(actions=("volcanic_eruption",))
    assert {"type": "play", "card": "volcanic_eruption"} not in GAME.legal_moves(state, "p1")


def test_inventor_draws_from_any_deck_or_takes_any_tile_from_the_reward_board():
    state = with_columns(
        _ready(actions=("inventor",)), yellow=[1, 2], orange=[3], purple=[1], brown=[4]
    )
    state, _ = _play(state, "inventor")
    assert GAME.legal_moves(state, "p1") == [
        {"type": "invent", "deck": "action"},
        {"type": "invent", "deck": "permanent"},
        {"type": "invent", "deck": "objective"},
        {"type": "invent", "column": "yellow", "level": 1},
        {"type": "invent", "column": "purple", "level": 1},
    ]
    top = deck(state, "permanent")[0]
    drawn, _ = act(state, "p1", {"type": "invent", "deck": "permanent"})
    assert drawn.player("p1").permanents == (top,)
    tiled, _ = act(state, "p1", {"type": "invent", "column": "purple", "level": 1})
    assert tiled.player("p1").tiles[0] == 1


def test_sailor_takes_a_strait_token_with_a_pawn_on_only_one_side():
    state = put(_ready(actions=("sailor",)), "p1", "maghreb", 1, 1, "brown")
    value = state.straits[STRAIT_IDS.index("gibraltar")]
    state, _ = _play(state, "sailor")
    assert GAME.legal_moves(state, "p1") == [{"type": "sail", "strait": "gibraltar"}]
    state, _ = act(state, "p1", {"type": "sail", "strait": "gibraltar"})
    assert state.player("p1").straits == (("gibraltar", value),)


def test_tribal_war_strait_takes_the_lowest_strait_token_of_the_displaced_player():
    state = _ready(actions=("tribal_war_straits",))
    state = with_player(state, "p2", straits=(("denmark", 5), ("suez", 3), ("drake", 4)))
    assert {"type": "play", "card": "tribal_war_straits"} not in GAME.legal_moves(state, "p1")
    state, _ = _swap_into_congo(state)
    state, events = _play(state, "tribal_war_straits")
    assert events[1] == {
        "type": ev.STRAIT_TOKEN_STOLEN, "seat": "p1", "victim": "p2", "strait": "suez", "value": 3,
    }  # fmt: skip
    assert state.player("p2").straits == (("denmark", 5), ("drake", 4))
    assert state.player("p1").straits == (("suez", 3),)


def test_tribal_war_cards_shows_the_displaced_players_hand_and_takes_one_card():
    state = _ready(actions=("tribal_war_cards",))
    state = with_player(state, "p2", actions=("hunter",), objectives=("africa",))
    state, _ = _swap_into_congo(state)
    state, _ = _play(state, "tribal_war_cards")
    assert {m["card"] for m in GAME.legal_moves(state, "p1")} == {"hunter", "africa"}
    assert {c["id"] for c in GAME.view(state, "p1")["choosing"]} == {"hunter", "africa"}
    assert GAME.view(state, "p2")["choosing"] == []
    state, _ = act(state, "p1", {"type": "steal_card", "card": "hunter"})
    assert state.player("p1").actions == ("hunter",) and state.player("p2").actions == ()


def test_tribal_war_tile_takes_a_tile_the_thief_can_lay():
    state = _ready(actions=("inventor", "tribal_war_tiles"))
    state = with_stacks(state, "p2", 2)  # top tile level 2: p1 cannot lay it
    state, _ = _swap_into_congo(state)
    assert {"type": "play", "card": "tribal_war_tiles"} not in GAME.legal_moves(state, "p1")
    state = with_stacks(state, "p2", 2, 1)
    state, _ = _play(state, "tribal_war_tiles")
    assert GAME.legal_moves(state, "p1") == [{"type": "steal_tile", "level": 1}]
    state, _ = act(state, "p1", {"type": "steal_tile", "level": 1})
    assert state.player("p1").tiles == (1, 0, 0, 0, 0)
    assert state.player("p2").tiles == (1, 1, 0, 0, 0) and state.player("p2").tops == (
        0,
        1,
        0,
        0,
        0,
    )


def test_war_trophies_take_a_pawn_from_the_reserve_on_each_swap_worth_two_points():
    state = _ready(in_play=("war_trophies",))
    state, _ = _swap_into_congo(state)
    assert state.pending[0].kind == "trophy"
    before = state.reserve[kind_index(3, 3, "black")]
    state, _ = act(state, "p1", {"type": "trophy", "height": 3, "strength": 3, "colour": "black"})
    assert state.reserve[kind_index(3, 3, "black")] == before - 1
    assert breakdown(state.player("p1"))["war trophies"] == 2


def test_observation_kit_draws_one_card_more_to_choose_from():
    state = _ready(in_play=("observation_kit",))
    state = put(state, "p1", "sahel", 1, 1, "brown")
    state, _ = acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "sahara"},
        {"type": "migrate_to", "territory": "nile"},
    )  # fmt: skip
    four, _ = act(state, "p1", {"type": "reward", "option": "three_cards"})
    assert len(four.limbo) == 4
    two, _ = act(state, "p1", {"type": "reward", "option": "tile_and_card"})
    if two.pending and two.pending[0].kind == "take_tile":
        level = GAME.legal_moves(two, "p1")[0]["level"]
        two, _ = act(two, "p1", {"type": "take_tile", "column": "yellow", "level": level})
    assert len(two.limbo) == 2
    other, kept = two.limbo
    two, _ = act(two, "p1", {"type": "keep", "card": kept})
    assert kept in two.player("p1").actions and deck(two, "action")[-1] == other


def test_parchment_lets_every_tile_come_from_any_column():
    state = with_columns(_ready(in_play=("parchment",)), yellow=[2, 3], orange=[1], purple=[4])
    state, _ = acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "sahara"},
        {"type": "migrate_to", "territory": "nile"}, {"type": "reward", "option": "tile_and_card"},
    )  # fmt: skip
    assert {"type": "take_tile", "column": "orange", "level": 1} in GAME.legal_moves(state, "p1")


def _draw_an_objective(state):
    state = with_columns(state, purple=[1, 1, 1])
    return acts(
        state, "p1", {"type": "migrate"}, {"type": "migrate_from", "territory": "sahara"},
        {"type": "migrate_to", "territory": "sahel"}, {"type": "reward", "option": "tile_and_card"},
        {"type": "take_tile", "column": "purple", "level": 1},
    )  # fmt: skip


def test_a_third_objective_must_be_chosen_away_unless_the_map_allows_three():
    state = _ready(objectives=("africa", "eurasia"))
    top = deck(state, "objective")[0]
    over, _ = _draw_an_objective(state)
    assert GAME.legal_moves(over, "p1") == [
        {"type": "return_objective", "card": c} for c in sorted(("africa", "eurasia", top))
    ]
    over, _ = act(over, "p1", {"type": "return_objective", "card": "africa"})
    assert over.player("p1").objectives == tuple(sorted(("eurasia", top)))
    assert deck(over, "objective")[-1] == "africa"
    with_map, _ = _draw_an_objective(with_player(state, "p1", in_play=("map",)))
    assert len(with_map.player("p1").objectives) == 3 and hand_limit(with_map, "p1") == 3
    assert not with_map.pending


def test_treasure_makes_each_card_in_hand_worth_one_more_point_at_the_end():
    state = _ready(actions=("hunter", "sailor"), objectives=("africa",), in_play=("treasure",))
    points = breakdown(state.player("p1"))
    assert points["cards in hand"] == 3 and points["treasure"] == 3


def test_cards_that_shape_the_action_are_played_before_it_and_tribal_wars_after_a_swap():
    state = _ready(actions=("navigator", "tribal_war_cards"))
    state = put(state, "p1", "sahel", 1, 1, "brown")  # Navigator could take it to Nordeste
    state = with_player(state, "p2", actions=("hunter",))
    plays = {m["card"] for m in GAME.legal_moves(state, "p1") if m["type"] == "play"}
    assert plays == {"navigator"}
    state, events = _swap_into_congo(state)
    plays = {m["card"] for m in GAME.legal_moves(state, "p1") if m["type"] == "play"}
    assert plays == {"tribal_war_cards"}
    assert ev.TURN_ENDED not in types(events)


def _stacks_stay_legal(tiles: tuple[int, ...], level: int) -> bool:
    """ru «Ограничения для тайлов инновации»: every tile lies on one a level lower, so a
    player's tiles can stand in stacks when no level has more tiles than the level below."""
    left = list(tiles)
    left[level - 1] -= 1
    return left[level - 1] >= 0 and all(left[n] <= left[n - 1] for n in range(1, 5))


@pytest.mark.parametrize("victim", [(4, 1), (3, 3), (5,), (2, 2, 1), (4, 3, 1)])
def test_tribal_war_tile_takes_any_one_tile_whose_loss_leaves_the_victims_stacks_legal(victim):
    # ru card text: «один любой тайл инноваций (следуя правилам и ограничениям, касающимся
    # получения тайлов)»: any tile the thief can lay whose loss leaves the victim's tiles in
    # legal stacks; tiles of one level are alike, so that is the top of one of the stacks.
    state = _ready(actions=("tribal_war_tiles",))
    state = with_stacks(state, "p1", 4, 2)  # p1 can lay a 1, a 3 or a 5
    state = with_stacks(state, "p2", *victim)
    state, _ = _swap_into_congo(state)
    state, _ = _play(state, "tribal_war_tiles")
    tiles = state.player("p2").tiles
    lays = {1, 3, 5}
    legal = [m["level"] for m in GAME.legal_moves(state, "p1")]
    assert legal == [n for n in range(1, 6) if n in lays and _stacks_stay_legal(tiles, n)]
    assert legal
