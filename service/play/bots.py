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

import logging
from typing import Any

from redis.exceptions import RedisError
from sqlalchemy import event
from sqlalchemy.orm import Session

from engine import Game, Move, State
from engine.chance import search_rng_for
from engine.kit import search
from service.config import Settings
from service.mail.queue import BUSY, queue, without_jobs_in
from service.store.eventstore import BOTS_DUE
from service.table.state import STAND_IN, Table

log = logging.getLogger(__name__)

LEVELS: tuple[str, ...] = tuple(search.LEVELS)
"""The levels a player may choose, weakest first: ``stand-in`` (each game's greedy
``bot_move``), ``casual`` and ``strong`` (the searching bot's two budgets)."""
ADVANCE_JOB = "workers.schedule.advance_game"
"""The job that does a game's due work (a bot's move among it), named for RQ."""
_WAKE: dict[str, Settings] = {}


def iterations(level: str, effort: int = 100) -> int:
    """The budget recorded for a new bot of ``level``: the level's iterations, scaled by
    ``effort`` percent (``BOT_EFFORT``; at least one); 0 for the stand-in, which does not
    search."""
    budget = search.LEVELS[level]
    if not budget:
        return 0
    return max(1, budget * effort // 100)


def seated(seat: str, level: str, effort: int = 100) -> dict[str, Any]:
    """The ``table.bot_seated`` event of a bot of ``level`` taking ``seat`` at creation."""
    return {
        "type": "table.bot_seated",
        "seat": seat,
        "level": level,
        "iterations": iterations(level, effort),
    }


def move_for(game: Game, state: State, table: Table, seat: str, seed: str, seq: int) -> Move:
    """The move the bot holding ``seat`` plays when its move is appended at ``seq``."""
    level, budget = table.level(seat), table.iterations(seat)
    if level == STAND_IN or not budget:
        return game.bot_move(state, seat)
    rng = search_rng_for(bytes.fromhex(seed), seq)
    return search.search(game, state, seat, budget, rng)


# ---------------------------------------------------------------- waking a bot at once


def wake_with(settings: Settings) -> None:
    """This process queues a bot's turn, the moment a commit leaves one to act, on
    ``settings``' Redis (the web app and the workers, at start)."""
    _WAKE["settings"] = settings


def advance_job_id(game_id: str) -> str:
    return f"due-{game_id}"


@event.listens_for(Session, "after_commit")
def _wake(session: Session) -> None:
    game_ids = sorted(session.info.pop(BOTS_DUE, ()))
    settings = _WAKE.get("settings")
    if not game_ids or settings is None or not settings.redis_url:
        return
    try:
        q = queue(settings)
        for game_id in without_jobs_in(q, game_ids, advance_job_id, BUSY):
            q.enqueue(
                ADVANCE_JOB,
                game_id,
                job_id=advance_job_id(game_id),
                description=f"a bot's turn in game {game_id}",
            )
    except RedisError:
        log.warning("could not queue a bot's turn; the scheduler's tick will find it")


@event.listens_for(Session, "after_rollback")
def _asleep(session: Session) -> None:
    session.info.pop(BOTS_DUE, None)
