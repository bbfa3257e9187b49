"""The processes' logs (issue 19): one record per line on stderr, as text or JSON
(``LOG_FORMAT``), at ``LOG_LEVEL``, each carrying the request id of the request it was
written for. Every process configures them once when it starts (gunicorn's
``logconfig_dict``, the worker's class, the scheduler's module, the inbound server, the
demo); the app itself never does, so an embedding process keeps its own.

A record's message may hold a player's bytes (a name, an address): line breaks and
direction-changing characters in it are escaped, so no record can forge another line or
reorder the text an operator reads."""

from __future__ import annotations

import logging
import logging.config
import re
import time
import uuid
from contextvars import ContextVar
from typing import Any

from pythonjsonlogger.json import JsonFormatter

from service.config import Settings

REQUEST_ID: ContextVar[str | None] = ContextVar("request_id", default=None)
GOOD_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
"""An incoming ``X-Request-ID`` kept as it is (a proxy's own): anything else is replaced."""
FORMATS = ("text", "json")
TEXT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"


def request_id(given: str | None) -> str:
    """The id of a request: the proxy's ``X-Request-ID`` when it is a plain token, else new."""
    if given is not None and GOOD_REQUEST_ID.fullmatch(given):
        return given
    return uuid.uuid4().hex


def escaped(text: str) -> str:
    """``text`` with every character that is not printable (line breaks, controls, format
    characters such as U+202E) written as its escape."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)


class WithRequestId(logging.Filter):
    """Adds ``request_id`` (``-`` outside a request) to every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = REQUEST_ID.get() or "-"
        return True


class UTCTimes(logging.Formatter):
    """Times as ISO 8601 in UTC (``2026-11-26T07:38:06.791Z``), whatever the machine's zone."""

    converter = staticmethod(time.gmtime)
    default_time_format = "%Y-%m-%dT%H:%M:%S"
    default_msec_format = "%s.%03dZ"


class TextFormatter(UTCTimes):
    def formatMessage(self, record: logging.LogRecord) -> str:
        record.message = escaped(record.message)
        return super().formatMessage(record)


class JsonLines(JsonFormatter, UTCTimes):
    """JSON, one object per line; ``json.dumps`` escapes every control and non-ASCII
    character, so a message cannot end its line early."""


def formatter(form: str = "text") -> logging.Formatter:
    if form == "json":
        return JsonLines(
            "%(asctime)s %(levelname)s %(name)s %(request_id)s %(message)s",
            rename_fields={"levelname": "level", "asctime": "time", "name": "logger"},
        )
    return TextFormatter(TEXT)


def config(level: str = "INFO", form: str = "text") -> dict[str, Any]:
    """The ``logging.config.dictConfig`` of a process."""
    if form not in FORMATS:
        raise ValueError(f"LOG_FORMAT must be one of {', '.join(FORMATS)}, not {form!r}")
    level = level.upper()
    if level not in logging.getLevelNamesMapping():
        raise ValueError(f"LOG_LEVEL {level!r} is not a logging level")
    formatter = {"()": "service.logs.formatter", "form": form}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": WithRequestId}},
        "formatters": {"line": formatter},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "formatter": "line",
                "filters": ["request_id"],
            }
        },
        "root": {"level": level, "handlers": ["stderr"]},
        # gunicorn's own loggers write through the same handler (its access log is off: the
        # app writes one that names routes, not the links' secret tokens).
        "loggers": {
            "gunicorn.error": {"level": level, "handlers": [], "propagate": True},
            "gunicorn.access": {"level": "WARNING", "handlers": [], "propagate": True},
            # RQ's command line gives its worker and scheduler loggers a handler of their
            # own: through ours instead, once, in the same format.
            "rq.worker": {"handlers": [], "propagate": True},
            "rq.cron": {"handlers": [], "propagate": True},
            "alembic": {"level": "WARNING"},
            # aiosmtpd (``pbem inbound``) logs every SMTP command at INFO, the sender's
            # address with MAIL FROM: no player's address goes into a log (issue 30).
            "mail.log": {"level": "WARNING"},
        },
    }


def configure(level: str = "INFO", form: str = "text") -> None:
    logging.config.dictConfig(config(level, form))


def configure_from(settings: Settings) -> None:
    configure(settings.log_level, settings.log_format)
