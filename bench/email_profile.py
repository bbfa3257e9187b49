"""Where an email job's time goes (issue 34 §2): ``send_outbox`` run in one new process
under cProfile, the way a worker runs it, against a local SMTP server.

The child process (``python -m bench.email_profile CHILD OUT.json``) is a worker that has
just started (:func:`workers.process.warm_up` run, as the worker class runs it before its
first job), then sends the invitation emails of new games of every game served: the first
of each game (what a fresh worker pays) and, once every cache is warm, the rest, each
timed, then profiled together. ``python -m bench.email_profile`` prints its lines.
"""

from __future__ import annotations

import cProfile
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from bench.checkout import ROOT
from bench.email_fanout import own_addresses
from bench.harness import CountingInbox, bench_settings, log
from bench.planning import bench_games, players_for
from service.config import Settings

WARM_EMAILS = 16
"""Emails of each game sent once the worker is warm, timed."""
PROFILED = 8
"""Emails of each picture game sent after those, under the profiler."""
TOP = 10
PICTURELESS = ("tictactoe",)
"""Games whose emails carry no picture: the text emails of the targets."""


def run(settings: Settings, log: Callable[[str], None] = print) -> dict[str, Any]:
    """The child's figures: each game's first email and warm median (ms), the profile's
    top lines of the warm picture emails."""
    log("email profile: one new worker process under cProfile ...")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "profile.json"
        env = {**os.environ, **settings.as_env(), "PYTHONPATH": str(ROOT)}
        subprocess.run(
            [sys.executable, "-m", "bench.email_profile", "CHILD", str(out)],
            env=env,
            cwd=ROOT,
            check=True,
        )
        result: dict[str, Any] = json.loads(out.read_text())
        return result


def _child(out: Path) -> None:
    from aiosmtpd.controller import Controller

    from service.cli.localnet import free_port
    from service.config import load_extra_games
    from service.play.games import create_game
    from service.store.db import sessions
    from workers import jobs, process

    settings = Settings.from_env()
    load_extra_games(settings)
    inbox = CountingInbox()
    port = free_port()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    os.environ["SMTP_URL"] = f"smtp://127.0.0.1:{port}"
    settings = replace(settings, smtp_url=os.environ["SMTP_URL"])
    try:
        ids: dict[str, list[int]] = {}
        for g, name in enumerate(bench_games()):  # an address of its own for each email
            ids[name] = []
            index = 0
            with sessions(settings.database_url).begin() as session:
                while len(ids[name]) < 1 + WARM_EMAILS + PROFILED:
                    players = players_for(name, 20_000 + 1_000 * g + index)
                    made = create_game(session, name, own_addresses(settings, players))
                    ids[name] += made.outbox_ids
                    index += 1
        started = time.thread_time()
        warm_up = getattr(process, "warm_up", None)  # absent before issue 34 §2
        if warm_up is not None:
            warm_up()
        warm_up_ms = (time.thread_time() - started) * 1000
        first: dict[str, float] = {}
        for name in ids:
            first[name] = _timed(jobs.send_outbox, ids[name][0])
        warm: dict[str, list[float]] = {name: [] for name in ids}
        for i in range(1, WARM_EMAILS + 1):
            for name in ids:  # interleaved: a busy moment hurts every game alike
                warm[name].append(_timed(jobs.send_outbox, ids[name][i]))
        profiler = cProfile.Profile()
        for i in range(1 + WARM_EMAILS, 1 + WARM_EMAILS + PROFILED):
            for name in ids:
                if name not in PICTURELESS:
                    profiler.enable()
                    _timed(jobs.send_outbox, ids[name][i])
                    profiler.disable()
        report = {
            "warm_up_ms": round(warm_up_ms, 1),
            "games": {
                name: {
                    "first_ms": round(first[name], 1),
                    "warm_median_ms": round(statistics.median(warm[name]), 1),
                    "picture": name not in PICTURELESS,
                }
                for name in ids
            },
            "received_by_smtp": inbox.received,
            "top": _top(profiler),
            "emails_profiled": PROFILED * sum(1 for n in ids if n not in PICTURELESS),
        }
    finally:
        smtp.stop()
    out.write_text(json.dumps(report))
    if os.environ.get("EMAIL_PROFILE_DUMP"):
        profiler.dump_stats(os.environ["EMAIL_PROFILE_DUMP"])


def _timed(job: Callable[[int], str], outbox_id: int) -> float:
    """The job's CPU ms in this thread (the SMTP server's thread and the other processes on
    the machine left out: other agents' load swings wall-clock times twofold)."""
    started = time.thread_time()
    said = job(outbox_id)
    if said.startswith("skipped") or said in ("missing", "held"):
        raise RuntimeError(f"outbox row {outbox_id} was not sent: {said}")
    return (time.thread_time() - started) * 1000


def _top(profiler: cProfile.Profile) -> list[str]:
    """The profile's top lines by own time, as pstats prints them (paths from the checkout
    or the site-packages folder)."""
    text = io.StringIO()
    stats = pstats.Stats(profiler, stream=text)
    stats.sort_stats("tottime").print_stats(TOP)
    lines = [line for line in text.getvalue().splitlines() if line.strip()]
    head = next(i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls"))
    return [_short(line) for line in lines[head : head + TOP + 1]]


def _short(line: str) -> str:
    """``line`` with its paths from the site-packages folder, the checkout or the standard
    library (the longest first: the checkout may hold the site-packages)."""
    folders = {str(ROOT), os.path.dirname(os.__file__), *(p for p in sys.path if p)}
    for prefix in sorted((f"{f}/" for f in folders), key=len, reverse=True):
        line = line.replace(prefix, "")
    return line


def lines(p: dict[str, Any]) -> list[str]:
    """The summary's lines: each game's first and warm email, the warm-up, the top lines."""
    out = [
        f"Email jobs in one new worker process (send_outbox in-process; CPU ms of the job's "
        f"thread; the worker's warm-up at start {p['warm_up_ms']:.0f} ms):",
    ]
    for name, g in p["games"].items():
        kind = "picture" if g["picture"] else "text"
        out.append(
            f"  {name} ({kind}): first {g['first_ms']:.1f}, warm median {g['warm_median_ms']:.1f}"
            f" ({g['first_ms'] / g['warm_median_ms']:.1f}x)"
        )
    out.append(f"  profile of {p['emails_profiled']} warm picture emails, top {TOP} by own time:")
    out += [f"    {line}" for line in p["top"]]
    return out


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "CHILD":
        _child(Path(sys.argv[2]))
        return 0
    with bench_settings() as settings:
        print("\n".join(lines(run(settings, log=log))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
