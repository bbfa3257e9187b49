"""What the table rules of issue 4 say to players, as plain dicts for emails and pages:
the game's pace and deadlines, and one notice per kind of email."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from service.config import Settings
from service.links import urls as links
from service.present import presentation
from service.store.eventstore import Loaded, now
from service.store.models import PersonRow
from service.table import rules as tables
from service.table.rules import Table

CHOICE_LABELS = tables.CHOICE_LABELS


def when(table: Table, moment: datetime) -> str:
    """A moment in the game's time zone; a deadline at midnight reads 'end of <day>'."""
    local = moment.astimezone(table.pace.zone)
    zone = table.pace.timezone
    if (local.hour, local.minute) == (0, 0):
        day = local - timedelta(days=1)
        return f"the end of {day:%A} {day.day} {day:%B %Y} ({zone} time)"
    return f"{local:%A} {local.day} {local:%B %Y}, {local:%H:%M} ({zone} time)"


def _hours(n: int) -> str:
    if n % 24 == 0:
        days = n // 24
        return "1 day" if days == 1 else f"{days} days"
    return "1 hour" if n == 1 else f"{n} hours"


def pace(loaded: Loaded, seat: str | None = None) -> dict[str, Any]:
    """The game's pace (issue 4: shown in every email), and the seat's own deadline."""
    table = loaded.table
    p = table.pace
    every = "every day" if p.remind_every_hours == 24 else f"every {_hours(p.remind_every_hours)}"
    summary = (
        f"{_hours(p.days * 24)} per decision; a reminder after {_hours(p.remind_after_hours)}, "
        f"then {every}; deadlines in {p.timezone} time."
    )
    clock = table.clock(seat) if seat else None
    deadline = None
    if clock is not None and seat not in table.bots and not loaded.row.over:
        deadline = when(table, tables.deadline(table, clock))
    return {
        "summary": summary,
        "days": p.days,
        "timezone": p.timezone,
        "deadline": deadline,
    }


def nothing_waiting(session: Session, loaded: Loaded, seat: str) -> str:
    """For a seat with nothing to decide: that nothing waits for it, and when it will hear
    from us (issue 14), as its own email settings make it true."""
    if loaded.row.over:
        return "Nothing is waiting for you: the game is over, and its final scores are on its page."
    whose = presentation.whose_turn(loaded, seat)
    first = f"Nothing is waiting for you in this game right now ({whose} to play)."
    player = next(s for s in loaded.row.seats if s.seat == seat)
    person = session.get(PersonRow, player.email)
    if player.muted_at is not None:
        then = "You unsubscribed from this game's emails: its page shows when it is your turn."
    elif person is not None and person.notify == "digest":
        then = "When it is your turn, your daily digest will list it."
    elif person is not None and person.notify == "none":
        then = "You chose no turn emails: the game's page shows when it is your turn."
    else:
        then = "We will email you when it is your turn."
    return f"{first} {then}"


def statuses(loaded: Loaded) -> list[dict[str, Any]]:
    """Per player: deciding since (the ``turn_seq`` at which the decision its links name
    began), deadline, away, played by a bot, handed over."""
    table = loaded.table
    acting = loaded.game.to_act(loaded.state) if not loaded.row.over else frozenset()
    moment = now()
    rows = []
    for s in loaded.row.seats:
        clock = table.clock(s.seat)
        notes = []
        if s.seat in table.bots:
            notes.append("a bot plays for them until they come back")
        offered = table.offered_to(s.seat)
        if offered is not None:
            notes.append(f"handed to {offered}, who has not taken the seat yet")
        for first, last in tables.absences(table, s.seat):
            if last > moment:
                notes.append(f"away from {when(table, first)} to {when(table, last)}")
        deadline = None
        if clock is not None and s.seat in acting and s.seat not in table.bots:
            deadline = when(table, tables.deadline(table, clock))
        rows.append(
            {
                "seat": s.seat,
                "name": s.name,
                "to_act": s.seat in acting,
                "decision_seq": table.decision_seq(s.seat) if s.seat in acting else None,
                "deadline": deadline,
                "notes": notes,
            }
        )
    return rows


def _name(loaded: Loaded, seat: str | None) -> str:
    for s in loaded.row.seats:
        if s.seat == seat:
            return s.name
    return seat or "the service"


def notice(
    settings: Settings,
    loaded: Loaded,
    kind: str,
    seat: str,
    cause: tuple[str | None, dict[str, Any]] | None,
) -> dict[str, Any] | None:
    """The headline, sentences and links of a table email; ``cause`` is the event (its seat
    and payload) the email was written for."""
    by, event = cause if cause is not None else (None, {})
    name = _name(loaded, event.get("seat"))
    page = links.seat_url(settings, loaded, seat)
    lines: list[str] = []
    actions: list[dict[str, str]] = []
    if kind == "reminder":
        headline = "A reminder: your decision is waiting"
        deadline = pace(loaded, seat)["deadline"]
        if deadline:
            lines.append(f"Please decide by {deadline}.")
    elif kind == "nudge":
        headline = f"{_name(loaded, by)} nudged you: your decision is waiting"
        deadline = pace(loaded, seat)["deadline"]
        if deadline:
            lines.append(f"Your deadline is {deadline}.")
    elif kind == "away":
        headline = f"{name} is away"
        lines.append(
            f"{name} is away from {event['first']} to {event['last']} (days in "
            f"{loaded.table.pace.timezone} time). Their deadlines pause meanwhile."
        )
    elif kind == "ballot":
        ballot = loaded.table.ballot
        headline = f"{name}'s deadline has passed: what should we do?"
        lines.append(
            f"{name} has not decided in time. The players who answer decide by majority; "
            "a tie means we wait."
        )
        if ballot is not None:
            closes = tables.ballot_closes(loaded.table)
            assert closes is not None
            lines.append(f"The vote closes at {when(loaded.table, closes)}.")
            for choice in tables.CHOICES:
                actions.append(
                    {
                        "label": CHOICE_LABELS[choice],
                        "url": f"{page.split('#')[0]}?vote={choice}#vote",
                    }
                )
    elif kind == "ballot_result":
        choice = str(event.get("choice", "wait"))
        headline = f"The vote about {name} is decided: " + CHOICE_LABELS[choice].lower()
        lines.append(f"{event.get('answers', 0)} player(s) answered.")
        if choice == "replace":
            lines.append("The new player has been invited; the seat waits for them meanwhile.")
        elif choice == "bot":
            lines.append(f"{name} takes the seat back with any link from their emails.")
    elif kind == "dormant":
        headline = "The game is asleep"
        if event.get("seat") is None:
            lines.append(
                "Nobody answered the last vote, so we stopped sending reminders. The game waits "
                "exactly where it stopped; one click wakes it up for everyone."
            )
        else:
            whose = "Your" if event["seat"] == seat else f"{name}'s"
            lines.append(
                f"{whose} deadline has passed, and nobody else at the table votes on what to "
                "do, so we stopped sending reminders. The game waits exactly where it "
                "stopped; the next move, or one click, wakes it up."
            )
        actions.append(
            {"label": "Wake the game up", "url": links.seat_url(settings, loaded, seat, "resume")}
        )
    elif kind == "resumed":
        headline = f"{_name(loaded, by)} woke the game up"
        lines.append("Deadlines start afresh from now.")
    elif kind == "returned":
        headline = f"{name} is back and plays their own seat again"
    elif kind == "seat_claimed":
        headline = f"{event.get('name')} now plays {event.get('replaced')}'s seat"
    elif kind == "revive_request":
        headline = f"{_name(loaded, by)} wants to play on"
        lines.append(
            "The game ended as abandoned. It continues where it stopped once everyone agrees."
        )
        actions.append(
            {"label": "Agree to play on", "url": links.seat_url(settings, loaded, seat, "revive")}
        )
    elif kind == "revived":
        headline = "Everyone agreed: the game continues where it stopped"
    elif kind == "takeback_request":
        headline = f"{_name(loaded, by)} asks to take back their last decision"
        lines.append("It is undone only if every other player approves.")
        actions.append(
            {
                "label": "Approve or refuse",
                "url": links.seat_url(settings, loaded, seat, "takeback"),
            }
        )
    elif kind == "takeback_result":
        if event.get("type") == "table.taken_back":
            headline = "A decision was taken back"
            lines.append("Everyone approved; the game is back to where it was before it.")
        else:
            headline = f"{_name(loaded, by)} refused to take that decision back"
    else:
        return None
    return {"headline": headline, "lines": lines, "actions": actions}
