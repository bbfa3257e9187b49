"""Operators' logs (issue 19): a request id on every request and every record written for
it, an access line that names the route and never a link's token, and no player's bytes
able to forge a line."""

from __future__ import annotations

import io
import json
import logging
import re

import pytest

from service import logs
from tests.helpers import act_token, option_links, path


def records(caplog: pytest.LogCaptureFixture, name: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == name]


def test_every_response_carries_a_request_id_and_a_plain_one_from_the_proxy_is_kept(client):
    fresh = client.get("/healthz").headers["X-Request-ID"]
    assert logs.GOOD_REQUEST_ID.fullmatch(fresh)
    assert client.get("/healthz").headers["X-Request-ID"] != fresh
    kept = client.get("/healthz", headers={"X-Request-ID": "lb-7f3a.2"})
    assert kept.headers["X-Request-ID"] == "lb-7f3a.2"


@pytest.mark.parametrize("hostile", ["a\tb", "x" * 65, "ünï", "a b", "<script>"])
def test_a_request_id_that_is_not_a_plain_token_is_replaced(client, hostile):
    got = client.get("/healthz", headers={"X-Request-ID": hostile}).headers["X-Request-ID"]
    assert got != hostile and logs.GOOD_REQUEST_ID.fullmatch(got)


def test_the_access_line_names_the_route_and_never_the_links_token(client, smtp, work, caplog):
    players = ["Ann <ann@example.org>", "Bob <bob@example.org>"]
    assert client.post("/api/games", json={"game": "tictactoe", "players": players}).status_code
    work()
    link = path(next(url for m in smtp.messages for _, url in option_links(m)))
    caplog.handler.addFilter(logs.WithRequestId())
    caplog.clear()  # the game's creation logged its own line when the logger's level let it
    with caplog.at_level(logging.INFO, logger="pbem.access"):
        response = client.get(link, headers={"X-Request-ID": "req-1"})
    (line,) = records(caplog, "pbem.access")
    assert line.getMessage() == f"GET /act/<token> {response.status_code} {line.ms:.1f}ms"
    assert (line.route, line.status, line.method) == ("/act/<token>", 200, "GET")
    assert act_token(link) not in line.getMessage()
    assert line.request_id == "req-1"


def test_a_record_written_while_serving_a_request_carries_its_id(app, caplog):
    @app.get("/__log_probe")
    def _probe() -> str:
        logging.getLogger("pbem.probe").warning("inside")
        return "ok"

    caplog.handler.addFilter(logs.WithRequestId())
    with caplog.at_level(logging.INFO):
        app.test_client().get("/__log_probe", headers={"X-Request-ID": "probe-9"})
    (inside,) = records(caplog, "pbem.probe")
    assert inside.request_id == "probe-9"


def configured(form: str) -> tuple[logging.Logger, io.StringIO]:
    """A logger writing through the handler every process is configured with."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.formatter(form))
    handler.addFilter(logs.WithRequestId())
    logger = logging.getLogger(f"pbem.test-lines.{form}")
    logger.handlers = [handler]
    logger.propagate = False
    return logger, stream


HOSTILE_NAME = "Ann\n2026-11-26 07:00:00 INFO pbem [x] all games deleted\u202e\u2028"


def test_a_players_line_break_or_direction_override_cannot_forge_a_text_log_line():
    logger, stream = configured("text")
    logger.warning("player %s joined", HOSTILE_NAME)
    out = stream.getvalue()
    assert out.count("\n") == 1 and out.endswith("\n")
    assert "\\u000a2026-11-26" in out and "\\u202e" in out and "\\u2028" in out
    assert " [-] player Ann" in out
    assert re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z WARNING ", out)


def test_a_json_log_line_is_one_object_holding_the_message_whole():
    logger, stream = configured("json")
    token = logs.REQUEST_ID.set("r-42")
    try:
        logger.warning("player %s joined", HOSTILE_NAME)
    finally:
        logs.REQUEST_ID.reset(token)
    (line,) = stream.getvalue().splitlines()
    record = json.loads(line)
    assert record["message"] == f"player {HOSTILE_NAME} joined"
    assert (record["level"], record["logger"], record["request_id"]) == (
        "WARNING",
        "pbem.test-lines.json",
        "r-42",
    )


def test_a_log_setting_that_means_nothing_is_refused_by_name():
    with pytest.raises(ValueError, match="LOG_FORMAT"):
        logs.config("INFO", "xml")
    with pytest.raises(ValueError, match="LOG_LEVEL"):
        logs.config("LOUD", "text")
