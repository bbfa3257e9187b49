"""Routes of the web process, one blueprint per job."""

from __future__ import annotations

from typing import Any

from flask import (
    Flask,
    after_this_request,
    current_app,
    g,
    jsonify,
    render_template,
    request,
)
from sqlalchemy.orm import Session
from werkzeug.exceptions import HTTPException

from service.config import Settings
from service.db import sessions
from service.errors import ServiceError
from service.queue import enqueue_outbox


def settings() -> Settings:
    return current_app.extensions["pbem"]


def db() -> Session:
    """The request's session; the view owns its transaction (``with db().begin():``)."""
    if "db" not in g:
        g.db = sessions(settings().database_url)()
    return g.db


def enqueue_after_response(outbox_ids: list[int]) -> None:
    """Hand committed outbox rows to the queue once the response is on its way: the player
    never waits on Redis, and a crash in between is what the sweeper is for."""
    if not outbox_ids:
        return
    current = settings()

    @after_this_request
    def _later(response):  # type: ignore[no-untyped-def]
        response.call_on_close(lambda: enqueue_outbox(current, outbox_ids))
        return response


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


def error_response(status: int, title: str, message: str, **extra: Any):  # type: ignore[no-untyped-def]
    if wants_json():
        return jsonify({"error": title, "message": message, **extra}), status
    return render_template(
        "error.html", status=status, title=title, message=message, **extra
    ), status


def register(app: Flask) -> None:
    from service.web import actions, api, bench, history, mailbox, pages, seat, unsubscribe

    for module in (pages, api, actions, unsubscribe, mailbox, seat, history):
        app.register_blueprint(module.bp)
    if app.extensions["pbem"].bench_endpoints:
        app.register_blueprint(bench.bp)

    @app.teardown_appcontext
    def _close(_exc: BaseException | None) -> None:
        session = g.pop("db", None)
        if session is not None:
            session.close()

    @app.errorhandler(ServiceError)
    def _service_error(exc: ServiceError):  # type: ignore[no-untyped-def]
        extra = {k: v for k, v in exc.context.items() if isinstance(v, str | int)}
        return error_response(exc.status, exc.title, exc.message, **extra)

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):  # type: ignore[no-untyped-def]
        return error_response(exc.code or 500, exc.name, exc.description or "")

    @app.errorhandler(Exception)
    def _crash(exc: Exception):  # type: ignore[no-untyped-def]
        app.logger.exception("unhandled error")
        return error_response(
            500, "Something went wrong", "Nothing was recorded. Please try again in a moment."
        )
