"""Routes of the web process, one blueprint per job."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import (
    Flask,
    Response,
    after_this_request,
    current_app,
    g,
    jsonify,
    render_template,
    request,
)
from flask.typing import ResponseReturnValue
from flask_limiter import RateLimitExceeded
from sqlalchemy.orm import Session
from werkzeug.exceptions import HTTPException, default_exceptions

from service.config import Settings
from service.errors import NotFound, ServiceError
from service.mail.queue import enqueue_outbox
from service.store.db import sessions
from service.words import _

T = TypeVar("T")
HTTP_WORDS = {
    400: (_("Bad Request"), _("The request could not be understood.")),
    403: (_("Forbidden"), _("You may not see this page.")),
    404: (
        _("Not Found"),
        _("That page was not found. Check the link or start from the home page."),
    ),
    405: (_("Method Not Allowed"), _("This address does not take that kind of request.")),
    413: (_("Request Entity Too Large"), _("What was sent is too large.")),
    415: (_("Unsupported Media Type"), _("What was sent is not of a kind this address reads.")),
}
"""Werkzeug's errors in the reader's language: the title, and the sentence for its default."""


def _too_many_words(description: str, limit: str) -> str:
    """A rate limit's refusal (``service.web.limits``) in the reader's language."""
    if description == "Too many new games from your address":
        return _(
            "Too many new games from your address (at most {limit}). Nothing was changed: "
            "please try again later.",
            limit=limit,
        )
    if description == "Too many nudges from your address":
        return _(
            "Too many nudges from your address (at most {limit}). Nothing was changed: "
            "please try again later.",
            limit=limit,
        )
    if description == "Too many notes saved from your address":
        return _(
            "Too many notes saved from your address (at most {limit}). Nothing was saved: "
            "please try again later.",
            limit=limit,
        )
    if description == "Too many plans set from your address":
        return _(
            "Too many plans set from your address (at most {limit}). Nothing was changed: "
            "please try again later.",
            limit=limit,
        )
    if description == "Too many sign-in links asked for from your address":
        return _(
            "Too many sign-in links asked for from your address (at most {limit}). Nothing "
            "was sent: please try again later.",
            limit=limit,
        )
    if description == "Too many requests to join a table from your address":
        return _(
            "Too many requests to join a table from your address (at most {limit}). Nothing "
            "was sent: please try again later.",
            limit=limit,
        )
    if description == "Too many history, replay and log pages from your address":
        return _(
            "Too many history, replay and log pages from your address (at most {limit}). "
            "Nothing was changed: please try again later.",
            limit=limit,
        )
    return _(
        "Too many requests (at most {limit}). Nothing was changed: please try again later.",
        limit=limit,
    )


def settings() -> Settings:
    found: Settings = current_app.extensions["pbem"]
    return found


def db() -> Session:
    """The request's session; the view owns its transaction (``with db().begin():``)."""
    if "db" not in g:
        g.db = sessions(settings().database_url)()
    session: Session = g.db
    return session


def reading(work: Callable[[Session], T]) -> T:
    """``work`` in a transaction on the replica when there is one (``DATABASE_READ_URL``),
    else on the primary, for pages that only read. A replica may lag: a game it does not
    hold yet (created a moment ago) is read from the primary, so a lagging replica shows a
    game a little late, never as missing. Nothing read here may decide a move: links and
    forms post to views that read the primary."""
    url = settings().database_read_url
    if url:
        if "replica" not in g:
            g.replica = sessions(url)()
        try:
            with g.replica.begin():
                return work(g.replica)
        except NotFound:
            pass
    with db().begin():
        return work(db())


def enqueue_after_response(outbox_ids: list[int]) -> None:
    """Hand committed outbox rows to the queue once the response is on its way: the player
    never waits on Redis, and a crash in between is what the sweeper is for."""
    if not outbox_ids:
        return
    current = settings()

    @after_this_request
    def _later(response: Response) -> Response:
        response.call_on_close(lambda: enqueue_outbox(current, outbox_ids))
        return response


def enqueue_call(call: Callable[[], object]) -> None:
    """Run ``call`` (a job's enqueueing) once the response is on its way, as
    :func:`enqueue_after_response` does for outbox rows."""

    @after_this_request
    def _later(response: Response) -> Response:
        response.call_on_close(call)
        return response


def wants_json() -> bool:
    return (
        request.path.startswith(("/api/", "/inbound/"))
        or request.accept_mimetypes.best == "application/json"
    )


def error_response(
    status: int, title: str, message: str, **extra: Any
) -> tuple[Response | str, int]:
    if wants_json():
        return jsonify({"error": title, "message": message, **extra}), status
    return render_template(
        "error.html", status=status, title=title, message=message, **extra
    ), status


def register(app: Flask) -> None:
    from service.web import (
        access,
        actions,
        api,
        bench,
        desk,
        feeds,
        guard,
        headers,
        history,
        inbound,
        language,
        limits,
        mailbox,
        metrics,
        never,
        openapi,
        pages,
        push,
        seat,
        tables,
        unsubscribe,
        wellknown,
    )

    current = app.extensions["pbem"]
    from service.mail import botwake

    botwake.wake_with(current)  # issue 37 §3: a bot's turn queued as soon as it comes
    for module in (
        pages,
        api,
        openapi,
        actions,
        unsubscribe,
        never,
        mailbox,
        seat,
        history,
        wellknown,
        metrics,
        inbound,
        desk,
        push,
        tables,
        feeds,
    ):
        app.register_blueprint(module.bp)
    if current.bench_endpoints:
        app.register_blueprint(bench.bp)
    access.install(app)
    language.install(app)
    guard.install(app, current)
    limits.install(app, current)
    headers.install(app, current)

    @app.teardown_appcontext
    def _close(_exc: BaseException | None) -> None:
        for name in ("db", "replica"):
            session = g.pop(name, None)
            if session is not None:
                session.close()

    @app.errorhandler(ServiceError)
    def _service_error(exc: ServiceError) -> ResponseReturnValue:
        extra = {k: v for k, v in exc.context.items() if isinstance(v, str | int)}
        body, status = error_response(exc.status, exc.title, exc.message, **extra)
        retry = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else {}
        return body, status, retry

    @app.errorhandler(guard.CSRFError)
    def _csrf_error(exc: guard.CSRFError) -> ResponseReturnValue:
        message = _(
            "This form has expired or was not sent from our page. "
            "Nothing was changed: reload the page and send it again."
        )
        if request.endpoint == "pages.create":
            return pages.home_with_error(request.form, message), 400
        return error_response(400, _("Please send the form again"), message)

    @app.errorhandler(RateLimitExceeded)
    def _too_many(exc: RateLimitExceeded) -> ResponseReturnValue:
        return error_response(
            429,
            _("Too many requests"),
            _too_many_words(str(exc.description), str(exc.limit.limit)),
        )

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException) -> ResponseReturnValue:
        code = exc.code or 500
        title, message = HTTP_WORDS.get(code, (exc.name, exc.description or ""))
        if title != exc.name:
            title = exc.name
        default = default_exceptions.get(code)
        if exc.description and (default is None or exc.description != default.description):
            message = exc.description  # our own sentence, not werkzeug's default
        body, status = error_response(code, title, message)
        kept = [(k, v) for k, v in exc.get_headers() if k.lower() != "content-type"]
        return body, status, kept  # e.g. a 405's Allow

    @app.errorhandler(Exception)
    def _crash(exc: Exception) -> ResponseReturnValue:
        app.logger.exception("unhandled error")
        return error_response(
            500,
            _("Something went wrong"),
            _("Nothing was recorded. Please try again in a moment."),
        )
