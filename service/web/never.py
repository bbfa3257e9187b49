"""Never email me again (issue 31 §3): the page an invitation's link leads to.

``GET /never/<token>`` only asks (mail scanners follow links); its ``POST``, the button or a
mail client's one-click unsubscribe (RFC 8058: the email's ``List-Unsubscribe``), keeps the
wish (:mod:`service.play.suppression`) and drops every email still waiting for the address.
The same page lifts it, for the owner who changes their mind."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue
from sqlalchemy import update

from service.addresses import normal
from service.links.tokens import read_never
from service.play import suppression
from service.store.models import OutboxRow
from service.web import db, settings

bp = Blueprint("never", __name__)


@bp.get("/never/<token>")
def ask(token: str) -> ResponseReturnValue:
    address = read_never(settings().secret_key, token)
    with db().begin():
        kept = suppression.suppressed(db(), address)
    return render_template("never.html", token=token, suppressed=kept, done=False)


@bp.post("/never/<token>")
def never(token: str) -> ResponseReturnValue:
    address = read_never(settings().secret_key, token)
    again = request.form.get("again") == "1"
    with db().begin():
        if again:
            suppression.lift(db(), address)
        elif suppression.suppress(db(), address) and (key := normal(address)) is not None:
            # What waits for the address until it answered goes too: it never will be sent.
            db().execute(
                update(OutboxRow)
                .where(
                    OutboxRow.held_for == key,
                    OutboxRow.sent_at.is_(None),
                    OutboxRow.skipped.is_(None),
                )
                .values(skipped=suppression.SUPPRESSED, held_for=None, held_until=None)
            )
        kept = suppression.suppressed(db(), address)
    return render_template("never.html", token=token, suppressed=kept, done=True)
