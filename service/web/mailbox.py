"""The development mailbox: the messages the embedded SMTP server stored (DESIGN.md §8)."""

from __future__ import annotations

import mailbox
import smtplib
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import formatdate, getaddresses, make_msgid, parsedate_to_datetime
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request

from service.mail import smtp
from service.mail.inbox import ours
from service.web import settings
from service.words import _

REPLY_LENGTH = 10_000
"""The longest reply the box sends, in characters: a reply is a code or a command."""

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


def _message(key: str) -> EmailMessage:
    box = _box()
    try:
        return _parse(box[key])
    except KeyError:
        abort(404, "No such message.")


def _reply(message: EmailMessage) -> dict[str, str] | None:
    """Who a reply to ``message`` is from and to, when the box may send one (issue 18):
    the demo's inbound server is known, and the message asks for replies at our domain
    (its Reply-To), to one player (its To). The box sends nowhere else."""
    if not settings().inbound_url:
        return None
    try:
        to = [a for _, a in getaddresses(message.get_all("Reply-To", []))]
        player = [a for _, a in getaddresses(message.get_all("To", []))]
    except (TypeError, ValueError, IndexError):  # headers as hostile as anyone sent
        return None
    if len(to) != 1 or len(player) != 1 or "@" not in player[0]:
        return None
    if not all(c.isprintable() and not c.isspace() for c in player[0]):
        return None
    address = ours(settings(), to[0])
    if address is None:
        return None
    return {"from": player[0], "to": address}


def _header(message: EmailMessage, name: str) -> str:
    try:
        return str(message.get(name, ""))
    except (TypeError, ValueError, IndexError):  # a header no parser could read
        return ""


def _page(key: str, message: EmailMessage, *, replied: bool, failure: str | None) -> str:
    html = message.get_body(preferencelist=("html",))
    text = message.get_body(preferencelist=("plain",))
    return render_template(
        "mailbox_message.html",
        summary=_summary(key, message),
        headers=[(k, v) for k, v in message.items()],
        html=_content(html) if html is not None else None,
        text=_content(text) if text is not None else "",
        reply=_reply(message),
        replied=replied,
        failure=failure,
    )


@bp.get("/<key>")
def show(key: str):  # type: ignore[no-untyped-def]
    message = _message(key)
    return _page(key, message, replied=request.args.get("replied") == "1", failure=None)


@bp.post("/<key>/reply")
def reply(key: str):  # type: ignore[no-untyped-def]
    """Send the typed text as the player's reply to this email, through the demo's inbound
    server over SMTP, as the player's mail client would (issue 18). The form carries the
    site's CSRF token (``service.web.guard``); the page exists only in ``make demo``."""
    message = _message(key)
    envelope = _reply(message)
    if envelope is None:
        abort(404, "This email takes no reply here.")
    text = request.form.get("text", "")[:REPLY_LENGTH]
    answer = smtp.message()
    answer["From"] = envelope["from"]
    answer["To"] = envelope["to"]
    # What the stored email's headers decode to is whatever anyone sent: on one line each,
    # no header written here can carry another.
    subject = " ".join(_header(message, "Subject").split())
    answer["Subject"] = "Re: " + subject.removeprefix("Re: ")
    answer["Date"] = formatdate(localtime=False)
    answer["Message-ID"] = make_msgid(domain="mailbox.localhost")
    original = "".join(_header(message, "Message-ID").split())
    if original:
        answer["In-Reply-To"] = original
        answer["References"] = original
    answer.set_content(text)
    try:
        smtp.send(settings().inbound_url, answer, to=envelope["to"])
    except (OSError, smtplib.SMTPException) as exc:
        failure = _("The reply could not be sent: {reason}", reason=str(exc)[:300])
        return _page(key, message, replied=False, failure=failure), 502
    return redirect(f"/mailbox/{key}?replied=1", code=303)
