"""Backups with the database's own tools (issue 30 §3), as README's *Backups* gives them:
``pg_dump --format=custom --no-owner`` restored by ``pg_restore --no-owner`` into a new
database on PostgreSQL, SQLite's online backup (``.backup``; Python's
``sqlite3.Connection.backup`` is the same API) on SQLite. A database holding games in every
state, emails not yet sent and replies not yet read comes back identical, row for row;
``pbem init-db`` on it changes nothing; and with Redis empty, as a new host's is, the
sweepers send each email it had not sent once and read each reply it had not read once."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from collections import Counter
from dataclasses import replace
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlalchemy import make_url, select

from service import create_app
from service.audit import checks as audit
from service.cli.commands import main
from service.config import Settings
from service.mail.queue import connection
from service.store import eventstore
from service.store.db import schema_state, sessions
from service.store.models import GameRow, InboxRow, OutboxRow
from tests.service.hostile import contents
from tests.service.replying import codes_of, reply_message
from tests.service.test_eventstore import play
from tests.service.test_moving_hosts import every_kind_of_game
from tests.service.test_upgrades import run_workers


def backed_up(source: str, target: str, folder: Path) -> None:
    """``source`` copied into the empty database ``target`` by the database's own tools."""
    url = make_url(source)
    if url.get_backend_name() == "sqlite":
        # What `sqlite3 pbem.sqlite3 ".backup backup.sqlite3"` does, online, page by page.
        with (
            sqlite3.connect(url.database or "") as live,
            sqlite3.connect(make_url(target).database or "") as copy,
        ):
            live.backup(copy)
        return
    for tool in ("pg_dump", "pg_restore"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed (Debian: apt-get install postgresql-client)")
    dump = folder / "pbem.dump"
    libpq = url.set(drivername="postgresql").render_as_string(hide_password=False)
    restore_to = make_url(target).set(drivername="postgresql")
    subprocess.run(
        ["pg_dump", "--format=custom", "--no-owner", f"--file={dump}", libpq],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        [
            "pg_restore",
            "--no-owner",
            "--exit-on-error",
            f"--dbname={restore_to.render_as_string(hide_password=False)}",
            str(dump),
        ],
        check=True,
        capture_output=True,
    )


def a_reply_received(settings: Settings, smtp) -> None:
    """A player's answer to the newest turn email, stored as received and not yet read."""
    turn = next(m for m in reversed(smtp.messages) if codes_of(m) and m["Reply-To"])
    reply = reply_message(turn, codes_of(turn)[0][0])
    with sessions(settings.database_url).begin() as session:
        session.add(
            InboxRow(
                message_key=make_msgid(domain="key.test"),
                received_at=eventstore.now(),
                mail_from=reply["From"].addresses[0].addr_spec,
                rcpt_to=str(reply["To"]),
                raw=reply.as_bytes(),
            )
        )


def states(url: str) -> dict[str, tuple]:
    """Each game's head, end and state, as loaded (not from any process's cache)."""
    eventstore.forget_states()
    with sessions(url)() as session:
        out = {}
        for game_id in session.scalars(select(GameRow.id).order_by(GameRow.id)):
            loaded = eventstore.load(session, game_id)
            assert audit.verify(audit.from_store(session, game_id)).ok, game_id
            out[game_id] = (loaded.row.head_hash, loaded.row.over, loaded.state, loaded.table)
        return out


def test_a_backup_restored_into_a_new_database_is_identical_and_its_pending_work_is_done_once(
    app, client, settings, smtp, work, tmp_path, new_database, monkeypatch
):
    games = every_kind_of_game(client, settings, work)
    a_reply_received(settings, smtp)
    pending = play(settings, 3, seed=9)  # its emails not sent yet
    smtp.clear()
    restored = new_database("restored")
    backed_up(settings.database_url, restored, tmp_path)
    host = replace(settings, database_url=restored)
    assert contents(host) == contents(settings), "every row of every table"
    assert states(restored) == states(settings.database_url)
    result = create_app(host).test_cli_runner().invoke(main, ["init-db"])
    assert result.exit_code == 0, result.output
    assert schema_state(restored)[0] == schema_state(restored)[1]
    assert contents(host) == contents(settings), "init-db on a backup of this release: a no-op"
    with sessions(restored)() as session:
        unsent = session.scalars(select(OutboxRow).where(OutboxRow.sent_at.is_(None))).all()
        unread = session.scalars(select(InboxRow).where(InboxRow.processed_at.is_(None))).all()
        sent_before = set(
            session.scalars(select(OutboxRow.id).where(OutboxRow.sent_at.is_not(None)))
        )
    assert {row.game_id for row in unsent} >= {pending} and len(unread) == 1
    connection(settings.redis_url).flushdb()  # a new host's Redis holds nothing
    monkeypatch.setenv("DATABASE_URL", restored)
    run_workers(host)
    run_workers(host)  # a second pass does nothing more
    with sessions(restored)() as session:
        rows = session.scalars(select(OutboxRow)).all()
    assert not [r.id for r in rows if r.sent_at is None and r.skipped is None], "all sent"
    done_since = [r for r in rows if r.id not in sent_before and r.sent_at is not None]
    assert {r.id for r in unsent} <= {r.id for r in done_since} | {r.id for r in rows if r.skipped}
    received = Counter(str(m["Message-ID"]) for m in smtp.messages)
    assert received == Counter(r.message_id for r in done_since), "each sent once, none twice"
    with sessions(restored)() as session:
        (reply,) = session.scalars(select(InboxRow).where(InboxRow.id == unread[0].id))
        assert reply.outcome == "applied", reply.outcome
        assert all(audit.verify(audit.from_store(session, g)).ok for g in games.values())
    with sessions(settings.database_url)() as session:
        still = session.scalars(select(InboxRow).where(InboxRow.processed_at.is_(None))).all()
    assert len(still) == 1, "the backup's source was only read"
