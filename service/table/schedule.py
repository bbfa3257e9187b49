"""The table's schedule (issue 4): each seat's deadline and reminders, pushed back by its
absences; when the ballot on a late seat closes and how it is counted; what the scheduler
must do for a game, and when next.

Pure, like :mod:`.state`: the moment is always an argument.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from service.table.state import CHOICES, Clock, Table, moment


def _day_start(day: date, zone: ZoneInfo) -> datetime:
    return datetime.combine(day, time(0), tzinfo=zone).astimezone(UTC)


def absence_span(table: Table, first: str, last: str) -> tuple[datetime, datetime]:
    """The moments an absence from ``first`` to ``last`` (ISO days of the game's zone,
    inclusive) begins and ends."""
    zone = table.pace.zone
    return (
        _day_start(date.fromisoformat(first), zone),
        _day_start(date.fromisoformat(last) + timedelta(days=1), zone),
    )


def absences(table: Table, seat: str) -> list[tuple[datetime, datetime]]:
    spans = [absence_span(table, first, last) for s, first, last in table.away if s == seat]
    return sorted(spans)


def _after(start: datetime, span: timedelta, paused: list[tuple[datetime, datetime]]) -> datetime:
    """The moment ``span`` of unpaused time has passed since ``start``."""
    end = start + span
    for first, last in paused:
        if last <= start or first >= end:
            continue
        end += last - max(first, start)
    return end


def deadline(table: Table, clock: Clock) -> datetime:
    """The end of the local day ``days`` days after the decision began, pushed back by the
    seat's absences. A seat whose player left has none to wait for (issue 30): its deadline
    is when it began to wait, unless the others voted to wait since."""
    if _gone(table, clock):
        return moment(clock.since)
    zone = table.pace.zone
    start = moment(clock.since)
    local_day = start.astimezone(zone).date() + timedelta(days=table.pace.days + 1)
    base = _day_start(local_day, zone)
    return _after(start, base - start, absences(table, clock.seat))


def _gone(table: Table, clock: Clock) -> bool:
    """``clock``'s seat has no player, nor a newcomer it was handed to, and the others did
    not vote to wait for it since."""
    waited = next((since for s, since in table.left if s == clock.seat), None)
    return waited is not None and waited != clock.since_seq and table.offered_to(clock.seat) is None


def _reminder_at(table: Table, clock: Clock, number: int) -> datetime:
    pace = table.pace
    offset = timedelta(hours=pace.remind_after_hours + number * pace.remind_every_hours)
    return _after(moment(clock.since), offset, absences(table, clock.seat))


def next_reminder(table: Table, clock: Clock) -> datetime | None:
    when = _reminder_at(table, clock, clock.reminders)
    return when if when < deadline(table, clock) else None


def reminders_by(table: Table, clock: Clock, now: datetime) -> int:
    """How many reminders the schedule has called for by ``now``: a scheduler that was down
    sends one reminder late, not every one it missed."""
    limit = deadline(table, clock)
    count = clock.reminders
    while (at := _reminder_at(table, clock, count)) <= now and at < limit:
        count += 1
    return count


def ballot_closes(table: Table) -> datetime | None:
    if table.ballot is None:
        return None
    return moment(table.ballot.opened) + timedelta(days=table.pace.days)


def is_away(table: Table, seat: str, when: datetime) -> bool:
    return any(first <= when < last for first, last in absences(table, seat))


def tally(table: Table, closing: bool) -> str | None:
    """The ballot's result once it can be known: majority of those who answered, ties wait.
    Before it closes, only a choice no later vote can beat decides it."""
    if table.ballot is None:
        return None
    voters = set(table.voters())
    votes = [choice for voter, choice in table.ballot.votes if voter in voters]
    counts = {c: votes.count(c) for c in CHOICES}
    best = max(counts.values())
    leaders = [c for c in CHOICES if counts[c] == best]
    if not closing and len(votes) < len(voters):
        outstanding = len(voters) - len(votes)
        runner_up = sorted(counts.values())[-2]
        if len(leaders) > 1 or best <= runner_up + outstanding:
            return None
    return leaders[0] if best and len(leaders) == 1 else "wait"


@dataclass(frozen=True)
class Due:
    kind: str
    """'ballot' (close it), 'bot' (play for a seat), 'deadline' (open a ballot), 'remind'."""
    seat: str | None = None


def due(table: Table, to_act: frozenset[str], now: datetime) -> list[Due]:
    """What the scheduler must do for this game at ``now``."""
    if table.abandoned is not None:
        return []
    found: list[Due] = []
    closes = ballot_closes(table)
    if closes is not None and (closes <= now or tally(table, closing=False) is not None):
        found.append(Due("ballot"))
    for seat in sorted(to_act & table.bots_set):
        found.append(Due("bot", seat))
    if table.dormant_since is not None:
        return found
    for clock in table.clocks:
        if clock.seat in table.bots_set or clock.seat not in to_act:
            continue
        if table.ballot is None and deadline(table, clock) <= now:
            found.append(Due("deadline", clock.seat))
            continue
        if table.offered_to(clock.seat) is not None or table.has_left(clock.seat):
            continue
        reminder = next_reminder(table, clock)
        if reminder is not None and reminder <= now:
            found.append(Due("remind", clock.seat))
    return found


def next_due(table: Table, to_act: frozenset[str]) -> datetime | None:
    """The earliest moment :func:`due` will have something to do (None: nothing planned)."""
    if table.abandoned is not None:
        return None
    moments: list[datetime] = []
    if to_act & table.bots_set:
        moments.append(datetime.min.replace(tzinfo=UTC))
    closes = ballot_closes(table)
    if closes is not None:
        moments.append(closes)
    if table.dormant_since is None:
        for clock in table.clocks:
            if clock.seat in table.bots_set or clock.seat not in to_act:
                continue
            if table.ballot is None:
                moments.append(deadline(table, clock))
            if table.offered_to(clock.seat) is None and not table.has_left(clock.seat):
                reminder = next_reminder(table, clock)
                if reminder is not None:
                    moments.append(reminder)
    return min(moments) if moments else None
