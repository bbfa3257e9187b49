"""One-click unsubscribe (RFC 8058): a POST stops that address's email for that game."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from service import eventstore, links
from service.eventstore import now
from service.play import seat_row
from service.tokens import read_unsubscribe
from service.web import db, settings

bp = Blueprint("unsubscribe", __name__)


@bp.get("/unsubscribe/<token>")
def confirm(token: str):  # type: ignore[no-untyped-def]
    game_id, seat = read_unsubscribe(settings().secret_key, token)
    with db().begin():
        row = eventstore.get_row(db(), game_id)
        muted = seat_row(row, seat).muted_at is not None
    return render_template(
        "unsubscribe.html",
        muted=muted,
        token=token,
        game_url=links.game_url(settings(), game_id),
        done=False,
    )


@bp.post("/unsubscribe/<token>")
def unsubscribe(token: str):  # type: ignore[no-untyped-def]
    game_id, seat = read_unsubscribe(settings().secret_key, token)
    resubscribe = request.form.get("resubscribe") == "1"
    with db().begin():
        row = eventstore.get_row(db(), game_id)
        entry = seat_row(row, seat)
        if resubscribe:
            entry.muted_at = None
        elif entry.muted_at is None:
            entry.muted_at = now()
        muted = entry.muted_at is not None
    return render_template(
        "unsubscribe.html",
        muted=muted,
        token=token,
        game_url=links.game_url(settings(), game_id),
        done=True,
    )
