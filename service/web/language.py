"""The language of a page (issue 17): a seat's own for a page reached by its signed link
(:func:`for_seat`), else the one the reader chose with the switcher (``?lang=``, kept in a
cookie), else the best match of their browser's ``Accept-Language``; English by default.
Flask-Babel answers ``get_locale()`` with it, and :mod:`service.words` reads every message
of the page in it."""

from __future__ import annotations

from flask import Flask, Response, request
from flask_babel import Babel
from sqlalchemy.orm import Session
from werkzeug.wrappers import Response as AnyResponse

from service import words
from service.play.holders import check_holder, seat_row
from service.store import eventstore
from service.store import names as shown_names
from service.store.eventstore import Loaded
from service.store.models import GameRow

COOKIE = "lang"
YEAR = 365 * 24 * 3600


def chosen() -> str:
    """The page's language before any seat is known."""
    asked = words.known(request.args.get("lang"))
    if asked:
        return asked
    return words.known(request.cookies.get(COOKIE)) or words.negotiate(
        request.headers.get("Accept-Language")
    )


def for_seat(language: str | None, time_zone: str | None = None) -> None:
    """This page is a seat's (a signed link): it speaks the seat's language, unless the
    reader switched language on this very request, and gives dates in the seat's zone."""
    words.TIME_ZONE.set(time_zone or None)
    if request.args.get("lang") in words.LANGUAGES:
        return
    chosen = words.known(language)
    if chosen:
        words.LANGUAGE.set(chosen)


def for_game(row: GameRow) -> None:
    """This page shows one game: a seat its words name is said as that game's player
    (issue 32 §1)."""
    words.PLAYERS.set(shown_names.Players(row))


def held(session: Session, game_id: str, seat: str, generation: int) -> Loaded:
    """The game of a page a seat's signed link reaches, once the link is found to be its
    present player's (:func:`service.play.moves.check_holder`, refused in
    the game's words); the page then speaks the seat's language (:func:`for_seat`)."""
    loaded = eventstore.load(session, game_id)
    for_game(loaded.row)
    check_holder(loaded, seat, generation)
    holder = seat_row(loaded.row, seat)
    for_seat(holder.language, holder.time_zone)
    return loaded


def remember(response: AnyResponse, lang: str) -> None:
    """The reader's language, kept for the next pages (a cookie, as the switcher keeps it)."""
    response.set_cookie(COOKIE, lang, max_age=YEAR, httponly=True, samesite="Lax")


def install(app: Flask) -> None:
    Babel(app, locale_selector=words.language)
    app.jinja_env.globals.update(
        _=words._,
        n_=words.n_,
        p_=words.p_,
        languages=words.NAMES,
        language=words.language,
        listing=words.listing,
        day_words=words.day_words,
    )

    @app.before_request
    def _speak() -> None:
        words.LANGUAGE.set(chosen())
        words.TIME_ZONE.set(None)
        words.PLAYERS.set(None)

    @app.after_request
    def _remember(response: Response) -> Response:
        asked = words.known(request.args.get("lang"))
        if asked and request.cookies.get(COOKIE) != asked:
            remember(response, asked)
        response.headers["Content-Language"] = words.language()
        return response

    @app.teardown_request
    def _quiet(_exc: BaseException | None) -> None:
        words.LANGUAGE.set("en")
        words.TIME_ZONE.set(None)
        words.PLAYERS.set(None)
