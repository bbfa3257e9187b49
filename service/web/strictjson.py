"""Reading JSON strictly, the same way wherever it comes from: a request body of the API,
or a form field that carries JSON (a move on a decision page, the new-game form's options).

Strict means I-JSON (RFC 7493), the interoperable subset of RFC 8259, with bounds:

- no ``NaN`` or ``Infinity`` (no other JSON reader, nor PostgreSQL's ``json`` type, accepts
  them), and no number that reads as one (``1e999``);
- integers of at most :data:`MAX_INT_DIGITS` digits (Python refuses to read 4 300 digits
  with a ``ValueError`` of its own; a 64-bit integer has 19);
- strings without lone surrogates (``"\\ud800"``), which no UTF-8 text, and so no page, email
  or hash of the log, can hold (RFC 7493 §2.1);
- each name once per object (RFC 7493 §2.3: readers disagree on which copy wins);
- at most :data:`MAX_DEPTH` levels of nesting (a move or an option set has two or three);
- for a form field, at most ``max_chars`` characters (a request body is bounded as a whole,
  ``MAX_BODY``).

Anything else is :class:`Unreadable`, a ``ValueError`` whose message says what was wrong in
words a player can read: a 400, never a server error.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from flask import Flask, Request
from flask.json.provider import DefaultJSONProvider

from service.errors import BadRequest

MAX_DEPTH = 32
MAX_INT_DIGITS = 19
MAX_FLOAT_CHARS = 64
FIELD_MAX_CHARS = 16 * 1024
"""The longest JSON form field read: the longest move of any game is under 1 kB."""

_SURROGATE = re.compile("[\ud800-\udfff]")


class Unreadable(ValueError):
    """JSON this service does not read; the message completes "... because it ..."."""


def parse(text: str | bytes, *, max_chars: int | None = None, **kwargs: Any) -> Any:
    """``text`` read as strict JSON (module docstring), else :class:`Unreadable`."""
    if max_chars is not None and len(text) > max_chars:
        raise Unreadable(f"is too long ({len(text)} characters; at most {max_chars})")
    hook = kwargs.pop("object_hook", None)
    kwargs.setdefault("parse_constant", _no_constant)
    kwargs.setdefault("parse_int", _integer)
    kwargs.setdefault("parse_float", _decimal)
    kwargs.setdefault("object_pairs_hook", lambda pairs: _object(pairs, hook))
    try:
        value = json.loads(text, **kwargs)
    except RecursionError as exc:
        raise Unreadable(f"is nested more than {MAX_DEPTH} levels deep") from exc
    except Unreadable:
        raise
    except json.JSONDecodeError as exc:
        raise Unreadable(f"is not JSON ({exc.msg} at character {exc.pos + 1})") from exc
    except ValueError as exc:  # bytes that are not UTF-8
        raise Unreadable(f"is not JSON ({exc})") from exc
    _check(value)
    return value


def parse_field(text: str) -> Any:
    """A form field's JSON, read as the API reads a body, and at most ``FIELD_MAX_CHARS``."""
    return parse(text, max_chars=FIELD_MAX_CHARS)


def _no_constant(name: str) -> Any:
    raise Unreadable(f"holds {name}, which is not a JSON number")


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise Unreadable(f"holds an integer longer than {MAX_INT_DIGITS} digits")
    return int(digits)


def _decimal(literal: str) -> float:
    value = float(literal) if len(literal) <= MAX_FLOAT_CHARS else math.inf
    if not math.isfinite(value):
        raise Unreadable(f"holds a number too large to read ({literal[:20]}…)")
    return value


def _object(pairs: list[tuple[str, Any]], hook: Any) -> Any:
    value: dict[str, Any] = {}
    for key, item in pairs:
        if key in value:
            raise Unreadable(f"names {key[:40]!r} twice in one object")
        value[key] = item
    return hook(value) if hook is not None else value


def _check(value: Any) -> None:
    """Depth and strings, walked without recursion (the value may be ~1000 levels deep:
    as deep as Python's reader goes before it gives up)."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise Unreadable("holds a lone surrogate (\\ud800 to \\udfff): no character")
            continue
        if not isinstance(item, dict | list):
            continue
        if depth == MAX_DEPTH:
            raise Unreadable(f"is nested more than {MAX_DEPTH} levels deep")
        children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children)


class StrictJSONProvider(DefaultJSONProvider):
    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return parse(s, **kwargs)


class StrictRequest(Request):
    def on_json_loading_failed(self, e: ValueError | None) -> Any:
        """Say what was wrong with the body (Flask keeps that to itself outside debug)."""
        if e is None:
            return super().on_json_loading_failed(e)
        reason = e if isinstance(e, Unreadable) else Unreadable(f"is not JSON ({e})")
        raise BadRequest(f"The request body {reason}.")


class StrictJSONApp(Flask):
    json_provider_class = StrictJSONProvider
    request_class = StrictRequest
