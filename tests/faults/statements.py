"""The SQL statements the fault tools watch for as they reach the database (through
SQLAlchemy's ``before_cursor_execute``): each named by its first words, and the append of a
move's events told on either database."""

from __future__ import annotations

import re

APPENDS_EVENTS = re.compile(r'\bINSERT\s+INTO\s+"?events"?[\s(]', re.IGNORECASE)


def named(statement: str) -> str:
    """A statement's first three words, upper-cased: ``INSERT INTO SNAPSHOTS``,
    ``UPDATE GAMES SET``, ``WITH MOVED AS``."""
    return " ".join(statement.split()[:3]).upper()


def appends_events(statement: str) -> bool:
    """Whether ``statement`` inserts a move's events, wherever in it the insert stands: its
    own ``INSERT INTO events`` on SQLite; on PostgreSQL one statement (``WITH moved AS
    (UPDATE games ...), appended AS (INSERT INTO events ...) ...``) advances the game row and
    inserts the events, the used link and the outbox rows (service/store/eventlog.py)."""
    return APPENDS_EVENTS.search(statement) is not None
