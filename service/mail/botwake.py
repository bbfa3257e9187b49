"""Waking a bot the moment its decision comes (issue 37 §3): a commit that leaves a game
waiting on a bot queues the game's due work at once (``workers.schedule.advance_game``,
where the bot's move is chosen), beside the scheduler's tick that would find it anyway."""

from __future__ import annotations

import logging

from redis.exceptions import RedisError
from sqlalchemy import event
from sqlalchemy.orm import Session

from service.config import Settings
from service.mail.queue import BUSY, queue, without_jobs_in
from service.store.eventstore import BOTS_DUE

log = logging.getLogger(__name__)
ADVANCE_JOB = "workers.schedule.advance_game"
"""The job that does a game's due work (a bot's move among it), named for RQ."""
_WAKE: dict[str, Settings] = {}


def wake_with(settings: Settings) -> None:
    """This process queues a bot's turn, the moment a commit leaves one to act, on
    ``settings``' Redis (the web app and the workers, at start)."""
    _WAKE["settings"] = settings


def advance_job_id(game_id: str) -> str:
    return f"due-{game_id}"


@event.listens_for(Session, "after_commit")
def _wake(session: Session) -> None:
    game_ids = sorted(session.info.pop(BOTS_DUE, ()))
    if not game_ids:
        return
    # A process that was not started as the web app or a worker (a command, a script)
    # reads the environment, as a job does.
    settings = _WAKE.get("settings") or Settings.from_env()
    if not settings.redis_url:
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
