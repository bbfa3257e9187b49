"""Worlds a seat cannot tell from the true one (issue 37 §1): each game's
``worlds.sample_world(state, seat, rng)``, the determinization the searching bot plays out,
keeps all the seat sees and redeals all it does not, from what the seat sees alone.

Checked at many points of seeded playouts (bots and random moves mixed), for every seat. The
generic tests run for every game that has a ``worlds`` module (Origin joins once it has one);
the last ones swap hidden components by hand in Orichalk and Origins: First Builders.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from math import factorial
from types import ModuleType
from typing import Any

import pytest

from engine import Game, registry
from engine.games.orichalk.state import State as OrichalkState
from engine.games.origins_first_builders.components import BUILDING, COLOUR_INDEX
from engine.games.origins_first_builders.state import State as OfbState

PACKAGES = {
    "orichalk": "engine.games.orichalk",
    "origins-first-builders": "engine.games.origins_first_builders",
    "origin": "engine.games.origin",
}


def _has_worlds(name: str) -> bool:
    try:
        importlib.import_module(f"{PACKAGES[name]}.worlds")
    except ModuleNotFoundError:
        return False
    return True


GAMES = [name for name in PACKAGES if _has_worlds(name)]
SEEDS = range(2)  # playouts per player count
EVERY = 6  # a point checked every this many decisions
SAMPLE_SEEDS = range(8)
PLAY_ON = 6  # greedy moves played on from a sample


def worlds(name: str) -> ModuleType:
    return importlib.import_module(f"{PACKAGES[name]}.worlds")


@dataclass(frozen=True)
class Point:
    """A state of a playout and the seats of its game."""

    state: Any
    seats: tuple[str, ...]
    label: str


def _playout(game: Game, players: int, seed: int) -> Iterator[Point]:
    """Every EVERY-th state of a seeded playout, bot moves and random legal moves mixed."""
    rng = random.Random(seed)
    seats = [f"p{i + 1}" for i in range(players)]
    state = None
    for event in game.setup(seats, {}, rng):
        state = game.apply(state, event)
    decisions = 0
    while acting := sorted(game.to_act(state)):
        if decisions % EVERY == 0:
            yield Point(state, tuple(seats), f"{game.name} {players}p seed {seed} #{decisions}")
        seat = rng.choice(acting)
        if rng.random() < 0.5:
            move = game.bot_move(state, seat)
        else:
            move = rng.choice(game.legal_moves(state, seat))
        for event in game.decide(state, seat, move, rng):
            state = game.apply(state, event)
        decisions += 1
    yield Point(state, tuple(seats), f"{game.name} {players}p seed {seed} over")


_POINTS: dict[str, list[Point]] = {}


def points(name: str) -> list[Point]:
    """The checked points of every player count's playouts, made once per game."""
    if name not in _POINTS:
        game = registry.get(name)
        _POINTS[name] = [
            point
            for players in range(game.min_players, game.max_players + 1)
            for seed in SEEDS
            for point in _playout(game, players, seed)
        ]
    return _POINTS[name]


def sample(name: str, state: Any, seat: str, seed: int) -> Any:
    return worlds(name).sample_world(state, seat, random.Random(seed))


@pytest.fixture(params=GAMES)
def name(request: pytest.FixtureRequest) -> str:
    return str(request.param)


# ---------------------------------------------------------------- every game


def test_a_sampled_world_shows_the_seat_exactly_the_view_it_was_sampled_from(name):
    game = registry.get(name)
    for point in points(name):
        for k, seat in enumerate(point.seats):
            world = sample(name, point.state, seat, k)
            assert game.view(world, seat) == game.view(point.state, seat), point.label


def test_a_sampled_world_offers_the_seat_the_same_legal_moves(name):
    game = registry.get(name)
    for point in points(name):
        for k, seat in enumerate(point.seats):
            world = sample(name, point.state, seat, k)
            assert game.to_act(world) == game.to_act(point.state), point.label
            assert game.legal_moves(world, seat) == game.legal_moves(point.state, seat), point.label


def test_a_sampled_world_holds_every_component_the_true_one_holds(name):
    game = registry.get(name)
    assert game.inventory is not None
    for point in points(name):
        for k, seat in enumerate(point.seats):
            world = sample(name, point.state, seat, k)
            assert game.inventory(world) == game.inventory(point.state), point.label


def test_a_game_plays_on_from_a_sampled_world(name):
    game = registry.get(name)
    for point in points(name)[::3]:
        for k, seat in enumerate(point.seats):
            world = sample(name, point.state, seat, k)
            rng = random.Random(k)
            for _ in range(PLAY_ON):
                acting = sorted(game.to_act(world))
                if not acting:
                    assert game.outcome(world) is not None
                    break
                move = game.bot_move(world, acting[0])
                for event in game.decide(world, acting[0], move, rng):
                    world = game.apply(world, event)
                assert game.inventory(world) is not None


def test_two_worlds_the_seat_cannot_tell_apart_give_the_same_samples(name):
    """A second true world is made by sampling with another seed: it differs from the first
    in hidden information only, so every sample drawn from it equals the first's."""
    game = registry.get(name)
    for point in points(name)[::2]:
        for k, seat in enumerate(point.seats):
            other = sample(name, point.state, seat, 1000 + k)
            assert game.view(other, seat) == game.view(point.state, seat), point.label
            for seed in (k, k + 1):
                assert sample(name, other, seat, seed) == sample(name, point.state, seat, seed), (
                    point.label
                )


def test_different_seeds_deal_different_worlds_while_something_is_hidden(name):
    """The opening of every game hides something from every seat (decks, stacks, hands)."""
    game = registry.get(name)
    for players in range(game.min_players, game.max_players + 1):
        first = next(_playout(game, players, 0))
        for seat in first.seats:
            worlds_dealt = [sample(name, first.state, seat, s) for s in SAMPLE_SEEDS]
            assert any(w != worlds_dealt[0] for w in worlds_dealt), first.label
            assert any(w != first.state for w in worlds_dealt), first.label


def test_the_same_seed_deals_the_same_world(name):
    for point in points(name)[::5]:
        seat = point.seats[0]
        assert sample(name, point.state, seat, 7) == sample(name, point.state, seat, 7)


# ---------------------------------------------------------------- hidden components by hand


def _swap(items: tuple[Any, ...], i: int, j: int) -> tuple[Any, ...]:
    swapped = list(items)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    return tuple(swapped)


def _first_two_different(items: tuple[Any, ...], start: int = 0) -> tuple[int, int] | None:
    for j in range(start + 1, len(items)):
        if items[j] != items[start]:
            return start, j
    return None


def _orichalk_twin(state: OrichalkState) -> OrichalkState:
    """uk «Приготування до гри» 4, 7: two cards of the action deck, and two tiles of each land
    tile stack, change places."""
    deck = state.deck
    if pair := _first_two_different(deck):
        deck = _swap(deck, *pair)
    stacks = tuple(
        _swap(stack, *pair) if (pair := _first_two_different(stack)) else stack
        for stack in state.stacks
    )
    return replace(state, deck=deck, stacks=stacks)


def _orichalk_hidden(state: OrichalkState) -> dict[str, tuple[Any, ...]]:
    """Each hidden place and what lies in it, in order."""
    piles = {f"stack {i}": stack for i, stack in enumerate(state.stacks)}
    return {"deck": state.deck, **piles}


def _orichalk_ways(state: OrichalkState) -> dict[str, int]:
    """How many orders each pile may lie in (every card and tile is a different one)."""
    return {place: _orders(pile) for place, pile in _orichalk_hidden(state).items()}


def _orders(items: tuple[Any, ...]) -> int:
    """In how many orders ``items`` may lie, copies alike."""
    count = factorial(len(items))
    for copies in Counter(items).values():
        count //= factorial(copies)
    return count


def _ofb_farms(state: OfbState) -> list[tuple[int, int]]:
    """(player, index in city) of every farm."""
    return [
        (p, i)
        for p, player in enumerate(state.players)
        for i, tile in enumerate(player.city)
        if tile.farm
    ]


def _ofb_with_farm(state: OfbState, at: tuple[int, int], kind: str) -> OfbState:
    p, i = at
    player = state.players[p]
    city = list(player.city)
    city[i] = replace(city[i], kind=kind)
    players = list(state.players)
    players[p] = replace(player, city=tuple(city))
    return replace(state, players=tuple(players))


def _ofb_twin(state: OfbState) -> OfbState:
    """ru «Подготовка к игре» 6, «Строительство фермы»: two tiles beneath a stack's top change
    places; a farm changes building with a tile beneath its colour's stack, and two farms of
    different buildings change buildings."""
    stacks = list(state.stacks)
    for c, stack in enumerate(stacks):
        if len(stack) > 2 and (pair := _first_two_different(stack, 1)):
            stacks[c] = _swap(stack, *pair)
    state = replace(state, stacks=tuple(stacks))
    farms = _ofb_farms(state)
    for at in farms[:1]:
        kind = state.players[at[0]].city[at[1]].kind
        c = COLOUR_INDEX[BUILDING[kind].colour]
        stack = state.stacks[c]
        j = next((j for j in range(1, len(stack)) if stack[j] != kind), None)
        if j is not None:
            state = _ofb_with_farm(state, at, stack[j])
            stacks = list(state.stacks)
            stacks[c] = (*stack[:j], kind, *stack[j + 1 :])
            state = replace(state, stacks=tuple(stacks))
    kinds = {at: state.players[at[0]].city[at[1]].kind for at in farms}
    for a in farms:
        for b in farms:
            if kinds[a] != kinds[b]:
                state = _ofb_with_farm(_ofb_with_farm(state, a, kinds[b]), b, kinds[a])
                return state
    return state


def _ofb_hidden(state: OfbState) -> dict[str, tuple[Any, ...]]:
    """Each hidden place and what lies in it, in order: beneath each stack's top, the farms."""
    farms = tuple(state.players[p].city[i].kind for p, i in _ofb_farms(state))
    beneath = {f"stack {c}": stack[1:] for c, stack in enumerate(state.stacks)}
    return {**beneath, "farms": farms}


def _ofb_ways(state: OfbState) -> dict[str, int]:
    """At least how many ways each place may lie: any order beneath a stack's top, and the
    farms of one colour in any order among themselves."""
    ways = {f"stack {c}": _orders(stack[1:]) for c, stack in enumerate(state.stacks)}
    farms = _ofb_hidden(state)["farms"]
    ways["farms"] = 1
    for c in range(len(state.stacks)):
        ways["farms"] *= _orders(tuple(k for k in farms if COLOUR_INDEX[BUILDING[k].colour] == c))
    return ways


@dataclass(frozen=True)
class ByHand:
    twin: Callable[[Any], Any]
    hidden: Callable[[Any], dict[str, tuple[Any, ...]]]
    ways: Callable[[Any], dict[str, int]]
    """For each hidden place, at least how many ways the view lets it lie."""


BY_HAND = {
    "orichalk": ByHand(_orichalk_twin, _orichalk_hidden, _orichalk_ways),
    "origins-first-builders": ByHand(_ofb_twin, _ofb_hidden, _ofb_ways),
}


@pytest.fixture(params=sorted(BY_HAND))
def by_hand(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_swapping_two_hidden_components_changes_no_sample(by_hand):
    name = by_hand
    game = registry.get(name)
    twins = 0
    for point in points(name):
        twin = BY_HAND[name].twin(point.state)
        if twin == point.state:
            continue
        twins += 1
        for k, seat in enumerate(point.seats):
            assert game.view(twin, seat) == game.view(point.state, seat), point.label
            assert game.inventory(twin) == game.inventory(point.state), point.label
            assert sample(name, twin, seat, k) == sample(name, point.state, seat, k), point.label
    assert twins > len(points(name)) // 2


def test_a_sample_redeals_each_hidden_place_and_keeps_the_rest(by_hand):
    """Over a few seeds each hidden place varies wherever the view leaves it six or more ways
    to lie, and is not the true one every time; all else is the state's own."""
    name = by_hand
    rules = BY_HAND[name]
    checked = 0
    for point in points(name):
        seat = point.seats[-1]
        dealt = [sample(name, point.state, seat, s) for s in SAMPLE_SEEDS]
        true = rules.hidden(point.state)
        for place, ways in rules.ways(point.state).items():
            if ways >= 6:
                checked += 1
                lying = [rules.hidden(world)[place] for world in dealt]
                assert any(pile != lying[0] for pile in lying), (point.label, place)
                assert any(pile != true[place] for pile in lying), (point.label, place)
        for world in dealt:
            assert _open(name, world) == _open(name, point.state), point.label
            assert _contents(name, rules.hidden(world)) == _contents(name, true), point.label
    assert checked > len(points(name))


def _contents(name: str, hidden: dict[str, tuple[Any, ...]]) -> Any:
    """What the hidden places hold, order aside: each Orichalk pile keeps its own (every
    other card and tile is face up); in Origins: First Builders a farm and a tile beneath the
    stack of its colour may change places, so only all of them together."""
    if name == "orichalk":
        return {place: sorted(pile) for place, pile in hidden.items()}
    return sorted(kind for pile in hidden.values() for kind in pile)


def _open(name: str, state: Any) -> Any:
    """The state with its hidden places left out."""
    if name == "orichalk":
        return replace(state, deck=(), stacks=())
    stacks = tuple(stack[:1] + ("",) * len(stack[1:]) for stack in state.stacks)
    players = tuple(
        replace(p, city=tuple(replace(t, kind="") if t.farm else t for t in p.city))
        for p in state.players
    )
    return replace(state, stacks=stacks, players=players)


def test_a_farm_in_a_sample_is_a_building_of_a_colour_its_stack_can_spare():
    """ru «Строительство фермы»: a farm shows no colour, but every stack keeps its own colour."""
    name = "origins-first-builders"
    for point in points(name):
        world = sample(name, point.state, point.seats[0], 3)
        for c, stack in enumerate(world.stacks):
            assert all(COLOUR_INDEX[BUILDING[kind].colour] == c for kind in stack), point.label
