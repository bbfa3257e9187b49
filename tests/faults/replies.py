"""Helpers for the fault tests of replies (issue 18): a game whose turn email is answered by
a reply sent over SMTP to the real inbound server, and what must hold afterwards: the reply
applied once (one move in the log), answered once, and every email sent once."""

from __future__ import annotations

import smtplib
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage

from sqlalchemy import select

from service.cli.localnet import free_port
from service.config import Settings
from service.links import replyto
from service.mail.inbound_server import InboundController
from service.store import eventstore
from service.store.db import sessions
from service.store.models import InboxRow, OutboxRow
from tests.faults.checks import assert_every_email_sent_once, assert_log_sound, events
from tests.fixtures import Inbox
from tests.service.replying import codes_of, reply_message


@contextmanager
def inbound_server(settings: Settings) -> Iterator[int]:
    """The inbound SMTP server (``pbem inbound``) in this process; its port."""
    port = free_port()
    controller = InboundController(settings, "127.0.0.1", port)
    controller.start()
    try:
        yield port
    finally:
        controller.stop()


def send(port: int, message: EmailMessage) -> None:
    """Send ``message`` as a mail client's server would (envelope = its From and To)."""
    with smtplib.SMTP("127.0.0.1", port, timeout=60) as client:
        client.send_message(message)


def acting_email(settings: Settings, game_id: str) -> str:
    """The address of the seat to act (tic-tac-toe: one at a time)."""
    with sessions(settings.database_url)() as session:
        loaded = eventstore.load(session, game_id)
        (seat,) = loaded.game.to_act(loaded.state)
        return next(s.email for s in loaded.row.seats if s.seat == seat)


def reply_to_turn(settings: Settings, smtp: Inbox, game_id: str, pick: int = 4) -> EmailMessage:
    """A reply of one legal option's code to the acting seat's last turn email of the game."""
    turn = [
        m
        for m in smtp.to(acting_email(settings, game_id))
        if (to := replyto.decode(settings.secret_key, str(m["Reply-To"] or "")))
        and to.game_id == game_id
    ][-1]
    code, _label = codes_of(turn)[pick]
    return reply_message(turn, f"{code}\n\nAnn\n")


def inbox(settings: Settings) -> list[InboxRow]:
    with sessions(settings.database_url)() as session:
        return list(session.scalars(select(InboxRow).order_by(InboxRow.id)))


def moves_in_log(settings: Settings, game_id: str) -> int:
    return sum(1 for e in events(settings, game_id) if e.type == "mark_placed")


def assert_applied_and_answered_once(
    settings: Settings, smtp: Inbox, game_id: str, replies: int
) -> None:
    """Each of ``replies`` stored messages read once (``applied``), its move once in a sound
    log, one answer row for it, and every email (answers included) sent exactly once."""
    rows = inbox(settings)
    assert len(rows) == replies, "each reply stored once"
    assert [(r.outcome, r.claimed_at) for r in rows] == [("applied", None)] * replies
    assert all(r.processed_at is not None for r in rows)
    assert moves_in_log(settings, game_id) == replies, "each reply's move applied once"
    with sessions(settings.database_url)() as session:
        answers = session.scalars(select(OutboxRow).where(OutboxRow.kind == "answer")).all()
    assert sorted(a.inbox_id for a in answers) == [r.id for r in rows], "one answer each"
    assert_every_email_sent_once(settings, smtp)
    answered = [m for m in smtp.messages if m["Auto-Submitted"] == "auto-replied"]
    assert len(answered) == replies, "each answer received once"
    assert_log_sound(settings, game_id)
