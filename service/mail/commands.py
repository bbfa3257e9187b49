"""A stand-in for the table commands by reply (issue 18, part C), which replace this file:
the interface the reader of replies (:mod:`service.mail.replies`) calls."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from service.config import Settings


@dataclass(frozen=True)
class Said:
    ok: bool
    """Done, or refused."""
    text: str
    """One or more sentences in the reader's language, already rendered."""
    outbox_ids: list[int]


def run(
    session: Session,
    settings: Settings,
    game_id: str,
    seat: str,
    generation: int,
    email: str,
    line: str,
) -> Said | None:
    """None: ``line`` is not a table command (this stand-in knows none)."""
    return None
