"""A player's settings as forms send them (issues 4, 17, 20): language and time zone, email
style and digest hour, away dates. The seat page, the settings link of every email and the
desk (``/me``) all read their forms here, so each rule is written once."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import date

from sqlalchemy.orm import Session
from werkzeug.datastructures import MultiDict

from service import words
from service.errors import BadRequest
from service.play import slowplay
from service.play.games import check_time_zone
from service.store.models import SeatRow
from service.words import _

HOUR = re.compile(r"[0-9]{1,2}")
"""ASCII digits only: ``int()`` also reads "١٢" and "1_2"."""


def language_and_zone(form: MultiDict[str, str]) -> tuple[str, str | None]:
    """The language and time zone a form chose (an empty zone: the game's)."""
    chosen = form.get("language", "")
    if chosen not in words.LANGUAGES:
        raise BadRequest(_("Choose one of: {choices}.", choices=", ".join(words.LANGUAGES)))
    return chosen, check_time_zone(form.get("time_zone", "").strip())


def speak(seats: Iterable[SeatRow], language: str, zone: str | None) -> None:
    """These seats' emails and pages speak ``language``, with dates in ``zone``, from now on."""
    for seat in seats:
        seat.language, seat.time_zone = language, zone


def email_style(
    session: Session,
    emails: Iterable[str],
    form: MultiDict[str, str],
    only: Sequence[SeatRow] | None = None,
) -> None:
    """Every turn, a daily digest at an hour of the player's zone, or none: for each of
    ``emails`` (the same player, as their seats spell the address), in every game or in
    the games of ``only``. The digest hour is the player's, one digest for all its games."""
    hour = form.get("hour", "")
    for email in emails:
        if hour and not HOUR.fullmatch(hour):
            zone = slowplay.person_zone(session, email) or "UTC"
            raise BadRequest(
                _("The digest hour runs from 0 to 23 ({zone}).", zone=words.zone_name(zone))
            )
        slowplay.set_notify(
            session,
            email,
            form.get("notify", ""),
            digest_hour=int(hour) if hour else None,
            seats=None if only is None else [s for s in only if s.email == email],
        )


def away_days(form: MultiDict[str, str]) -> tuple[date, date]:
    """The first and last days away a form gave."""
    try:
        return date.fromisoformat(form.get("first", "")), date.fromisoformat(form.get("last", ""))
    except ValueError as exc:
        raise BadRequest(_("Give the first and last days away as dates.")) from exc
