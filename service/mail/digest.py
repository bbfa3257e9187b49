"""The daily digest (issue 4): one email listing every game waiting for a player who chose
``digest`` over an email per turn, with the links to each decision or vote."""

from __future__ import annotations

from collections.abc import Sequence
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from service import words
from service.config import Settings
from service.links import urls as links
from service.mail import smtp
from service.mail.compose import render
from service.mail.smtp import recipient
from service.present import notices
from service.store import eventstore, people
from service.store.eventstore import now
from service.store.models import SeatRow
from service.words import n_


def waiting_games(settings: Settings, session: Session, email: str) -> list[dict[str, Any]]:
    """Every game where this player must decide or vote now, with its links: the games they
    hear about by digest (all of them, or those they chose it for alone, issue 20)."""
    games: list[dict[str, Any]] = []
    seats = session.scalars(select(SeatRow).where(SeatRow.email == email)).all()
    speaks = language_of(seats)
    for seat in seats:  # each game's deadline in that seat's own time zone
        if people.notify_of(session, seat) != "digest":
            continue
        with words.speaking(speaks, seat.time_zone):
            _waiting(settings, session, seat, speaks, games)
    return games


def language_of(seats: Sequence[SeatRow]) -> str:
    """The language a player's digest speaks: their newest game's seat's (issue 17)."""
    newest = max(seats, key=lambda s: s.id, default=None)
    return words.known(newest.language if newest else None) or "en"


def _waiting(
    settings: Settings, session: Session, seat: SeatRow, speaks: str, games: list[dict[str, Any]]
) -> None:
    loaded = eventstore.load(session, seat.game_id)
    if loaded.row.over or seat.seat in loaded.table.resigned:
        return  # issue 32: a player who resigned hears no more of the game
    table = loaded.table
    acting = seat.seat in loaded.game.to_act(loaded.state) and seat.seat not in table.bots
    voting = (
        table.ballot is not None
        and seat.seat in table.voters()
        and seat.seat not in dict(table.ballot.votes)
    )
    if not (acting or voting):
        return
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
            "language": speaks,
        }
    )


def message(
    settings: Settings, email: str, name: str | None, day: str, games: list[dict[str, Any]]
) -> EmailMessage:
    """The digest of ``day`` for the player at ``email``, listing ``games``."""
    speaks = games[0].get("language", "en") if games else "en"
    with words.speaking(speaks):
        return _message(settings, email, name, day, games)


def _message(
    settings: Settings, email: str, name: str | None, day: str, games: list[dict[str, Any]]
) -> EmailMessage:
    message = smtp.message()
    message["From"] = settings.mail_from
    message["To"] = recipient(name or "", email)
    message["Subject"] = words.text(
        n_(
            "Your daily digest: {n} game waiting for you",
            "Your daily digest: {n} games waiting for you",
            n=len(games),
        )
    )
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
