"""Request ids and the access log (issue 19).

Every request gets an id (the proxy's ``X-Request-ID`` when it is a plain token, else a new
one), sent back in the response's ``X-Request-ID`` and carried by every log record written
while it is served. One access line per request names the route (``/act/<token>``), never
the path: a path holds a link's signed token, which would let anyone who reads the logs
move for that player."""

from __future__ import annotations

import logging
import time

from flask import Flask, g, request
from werkzeug.wrappers import Response

from service import logs
from service.web import metrics

log = logging.getLogger("pbem.access")
HEADER = "X-Request-ID"


def install(app: Flask) -> None:
    @app.before_request
    def _begin() -> None:
        g.request_id = logs.request_id(request.headers.get(HEADER))
        g.request_token = logs.REQUEST_ID.set(g.request_id)
        g.request_started = time.perf_counter()

    @app.after_request
    def _end(response: Response) -> Response:
        rid = g.get("request_id")
        if rid is not None:
            response.headers[HEADER] = rid
            rule = request.url_rule.rule if request.url_rule is not None else "(no route)"
            seconds = time.perf_counter() - g.request_started
            took = 1000 * seconds
            metrics.observe(rule, request.method, response.status_code, seconds)
            log.info(
                "%s %s %d %.1fms",
                request.method,
                rule,
                response.status_code,
                took,
                extra={
                    "method": request.method,
                    "route": rule,
                    "status": response.status_code,
                    "ms": round(took, 1),
                },
            )
        return response

    @app.teardown_request
    def _forget(_exc: BaseException | None) -> None:
        token = g.pop("request_token", None)
        if token is not None:
            logs.REQUEST_ID.reset(token)
