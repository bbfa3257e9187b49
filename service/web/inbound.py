"""``POST /inbound/mime`` (issue 18): received mail handed over by a hosted mail provider.

The body is the raw RFC 822 message (``Content-Type: message/rfc822`` or
``application/octet-stream``), as the provider received it; the envelope is in the query:
``to`` the recipient (one of the addresses the service reads, as over SMTP: a reply or
bounce address it signed, or postmaster; required), ``from`` the sender (empty or absent
for a bounce), ``ip`` the IP address of the server the provider received it from
(optional; SPF checks a reply against it, issue 31 §4). The provider proves itself with
``Authorization: Bearer <INBOUND_SECRET>``; without ``INBOUND_SECRET`` the endpoint does not
exist (404).

Answers, all JSON: 202 stored (a job reads it), 200 stored before (a duplicate changes
nothing), 400 no recipient of ours, an ``ip`` that is no IP address or an empty body, 401 no
credentials, 403 wrong ones, 413 over ``INBOUND_MAX_BYTES``, 415 another content type, 422
more MIME parts than a reply is read with (nothing stored), 503 the database cannot store it
now (the provider should retry; nothing was stored). As over SMTP, the message is committed
before the provider hears it was taken.
"""

from __future__ import annotations

import hmac
import logging
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, abort, after_this_request, jsonify, request
from flask.typing import ResponseReturnValue
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.exceptions import (
    Forbidden,
    RequestEntityTooLarge,
    Unauthorized,
    UnsupportedMediaType,
)

from service.mail import reading
from service.mail.inbox import client_ip, recipient, store
from service.mail.queue import enqueue_inbox
from service.web import db, settings

log = logging.getLogger(__name__)
if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIEnvironment

bp = Blueprint("inbound", __name__, url_prefix="/inbound")

MESSAGE_TYPES = frozenset({"message/rfc822", "application/octet-stream"})


class NoCredentials(Unauthorized):
    description = "Send the shared secret: Authorization: Bearer <INBOUND_SECRET>."

    def get_headers(
        self, environ: WSGIEnvironment | None = None, scope: dict[str, Any] | None = None
    ) -> list[tuple[str, str]]:
        return [*super().get_headers(environ, scope), ("WWW-Authenticate", "Bearer")]


class WrongCredentials(Forbidden):
    description = "That is not the shared secret."


class NotAMessage(UnsupportedMediaType):
    description = "Send the raw message as message/rfc822 or application/octet-stream."


def authenticate() -> None:
    """404 while no secret is set (the endpoint is off), else the bearer token must be the
    secret, compared in constant time."""
    secret = settings().inbound_secret
    if not secret:
        abort(404)
    scheme, _, given = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not given.strip():
        raise NoCredentials()
    if not hmac.compare_digest(given.strip().encode(), secret.encode()):
        raise WrongCredentials()


@bp.post("/mime")
def mime() -> ResponseReturnValue:
    authenticate()
    if request.mimetype not in MESSAGE_TYPES:
        raise NotAMessage()
    current = settings()
    to = recipient(current, request.args.get("to", ""))
    if to is None:
        return _answer(
            400,
            "Bad Request",
            f"'to' must be an address this service gave out at {current.mail_domain}.",
        )
    given_ip = request.args.get("ip", "")
    if given_ip and client_ip(given_ip) is None:
        return _answer(400, "Bad Request", "'ip' must be an IP address, or absent.")
    raw = _body(current.inbound_max_bytes)
    if not raw:
        return _answer(400, "Bad Request", "Send the raw message as the body.")
    if reading.too_many_parts(raw):
        return _answer(
            422,
            "Unprocessable Content",
            f"The message has more than {reading.MAX_PARTS} MIME parts; it is not read.",
        )
    try:
        with db().begin():
            inbox_id = store(db(), raw, request.args.get("from", ""), to, given_ip or None)
    except SQLAlchemyError:
        log.exception("could not store a message for %s; answered 503", to)
        response = _answer(
            503, "Service Unavailable", "The message could not be stored; send it again later."
        )
        response.headers["Retry-After"] = "60"
        return response
    if inbox_id is None:
        return jsonify({"stored": False, "duplicate": True})

    @after_this_request
    def _read_later(response: Response) -> Response:
        response.call_on_close(lambda: enqueue_inbox(current, [inbox_id]))
        return response

    return jsonify({"stored": True, "id": inbox_id}), 202


def _body(cap: int) -> bytes:
    """The request's body, or 413 beyond ``cap`` bytes, whether or not it said its length
    (a chunked body is read as the server hands it over, and no further than the cap)."""
    # The app's limit is a form's; this view's is the cap, and one byte more tells a body
    # over the cap from one at it.
    request.max_content_length = cap + 1
    if request.content_length is not None and request.content_length > cap:
        raise RequestEntityTooLarge()
    stream = request.stream
    body = bytearray()
    while chunk := stream.read(min(64 * 1024, cap + 1 - len(body))):
        body += chunk
        if len(body) > cap:
            raise RequestEntityTooLarge()
    return bytes(body)


def _answer(status: int, title: str, message: str) -> Response:
    response = jsonify({"error": title, "message": message})
    response.status_code = status
    return response
