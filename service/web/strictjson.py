"""Reading request bodies as strict JSON (RFC 8259): no ``NaN`` or ``Infinity``, which no
other JSON reader (nor PostgreSQL's ``json`` type) accepts, and a body nested too deeply
to read is refused like any other unreadable body (400), never a server error."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


class StrictJSONProvider(DefaultJSONProvider):
    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        kwargs.setdefault("parse_constant", _no_constant)
        try:
            return json.loads(s, **kwargs)
        except RecursionError as exc:
            raise ValueError("JSON nested too deeply") from exc


class StrictJSONApp(Flask):
    json_provider_class = StrictJSONProvider
