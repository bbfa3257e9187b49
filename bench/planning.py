"""Real games for the benchmark: created through the service, every move's link made ahead.

The bench creates the games itself, so it holds their seeds: deciding each move with the rng
the service will use (HMAC(seed, seq), DESIGN.md §6) gives the very events the service will
append, hence the ``seq`` the next link must name. The timed loops then do nothing but HTTP.
"""

from __future__ import annotations

import random
from typing import Any

from engine import registry
from engine.chance import rng_for
from service.config import Settings
from service.links import decisions
from service.links.tokens import action_token
from service.play.games import create_game
from service.store.db import sessions


def bench_games() -> list[str]:
    """Every game this process serves: the built-in games and those ``EXTRA_GAMES`` names."""
    return sorted(registry.GAMES)


def players_for(name: str, index: int) -> list[str]:
    """Player addresses for the ``index``-th game: player counts rotate over the game's range."""
    game = registry.get(name)
    count = game.min_players + index % (game.max_players - game.min_players + 1)
    return [f"p{i}.{index}@bench.example.org" for i in range(1, count + 1)]


def plan_links(settings: Settings, name: str, count: int, rng: random.Random) -> list[str]:
    """Paths of ``count`` one-click move links (``/act/<token>``), in the order a player would
    follow them: games of ``name`` played with random legal moves, a new game when one ends."""
    game = registry.get(name)
    paths: list[str] = []
    index = 0
    while len(paths) < count:
        with sessions(settings.database_url).begin() as session:
            created = create_game(session, name, players_for(name, index))
        index += 1
        loaded = created.loaded
        seed = bytes.fromhex(loaded.row.seed)
        state: Any = loaded.state
        head, turn = loaded.seq, loaded.turn_seq
        began = {s: loaded.table.decision_seq(s) for s in game.to_act(state)}
        while game.to_act(state) and len(paths) < count:
            seat = sorted(game.to_act(state))[0]
            moves = game.legal_moves(state, seat)
            move = rng.choice(moves)
            token = action_token(
                settings.secret_key, loaded.row.id, seat, turn, move,
                began=began[seat], decision=decisions.digest(moves),
            )  # fmt: skip
            paths.append(f"/act/{token}")
            before = game.to_act(state)
            events = game.decide(state, seat, move, rng_for(seed, head + 1))
            for event in events:
                state = game.apply(state, event)
            head += len(events)
            turn = head  # a link names the newest game event; no table event comes between
            # Where each seat's decision began (service.table.state.Clock.decision_seq): the
            # mover's and a newly asked seat's begin now, the others' go on.
            began = {s: began[s] if s in before and s != seat else turn for s in game.to_act(state)}
    return paths
