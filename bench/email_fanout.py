"""Email fan-out: emails per second per RQ worker process against a local SMTP server
(aiosmtpd), beside bare no-op jobs run by the same worker in the same run. Target (issue 19):
a worker sends each game's invitation emails, pictures and all, at >= 0.40 of its no-op
rate (issue 11 asked >= 100 emails/s, which the machine's no-op rate alone decides). Then
the worker drains every job the HTTP bench's moves enqueued, after which its peak resident
memory is read.

Each worker is ``rq worker --burst`` as in the Procfile (started by :mod:`bench.rq_worker`,
which reports its memory). Rates come from the jobs' own start and end times, so the
worker's start-up is not counted.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from rq import Queue
from sqlalchemy import func, select

from bench.figures import Figure, at_least, at_most, shown
from bench.harness import WORKER_ARGS, CountingInbox, rate, work
from bench.planning import bench_games, players_for
from service import boards
from service.cli.localnet import free_port
from service.config import Settings
from service.mail.compose import Outgoing, compose
from service.mail.queue import connection, enqueue_outbox
from service.play.games import create_game
from service.store.db import sessions
from service.store.models import OutboxRow

EMAILS_PER_GAME = 240
NOOP_JOBS = 1000
FINISHED_JOBS = 500
"""Jobs sending one finished picture email (the floor: no row read, nothing composed)."""
EMAILS_MIN_PER_S = 100.0
RATIO_MIN = 0.40
"""Emails per second over no-op jobs per second, each game's and all together (issue 19)."""
PICTURE_EMAILS_FOR_MEMORY = 100
RSS_MAX_MIB = 200.0
"""Issue 34 §4: a fresh worker's peak resident memory after this many picture emails of the
picture games, interleaved."""
PICTURE_RATIO_MIN = 0.12
TEXT_RATIO_MIN = 0.30
"""Issue 34 §2: emails with a board picture (the games that draw one, together), and emails
without (the games that draw none), per second over no-op jobs per second."""


def run(settings: Settings, log: Callable[[str], None] = print) -> dict[str, Any]:
    inbox = CountingInbox()
    port = free_port()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    try:
        return _run(replace(settings, smtp_url=f"smtp://127.0.0.1:{port}"), inbox, log)
    finally:
        smtp.stop()


def _run(settings: Settings, inbox: CountingInbox, log: Callable[[str], None]) -> dict[str, Any]:
    conn = connection(settings.redis_url)
    noop_name, mail_name = f"{settings.queue_name}-noop", f"{settings.queue_name}-mail"
    noop_queue = Queue(noop_name, connection=conn)
    noop_queue.enqueue_many(
        [Queue.prepare_data("bench.jobs.noop") for _ in range(NOOP_JOBS)], pipeline=None
    )
    log(f"email: {NOOP_JOBS} no-op jobs ...")
    noop_memory = work(settings, noop_name)
    noop = rate(settings, noop_name)

    per_game: dict[str, dict[str, Any]] = {}
    mail = replace(settings, queue_name=mail_name)
    all_ids: list[int] = []
    game_of: dict[int, str] = {}
    for g, name in enumerate(bench_games()):
        ids: list[int] = []
        index = 0
        with sessions(settings.database_url).begin() as session:
            while len(ids) < EMAILS_PER_GAME:
                players = own_addresses(settings, players_for(name, 10_000 + 1_000 * g + index))
                ids += create_game(session, name, players).outbox_ids
                index += 1
        per_game[name] = {"emails": len(ids), "games": index}
        all_ids += ids
        game_of.update(dict.fromkeys(ids, name))
    floor = _floor(settings, [min(i for i in all_ids if game_of[i] == n) for n in per_game], log)
    log(f"email: {len(all_ids)} invitation emails of {', '.join(per_game)} ...")
    before = inbox.received
    enqueue_outbox(mail, all_ids)
    mail_memory = work(mail, mail_name)
    emails = rate(mail, mail_name, game_of)
    kinds = {name: "picture" if pictured(name) else "text" for name in per_game}
    emails["by_kind"] = rate(mail, mail_name, {i: kinds[g] for i, g in game_of.items()})["by_game"]
    emails["received_by_smtp"] = inbox.received - before
    with sessions(settings.database_url)() as session:
        emails["outbox_rows_sent"] = session.scalar(
            select(func.count()).where(OutboxRow.id.in_(all_ids), OutboxRow.sent_at.is_not(None))
        )
    emails["expected"] = len(all_ids)

    memory = _picture_memory(settings, [n for n, k in kinds.items() if k == "picture"], log)

    pending = len(Queue(settings.queue_name, connection=conn))
    log(f"email: draining the {pending} jobs the HTTP moves enqueued ...")
    drain_memory = work(settings, settings.queue_name)
    drained = rate(settings, settings.queue_name)
    return {
        "noop": {**noop, "memory": noop_memory},
        "emails": {**emails, "memory": mail_memory, "games": per_game},
        "ratio": _ratio(emails, noop),
        "floor": {**floor, "ratio": _ratio(floor, noop)},
        "ratio_by_game": {name: _ratio(r, noop) for name, r in emails["by_game"].items()},
        "ratio_by_kind": {kind: _ratio(r, noop) for kind, r in emails["by_kind"].items()},
        "kinds": kinds,
        "after_moves": {**drained, "memory": drain_memory, "enqueued": pending},
        "picture_memory": memory,
        "targets": {
            "emails_min_per_s": EMAILS_MIN_PER_S,
            "ratio_min": RATIO_MIN,
            "picture_ratio_min": PICTURE_RATIO_MIN,
            "text_ratio_min": TEXT_RATIO_MIN,
            "rss_max_mib": RSS_MAX_MIB,
        },
        "worker_args": WORKER_ARGS,
    }


def _picture_memory(
    settings: Settings, games: list[str], log: Callable[[str], None]
) -> dict[str, Any]:
    """A fresh worker's peak memory after :data:`PICTURE_EMAILS_FOR_MEMORY` invitation
    emails of ``games``, one game after another in turn (issue 34 §4)."""
    name = f"{settings.queue_name}-memory"
    mail = replace(settings, queue_name=name)
    each: list[list[int]] = []
    for g, game in enumerate(games):
        ids: list[int] = []
        index = 0
        with sessions(settings.database_url).begin() as session:
            while len(ids) < -(-PICTURE_EMAILS_FOR_MEMORY // len(games)):
                players = own_addresses(settings, players_for(game, 50_000 + 1_000 * g + index))
                ids += create_game(session, game, players).outbox_ids
                index += 1
        each.append(ids)
    interleaved = [i for turn in zip(*each, strict=False) for i in turn]
    wanted = interleaved[:PICTURE_EMAILS_FOR_MEMORY]
    log(f"email: a fresh worker's memory after {len(wanted)} picture emails ...")
    enqueue_outbox(mail, wanted)
    memory = work(mail, name)
    return {**rate(mail, name), "memory": memory, "emails": len(wanted)}


def _floor(settings: Settings, ids: list[int], log: Callable[[str], None]) -> dict[str, Any]:
    """The cheapest email job's rate: the largest of these invitations (one a game),
    composed once here, sent whole by :func:`bench.jobs.send_finished` jobs (no row read or
    marked, nothing composed or drawn). No email job can go faster, so its ratio to the
    no-op rate caps every email's (issue 19's 0.40 target included)."""
    with sessions(settings.database_url)() as session:
        rows = session.scalars(select(OutboxRow).where(OutboxRow.id.in_(ids)))
        finished = [
            (o.message.as_bytes(), o.to)
            for o in (compose(session, settings, row) for row in rows)
            if isinstance(o, Outgoing)
        ]
        session.rollback()
    assert finished, "no invitation could be composed"
    raw, to = max(finished, key=lambda f: len(f[0]))
    name = f"{settings.queue_name}-floor"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "finished.eml"
        path.write_bytes(raw)
        Queue(name, connection=connection(settings.redis_url)).enqueue_many(
            [
                Queue.prepare_data("bench.jobs.send_finished", (settings.smtp_url, str(path), to))
                for _ in range(FINISHED_JOBS)
            ],
            pipeline=None,
        )
        log(f"email: {FINISHED_JOBS} jobs sending one finished email of {len(raw):,} bytes ...")
        memory = work(settings, name)
        return {**rate(settings, name), "bytes": len(raw), "memory": memory}


def own_addresses(settings: Settings, players: list[str]) -> list[str]:
    """Addresses of this run's own (its queue's name in their domain), given each game's
    own ``players_for`` index: invitations of several games, or of an earlier run on the same
    database, to one address would be held for one email a day, or by the hourly cap
    (issue 31 §3), and their rows stay unsent."""
    return [a.replace("@", f"@{settings.queue_name}.", 1) for a in players]


def pictured(name: str) -> bool:
    """Whether the game's emails carry a picture of its board."""
    return boards._board(name).picture is not None


def _ratio(emails: dict[str, Any], noop: dict[str, Any]) -> float:
    return emails["per_s"] / noop["per_s"] if noop["per_s"] else 0.0


def judged(e: dict[str, Any], valid: bool) -> list[Figure]:
    """Each game's emails per second, shown, and over the no-op rate, judged (issue 19);
    beside them, the cheapest email job's ratio, which no email can beat."""
    minimum = e["targets"]["ratio_min"]
    figures: list[Figure] = []
    for name, game in e["emails"]["by_game"].items():
        figures.append(shown(f"emails per worker, {name}", game["per_s"], "/s", valid))
        figures.append(
            at_least(f"emails/no-op jobs ratio, {name}", e["ratio_by_game"][name], "", minimum,
                     valid)
        )  # fmt: skip
    figures.append(shown("emails per worker, all games", e["emails"]["per_s"], "/s", valid))
    figures.append(at_least("emails/no-op jobs ratio, all games", e["ratio"], "", minimum, valid))
    for kind, r in e.get("ratio_by_kind", {}).items():  # issue 34 §2
        games = ", ".join(name for name, k in e["kinds"].items() if k == kind)
        figures.append(
            at_least(
                f"{kind} emails/no-op jobs ratio, fresh worker ({games})",
                r,
                "",
                e["targets"][f"{kind}_ratio_min"],
                valid,
            )
        )
    if "picture_memory" in e:  # issue 34 §4
        m = e["picture_memory"]
        figures.append(
            at_most(
                f"worker peak RSS after {m['emails']} picture emails, fresh worker",
                m["memory"]["peak_rss_mib"],
                "MiB",
                e["targets"]["rss_max_mib"],
                valid and m["failed"] == 0,
            )
        )
    floor = e["floor"]
    figures.append(
        shown(
            f"the floor: one finished {floor['bytes']:,}-byte email sent per job / no-op jobs",
            floor["ratio"],
            "",
            floor["failed"] == 0,
        )
    )
    return figures
