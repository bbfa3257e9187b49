"""The development mailbox: the messages the embedded SMTP server stored (DESIGN.md §8)."""

from __future__ import annotations

import mailbox
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import getaddresses, parsedate_to_datetime
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, render_template, request

from service.web import settings

bp = Blueprint("mailbox", __name__, url_prefix="/mailbox")


def _box() -> mailbox.Maildir:
    folder = settings().mailbox_dir
    if not folder:
        abort(404, "The mailbox exists only with the embedded mail server (make demo).")
    Path(folder).mkdir(parents=True, exist_ok=True)
    return mailbox.Maildir(folder, factory=None, create=True)


def _parse(raw: mailbox.MaildirMessage) -> EmailMessage:
    return message_from_bytes(raw.as_bytes(), policy=policy.default)  # type: ignore[return-value]


def _summary(key: str, message: EmailMessage) -> dict[str, Any]:
    return {
        "key": key,
        "subject": message.get("Subject", "(no subject)"),
        "to": ", ".join(addr for _, addr in getaddresses(message.get_all("To", []))),
        "date": _date(message.get("Date")),
    }


def _date(header: str | None) -> datetime | None:
    """When the message says it was sent: the embedded server stores whatever anyone sends
    it, so a date that cannot be read is none, and one without a zone is UTC (RFC 5322's
    ``-0000``), to sort beside the others."""
    try:
        moment = parsedate_to_datetime(header) if header else None
    except (TypeError, ValueError):
        return None
    if moment is not None and moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment


def _content(part: EmailMessage) -> str:
    """A text part's words; one in a charset Python does not know is read as UTF-8, with
    what is not UTF-8 shown as U+FFFD."""
    try:
        return str(part.get_content())
    except (LookupError, ValueError):
        payload = part.get_payload(decode=True)
        return payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""


@bp.get("/")
def index():  # type: ignore[no-untyped-def]
    box = _box()
    to = request.args.get("to", "").strip().lower()
    items = [_summary(key, _parse(msg)) for key, msg in box.items()]
    recipients = sorted({a for item in items for a in item["to"].split(", ") if a})
    if to:
        items = [i for i in items if to in i["to"].lower()]
    items.sort(key=lambda i: (i["date"] is None, i["date"]), reverse=True)
    return render_template("mailbox.html", items=items, to=to, recipients=recipients)


@bp.get("/<key>")
def show(key: str):  # type: ignore[no-untyped-def]
    box = _box()
    try:
        message = _parse(box[key])
    except KeyError:
        abort(404, "No such message.")
    html = message.get_body(preferencelist=("html",))
    text = message.get_body(preferencelist=("plain",))
    return render_template(
        "mailbox_message.html",
        summary=_summary(key, message),
        headers=[(k, v) for k, v in message.items()],
        html=_content(html) if html is not None else None,
        text=_content(text) if text is not None else "",
    )
