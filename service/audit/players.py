"""What a private export (``--with-secrets``) carries of each seat's player beside their
address (issue 30 §3): the settings they chose here, so that a game moved to another host
still speaks their language, keeps their time zone and email style, and stays silent for a
player who muted it. None of it is hashed or signed, like the addresses: it is the
players' own, not the game's, and a file that carries it is private.

In the export's header, ``settings`` maps each seat to ``{"language", "time_zone",
"notify", "muted_at", "person"}``: the seat's own (``notify`` is this game's email style
when the player chose one for it alone) and ``person``, the style the player chose for
every game (``{"notify", "digest_hour"}``), or null when they never chose one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from service import words
from service.errors import BadRequest
from service.play import slowplay
from service.play.games import check_time_zone
from service.store import hashchain
from service.store.models import GameRow, PersonRow, SeatRow
from service.table.state import NOTIFY


@dataclass(frozen=True)
class SeatSettings:
    """One seat's player's settings, as read back from a file."""

    language: str = "en"
    time_zone: str | None = None
    notify: str | None = None
    muted_at: datetime | None = None
    person_notify: str | None = None
    """The style the player chose for every game; None when they never chose one."""
    digest_hour: int = 7


def written(session: Session, row: GameRow) -> dict[str, dict[str, Any]]:
    """Each seat's settings as an export writes them."""
    out: dict[str, dict[str, Any]] = {}
    for seat in row.seats:
        # A forgotten player's seat has no address, and so no settings of theirs.
        person = session.get(PersonRow, seat.email) if seat.email is not None else None
        out[seat.seat] = {
            "language": seat.language,
            "time_zone": seat.time_zone,
            "notify": seat.notify,
            "muted_at": hashchain.timestamp(seat.muted_at) if seat.muted_at else None,
            "person": None
            if person is None
            else {"notify": person.notify, "digest_hour": person.digest_hour},
        }
    return out


def read(seat: str, given: Any) -> SeatSettings:
    """Seat ``seat``'s settings from a file; :class:`BadRequest` naming what is wrong (a file
    may have been edited by anyone who held it)."""
    if given is None:
        return SeatSettings()
    if not isinstance(given, dict):
        raise BadRequest(f"seat {seat}'s settings are not an object")
    language = given.get("language", "en")
    if language not in words.LANGUAGES:
        raise BadRequest(
            f"seat {seat}'s language is not one of {', '.join(words.LANGUAGES)}: "
            f"{str(language)[:40]!r}"
        )
    try:
        zone = check_time_zone(given.get("time_zone") or "")
    except BadRequest as exc:
        raise BadRequest(f"seat {seat}'s time zone: {exc.message}") from exc
    notify = given.get("notify")
    if notify is not None and notify not in NOTIFY:
        raise BadRequest(f"seat {seat}'s email style is not one of {', '.join(NOTIFY)}")
    muted = given.get("muted_at")
    try:
        muted_at = None if muted is None else _moment(muted)
    except (TypeError, ValueError) as exc:
        raise BadRequest(f"seat {seat}'s muted_at is not a moment with its zone") from exc
    person = given.get("person")
    if person is None:
        return SeatSettings(language, zone, notify, muted_at)
    hour = person.get("digest_hour") if isinstance(person, dict) else None
    style = person.get("notify") if isinstance(person, dict) else None
    if style not in NOTIFY or type(hour) is not int or not 0 <= hour <= 23:
        raise BadRequest(
            f"seat {seat}'s player's email style is not one of {', '.join(NOTIFY)} "
            "with a digest hour from 0 to 23"
        )
    return SeatSettings(language, zone, notify, muted_at, style, hour)


def _moment(text: Any) -> datetime:
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        raise ValueError("no time zone")
    return moment


def apply(session: Session, seat: SeatRow, settings: SeatSettings, moment: datetime) -> None:
    """Give ``seat`` its player's settings. The player's style for every game is written
    only where this server knows none for the address yet: one it holds is newer news of
    the player than a file."""
    seat.language, seat.time_zone = settings.language, settings.time_zone
    seat.notify, seat.muted_at = settings.notify, settings.muted_at
    wants_digest = settings.notify == "digest" or settings.person_notify == "digest"
    if settings.person_notify is None and not wants_digest:
        return
    # Settings come only with a private export, which carries each seat's address.
    assert seat.email is not None
    if session.get(PersonRow, seat.email) is not None:
        return
    person = PersonRow(
        email=seat.email, notify=settings.person_notify or "each", digest_hour=settings.digest_hour
    )
    if wants_digest:
        zone = slowplay.person_zone(session, seat.email) or settings.time_zone
        person.next_digest_at = slowplay.next_digest(moment, settings.digest_hour, zone)
    session.add(person)
