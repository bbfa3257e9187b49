"""What an upgrade must rebuild from the log that its migration could not, since that needs
the engine (issue 30 §3): run by :func:`service.store.db.migrate` after the migrations, once,
when the upgrade passed the revision that called for it.

- ``0003`` gave games their due time (``games.due_at``, when the scheduler next has work
  for the game: a cache of the log) and left it empty: a game from before would never be
  reminded, asked to vote or played by a bot again until someone moved.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from sqlalchemy import select

from engine import registry
from service.store import eventstore
from service.store.db import sessions
from service.store.models import GameRow
from service.table import logfold, schedule

log = logging.getLogger(__name__)


def due_times(url: str) -> int:
    """Each unfinished game's due time, where none is written; how many were written."""
    with sessions(url)() as session:
        game_ids = list(
            session.scalars(
                select(GameRow.id).where(GameRow.over.is_(False), GameRow.due_at.is_(None))
            )
        )
    written = 0
    for game_id in game_ids:
        with sessions(url).begin() as session:
            row = session.get(GameRow, game_id)
            if row is None or row.game not in registry.GAMES:
                log.warning("game %s is of a game not served here: left unscheduled", game_id)
                continue
            loaded = eventstore.load(session, game_id)
            if logfold.over(loaded.game, loaded.folded):
                continue
            row.due_at = schedule.next_due(loaded.table, loaded.game.to_act(loaded.state))
            written += row.due_at is not None
    return written


AFTER: dict[str, Callable[[str], int]] = {"0003": due_times}
"""Each revision that calls for a rebuild, and the rebuild."""
