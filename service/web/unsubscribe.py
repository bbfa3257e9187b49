"""One-click unsubscribe (RFC 8058): a POST stops that address's email for that game."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue

from service.links import urls as links
from service.links.tokens import read_unsubscribe
from service.play.holders import seat_row
from service.store import eventstore
from service.store.eventstore import now
from service.web import db, language, settings

bp = Blueprint("unsubscribe", __name__)


@bp.get("/unsubscribe/<token>")
def confirm(token: str) -> ResponseReturnValue:
    """A GET only asks: mail scanners fetch links."""
    return _settings_page(token, change=None)


@bp.post("/unsubscribe/<token>")
def unsubscribe(token: str) -> ResponseReturnValue:
    return _settings_page(token, change=request.form.get("resubscribe") != "1")


def _settings_page(token: str, change: bool | None) -> ResponseReturnValue:
    """Mute (``change=True``), unmute (``False``) or just show (``None``) the seat's email."""
    game_id, seat = read_unsubscribe(settings().secret_key, token)
    with db().begin():
        entry = seat_row(eventstore.get_row(db(), game_id), seat)
        language.for_seat(entry.language, entry.time_zone)
        if entry.left_at is not None:
            pass  # its player was forgotten (issue 30): no email goes to the seat anyway
        elif change is False:
            entry.muted_at = None
        elif change and entry.muted_at is None:
            entry.muted_at = now()
        muted = entry.muted_at is not None
    return render_template(
        "unsubscribe.html",
        muted=muted,
        token=token,
        game_url=links.game_url(settings(), game_id),
        done=change is not None,
    )
