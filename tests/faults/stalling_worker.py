"""An RQ worker process, the Procfile's (``workers.process.Worker``), held at one exact
moment of reading a reply, for a fault test to SIGKILL it there:
``python -m tests.faults.stalling_worker MOMENT rq-worker-args...``.

The moments are the points of ``workers.jobs.read_inbox`` where a death matters (the
product's code is not touched; its functions are wrapped in this process only):

``read``
    :func:`service.mail.replies.read` has acted: the move's events, the next turn's emails
    and the answer are written in the reading's open transaction; only the claim is
    committed.
``committed``
    The reading's one transaction committed (the move, its emails' rows, the answer's row
    and the message marked read together), before the emails it queued are enqueued.

Held there, the process prints ``STALLED <moment>`` on its output and waits for ever, so the
test kills it at that point and never races it.
"""

from __future__ import annotations

import sys
import threading
from typing import Any

from rq.cli import main as rq_main

import workers.jobs
from service.mail import replies

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

        replies.read = read_then_hold  # type: ignore[assignment]
    elif moment == "committed":

        def hold_before_enqueue(*_args: Any, **_kwargs: Any) -> int:
            hold(moment)
            return 0

        workers.jobs.enqueue_outbox = hold_before_enqueue  # type: ignore[assignment]
    else:
        raise SystemExit(f"unknown moment {moment!r}")


def main(moment: str, *args: str) -> None:
    install(moment)
    rq_main(["worker", *args])


if __name__ == "__main__":
    main(*sys.argv[1:])
