"""The benchmark's baseline endpoint: the same app and database, one row inserted.

Registered only when ``BENCH_ENDPOINTS`` is set (``make bench``)."""

from __future__ import annotations

from flask import Blueprint
from flask.typing import ResponseReturnValue

from service.store.eventstore import now
from service.store.models import BenchRow
from service.web import db

bp = Blueprint("bench", __name__, url_prefix="/bench")


@bp.post("/baseline")
def baseline() -> ResponseReturnValue:
    with db().begin():
        db().add(BenchRow(created_at=now()))
    return {"ok": True}
