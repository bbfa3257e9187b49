"""Bots at the table (issue 37): seats a bot holds from the game's creation, the level a
vote hands a late seat to, the move a bot chooses, and waking a bot the moment its decision
comes.

A bot's move is chosen in a worker, never in a web request: the commit that leaves a bot to
act queues the game's due work at once (``workers.schedule.advance_game``), beside the
scheduler's tick that would find it anyway. The searching levels' budgets are recorded in
the log with the bot (``table.bot_seated``, ``table.vote_decided``) and its randomness is
drawn from the game's seed and the move's ``seq`` (:func:`engine.chance.search_rng_for`),
so the revealed seed reproduces every bot move (``service.audit.checks``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine import Game, Move, State
from engine.chance import search_rng_for
from engine.kit import search
from service.table.state import Table

LEVELS: tuple[str, ...] = tuple(search.LEVELS)
"""The levels a player may choose, weakest first: ``stand-in`` (each game's greedy
``bot_move``), ``casual`` and ``strong`` (the searching bot's two budgets)."""


def iterations(level: str, effort: int = 100) -> int:
    """The budget recorded for a new bot of ``level``: the level's iterations, scaled by
    ``effort`` percent (``BOT_EFFORT``; at least one); 0 for the stand-in, which does not
    search."""
    budget = search.LEVELS[level].iterations
    if not budget:
        return 0
    return max(1, budget * effort // 100)


def seated(seat: str, level: str, effort: int = 100) -> dict[str, Any]:
    """The ``table.bot_seated`` event of a bot of ``level`` taking ``seat`` at creation."""
    return {"type": "table.bot_seated", "seat": seat, **recorded(level, effort)}


def recorded(level: str, effort: int = 100) -> dict[str, Any]:
    """What the log keeps of a bot's level: its name and the budget it searches with."""
    return {"level": level, "iterations": iterations(level, effort)}


def move_for(game: Game, state: State, table: Table, seat: str, seed: bytes, seq: int) -> Move:
    """The move the bot holding ``seat`` plays when its move is appended at ``seq``: the
    game's greedy ``bot_move`` for the stand-in, else the search with the budget recorded
    when the bot took the seat and the rng of the seed and ``seq``."""
    name, budget = table.level(seat), table.iterations(seat)
    level = search.LEVELS.get(name)
    if level is None or not level.iterations or not budget:
        return game.bot_move(state, seat)
    rng = search_rng_for(seed, seq)
    return search.choose(game, state, seat, replace(level, iterations=budget), rng)
