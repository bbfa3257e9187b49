"""A web process that dies by SIGKILL at one exact moment of a request, run as a
subprocess by the fault tests: ``python -m tests.faults.crashing_client MOMENT METHOD PATH``.

The moment is found by SQLAlchemy's own events (the product's code is not touched):
``before-snapshot`` is when the snapshot INSERT is about to reach the database, the
move's events and game row already written in the open transaction; ``after-commit`` is
just after the transaction committed, before the response or the enqueue. Settings come
from the environment, as in production. At ``before-snapshot`` each statement that reaches
the database is printed on stderr, in order, on one line, for the test to name
(:mod:`tests.faults.statements`).
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from service import create_app
from tests.faults.statements import named


def die(*_args: Any) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def main(moment: str, method: str, path: str) -> None:
    if moment == "before-snapshot":

        @event.listens_for(Engine, "before_cursor_execute")
        def _snapshot(_conn, _cursor, statement, *_rest) -> None:
            print(" ".join(statement.split()), file=sys.stderr, flush=True)
            if named(statement) == "INSERT INTO SNAPSHOTS":
                die()

    elif moment == "after-commit":
        event.listen(Session, "after_commit", die)
    else:
        raise SystemExit(f"unknown moment {moment!r}")
    response = create_app().test_client().open(path, method=method)
    print(f"survived with {response.status_code}")


if __name__ == "__main__":
    main(*sys.argv[1:])
