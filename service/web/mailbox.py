"""The development mailbox: the messages the embedded SMTP server stored (DESIGN.md §8)."""

from __future__ import annotations

import mailbox
import os
import re
import smtplib
from dataclasses import dataclass
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage, MIMEPart
from email.parser import BytesHeaderParser
from email.utils import formatdate, getaddresses, make_msgid, parsedate_to_datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

from flask import Blueprint, Response, abort, redirect, render_template, request
from flask.typing import ResponseReturnValue

from service.mail import smtp
from service.mail.inbox import ours
from service.web import settings
from service.words import _

REPLY_LENGTH = 10_000
"""The longest reply the box sends, in characters: a reply is a code or a command."""

PAGE_SIZE = 50
"""Messages on one page of the list, newest first."""

HEAD_LIMIT = 256 * 1024
"""The most bytes of a stored message read for its headers: the list reads no further."""

SNIPPET_BYTES = 4 * 1024
"""The most bytes of a listed message's body read for its snippet: a client shows the first
words of each email beside its subject, and every email of a game has the same subject."""

SNIPPET_LENGTH = 140
"""The longest snippet shown, in characters."""

INLINE = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp"})
"""Parts served as pictures (``cid:`` references in an email's HTML). Every other part,
SVG included (it can carry script), is served only as a download."""

PART_POLICY = "default-src 'none'; sandbox; frame-ancestors 'none'"
"""A served part runs nothing and loads nothing, even opened on its own."""

bp = Blueprint("mailbox", __name__, url_prefix="/mailbox")


def _box() -> mailbox.Maildir:
    folder = settings().mailbox_dir
    if not folder:
        abort(404, "The mailbox exists only with the embedded mail server (make demo).")
    Path(folder).mkdir(parents=True, exist_ok=True)
    return mailbox.Maildir(folder, factory=None, create=True)


def _parse(raw: mailbox.MaildirMessage) -> EmailMessage:
    return message_from_bytes(raw.as_bytes(), policy=policy.default)


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


def _content(part: MIMEPart) -> str:
    """A text part's words; one in a charset Python does not know is read as UTF-8, with
    what is not UTF-8 shown as U+FFFD."""
    try:
        return str(part.get_content())
    except (LookupError, ValueError):
        payload = part.get_payload(decode=True)
        return payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""


@dataclass(frozen=True)
class Stored:
    """A message file of the Maildir, known by its name and time alone (nothing read)."""

    key: str
    path: str
    stored: int
    """When the file was written (its mtime, in nanoseconds): the list's order."""


def _stored(folder: str) -> list[Stored]:
    """Every message file, newest first: names and times from the directories, no file
    opened. A Maildir name is the key, then the flags after a colon."""
    found = []
    for sub in ("new", "cur"):
        try:
            entries = os.scandir(os.path.join(folder, sub))
        except FileNotFoundError:
            continue
        with entries:
            for entry in entries:
                if entry.name.startswith("."):
                    continue
                try:
                    if not entry.is_file():
                        continue
                    moment = entry.stat().st_mtime_ns
                except OSError:  # gone since the listing
                    continue
                found.append(Stored(entry.name.split(":", 1)[0], entry.path, moment))
    found.sort(key=lambda s: (s.stored, s.key), reverse=True)
    return found


def _head(path: str, body: int = 0) -> tuple[EmailMessage, bytes] | None:
    """The message's headers, parsed by ``BytesHeaderParser``, and the bytes read: its
    headers (up to the blank line that ends them, at most ``HEAD_LIMIT``) and at most
    ``body`` bytes after them (a snippet's worth, for :func:`_snippet`); none for a file
    gone meanwhile."""
    opening = _opening(path, body)
    if opening is None:
        return None
    return BytesHeaderParser(policy=policy.default).parsebytes(opening), opening


def _opening(path: str, body: int) -> bytes | None:
    """The bytes of the message's headers (at most ``HEAD_LIMIT``), and then at most
    ``body`` bytes of what follows them; none for a file gone meanwhile."""
    lines = []
    size = 0
    try:
        with open(path, "rb") as file:
            while size < HEAD_LIMIT:
                line = file.readline(HEAD_LIMIT - size)
                if line in (b"", b"\r\n", b"\n"):
                    break
                lines.append(line)
                size += len(line)
            rest = file.read(body) if body else b""
    except OSError:
        return None
    return b"".join(lines) + (b"\r\n" + rest if rest else b"")


def _snippet(opening: bytes) -> str:
    """The first line of the message's text, from its ``opening`` (headers and at most
    ``SNIPPET_BYTES`` of its body, as :func:`_head` read them): our emails open their text
    with what changed (the preheader). Read with ``compat32``, which leaves headers
    unparsed. Spaces and controls folded, at most ``SNIPPET_LENGTH`` characters; anything
    unreadable is none."""
    try:
        message = message_from_bytes(opening, policy=policy.compat32)
        text = next((p for p in message.walk() if p.get_content_type() == "text/plain"), None)
        payload = text.get_payload(decode=True) if text is not None else b""
        charset = (text.get_content_charset() if text is not None else None) or "utf-8"
        try:
            words = payload.decode(charset, "replace") if isinstance(payload, bytes) else ""
        except LookupError:
            words = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""
    except (TypeError, ValueError, IndexError, AttributeError):
        return ""
    for line in words.splitlines():
        line = " ".join("".join(c if c.isprintable() else " " for c in line).split())
        if line:
            return line if len(line) <= SNIPPET_LENGTH else line[: SNIPPET_LENGTH - 1] + "…"
    return ""


def _page_number(text: str) -> int:
    return int(text) if text.isdigit() and len(text) < 7 and int(text) > 0 else 1


@bp.get("/")
def index() -> ResponseReturnValue:
    """The newest messages first, ``PAGE_SIZE`` a page (``?page=N``): only the headers of
    the messages shown are read. With ``?to=``, headers are read until the page is full."""
    _box()
    stored = _stored(settings().mailbox_dir)
    to = request.args.get("to", "").strip().lower()[:320]
    page = _page_number(request.args.get("page", ""))
    start = (page - 1) * PAGE_SIZE
    items: list[dict[str, Any]] = []
    if not to:
        total = len(stored)
        for found in stored[start : start + PAGE_SIZE]:
            read = _head(found.path, SNIPPET_BYTES)
            if read is not None:
                head, opening = read
                items.append({**_summary(found.key, head), "snippet": _snippet(opening)})
        more = start + PAGE_SIZE < total
    else:
        matched = 0
        more = False
        for found in stored:
            read = _head(found.path)
            if read is None:
                continue
            summary = _summary(found.key, read[0])
            if to not in summary["to"].lower():
                continue
            matched += 1
            if matched > start + PAGE_SIZE:
                more = True
                break
            if matched > start:  # shown: its opening read for its snippet
                opened = _head(found.path, SNIPPET_BYTES)
                items.append({**summary, "snippet": _snippet(opened[1]) if opened else ""})
        total = None
    pages = -(-total // PAGE_SIZE) if total is not None else None
    return render_template(
        "mailbox.html", items=items, to=to, page=page, more=more, pages=pages, total=total
    )


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


def _content_id(part: EmailMessage) -> str | None:
    """The part's Content-ID without its angle brackets, when it has a readable one."""
    try:
        raw = part.get("Content-ID")
    except (TypeError, ValueError, IndexError):
        return None
    if raw is None:
        return None
    cid = "".join(str(raw).split()).removeprefix("<").removesuffix(">")
    return cid if 0 < len(cid) <= 998 else None


def _parts(message: EmailMessage) -> dict[str, EmailMessage]:
    """The message's parts that have a Content-ID, by it (the first of a repeated one)."""
    found: dict[str, EmailMessage] = {}
    for part in message.walk():
        cid = _content_id(part)
        if cid is not None and not part.is_multipart():
            found.setdefault(cid, part)
    return found


CID = re.compile(r"cid:([^\s\"'<>()]+)", re.IGNORECASE)


def _part_url(key: str, cid: str) -> str:
    return f"/mailbox/{quote(key, safe='')}/cid/{quote(cid, safe='')}"


def _with_pictures(key: str, html: str, parts: dict[str, EmailMessage]) -> str:
    """The email's HTML with each ``cid:`` reference to one of its pictures pointing at
    the route that serves it (RFC 2392: the reference is the Content-ID, URL-encoded).
    Only the URL changes; the HTML stays as hostile as it came, shown in the sandbox."""

    def served(match: re.Match[str]) -> str:
        cid = unquote(match.group(1))
        if cid not in parts:
            cid = match.group(1)  # a Content-ID written as it is, not URL-encoded
        part = parts.get(cid)
        if part is None or part.get_content_type() not in INLINE:
            return match.group(0)
        return _part_url(key, cid)

    return CID.sub(served, html)


def _page(key: str, message: EmailMessage, *, replied: bool, failure: str | None) -> str:
    html = message.get_body(preferencelist=("html",))
    text = message.get_body(preferencelist=("plain",))
    return render_template(
        "mailbox_message.html",
        summary=_summary(key, message),
        headers=[(k, v) for k, v in message.items()],
        html=_with_pictures(key, _content(html), _parts(message)) if html is not None else None,
        text=_content(text) if text is not None else "",
        reply=_reply(message),
        replied=replied,
        failure=failure,
    )


@bp.get("/<key>")
def show(key: str) -> ResponseReturnValue:
    message = _message(key)
    return _page(key, message, replied=request.args.get("replied") == "1", failure=None)


@bp.get("/<key>/cid/<path:cid>")
def part(key: str, cid: str) -> ResponseReturnValue:
    """One part of a message by its Content-ID (what ``cid:`` names in its HTML): a
    picture inline with its own type, anything else as a download; it runs nothing."""
    message = _message(key)
    found = _parts(message).get(cid)
    if found is None:
        abort(404, "No such part.")
    try:
        payload = found.get_payload(decode=True)
    except (TypeError, ValueError):
        payload = None
    if not isinstance(payload, bytes):
        abort(404, "No such part.")
    kind = found.get_content_type()
    response = Response(payload, mimetype=kind if kind in INLINE else "application/octet-stream")
    if kind not in INLINE:
        response.headers["Content-Disposition"] = "attachment"
    response.headers["Content-Security-Policy"] = PART_POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    # The email's sandboxed frame has no origin of its own: its pictures are loaded from
    # an opaque origin, which a same-origin resource policy would refuse.
    response.headers["Cross-Origin-Resource-Policy"] = "cross-origin"
    return response


@bp.post("/<key>/reply")
def reply(key: str) -> ResponseReturnValue:
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
