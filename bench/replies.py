"""Replies read per second per RQ worker process (issue 18), beside bare no-op jobs run by the
same kind of worker in the same run.

Each reply is a real message, as a mail client writes one: an answer to the turn email a
seat was sent (composed by the service, its ``Reply-To`` the seat's signed address), its
first line an option's code read from that email, the original quoted below; stored as the
inbound server stores it (:func:`service.mail.inbox.store`). Each plays a legal move in a
tic-tac-toe game of its own, so no reply waits on another's game. Their reading jobs
(``workers.jobs.read_inbox``) run on one burst worker as in the Procfile (started by
:mod:`bench.rq_worker`); rates come from the jobs' own start and end times. The emails the
readings queue (each answer, the next turn's) go to a queue of their own, sent afterwards
by another worker and not timed, so that each reply is counted as answered only once its
answer was received by the SMTP server, not assumed.

``python -m bench.replies`` runs this part alone.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import replace
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from typing import Any

from aiosmtpd.controller import Controller
from rq import Queue
from sqlalchemy import func, select

from bench.figures import Figure, shown
from bench.harness import WORKER_ARGS, CountingInbox, rate, work
from bench.planning import players_for
from service.cli.localnet import free_port
from service.config import Settings
from service.mail.compose import compose
from service.mail.inbox import ours, store
from service.mail.queue import connection, enqueue_inbox
from service.play.games import create_game
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import EventRow, InboxRow, OutboxRow

REPLIES = 300
NOOP_JOBS = 1000
GAME = "tictactoe"
CODE_LINE = re.compile(r"^\s*(?:\* )?\[([0-9a-z]+)\] ")


def first_code(turn: EmailMessage) -> str:
    """The first option's code a turn email lists (``[1] ...``), as its reader sees it."""
    body = turn.get_body(preferencelist=("plain",))
    assert body is not None
    for line in body.get_content().splitlines():
        if match := CODE_LINE.match(line):
            return match.group(1)
    raise ValueError("the turn email lists no option")


def reply_to(turn: EmailMessage, sender: str, code: str) -> EmailMessage:
    """A reply as a mail client writes it: the code, then the original quoted below an
    attribution line."""
    body = turn.get_body(preferencelist=("plain",))
    assert body is not None
    quoted = "\n".join(f"> {line}".rstrip() for line in body.get_content().splitlines())
    reply = EmailMessage(policy=policy.SMTP)
    reply["From"] = sender
    reply["To"] = str(turn["Reply-To"])
    reply["Subject"] = f"Re: {turn['Subject']}"
    reply["Date"] = format_datetime(now())
    reply["Message-ID"] = make_msgid(domain="bench.example.org")
    reply["In-Reply-To"] = str(turn["Message-ID"])
    reply["References"] = str(turn["Message-ID"])
    reply["User-Agent"] = "Mozilla/5.0 Thunderbird/128.0"
    sent = turn["Date"] or format_datetime(now())
    reply.set_content(f"{code}\n\nOn {sent}, {turn['From']} wrote:\n{quoted}\n")
    return reply


def prepare(settings: Settings, count: int, first_index: int = 30_000) -> list[int]:
    """``count`` stored replies, each to a new game's first turn email; their inbox ids."""
    ids: list[int] = []
    for index in range(first_index, first_index + count):
        with sessions(settings.database_url).begin() as session:
            created = create_game(session, GAME, players_for(GAME, index))
            loaded = created.loaded
            seat = sorted(loaded.game.to_act(loaded.state))[0]
            rows = [session.get(OutboxRow, i) for i in created.outbox_ids]
            (turn,) = [r for r in rows if r is not None and r.seat == seat]
            outgoing = compose(session, settings, turn)
            assert not isinstance(outgoing, str), outgoing
            message = reply_to(outgoing.message, outgoing.to, first_code(outgoing.message))
            rcpt = ours(settings, str(message["To"]))
            assert rcpt is not None
            inbox_id = store(session, message.as_bytes(), outgoing.to, rcpt)
            assert inbox_id is not None
            ids.append(inbox_id)
    return ids


def run(
    settings: Settings,
    log: Callable[[str], None] = print,
    replies: int = REPLIES,
    noop_jobs: int = NOOP_JOBS,
) -> dict[str, Any]:
    inbox = CountingInbox()
    port = free_port()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    try:
        with_smtp = replace(settings, smtp_url=f"smtp://127.0.0.1:{port}")
        return _run(with_smtp, inbox, log, replies, noop_jobs)
    finally:
        smtp.stop()


def _run(
    settings: Settings,
    inbox: CountingInbox,
    log: Callable[[str], None],
    replies: int,
    noop_jobs: int,
) -> dict[str, Any]:
    conn = connection(settings.redis_url)
    noop_name = f"{settings.queue_name}-replies-noop"
    read_name = f"{settings.queue_name}-replies"
    mail = replace(settings, queue_name=f"{settings.queue_name}-replies-mail")
    Queue(noop_name, connection=conn).enqueue_many(
        [Queue.prepare_data("bench.jobs.noop") for _ in range(noop_jobs)], pipeline=None
    )
    log(f"replies: {noop_jobs} no-op jobs ...")
    work(settings, noop_name)
    noop = rate(settings, noop_name)

    log(f"replies: storing {replies} replies, each to a game of its own ...")
    ids = prepare(settings, replies)
    enqueue_inbox(replace(settings, queue_name=read_name), ids)
    log(f"replies: reading {len(ids)} replies ...")
    # The worker's jobs enqueue the emails they queue on the mail queue, which it does not
    # serve: only the readings are timed.
    memory = work(mail, read_name)
    read = rate(mail, read_name)
    before = inbox.received
    log("replies: sending the answers and turn emails the readings queued ...")
    work(mail, mail.queue_name)
    sent = rate(mail, mail.queue_name)
    with sessions(settings.database_url)() as session:
        outcomes = dict(
            session.execute(
                select(InboxRow.outcome, func.count())
                .where(InboxRow.id.in_(ids))
                .group_by(InboxRow.outcome)
            ).all()
        )
        answers = select(func.count()).where(
            OutboxRow.kind == "answer", OutboxRow.inbox_id.in_(ids)
        )
        answered = session.scalar(answers.where(OutboxRow.sent_at.is_not(None)))
        games = select(InboxRow.game_id).where(InboxRow.id.in_(ids)).scalar_subquery()
        # A decision's first event carries its move (JSON null on the others: counted here).
        moves = sum(
            1
            for move in session.scalars(select(EventRow.move).where(EventRow.game_id.in_(games)))
            if move is not None
        )
    read.update(
        expected=len(ids),
        outcomes=outcomes,
        applied=outcomes.get("applied", 0),
        moves_in_logs=moves,
        answered=answered,
        emails_sent=sent["jobs"],
        emails_failed=sent["failed"],
        received_by_smtp=inbox.received - before,
        memory=memory,
    )
    return {
        "noop": noop,
        "replies": read,
        "ratio": read["per_s"] / noop["per_s"] if noop["per_s"] else 0.0,
        "worker_args": WORKER_ARGS,
        "game": GAME,
    }


def valid(r: dict[str, Any]) -> bool:
    """Nothing failed, and each reply was applied (one move in its game's log) and answered
    (its answer received by the SMTP server)."""
    read = r["replies"]
    expected = read["expected"]
    return (
        read["failed"] == 0
        and r["noop"]["failed"] == 0
        and read["emails_failed"] == 0
        and read["jobs"] == expected
        and read["applied"] == read["moves_in_logs"] == read["answered"] == expected
    )


def lines(r: dict[str, Any]) -> list[str]:
    """The summary's lines for this part."""
    read, noop = r["replies"], r["noop"]
    return [
        f"Replies read (one RQ worker, {' '.join(r['worker_args'])}; each reply a code to a "
        f"{r['game']} game of its own):",
        f"  no-op jobs: {noop['jobs']} in {noop['seconds']} s = {noop['per_s']:.1f}/s",
        f"  replies:    {read['jobs']} in {read['seconds']} s = {read['per_s']:.1f}/s; "
        f"ratio {r['ratio']:.2f}",
        f"  {read['applied']}/{read['expected']} applied ({read['moves_in_logs']} moves in the "
        f"logs), {read['answered']}/{read['expected']} answered ({read['received_by_smtp']} "
        f"emails received by SMTP); outcomes {read['outcomes']}",
    ]


def judged(r: dict[str, Any]) -> list[Figure]:
    """Replies read per second per worker and over the same run's no-op rate (issue 18),
    shown: valid when each reply was applied and answered once, as counted."""
    ok = valid(r)
    return [
        shown("no-op RQ jobs per worker (replies run)", r["noop"]["per_s"], "/s", ok),
        shown(f"replies read per worker, {r['game']}", r["replies"]["per_s"], "/s", ok),
        shown("replies/no-op jobs ratio", r["ratio"], "", ok),
    ]


def main() -> int:
    from bench.harness import standalone

    return standalone(run, lines, judged, valid)


if __name__ == "__main__":
    sys.exit(main())
