"""Reading a received message (issue 18, part B): a placeholder until part B's reader lands.

It marks the message received and answers nothing; part B's module replaces this file.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from service.config import Settings
from service.store.models import InboxRow


def read(session: Session, settings: Settings, row: InboxRow) -> list[int]:
    """Read ``row`` in the caller's transaction; the outbox rows to enqueue once it commits."""
    row.outcome = "received"
    return []
