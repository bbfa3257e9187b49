"""Open tables' pages (issue 35 §1): the list anyone may browse, each table's page with its
join form, the creator's invitation links, and the page of one seat (confirm it, leave it).

Joining emails a link to the address typed, so the join forms are rate-limited as the
sign-in form is (:mod:`service.web.limits`); the seat is taken only from that link."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from sqlalchemy.orm import Session

from service import words
from service.errors import ServiceError
from service.links import tokens
from service.links import urls as links
from service.mail import tableletters
from service.play import opentables
from service.play.games import zones
from service.play.opentables import Outcome
from service.store.models import OpenSeatRow, OpenTableRow
from service.web import db, enqueue_after_response, enqueue_call, language, reading, settings
from service.words import _

bp = Blueprint("tables", __name__)
PAGE = 20
"""Tables listed per page."""
WHOLE_NUMBER = re.compile(r"[0-9]{1,20}")


def sent_on(outcome: Outcome) -> None:
    """Once the response is on its way: the letters the step owes, and the started game's
    invitations."""
    current = settings()
    letters = list(outcome.letters)
    if letters:
        enqueue_call(lambda: tableletters.enqueue(current, letters))
    enqueue_after_response(outcome.outbox_ids)


@bp.get("/tables")
def listing() -> ResponseReturnValue:
    raw = request.args.get("before")
    before = int(raw) if raw and WHOLE_NUMBER.fullmatch(raw) else None
    found = reading(lambda session: opentables.listing(session, before, PAGE))
    return render_template("tables.html", **found)


@bp.get("/tables/<table_id>")
def table(table_id: str) -> ResponseReturnValue:
    def read(session: Session) -> ResponseReturnValue:
        found = opentables.get(session, table_id)
        if found.state == opentables.STARTED:
            return redirect(url_for("pages.game", game_id=found.id), 303)
        return _page(found, {}, None, action=f"/tables/{found.id}/join" if found.listed else None)

    return reading(read)


@bp.post("/tables/<table_id>/join")
def join(table_id: str) -> ResponseReturnValue:
    return _join(table_id, None, f"/tables/{table_id}/join")


@bp.get("/tables/invitation/<token>")
def invitation(token: str) -> ResponseReturnValue:
    table_id, nonce = tokens.read_table_invitation(settings().secret_key, token)
    with db().begin():
        found = opentables.get(db(), table_id)
        if found.state == opentables.STARTED:
            return redirect(url_for("pages.game", game_id=found.id), 303)
        if found.state == opentables.OPEN:
            opentables.invitation(db(), found, nonce)  # used already: 410 at once
        return _page(found, {}, None, action=f"/tables/invitation/{token}", invited=True)


@bp.post("/tables/invitation/<token>")
def invited_join(token: str) -> ResponseReturnValue:
    table_id, nonce = tokens.read_table_invitation(settings().secret_key, token)
    return _join(table_id, nonce, f"/tables/invitation/{token}")


def _join(table_id: str, nonce: str | None, action: str) -> ResponseReturnValue:
    form = request.form
    current = settings()
    try:
        with db().begin():
            outcome = opentables.ask_to_join(
                db(),
                table_id,
                form.get("email", ""),
                form.get("name", ""),
                form.get("language") or words.language(),
                form.get("timezone", ""),
                invited_by=nonce,
                per_day=current.joins_per_day,
            )
    except ServiceError as exc:
        if exc.status in (404, 410):
            raise
        with db().begin():
            found = opentables.get(db(), table_id)
            page = _page(found, form, exc.message, action=action, invited=nonce is not None)
        return page, exc.status
    sent_on(outcome)
    assert outcome.seat is not None
    return render_template(
        "table_asked.html", table=opentables.summary(outcome.table), email=outcome.seat.email
    )


def _page(
    found: OpenTableRow,
    form: Mapping[str, str],
    error: str | None,
    *,
    action: str | None,
    invited: bool = False,
    created: list[str] | None = None,
) -> str:
    return render_template(
        "open_table.html",
        table=opentables.summary(found),
        action=action if found.state == opentables.OPEN else None,
        invited=invited,
        form=form,
        error=error,
        zones=zones(),
        created=created,
    )


def created_page(outcome: Outcome) -> str:
    """The page the creator sees once their table is open: its invitation links too."""
    current = settings()
    invitations = [
        links.table_invitation_url(current, outcome.table.id, n) for n in outcome.invitations
    ]
    return _page(outcome.table, {}, None, action=None, created=invitations)


@bp.get("/tables/seat/<token>")
def seat(token: str) -> ResponseReturnValue:
    seat_id = tokens.read_open_seat(settings().secret_key, token)
    with db().begin():
        found = _seat(seat_id)
        return _seat_page(found, token, None)


@bp.post("/tables/seat/<token>/<any(confirm, leave):action>")
def seat_action(token: str, action: str) -> ResponseReturnValue:
    seat_id = tokens.read_open_seat(settings().secret_key, token)
    with db().begin():
        step = opentables.confirm if action == "confirm" else opentables.leave
        outcome = step(db(), seat_id)
    sent_on(outcome)
    with db().begin():
        return _seat_page(_seat(seat_id), token, "started" if outcome.started else action)


def _seat(seat_id: int) -> OpenSeatRow:
    found = db().get(OpenSeatRow, seat_id)
    if found is None:
        raise opentables.Gone(_("This seat is no longer known here."))
    language.for_seat(found.language, found.time_zone)  # the seat's, unless asked otherwise
    return found


def _seat_page(found: OpenSeatRow, token: str, done: str | None) -> str:
    table_row = opentables.get(db(), found.table_id)
    state = "left" if found.left_at else "seated" if found.confirmed_at else "asked"
    return render_template(
        "table_seat.html",
        table=opentables.summary(table_row),
        seat=found,
        state=state,
        done=done,
        token=token,
        game_url=links.game_url(settings(), table_row.id)
        if table_row.state == opentables.STARTED
        else None,
    )


def api_view(shown: dict[str, Any]) -> dict[str, Any]:
    """A table as the JSON API shows it (``shown``, :func:`opentables.summary`): what its
    page shows, never an address."""
    return {
        **shown,
        "created_at": shown["created_at"].isoformat(),
        "closes_at": shown["closes_at"].isoformat() if shown["closes_at"] else None,
        "url": links.table_url(settings(), shown["id"]),
    }
