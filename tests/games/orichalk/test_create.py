"""uk «Створення»: buildings, temples, orichalcum medallions; Theia's favour; the building
effects of GAME-DATA.md."""

from __future__ import annotations

from engine.games.orichalk import GAME
from engine.games.orichalk.events import BUILDING_BUILT, FAVOUR_USED
from engine.games.orichalk.state import ACTION, CREATE_MORE, TAKE, Site, replace
from tests.games.orichalk.helpers import (
    act,
    at_step,
    cell,
    event,
    fresh_island,
    land,
    moves_of,
    new_game,
    with_island,
    with_offers,
    with_player,
)

SITES = (
    Site("forest", "mine", True),
    Site("lagoon", "training_camp", True),
    Site("desert", ""),
    Site("mountain", "arch"),
)


def _at_create(island, sites=SITES, players: int = 3, **player):
    state = new_game(players, seed=5)
    seat = state.turn.seat
    state = with_island(state, seat, island)
    state = with_player(state, seat, **player)
    state = replace(state, sites=tuple(sites))
    return at_step(state, seat, ACTION, card="create-single", action="create"), seat


def _builds(state, seat) -> set[tuple[str, str]]:
    return {(m["building"], m["cell"]) for m in moves_of(state, seat, "build")}


def test_a_building_goes_on_its_slots_terrain_or_an_empty_volcano_never_next_to_a_creature():
    island = land(
        fresh_island(),
        {"C2": "F", "C3": "L", "C4": "M", "C5": "D", "D2": "V", "B6": "V", "B7": "F"},
        creatures={"B6": "gorgon"},
    )
    state, seat = _at_create(island)
    # B7 (forest) is next to the gorgon; nothing for the desert slot (empty); the gorgon's
    # volcano is not empty; D2 is an empty volcano, a joker.
    assert _builds(state, seat) == {
        ("mine", "C2"), ("mine", "D2"),
        ("training_camp", "C3"), ("training_camp", "D2"),
        ("arch", "C4"), ("arch", "D2"),
    }  # fmt: skip


def test_building_a_mine_or_camp_takes_the_resource_lying_on_it():
    state, seat = _at_create(land(fresh_island(), {"C2": "F"}), orichalcum=0)
    state, events = act(state, seat, {"type": "build", "slot": "forest", "building": "mine",
                                      "cell": "C2"})  # fmt: skip
    assert event(events, BUILDING_BUILT)["orichalcum"] == 1
    assert state.player(seat).orichalcum == 1
    assert state.sites[0] == Site("forest")
    assert state.player(seat).island.building[cell(state, seat, "C2")] == "mine"


def test_a_space_under_a_building_is_no_longer_land():
    island = land(fresh_island(), {"C2": "F"}, buildings={"C2": "forge"})
    state, seat = _at_create(island)
    assert ("mine", "C2") not in _builds(state, seat)


def test_a_protection_crystal_allows_building_next_to_creatures():
    island = land(fresh_island(), {"C2": "F", "C3": "V", "C4": "L"}, creatures={"C3": "hydra"},
                  buildings={"C4": "protection_crystal"})  # fmt: skip
    state, seat = _at_create(island)
    assert ("mine", "C2") in _builds(state, seat)


def _temples(state, seat) -> list[set[str]]:
    return [set(m["cells"]) for m in moves_of(state, seat, "temple")]


def test_a_temple_needs_a_diamond_of_four_different_terrains():
    island = land(fresh_island(), {"C4": "F", "C5": "L", "B4": "D", "D4": "M"})
    state, seat = _at_create(island)
    assert _temples(state, seat) == [{"C4", "C5", "B4", "D4"}]
    island = land(fresh_island(), {"C4": "F", "C5": "L", "B4": "D", "D4": "F"})
    state, seat = _at_create(island)
    assert _temples(state, seat) == []


def test_empty_volcanoes_are_jokers_in_a_temple():
    # uk: «Він зводить храм вище, накриваючи ділянки з двома вулканами, горою та пустелею».
    island = land(fresh_island(), {"C4": "V", "C5": "V", "B4": "M", "D4": "D"})
    state, seat = _at_create(island, players=2)
    move = next(m for m in moves_of(state, seat, "temple"))
    assert GAME.describe(state, move) == "Build a temple on B4, C4, C5, D4"
    state, _ = act(state, seat, move)
    player = state.player(seat)
    assert player.tokens == ("temple",) and player.points == 1
    assert state.temples_left == 16 and state.tokens_left == 16
    assert all(player.island.temple[cell(state, seat, x)] == 1 for x in ("C4", "C5", "B4", "D4"))


def test_no_temple_next_to_a_creature():
    island = land(fresh_island(), {"C4": "F", "C5": "L", "B4": "D", "D4": "M", "D5": "V"},
                  creatures={"D5": "cerberus"})  # fmt: skip
    state, seat = _at_create(island)
    assert _temples(state, seat) == []


def test_an_architect_lets_a_temple_show_one_terrain_twice():
    island = land(fresh_island(), {"C4": "F", "C5": "L", "B4": "F", "D4": "M", "F2": "D"},
                  buildings={"F2": "architect"})  # fmt: skip
    state, seat = _at_create(island)
    assert _temples(state, seat) == [{"C4", "C5", "B4", "D4"}]
    island = land(fresh_island(), {"C4": "F", "C5": "F", "B4": "F", "D4": "M", "F2": "D"},
                  buildings={"F2": "architect"})  # fmt: skip
    state, seat = _at_create(island)
    assert _temples(state, seat) == []


def test_a_medallion_costs_five_orichalcum_and_is_worth_a_victory_point():
    state, seat = _at_create(fresh_island(), orichalcum=4)
    assert {"type": "medallion"} not in moves_of(state, seat)
    state, seat = _at_create(fresh_island(), orichalcum=6)
    state, _ = act(state, seat, {"type": "medallion"})
    assert state.player(seat).orichalcum == 1
    assert state.player(seat).tokens == ("medallion",)


def test_theia_gives_one_more_create():
    island = land(fresh_island(), {"C2": "F", "C3": "L"})
    state, seat = _at_create(island, orichalcum=5, titans=(("theia", True),))
    state, _ = act(state, seat, {"type": "medallion"})
    assert state.turn.step == CREATE_MORE
    move = {"type": "build", "slot": "lagoon", "building": "training_camp", "cell": "C3"}
    assert GAME.describe(state, move).endswith("(Theia's favour)")
    state, events = act(state, seat, move)
    assert event(events, FAVOUR_USED)["titan"] == "theia"
    assert state.player(seat).titans == (("theia", False),)
    assert state.player(seat).island.building[cell(state, seat, "C3")] == "training_camp"


def test_when_no_victory_token_is_left_no_temple_or_medallion_can_be_created():
    island = land(fresh_island(), {"C4": "F", "C5": "L", "B4": "D", "D4": "M"})
    state, seat = _at_create(island, orichalcum=9)
    state = replace(state, tokens_left=0)
    assert not [m for m in moves_of(state, seat) if m["type"] in ("temple", "medallion")]


def test_an_arch_makes_action_cards_a_hoplite_cheaper():
    island = land(fresh_island(), {"C2": "M"}, buildings={"C2": "arch"})
    state, seat = _at_create(island, hoplites=0)
    state = at_step(state, seat, TAKE)
    cards = ("mine-single", "mine-double", "mine-triple", "recruit-single", "create-double")
    state = with_offers(state, *[(c, 1, []) for c in cards])
    assert [m["slot"] for m in moves_of(state, seat)] == [0, 1, 2, 3]
