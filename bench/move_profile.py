"""Where a move's time goes (issue 34 §1, §4): its statements and server round trips, counted
per move, and the top of a profile of the moves, in one process (the app's test client).

Statements are counted with SQLAlchemy's ``before_cursor_execute`` (an ``executemany`` is
one); round trips on PostgreSQL from libpq's protocol trace (each time the server answers
what the client sent: BEGIN and COMMIT included, a pipeline's statements sharing one).
A move is planned as :mod:`bench.move_cpu` plans it, so every one is accepted; a move that
queues an email (a turn passing to another seat, the game's end) is counted apart from one
that queues none. ``python -m bench.move_profile`` (with ``DATABASE_URL``, ``REDIS_URL``)
prints the figures and the statements of one move of each kind.
"""

from __future__ import annotations

import cProfile
import io
import itertools
import pstats
import random
import re
import statistics
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from rq import Queue
from sqlalchemy import event

from bench.figures import Figure, at_most, shown
from bench.planning import bench_games, plan_links
from service import create_app
from service.config import Settings
from service.mail.queue import connection
from service.store.db import engine_for

MOVES = 200
TOP = 10


@dataclass
class Tally:
    """What the database saw during one request."""

    statements: list[str] = field(default_factory=list)
    round_trips: int = 0


class Counting:
    """Statements as SQLAlchemy sends them; on PostgreSQL, round trips read from libpq's
    protocol trace of every pooled connection: one each time the server answers what the
    client sent (a BEGIN, a statement, a pipeline's batch, a COMMIT)."""

    def __init__(self) -> None:
        self.now = Tally()
        self.trace = tempfile.TemporaryFile()  # noqa: SIM115 (closed by close())
        self.traced: dict[int, Any] = {}
        self.read_to = 0

    def checkout(self, dbapi_connection: Any, *_args: Any) -> None:
        from psycopg import pq

        pgconn = dbapi_connection.pgconn
        if id(pgconn) not in self.traced:
            pgconn.trace(self.trace.fileno())
            pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)
            self.traced[id(pgconn)] = pgconn

    def flush(self) -> None:
        """libpq buffers its trace: untracing writes it out; tracing goes on after."""
        from psycopg import pq

        for pgconn in self.traced.values():
            if pgconn.status == pq.ConnStatus.OK:
                pgconn.untrace()
                pgconn.trace(self.trace.fileno())
                pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)

    def take(self) -> Tally:
        if self.traced:
            self.flush()
            self.trace.seek(self.read_to)
            lines = self.trace.read().decode(errors="replace").splitlines()
            self.read_to = self.trace.tell()
            sides = [line[:1] for line in lines if line[:1] in ("F", "B")]
            self.now.round_trips = sum(
                1 for a, b in itertools.pairwise(sides) if (a, b) == ("F", "B")
            )
        taken, self.now = self.now, Tally()
        return taken

    def close(self) -> None:
        for pgconn in self.traced.values():
            pgconn.untrace()
        self.trace.close()


@contextmanager
def counting(settings: Settings) -> Iterator[Counting]:
    """Count every statement (and on PostgreSQL every round trip) while open."""
    engine = engine_for(settings.database_url)
    seen = Counting()

    def statement(_conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        seen.now.statements.append(sql)

    event.listen(engine, "before_cursor_execute", statement)
    postgres = engine.dialect.name == "postgresql"
    if postgres:
        engine.dispose()  # every connection from now on is traced from its first statement
        event.listen(engine, "checkout", seen.checkout)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        if postgres:
            event.remove(engine, "checkout", seen.checkout)
            seen.close()
            engine.dispose()


def kind(sql: str) -> str:
    """A statement named by its verb and table: ``INSERT events``, ``SELECT games``."""
    words = sql.split()
    verb = words[0].upper() if words else "?"
    if verb == "WITH":  # the append's one statement: name what it writes
        written = re.findall(r"\bINSERT INTO\s+\"?(\w+)|\bUPDATE\s+\"?(\w+)", sql, re.IGNORECASE)
        return "WITH " + "+".join(a or b for a, b in written)
    table = re.search(r"\b(?:FROM|INTO|UPDATE)\s+\"?(\w+)", sql, re.IGNORECASE)
    return f"{verb} {table.group(1)}" if table else verb


def run(settings: Settings, moves: int = MOVES, games: list[str] | None = None) -> dict[str, Any]:
    settings = replace(settings, bench_endpoints=True, queue_name=f"{settings.queue_name}-prof")
    client = create_app(settings).test_client()
    results: dict[str, Any] = {"games": {}}
    profiler = cProfile.Profile()
    try:
        for name in games or bench_games():
            links = plan_links(settings, name, moves, random.Random(11))
            by_kind: dict[str, list[Tally]] = {"no email": [], "email": []}
            failed = 0
            with counting(settings) as seen:
                for link in links:
                    seen.take()
                    profiler.enable()
                    failed += client.post(link, buffered=True).status_code != 303
                    profiler.disable()
                    tally = seen.take()
                    emails = any("INSERT INTO outbox" in s for s in tally.statements)
                    by_kind["email" if emails else "no email"].append(tally)
                baseline = []
                for _ in range(20):
                    seen.take()
                    failed += client.post("/bench/baseline", buffered=True).status_code != 200
                    baseline.append(seen.take())
            results["games"][name] = {
                "failed": failed,
                **{key: _figures(tallies) for key, tallies in by_kind.items()},
                "baseline": _figures(baseline),
            }
    finally:
        Queue(settings.queue_name, connection=connection(settings.redis_url)).delete()
    results["profile_top"] = top_lines(profiler)
    results["round_trips_counted"] = engine_for(settings.database_url).dialect.name == "postgresql"
    return results


def _figures(tallies: list[Tally]) -> dict[str, Any]:
    if not tallies:
        return {"requests": 0}
    one = tallies[len(tallies) // 2]
    return {
        "requests": len(tallies),
        "statements": sum(len(t.statements) for t in tallies) / len(tallies),
        "round_trips": sum(t.round_trips for t in tallies) / len(tallies),
        # The typical move: a snapshot's insert (one move in snapshot_every) is not in it.
        "round_trips_median": statistics.median(t.round_trips for t in tallies),
        "one": [kind(s) for s in one.statements],
    }


def top_lines(profiler: cProfile.Profile, count: int = TOP) -> list[str]:
    """The ``count`` functions of most own time, as pstats prints them."""
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(count)
    text = out.getvalue().splitlines()
    start = next(i for i, line in enumerate(text) if line.lstrip().startswith("ncalls"))
    return [line.rstrip() for line in text[start : start + count + 1] if line.strip()]


ROUND_TRIPS_MAX = {"no email": 3, "email": 4}
"""Issue 34 §1: server round trips of a move that queues no email, and of one that does."""


def judged(report: dict[str, Any]) -> list[Figure]:
    """Round trips against their targets on PostgreSQL (SQLite has no server to wait for:
    its statements are shown)."""
    figures: list[Figure] = []
    counted = report.get("round_trips_counted", False)
    for name, g in report["games"].items():
        valid = g["failed"] == 0
        for key, most in ROUND_TRIPS_MAX.items():
            f = g[key]
            if not f["requests"]:
                continue
            label = f"move {name}, {key}"
            if counted:
                figures.append(
                    at_most(
                        f"{label}: round trips (median)", f["round_trips_median"], "", most, valid
                    )
                )
                figures.append(shown(f"{label}: round trips (mean)", f["round_trips"], "", valid))
            figures.append(shown(f"{label}: statements", f["statements"], "", valid))
    return figures


def lines(report: dict[str, Any]) -> list[str]:
    """The summary's lines: per game, statements and round trips per move by kind."""
    out = [
        "The move's statements and server round trips, in one process (issue 34 §1; "
        "round trips counted on PostgreSQL only):"
    ]
    for name, g in report["games"].items():
        cells = []
        for key in ("no email", "email", "baseline"):
            f = g[key]
            if f["requests"]:
                cells.append(
                    f"{key} {f['statements']:.2f} statements, {f['round_trips']:.2f} round trips"
                    f" ({f['requests']})"
                )
        bad = "" if g["failed"] == 0 else f"  FAILED {g['failed']}"
        out.append(f"  {name}: {'; '.join(cells)}{bad}")
    out += ["", f"The moves' profile, top {TOP} by own time (all games):"]
    out += [f"  {line}" for line in report["profile_top"]]
    return out


if __name__ == "__main__":
    import json
    import sys

    from bench.harness import standalone_settings

    bench_settings = standalone_settings("bench-profile")
    report = run(bench_settings, games=sys.argv[1:] or None)
    print("\n".join(lines(report)))
    for name, g in report["games"].items():
        for key in ("no email", "email"):
            if g[key]["requests"]:
                print(f"{name}, {key}: {json.dumps(g[key]['one'])}")
