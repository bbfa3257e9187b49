"""Notifications delivered per second per RQ worker for each channel kind (issue 36 §3),
beside bare no-op jobs run by the same kind of worker in the same run.

Each notification is prepared as the fan-out writes it: a tic-tac-toe game of its own whose
first seat has moved, the other seat's outbox row of kind ``turn``, its player's channel of
the kind measured (a Discord, a Slack or a signed generic JSON webhook, or a Web Push
subscription), and the ``notifications`` row :func:`service.notify.fanout.owed` writes for
that outbox row. Each kind's jobs (``workers.jobs.send_notification``: claim the
row, build the notice from the seat's own view, post it, record it) go to a queue of their
own, drained by a fresh burst worker started as the Procfile starts it: first
:data:`WARM_UP` jobs, not timed, then the timed ones; rates come from the jobs' own start
and end times. The receivers are real local HTTP servers in the bench process that answer
at once: a webhook receiver (``WEBHOOK_ALLOW_PRIVATE`` on, for loopback) and a push service
(``PUSH_ALLOW_LOOPBACK``) whose messages, encrypted for the subscription (``aes128gcm``) and
VAPID-signed, the bench decrypts with the browser's keys to check them.

No target: the issue asks for the figures. A run is INVALID unless every notification was
sent once and received once, and no job failed.

``python -m bench.notifications`` runs this part alone.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rq import Queue
from sqlalchemy import func, select

from bench.email_fanout import own_addresses
from bench.figures import Figure, shown
from bench.harness import WORKER_ARGS, rate, work
from bench.planning import players_for
from service.config import Settings
from service.links.decisions import Named
from service.mail.compose import plan
from service.mail.queue import connection, enqueue_notifications
from service.notify import fanout
from service.notify.webhooks import SIGNATURE
from service.play import channels, webhook_urls
from service.play.games import create_game
from service.play.moves import make_move
from service.store.db import sessions
from service.store.models import ChannelRow, NotificationRow, OutboxRow
from tests.service.pushservice import Browser, b64url
from tests.service.pushservice import running as push_service
from tests.service.receivers import Receiver

NOTIFICATIONS = 200
"""Timed notifications per kind."""
WARM_UP = 10
"""Jobs each kind's worker runs first, not timed."""
NOOP_JOBS = 1000
GAME = "tictactoe"
KINDS = ("discord", "slack", "json", "push")
"""The channel kinds measured: three webhooks' receivers, and Web Push."""
LABELS = {
    "discord": "Discord webhook",
    "slack": "Slack webhook",
    "json": "generic JSON webhook (signed)",
    "push": "Web Push (encrypted, VAPID)",
}


def prepare(
    settings: Settings, kind: str, count: int, hooks: str, browser: Browser, first_index: int
) -> list[int]:
    """``count`` games, each with a turn email owed to a seat whose player has one channel,
    of ``kind``; the notifications the fan-out writes for them, in order. Each kind has
    games of its own, so that each job loads its game as cold as any other kind's."""
    owed: list[int] = []
    keys = {"p256dh": browser.p256dh, "auth": b64url(browser.auth)}
    for index in range(first_index, first_index + count):
        with sessions(settings.database_url).begin() as session:
            players = own_addresses(settings, players_for(GAME, index))
            loaded = create_game(session, GAME, players).loaded
            first = sorted(loaded.game.to_act(loaded.state))[0]
            move = loaded.game.legal_moves(loaded.state, first)[0]
            applied = make_move(
                session, loaded.row.id, first, Named.by_turn(loaded.turn_seq), move, None,
                settings.snapshot_every, generation=loaded.table.generation(first),
            )  # fmt: skip
            rows = [session.get(OutboxRow, i) for i in applied.outbox_ids]
            (turn,) = [r for r in rows if r is not None and r.kind == "turn"]
            email = next(s.email for s in applied.loaded.row.seats if s.seat == turn.seat)
            assert email is not None
            if kind == "push":
                endpoint = f"{browser.endpoint}/{index}"
                channels.add(session, "push", "webpush", email=email, target=endpoint, keys=keys)
            else:
                webhook_urls.add(session, settings, f"{hooks}/{kind}", kind, email=email)
            session.flush()
            owed += fanout.owed(session, turn, plan(session, turn))
    assert len(owed) == count, (kind, len(owed))
    return owed


def run(
    settings: Settings,
    log: Callable[[str], None] = print,
    notifications: int = NOTIFICATIONS,
    warm_up: int = WARM_UP,
    noop_jobs: int = NOOP_JOBS,
) -> dict[str, Any]:
    settings = replace(settings, webhook_allow_private=True, push_allow_loopback=True)
    with Receiver() as receiver, push_service() as pushed:
        browser = Browser(endpoint=f"{pushed.url}/push")
        return _run(settings, receiver, pushed, browser, log, notifications, warm_up, noop_jobs)


def _run(
    settings: Settings,
    receiver: Receiver,
    pushed: Any,
    browser: Browser,
    log: Callable[[str], None],
    notifications: int,
    warm_up: int,
    noop_jobs: int,
) -> dict[str, Any]:
    conn = connection(settings.redis_url)
    noop_name = f"{settings.queue_name}-notify-noop"
    Queue(noop_name, connection=conn).enqueue_many(
        [Queue.prepare_data("bench.jobs.noop") for _ in range(noop_jobs)], pipeline=None
    )
    log(f"notifications: {noop_jobs} no-op jobs ...")
    work(settings, noop_name)
    noop = rate(settings, noop_name)

    total = warm_up + notifications
    kinds: dict[str, dict[str, Any]] = {}
    for k, kind in enumerate(KINDS):
        log(f"notifications: {total} games, each a turn owed to a {kind} channel ...")
        ids = prepare(settings, kind, total, receiver.url, browser, 70_000 + 10_000 * k)
        name = f"{settings.queue_name}-notify-{kind}"
        queued = replace(settings, queue_name=name)
        enqueue_notifications(queued, ids)
        log(f"notifications: {kind}, {warm_up} warm-up and {notifications} timed jobs ...")
        memory = work(queued, name)
        group = {i: ("warm-up" if n < warm_up else "timed") for n, i in enumerate(ids)}
        measured = rate(queued, name, group)
        timed = measured["by_game"].get("timed", {"jobs": 0, "seconds": 0.0, "per_s": 0.0})
        with sessions(settings.database_url)() as session:
            sent = session.scalar(
                select(func.count()).where(
                    NotificationRow.id.in_(ids), NotificationRow.sent_at.is_not(None)
                )
            )
        per_s = timed["per_s"]
        kinds[kind] = {
            **timed,
            "ms_per_job": 1000 / per_s if per_s else 0.0,
            "ratio": per_s / noop["per_s"] if noop["per_s"] else 0.0,
            "failed": measured["failed"],
            "results": measured["results"],
            "expected": len(ids),
            "sent": sent,
            "received": _received(kind, receiver, pushed),
            "checked": _checked(kind, receiver, pushed, browser, settings),
            "memory": memory,
        }
    return {
        "noop": noop,
        "kinds": kinds,
        "warm_up": warm_up,
        "notifications": notifications,
        "worker_args": WORKER_ARGS,
        "game": GAME,
    }


def _received(kind: str, receiver: Receiver, pushed: Any) -> int:
    if kind == "push":
        return len(pushed.received)
    return len(receiver.at(f"/{kind}"))


def _checked(kind: str, receiver: Receiver, pushed: Any, browser: Browser, s: Settings) -> bool:
    """The last message received for ``kind`` says the seat's turn and links to this site:
    the push message decrypted with the browser's keys, the JSON one's signature checked."""
    if kind == "push":
        if not pushed.received:
            return False
        message = browser.read(pushed.received[-1].body)
        return "Turn" in message["title"] and message["url"].startswith(s.base_url)
    posts = receiver.at(f"/{kind}")
    if not posts:
        return False
    post = posts[-1]
    if kind == "json":
        with sessions(s.database_url)() as session:
            secrets = set(
                session.scalars(select(ChannelRow.secret).where(ChannelRow.flavour == "json"))
            )
        signed = {
            "sha256=" + hmac.new(k.encode(), post.body, hashlib.sha256).hexdigest() for k in secrets
        }
        if post.headers.get(SIGNATURE) not in signed:
            return False
    return s.base_url in json.dumps(post.json())


def valid(r: dict[str, Any]) -> bool:
    """No job failed; each kind's notifications were each sent, received, and checked."""
    return r["noop"]["failed"] == 0 and all(
        k["failed"] == 0
        and k["jobs"] == r["notifications"]
        and k["sent"] == k["received"] == k["expected"]
        and k["checked"]
        for k in r["kinds"].values()
    )


def lines(r: dict[str, Any]) -> list[str]:
    """The summary's lines for this part."""
    noop = r["noop"]
    out = [
        f"Notifications delivered (issue 36 §3; one fresh RQ worker per kind, "
        f"{' '.join(r['worker_args'])}; {r['warm_up']} warm-up jobs, then "
        f"{r['notifications']} timed; local receivers answering at once):",
        f"  no-op jobs: {noop['jobs']} in {noop['seconds']} s = {noop['per_s']:.1f}/s",
        f"  {'kind':<32} {'jobs/s':>7} {'ms/job':>7} {'ratio':>6}  sent/received",
    ]
    for kind, k in r["kinds"].items():
        bad = "" if k["failed"] == 0 and k["checked"] else f"  FAILED {k['results']}"
        out.append(
            f"  {LABELS[kind]:<32} {k['per_s']:>7.1f} {k['ms_per_job']:>7.2f} "
            f"{k['ratio']:>6.3f}  {k['sent']}/{k['received']} of {k['expected']}{bad}"
        )
    return out


def judged(r: dict[str, Any]) -> list[Figure]:
    """Each kind's notifications per second per worker, over the same run's no-op rate, and
    its milliseconds per job: shown (no target)."""
    ok = valid(r)
    figures = [shown("no-op RQ jobs per worker (notifications run)", r["noop"]["per_s"], "/s", ok)]
    for kind, k in r["kinds"].items():
        label = LABELS[kind]
        figures += [
            shown(f"notifications per worker, {label}", k["per_s"], "/s", ok),
            shown(f"notifications/no-op jobs ratio, {label}", k["ratio"], "", ok),
            shown(f"notification job, {label}", k["ms_per_job"], "ms", ok),
        ]
    return figures


def main() -> int:
    from bench.harness import standalone

    return standalone(run, lines, judged, valid)


if __name__ == "__main__":
    sys.exit(main())
