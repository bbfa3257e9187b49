"""This process's cache of the newest known state of recent games (docs/performance.md).

Sound because a game's log only grows and ``seq`` is unique, so ``(game, seq)`` names one
state forever, and the state at a later ``seq`` is that one with the events after it folded
in. A state enters the cache only once the session that folded it commits: a rolled-back
append is never cached.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from sqlalchemy import event
from sqlalchemy.orm import Session

from service.table.logfold import Folded


class StateCache:
    """The newest known state of up to ``size`` games, least recently used first out."""

    def __init__(self, size: int = 1024) -> None:
        self._entries: OrderedDict[str, tuple[str, Folded]] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def recall(self, game_id: str, ruleset: str) -> Folded | None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None or entry[0] != ruleset:
                return None
            self._entries.move_to_end(game_id)
            return entry[1]

    def store(self, game_id: str, ruleset: str, state: Folded) -> None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None or entry[0] != ruleset or entry[1].seq <= state.seq:
                self._entries[game_id] = (ruleset, state)
            self._entries.move_to_end(game_id)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


_STATES = StateCache()
_PENDING = "pbem.states"


def recall(game_id: str, ruleset: str) -> Folded | None:
    """The newest state of the game this process knows, under ``ruleset``."""
    return _STATES.recall(game_id, ruleset)


def forget_states() -> None:
    """Empty this process's state cache (a cold start, as for a new process)."""
    _STATES.clear()


def remember(session: Session, game_id: str, ruleset: str, state: Folded) -> None:
    """Cache ``state`` once ``session`` commits (a rolled-back append is never cached)."""
    session.info.setdefault(_PENDING, []).append((game_id, ruleset, state))


@event.listens_for(Session, "after_commit")
def _publish_states(session: Session) -> None:
    for entry in session.info.pop(_PENDING, []):
        _STATES.store(*entry)


@event.listens_for(Session, "after_rollback")
def _drop_states(session: Session) -> None:
    session.info.pop(_PENDING, None)
