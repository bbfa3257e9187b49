"""Fault: the web process killed in the middle of recording a move: after its events are
appended but before its snapshot is written, and just after the commit (before the
response and the enqueue)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from sqlalchemy import make_url

from service.store import eventstore
from service.store.db import sessions
from service.store.models import SnapshotRow
from tests.checkout import ROOT
from tests.faults.checks import assert_every_email_sent_once, assert_log_sound, events, outbox
from tests.faults.statements import appends_events, named
from tests.service.hostile import ledger, new_game, turn_link

pytestmark = [pytest.mark.faults, pytest.mark.slow]
MOVE = {"type": "place", "cell": 4}


def crash(settings, moment: str, path: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **settings.as_env(), "SNAPSHOT_EVERY": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "tests.faults.crashing_client", moment, "POST", path],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_process_killed_between_appending_events_and_writing_the_snapshot_leaves_no_trace(
    client, smtp, work, settings
):
    game_id = new_game(client)
    work()
    before = ledger(settings)
    _, link = turn_link(settings, game_id, move=MOVE)

    died = crash(settings, "before-snapshot", link)
    assert died.returncode == -signal.SIGKILL, died.stdout + died.stderr
    written = died.stderr.splitlines()
    names = [named(statement) for statement in written]
    assert names[-1] == "INSERT INTO SNAPSHOTS", names
    appending = [named(statement) for statement in written if appends_events(statement)]
    if make_url(settings.database_url).get_backend_name() == "postgresql":
        # One statement advances the game row and inserts the events, the used link and the
        # outbox rows (service/store/eventlog.py's append on PostgreSQL).
        assert "WITH MOVED AS" in appending, names
    else:
        assert "INSERT INTO EVENTS" in appending and "UPDATE GAMES SET" in names, names
    assert ledger(settings) == before, "events, game row, outbox and link: one transaction"
    assert_log_sound(settings, game_id)

    assert client.post(link).status_code == 303, "the player's click, repeated, is applied"
    rows = assert_log_sound(settings, game_id)
    assert [r.move for r in rows if r.move] == [MOVE]
    work()
    assert_every_email_sent_once(settings, smtp)
    assert len(smtp.messages) == 2 + 1


def test_a_process_killed_just_after_committing_a_move_loses_neither_the_move_nor_its_email(
    client, smtp, work, settings
):
    game_id = new_game(client)
    work()
    _, link = turn_link(settings, game_id, move=MOVE)

    died = crash(settings, "after-commit", link)
    assert died.returncode == -signal.SIGKILL, died.stdout + died.stderr
    rows = assert_log_sound(settings, game_id)
    assert [r.move for r in rows if r.move] == [MOVE], "the committed move stands"
    with sessions(settings.database_url)() as session:
        snapshot = session.query(SnapshotRow).filter_by(game_id=game_id, seq=len(rows)).one()
        assert snapshot is not None, "written in the move's own transaction"
    with sessions(settings.database_url)() as session:
        row = eventstore.get_row(session, game_id)
        loaded = eventstore.load(session, game_id)  # from that snapshot
        assert loaded.state == eventstore.load_from_start(session, row, loaded.game).state
    turn = [r for r in outbox(settings) if r.kind == "turn"]
    assert len(turn) == 1 and turn[0].sent_at is None, "its email is committed, not enqueued"

    again = client.post(link)  # the player saw no answer and clicks again
    assert again.status_code == 409
    assert "already made this choice" in again.get_data(as_text=True)
    assert len(events(settings, game_id)) == len(rows), "nothing doubled"

    work()  # the sweeper finds the committed, unsent row
    assert_every_email_sent_once(settings, smtp)
    assert len(smtp.messages) == 2 + 1
