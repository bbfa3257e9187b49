"""The daily digest (issue 4): one email listing every game waiting for a player who chose
``digest`` over an email per turn, with the links to each decision or vote."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.config import Settings
from service.links import urls as links
from service.mail import smtp
from service.mail.compose import render
from service.mail.smtp import recipient
from service.present import notices
from service.store import eventstore
from service.store.eventstore import now
from service.store.models import SeatRow


def waiting_games(settings: Settings, session: Session, email: str) -> list[dict[str, Any]]:
    """Every game where this player must decide or vote now, with its links."""
    games = []
    seats = session.scalars(select(SeatRow).where(SeatRow.email == email)).all()
    for seat in seats:
        loaded = eventstore.load(session, seat.game_id)
        if loaded.row.over:
            continue
        table = loaded.table
        acting = seat.seat in loaded.game.to_act(loaded.state) and seat.seat not in table.bots
        voting = (
            table.ballot is not None
            and seat.seat in table.voters()
            and seat.seat not in dict(table.ballot.votes)
        )
        if not (acting or voting):
            continue
        status = notices.pace(loaded, seat.seat)
        games.append(
            {
                "title": loaded.game.title,
                "id": loaded.row.id,
                "acting": acting,
                "voting": voting,
                "deadline": status["deadline"] if acting else None,
                "url": links.decision_url(settings, loaded, seat.seat)
                if acting
                else links.seat_url(settings, loaded, seat.seat, "vote"),
                "seat_url": links.seat_url(settings, loaded, seat.seat),
            }
        )
    return games


def message(
    settings: Settings, email: str, name: str | None, day: str, games: list[dict[str, Any]]
) -> EmailMessage:
    """The digest of ``day`` for the player at ``email``, listing ``games``."""
    message = smtp.message()
    message["From"] = settings.mail_from
    message["To"] = recipient(name or "", email)
    count = f"{len(games)} game{'s' if len(games) != 1 else ''}"
    message["Subject"] = f"Your daily digest: {count} waiting for you"
    message["Date"] = format_datetime(now())
    message["Message-ID"] = make_msgid(f"digest.{day}", domain=settings.mail_domain)
    message["Auto-Submitted"] = "auto-generated"
    context = {
        "name": name or email,
        "games": games,
        "day": day,
        "settings_url": links.person_url(settings, email),
    }
    message.set_content(render("digest.txt", context))
    message.add_alternative(render("digest.html", context), subtype="html")
    return message
