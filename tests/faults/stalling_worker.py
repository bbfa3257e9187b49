"""An RQ worker process, the Procfile's (``workers.process.Worker``), held at one exact
moment of reading a reply, for a fault test to SIGKILL it there:
``python -m tests.faults.stalling_worker MOMENT rq-worker-args...``.

The moments are the points of ``workers.jobs.read_inbox`` where a death matters (the
product's code is not touched: in this process only, a function is wrapped or SQLAlchemy's
events watched):

``read``
    :func:`service.mail.replies.read` has acted: the move's events, the next turn's emails
    and the answer are written in the reading's open transaction; only the claim is
    committed.
``committed``
    Just after the commit of the transaction that appended the move's events (found by
    SQLAlchemy's events: a statement inserting events, on either database,
    :func:`tests.faults.statements.appends_events`, then a commit), before anything else:
    the rule is that the message is marked read, and the answer queued, in that very commit
    (so a reading taken up again never plays the move twice), whatever the code's shape.

Held there, the process prints ``STALLED <moment>`` on its output and waits for ever, so the
test kills it at that point and never races it.
"""

from __future__ import annotations

import sys
import threading
from typing import Any

from rq.cli.cli import main as rq_main
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from service.mail import replies
from tests.faults.statements import appends_events

STALLED = "STALLED"


def hold(moment: str) -> None:
    print(f"{STALLED} {moment}", flush=True)
    threading.Event().wait()  # until SIGKILL


def install(moment: str) -> None:
    if moment == "read":
        real_read = replies.read

        def read_then_hold(*args: Any, **kwargs: Any) -> list[int]:
            outbox_ids = real_read(*args, **kwargs)
            hold(moment)
            return outbox_ids

        replies.read = read_then_hold
    elif moment == "committed":
        appended: list[bool] = []

        @event.listens_for(Engine, "before_cursor_execute")
        def _appending(_conn, _cursor, statement, *_rest) -> None:
            if appends_events(statement):
                appended.append(True)

        @event.listens_for(Session, "after_soft_rollback")
        def _undone(_session, _transaction) -> None:
            appended.clear()

        @event.listens_for(Session, "after_commit")
        def _committed(session) -> None:
            if appended and not session.in_nested_transaction():  # not a savepoint's release
                hold(moment)

    else:
        raise SystemExit(f"unknown moment {moment!r}")


def main(moment: str, *args: str) -> None:
    install(moment)
    rq_main(["worker", *args])


if __name__ == "__main__":
    main(*sys.argv[1:])
