"""A bot that searches (issue 37 §1): determinized single-observer information-set Monte
Carlo tree search (ISMCTS; Cowling, Powley and Whitehouse, 2012) over the engine contract.

One tree for the seat that decides, its nodes reached by the moves made (each keyed by the
seat that made it and its canonical JSON). Each iteration:

1. samples a world ``seat`` cannot tell from the real state (``game.sample_world``): all the
   search knows of what is hidden comes from there, never from ``state`` itself;
2. descends the tree in that world: at each node, the seat to act (the searching seat at
   the root; below it, the first of ``to_act`` in sorted order) and its legal moves in this
   world; a child is a candidate only when its move is legal here, and each candidate
   counts this as one chance it had of being chosen (its availability); UCB1 picks among
   them by the acting seat's own reward;
3. adds one child, a move not tried yet from that node in any world;
4. plays on with every seat's greedy ``bot_move`` (chance drawn from the search's ``rng``)
   until the game ends or until :attr:`Level.horizon` decisions were played, whichever
   comes first: a rollout cut short is scored by ``game.estimate`` (the final count the
   game expects from there; for most, the standing: the end-of-game scoring applied as the
   game stands) instead of ``game.outcome``;
5. gives each seat a reward in [0, 1] (:func:`rewards`) and adds it up along the path.

The move played is the root's most visited, ties going to the first in
``legal_moves(state, seat)``. A fixed number of iterations, never a clock, and every draw
from ``rng``: the same state, seat, level and seed choose the same move, so a replay
reproduces it. Pure and standard library only (DESIGN.md §10.1).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.contract import Game, Move, State


@dataclass(frozen=True)
class Level:
    """How hard a bot thinks. ``iterations == 0``: the game's greedy ``bot_move`` alone."""

    name: str
    iterations: int = 0
    horizon: int = 0
    """Decisions a rollout plays before it is scored as the game stands."""
    exploration: float = 0.7
    """UCB1's constant (rewards lie in [0, 1])."""
    prior: int = 0
    """Visits the stand-in's move is credited with when the most visited move is chosen
    (the search itself does not see them): the bot leaves the greedy move only for one the
    search visited that much more, not for the noise of a small budget."""


LEVELS: Mapping[str, Level] = {
    "stand-in": Level("stand-in"),
    "casual": Level("casual", iterations=80, horizon=10, prior=20),
    "strong": Level("strong", iterations=120, horizon=14, prior=20),
}
"""The bot's levels by name: "stand-in" is the game's greedy bot (issue 37 §1)."""


def choose(game: Game, state: State, seat: str, level: str | Level, rng: random.Random) -> Move:
    """The move ``seat`` plays at its current decision at ``level`` (a name in
    :data:`LEVELS`, or a level of one's own): one of ``game.legal_moves(state, seat)``.
    ``rng`` is the search's only randomness; ``state`` is read only through what ``seat``
    sees (``legal_moves``, ``sample_world``)."""
    chosen = LEVELS[level] if isinstance(level, str) else level
    if chosen.iterations == 0:
        return game.bot_move(state, seat)
    moves = game.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    root = _Node(seat="")
    for _ in range(chosen.iterations):
        _iterate(game, state, seat, chosen, root, rng)
    visits = {key: child.visits for (who, key), child in root.children.items() if who == seat}
    if chosen.prior:
        # The stand-in decides in a sampled world, as the search does: seen cards only.
        greedy = _key(game.bot_move(game.sample_world(state, seat, rng), seat))
        visits[greedy] = visits.get(greedy, 0) + chosen.prior
    keys = [_key(move) for move in moves]
    best = max(range(len(moves)), key=lambda i: (visits.get(keys[i], 0), -i))
    return moves[best]


def rewards(standing: Mapping[str, Any], before: Mapping[str, float]) -> dict[str, float]:
    """Each seat's reward in [0, 1] for a rollout that ended in ``standing`` (the shape of
    ``outcome``): half its place in the ranking (1 first, 0 last, a tie shares its places),
    half how much its lead over the best of the others grew since the world was sampled
    (``before``: each seat's lead then), squashed by tanh at the scale of the scores."""
    scores = _scores(standing)
    places = _places(standing.get("ranking") or [], list(scores))
    lead = _leads(scores)
    scale = 1.0 + 0.25 * sum(abs(v) for v in scores.values()) / max(1, len(scores))
    return {
        s: 0.5 * places[s] + 0.25 * (1.0 + math.tanh((lead[s] - before.get(s, 0.0)) / scale))
        for s in scores
    }


@dataclass
class _Node:
    seat: str
    """The seat whose move led here (the root: none)."""
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[tuple[str, str], _Node] = field(default_factory=dict)


def _iterate(
    game: Game, state: State, seat: str, level: Level, root: _Node, rng: random.Random
) -> None:
    world = game.sample_world(state, seat, rng)
    before = _leads(_scores(game.estimate(world)))
    node, path = root, [root]
    acting = seat
    # Selection: down the tree while every move legal here has been tried.
    while True:
        legal = game.legal_moves(world, acting)
        keyed = [(_key(m), m) for m in legal]
        for k, _m in keyed:
            child = node.children.get((acting, k))
            if child is not None:
                child.available += 1
        untried = [(k, m) for k, m in keyed if (acting, k) not in node.children]
        if untried:
            k, move = untried[rng.randrange(len(untried))]
            child = _Node(seat=acting)
            node.children[(acting, k)] = child
            world = _play(game, world, acting, move, rng)
            path.append(child)
            break
        k, move = max(keyed, key=lambda km: _ucb(node.children[(acting, km[0])], level))
        node = node.children[(acting, k)]
        world = _play(game, world, acting, move, rng)
        path.append(node)
        following = _next(game, world)
        if following is None:
            break
        acting = following
    # Rollout: the greedy bots, up to the horizon.
    for _ in range(level.horizon):
        following = _next(game, world)
        if following is None:
            break
        world = _play(game, world, following, game.bot_move(world, following), rng)
    reward = rewards(game.estimate(world), before)
    for visited in path:
        visited.visits += 1
        visited.reward += reward.get(visited.seat, 0.0)


def _next(game: Game, world: State) -> str | None:
    acting = game.to_act(world)
    return min(acting) if acting else None


def _play(game: Game, world: State, seat: str, move: Move, rng: random.Random) -> State:
    for event in game.decide(world, seat, move, rng):
        world = game.apply(world, event)
    return world


def _ucb(child: _Node, level: Level) -> float:
    return child.reward / child.visits + level.exploration * math.sqrt(
        math.log(max(child.available, 1)) / child.visits
    )


def _key(move: Move) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def _scores(standing: Mapping[str, Any]) -> dict[str, float]:
    return {s: float(v) for s, v in standing["scores"].items()}


def _leads(scores: Mapping[str, float]) -> dict[str, float]:
    """Each seat's score less the best of the others'."""
    return {
        s: v - max((w for t, w in scores.items() if t != s), default=0.0) for s, v in scores.items()
    }


def _places(ranking: list[list[str]], seats: list[str]) -> dict[str, float]:
    """Each seat's place as a share: 1 first, 0 last; tied seats share their places."""
    last = max(1, len(seats) - 1)
    places = {s: 0.5 for s in seats}
    ahead = 0
    for group in ranking:
        share = (last - (ahead + (len(group) - 1) / 2)) / last
        for s in group:
            places[s] = share
        ahead += len(group)
    return places
