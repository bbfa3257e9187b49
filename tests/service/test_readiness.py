"""An operator's probes (issue 19): ``/healthz`` says the process is alive; ``/readyz`` that
the database answers with the newest schema and Redis answers, and otherwise answers 503
naming what is not ready, never where it lives."""

from __future__ import annotations

from dataclasses import replace

from service import create_app
from service.cli.localnet import free_port


def test_a_ready_service_says_so(client):
    answer = client.get("/readyz")
    assert answer.status_code == 200
    assert answer.get_json() == {"ok": True, "database": "ok", "migrations": "ok", "redis": "ok"}


def test_redis_unreachable_is_not_ready_and_says_which(settings):
    closed = f"redis://127.0.0.1:{free_port()}/0"
    answer = create_app(replace(settings, redis_url=closed)).test_client().get("/readyz")
    assert answer.status_code == 503
    body = answer.get_json()
    assert body["ok"] is False and body["database"] == "ok"
    assert body["redis"].startswith("unreachable")
    assert "127.0.0.1" not in answer.get_data(as_text=True)


def test_a_database_behind_its_migrations_is_not_ready(settings, tmp_path):
    empty = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    app = create_app(replace(settings, database_url=empty))
    answer = app.test_client().get("/readyz")
    assert answer.status_code == 503
    assert answer.get_json()["migrations"].startswith("at None, newest ")
    assert app.test_client().get("/healthz").status_code == 200, "alive all the same"
