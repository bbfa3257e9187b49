"""The log's part of plans ahead (issue 38, :mod:`service.play.plans`): a plan's events,
and when the game ends, every plan not yet told in full by the log, told."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.store.eventlog import now
from service.store.models import GameRow, PlanRow

OVER = "over"
"""Why a plan still waiting at the game's end stopped."""


def stop(plans: Iterable[PlanRow], reason: str, seq: int, moment: datetime | None = None) -> None:
    """``plans`` wait no more, for ``reason`` (``service.play.plans.REASONS``)."""
    when = moment or now()
    for plan in plans:
        plan.live = False
        plan.reason = reason
        plan.ended_seq = seq
        plan.ended_at = when


def set_event(plan: PlanRow) -> dict[str, Any]:
    """``table.plan_set``: the plan as it was set, after which event and when."""
    return {
        "type": "table.plan_set",
        "seat": plan.seat,
        "plan": plan.number,
        "order": plan.body,
        "after": plan.set_seq,
        "at": plan.set_at.isoformat(),
    }


def closing_events(session: Session, row: GameRow, seq: int) -> list[dict[str, Any]]:
    """The game ends at ``seq``: every plan of it not yet told in full by the log, told (its
    ``table.plan_set`` if not written yet, and ``table.plan_dropped`` with why it stopped);
    the game then has no plan left to write (``games.plans``)."""
    if not row.plans:
        return []
    rows = session.scalars(
        select(PlanRow)
        .where(PlanRow.game_id == row.id, PlanRow.closed.is_(False))
        .order_by(PlanRow.set_seq, PlanRow.seat, PlanRow.number)
    ).all()
    events: list[dict[str, Any]] = []
    for plan in rows:
        if plan.live:
            stop([plan], OVER, seq)
        if not plan.logged:
            events.append(set_event(plan))
            plan.logged = True
        events.append(
            {
                "type": "table.plan_dropped",
                "seat": plan.seat,
                "plan": plan.number,
                "reason": plan.reason,
                "at_seq": plan.ended_seq,
            }
        )
        plan.closed = True
    row.plans = 0
    return events
