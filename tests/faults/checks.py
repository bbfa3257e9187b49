"""What must hold after every fault (issue 11): no event lost, none doubled, every email
sent exactly once, and ``pbem verify`` passes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

from sqlalchemy import select

from service.config import Settings
from service.store.db import sessions
from service.store.models import EventRow, OutboxRow
from tests.checkout import ROOT
from tests.fixtures import Inbox, run_queue_dry
from workers.jobs import sweep_outbox

PBEM = Path(sys.executable).parent / "pbem"


def events(settings: Settings, game_id: str) -> list[EventRow]:
    with sessions(settings.database_url)() as session:
        return list(
            session.scalars(
                select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq)
            )
        )


def outbox(settings: Settings) -> list[OutboxRow]:
    with sessions(settings.database_url)() as session:
        return list(session.scalars(select(OutboxRow).order_by(OutboxRow.id)))


def assert_log_sound(settings: Settings, game_id: str) -> list[EventRow]:
    """Sequences 1..n with none missing or twice, and the real CLI's ``verify`` passes."""
    rows = events(settings, game_id)
    assert [r.seq for r in rows] == list(range(1, len(rows) + 1))
    env = {**os.environ, **settings.as_env(), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [str(PBEM), "verify", game_id], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith(f"ok: {len(rows)} events, hash chain intact"), done.stdout
    return rows


def assert_every_email_sent_once(settings: Settings, smtp: Inbox) -> None:
    """Every outbox row sent or deliberately skipped; each sent row's message received once
    (by Message-ID), and nothing received that no row accounts for."""
    rows = outbox(settings)
    unsent = [(r.id, r.kind, r.last_error) for r in rows if r.sent_at is None and not r.skipped]
    assert not unsent, f"rows never sent: {unsent}"
    received = Counter(str(m["Message-ID"]) for m in smtp.messages)
    sent = Counter(r.message_id for r in rows if r.sent_at is not None)
    assert received == sent, (received, sent)
    assert all(n == 1 for n in received.values()), received


def drain(settings: Settings) -> None:
    """What production does once things are back: the cron's sweep of unsent rows, then a
    worker (with its scheduler, which enqueues retries that are due) until the queue is dry."""
    sweep_outbox(older_than=0)
    run_queue_dry(settings, with_scheduler=True)


def start_worker(settings: Settings, *extra: str) -> subprocess.Popen[str]:
    """A real ``rq worker`` process, as the Procfile runs it (forking a work horse per job)."""
    env = {**os.environ, **settings.as_env(), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "rq.cli",
            "worker",
            *extra,
            "--url",
            settings.redis_url,
            settings.queue_name,
        ],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (RQ's work horse puts itself in its own process group,
    so a group kill would miss it)."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        children = parents.get(todo.pop(), [])
        found += children
        todo += children
    return found


def kill(process: subprocess.Popen[str]) -> None:
    """SIGKILL to the worker and its work horse at once, as a crashed machine or container
    would: no handler runs, no cleanup, nothing flushed."""
    for pid in [process.pid, *descendants(process.pid)]:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            continue
    process.wait(timeout=30)
    if process.stdout is not None:
        process.stdout.close()
