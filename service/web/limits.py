"""Rate limits per client address (Flask-Limiter), counted in the app's Redis.

Creating a game emails every address it names, so it is limited, and so are its invitations
to addresses that never played, per day (issue 31 §3, :func:`invited`); so are nudges, across
every game (the per-seat rule of one nudge a day is the game's own, in ``slowplay``), and
private notes saved on a seat page (issue 35 §3) and plans ahead set there (issue 38); so are
the requests for a sign-in link to a player's desk (issue 20), which email one; so
are the pages that fold a whole log (history, replay steps, the published log), which
anyone may ask for (issue 14), and the Atom feeds (issue 36 §1).
A refused request gets 429 with ``Retry-After``. With Redis unreachable the limits are
counted in this process's memory until it is back: a move or a new game never fails
because the counter is down.
"""

from __future__ import annotations

import math
import time

from flask import Flask, current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from service.config import Settings
from service.errors import TooMany
from service.words import _

LIMITER = "pbem.limiter"

CREATE_ENDPOINTS = ("pages.create", "api.create", "seat.rematch_")
"""A rematch (issue 35 §4) emails the finished game's players and creates a game."""
NUDGE_ENDPOINTS = ("seat.nudge",)
NOTE_ENDPOINTS = ("seat.note",)
"""A player's private note (issue 35 §3): each save writes a row."""
PLAN_ENDPOINTS = ("seat.set_plan", "seat.cancel_plan")
"""A seat's plans ahead (issue 38 §1): each one set writes a row; counted as notes are,
against ``NOTE_LIMIT``, in a scope of their own."""
SIGN_IN_ENDPOINTS = ("desk.ask", "desk.new_address", "seat.new_address")
"""Each may email a link to an address typed in a form: a sign-in (issue 20), or the
confirmation of a new address (issue 31)."""
JOIN_ENDPOINTS = ("tables.join", "tables.invited_join")
"""Asking for an open seat (issue 35 §1) emails a link to the address typed."""
PAGE_ENDPOINTS = (
    "history.public_history",
    "history.seat_history",
    "history.public_jump",
    "history.seat_jump",
    "history.public_replay",
    "history.seat_replay",
    "history.log_file",
    "feeds.player_feed",
    "feeds.game_feed",
)
"""Issue 36 §1: each feed folds the newest events of its games."""


def storage_uri(redis_url: str) -> str:
    """The ``limits`` storage URI for ``REDIS_URL`` (a unix socket is ``redis+unix``)."""
    if not redis_url:
        return "memory://"
    if redis_url.startswith("unix://"):
        return "redis+unix://" + redis_url.removeprefix("unix://")
    return redis_url


INVITATIONS = "invitations"
"""The scope :func:`invited` counts in (issue 31 §3)."""
_fallback = MovingWindowRateLimiter(MemoryStorage())
"""Where invitations are counted while the app's Redis does not answer: this process."""


def invited(count: int) -> None:
    """Count ``count`` invitations to addresses that never played (issue 31 §3) against the
    creator's ``INVITE_LIMIT``: the client address, as :data:`CREATE_ENDPOINTS`' limit counts
    it. Over it, :class:`TooMany` (429) with ``Retry-After``, and the caller writes nothing.
    With Redis down they are counted in this process, as the other limits are."""
    if count <= 0:
        return
    limiter: Limiter = current_app.extensions[LIMITER]
    current: Settings = current_app.extensions["pbem"]
    items = parse_many(current.invite_limit)
    client = get_remote_address()
    try:
        counting = limiter.limiter
        over = [i for i in items if not counting.test(i, INVITATIONS, client, cost=count)]
    except Exception:  # the storage does not answer: never a reason to refuse a game
        counting = _fallback
        over = [i for i in items if not counting.test(i, INVITATIONS, client, cost=count)]
    if over:
        stats = counting.get_window_stats(over[0], INVITATIONS, client)
        raise TooMany(
            _(
                "Too many invitations to new addresses from your address (at most {limit}). "
                "Nothing was created: try again later, or invite players who have played "
                "here before.",
                limit=str(over[0]),
            ),
            retry_after=max(1, math.ceil(stats.reset_time - time.time())),
        )
    for item in items:
        counting.hit(item, INVITATIONS, client, cost=count)


def install(app: Flask, settings: Settings) -> Limiter:
    limiter = Limiter(
        get_remote_address,
        app=app,
        storage_uri=storage_uri(settings.redis_url),
        storage_options={"socket_connect_timeout": 2, "socket_timeout": 2},
        key_prefix="pbem-limits",
        strategy="moving-window",
        headers_enabled=True,
        swallow_errors=True,
        in_memory_fallback_enabled=True,
    )
    create = limiter.shared_limit(
        settings.create_limit,
        scope="create-game",
        error_message="Too many new games from your address",
    )
    nudge = limiter.shared_limit(
        settings.nudge_limit, scope="nudge", error_message="Too many nudges from your address"
    )
    note = limiter.shared_limit(
        settings.note_limit, scope="note", error_message="Too many notes saved from your address"
    )
    plan = limiter.shared_limit(
        settings.note_limit, scope="plan", error_message="Too many plans set from your address"
    )
    sign_in = limiter.shared_limit(
        settings.sign_in_limit,
        scope="sign-in",
        error_message="Too many sign-in links asked for from your address",
    )
    join = limiter.shared_limit(
        settings.join_limit,
        scope="join-table",
        error_message="Too many requests to join a table from your address",
    )
    pages = limiter.shared_limit(
        settings.page_limit,
        scope="costly-pages",
        error_message="Too many history, replay and log pages from your address",
    )
    app.extensions[LIMITER] = limiter
    for endpoints, limit in (
        (CREATE_ENDPOINTS, create),
        (NUDGE_ENDPOINTS, nudge),
        (NOTE_ENDPOINTS, note),
        (PLAN_ENDPOINTS, plan),
        (SIGN_IN_ENDPOINTS, sign_in),
        (JOIN_ENDPOINTS, join),
        (PAGE_ENDPOINTS, pages),
    ):
        for endpoint in endpoints:
            # flask-limiter's decorator, given Flask's union of sync and async views, is typed
            # as returning the union of its overloads' results.
            app.view_functions[endpoint] = limit(app.view_functions[endpoint])  # type: ignore[assignment]
    return limiter
