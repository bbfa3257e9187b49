"""Many machines (issue 19): three web processes, three workers and two schedulers on one
database and one Redis, with many games played at once, lose and double nothing: no event,
email or reminder is missing or twice, and every game reaches its end.

The games start a day ago under freezegun, so the schedulers, on the real clock, find each
first mover's reminder due at once; the players are threads that follow each turn email's
link on any of the three web processes, while the workers send and the schedulers tick
and sweep every second or two."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import cast
from urllib.parse import urlsplit

import pytest
from freezegun import freeze_time
from sqlalchemy import select

from service import create_app
from service.cli.localnet import free_port
from service.config import Settings
from service.store.db import sessions
from service.store.models import EventRow
from tests.checkout import ROOT
from tests.faults.checks import assert_every_email_sent_once, assert_log_sound
from tests.fixtures import Inbox
from tests.helpers import http, option_links, page_options, public_state
from tests.workers.test_slow_play import new_game

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = [pytest.mark.faults, pytest.mark.slow, pytest.mark.usefixtures("regulars")]
GAMES = 5
WEB, WORKERS, SCHEDULERS = 3, 3, 2
PLAY_FOR = 240.0
"""Seconds the games may take at most (they take far less on an idle machine)."""


class Processes:
    """The service's processes, each writing to a file of its own: a pipe no one reads while
    the games go on would fill, and the process would stop at its next log line."""

    def __init__(self, env: dict[str, str], folder: Path) -> None:
        self.env, self.folder = env, folder
        self.running: list[tuple[subprocess.Popen[bytes], Path]] = []

    def start(self, args: list[str]) -> subprocess.Popen[bytes]:
        log = self.folder / f"{len(self.running)}-{args[3] if len(args) > 3 else 'web'}.log"
        with log.open("wb") as out:
            process = subprocess.Popen(
                args, env=self.env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT
            )
        self.running.append((process, log))
        return process

    def stop(self) -> None:
        for process, _ in self.running:
            process.kill()
        for process, _ in self.running:
            process.wait(timeout=30)

    def tails(self) -> str:
        return "\n".join(
            f"--- {' '.join(map(str, cast(list[str], p.args)[:5]))}\n{log.read_text()[-2000:]}"
            for p, log in self.running
        )


def wait_until_up(url: str, process: subprocess.Popen[bytes]) -> None:
    for _ in range(300):
        if process.poll() is not None:
            raise AssertionError(f"{url} exited with status {process.returncode}")
        try:
            if http("GET", f"{url}/healthz")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"{url} never answered")


def reminders(settings: Settings) -> list[tuple[str, str, int]]:
    """(game, seat, number) of every reminder recorded."""
    with sessions(settings.database_url)() as session:
        return [
            (r.game_id, r.payload.get("seat"), r.payload.get("number"))
            for r in session.scalars(select(EventRow).where(EventRow.type == "table.reminded"))
        ]


class Human(threading.Thread):
    """A player who follows each new turn email's link on one of the web processes."""

    def __init__(self, smtp: Inbox, webs: itertools.cycle[str], game_id: str, email: str):
        super().__init__(daemon=True)
        self.smtp, self.webs, self.game_id, self.email = smtp, webs, game_id, email
        self.moves = 0
        self.tries: list[tuple[int, bool, str]] = []
        """What each email's link led to: status, nothing to decide, the email's subject."""
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self._play()
        except BaseException as exc:  # reported by the test
            self.error = exc

    def _play(self) -> None:
        rng = random.Random(self.email + self.game_id)
        seen: set[str] = set()
        deadline = time.monotonic() + PLAY_FOR
        while time.monotonic() < deadline:
            if public_state(next(self.webs), self.game_id)["over"]:
                return
            fresh = [m for m in list(self.smtp.messages) if self._turn(m, seen)]
            if not fresh:
                time.sleep(0.5)
                continue
            seen.update(str(m["Message-ID"]) for m in fresh)
            _, url = rng.choice(option_links(fresh[-1]))
            url = next(self.webs) + urlsplit(url).path
            status, _, page = http("GET", url)
            self.tries.append((status, "Nothing to decide" in page, str(fresh[-1]["Subject"])))
            if status == 200 and "Nothing to decide" not in page:
                self.moves += self._turn_from(url, page, rng)

    def _turn_from(self, url: str, page: str, rng: random.Random) -> int:
        """Every decision the page offers, one after another (a turn of several is one
        visit); stops where the game has moved on meanwhile (a 303 to the seat's newer
        decision, a 409): the next email brings the next decision."""
        made = 0
        while page_options(page) and "Nothing to decide" not in page:
            status, headers, answer = http(
                "POST", url, form={"move": rng.choice(page_options(page))}
            )
            assert status in (303, 409), answer
            if status == 409:
                return made
            made += 1
            url = headers["Location"]
            status, _, page = http("GET", url)
            if status != 200:
                return made
        return made

    def _turn(self, message: EmailMessage, seen: set[str]) -> bool:
        return (
            self.email in str(message["To"])
            and f"#{self.game_id}" in str(message["Subject"])
            and str(message["Message-ID"]) not in seen
            and bool(option_links(message))
        )


def test_three_webs_three_workers_and_two_schedulers_lose_and_double_nothing(
    smtp, settings, tick, tmp_path
):
    settings = replace(settings, create_limit="1000 per minute", page_limit="10000 per minute")
    client = create_app(settings).test_client()
    emails = {"p1": "ann@example.org", "p2": "bob@example.org"}
    with freeze_time(datetime.now(UTC) - timedelta(hours=24, minutes=1)):
        games = [new_game(client) for _ in range(GAMES)]  # each first mover's reminder is due
        tick()

    ports = [free_port() for _ in range(WEB)]
    webs = [f"http://127.0.0.1:{port}" for port in ports]
    fast = replace(settings, base_url=webs[0], tick_every=1, sweep_every=2)  # limits as above
    env = {**os.environ, **fast.as_env(), "PYTHONPATH": str(ROOT)}
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    rq = [sys.executable, "-m", "rq.cli"]
    processes = Processes(env, tmp_path)
    webs_running = [
        processes.start(
            [
                gunicorn,
                "--config",
                "python:service.gunicorn_config",
                "--workers",
                "1",
                "--threads",
                "4",
                "--bind",
                f"127.0.0.1:{port}",
                "service:create_app()",
            ]
        )
        for port in ports
    ]
    for _ in range(WORKERS):
        processes.start(
            [*rq, "worker", "--worker-class", "workers.process.Worker", "--url",
             fast.redis_url, fast.queue_name]
        )  # fmt: skip
    for _ in range(SCHEDULERS):
        processes.start([*rq, "cron", "workers.cron", "--url", fast.redis_url])
    try:
        for url, process in zip(webs, webs_running, strict=True):
            wait_until_up(url, process)
        waited = time.monotonic() + 60
        while len(reminders(settings)) < GAMES and time.monotonic() < waited:
            time.sleep(0.5)  # the schedulers' first ticks remind each first mover
        spread = itertools.cycle(webs)
        humans = [Human(smtp, spread, g, emails[s]) for g in games for s in ("p1", "p2")]
        for human in humans:
            human.start()
        for human in humans:
            human.join(PLAY_FOR + 30)
        errors = [h.error for h in humans if h.error is not None]
        assert not errors, errors
        states = {g: public_state(webs[0], g) for g in games}
        unfinished = {g: (s["to_act"], s["seq"]) for g, s in states.items() if not s["over"]}
        assert not unfinished, (unfinished, [(h.game_id, h.email, h.tries) for h in humans])
        time.sleep(3 * fast.sweep_every)  # the last emails' sweep and sends
    except BaseException:
        processes.stop()
        print(processes.tails())
        raise
    processes.stop()

    for game_id in games:
        assert_log_sound(settings, game_id)
    assert_every_email_sent_once(settings, smtp)
    reminded = reminders(settings)
    assert all(n == 1 for n in Counter(reminded).values()), reminded
    assert {(g, n) for g, _, n in reminded} == {(g, 1) for g in games}, "each reminded once"
