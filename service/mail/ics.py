"""A decision's deadline as a calendar event (issue 20): the ``.ics`` a turn email carries,
so a player's calendar reminds them. RFC 5545 by the ``icalendar`` library, which escapes
every text (commas, semicolons, backslashes and line breaks in players' names) and folds
long lines."""

from __future__ import annotations

from datetime import UTC, datetime

from icalendar import Calendar, Event

PRODID = "-//pbem//Decision deadlines//EN"


def uid(game_id: str, seat: str, decision_seq: int | None, domain: str) -> str:
    """One event per decision of a seat: every email about the same decision (the turn, its
    reminders, a nudge) carries the same UID, so a moved deadline replaces the event."""
    return f"deadline.{game_id}.{seat}.{decision_seq or 0}@{domain}"


def deadline_event(
    *,
    uid: str,
    sequence: int,
    deadline: datetime,
    stamp: datetime,
    summary: str,
    description: str,
    url: str,
) -> str:
    """A PUBLISH calendar of one VEVENT at ``deadline`` (in UTC); ``sequence`` grows with
    every email, so the newest one wins in a calendar that already holds the event."""
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("method", "PUBLISH")
    event = Event()
    event.add("uid", uid)
    event.add("sequence", sequence)
    event.add("dtstamp", stamp.astimezone(UTC))
    event.add("dtstart", deadline.astimezone(UTC))
    event.add("dtend", deadline.astimezone(UTC))
    event.add("summary", summary)
    event.add("description", description)
    event.add("url", url)
    event.add("transp", "TRANSPARENT")
    calendar.add_component(event)
    ical: bytes = calendar.to_ical()
    return ical.decode()
