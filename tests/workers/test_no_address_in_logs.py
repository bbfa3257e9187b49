"""No log line holds a player's address (issue 30 §5): a relay's refusal that quotes the
recipient is logged and kept with ``<recipient>`` in its place; the jobs that take an
address are described without it (RQ logs each job by its description); the inbound
server's SMTP library, which logs every sender at INFO, logs as every process configures
it (``service.logs``): warnings only."""

from __future__ import annotations

import io
import logging
import smtplib
from collections.abc import Iterator
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import select

from service import logs
from service.cli.localnet import free_port
from service.mail import signin as signin_mail
from service.mail.inbound_server import InboundController
from service.mail.queue import enqueue_outbox, queue
from service.store.db import sessions
from service.store.models import OutboxRow
from tests.fixtures import run_queue_dry
from tests.service.replying import signed_address

PLAYER = "Spec1.John.Smith@example.org"


class Refusing:
    """A relay that refuses the recipient, quoting it back as relays do."""

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, _: Any):
        return f"550 5.1.1 <{address.upper()}>: Recipient address rejected: unknown user"


@pytest.fixture
def refusing(settings, monkeypatch) -> Iterator[str]:
    port = free_port()
    controller = Controller(Refusing(), hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setenv("SMTP_URL", f"smtp://127.0.0.1:{port}")
    yield f"smtp://127.0.0.1:{port}"
    controller.stop()


def test_a_refusal_quoting_the_recipient_is_logged_and_kept_without_the_address(
    client, settings, refusing, caplog, monkeypatch
):
    created = client.post(
        "/api/games", json={"game": "tictactoe", "players": [PLAYER, "bob@example.org"]}
    )
    assert created.status_code == 201
    caplog.set_level(logging.DEBUG)
    monkeypatch.setattr(logging.getLogger("mail.log"), "level", logging.WARNING)  # as configured
    with sessions(settings.database_url)() as s:
        ids = list(s.scalars(select(OutboxRow.id)))
    enqueue_outbox(settings, ids)
    run_queue_dry(settings, logging_level=None)  # RQ's default: its loggers' levels kept
    with sessions(settings.database_url)() as s:
        # The refused rows; the relay's 550 then told each table (issue 31), rows of their own.
        errors = list(s.scalars(select(OutboxRow.last_error).where(OutboxRow.id.in_(ids))))
    assert errors and all(e and "<recipient>" in e for e in errors), errors
    kept = " ".join(errors)
    logged = " ".join(f"{r.getMessage()} {r.exc_text or ''}" for r in caplog.records)
    assert "Recipient address rejected" in logged, "the refusal is logged"
    for text in (kept, logged):
        assert "spec1.john.smith" not in text.lower() and "bob@example.org" not in text.lower()


def test_the_jobs_that_take_an_address_are_described_without_it(settings):
    assert signin_mail.enqueue(settings, PLAYER, "en")
    from service.play import slowplay
    from service.store.eventstore import now
    from workers.schedule import queue_digests

    with sessions(settings.database_url).begin() as s:
        slowplay.person(s, PLAYER).next_digest_at = now()
    assert queue_digests(settings, now())
    jobs = queue(settings).get_jobs()
    assert {j.func_name for j in jobs} == {
        "workers.jobs.send_sign_in",
        "workers.schedule.send_digest",
    }
    assert not [j.description for j in jobs if "spec1" in j.description.lower()]


def test_the_inbound_server_logs_no_sender_at_the_configured_level(settings):
    stream = io.StringIO()
    root = logging.getLogger()
    saved = (root.handlers[:], root.level, logging.getLogger("mail.log").level)
    logs.configure("INFO")
    root.handlers[0].setStream(stream)
    port = free_port()
    server = InboundController(settings, "127.0.0.1", port)
    server.start()
    try:
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as relay:
            relay.sendmail(PLAYER, [signed_address(0)], b"Subject: hi\r\n\r\n1\r\n")
    finally:
        server.stop()
        root.handlers[:], root.level = saved[0], saved[1]
        logging.getLogger("mail.log").setLevel(saved[2])
    assert "spec1.john.smith" not in stream.getvalue().lower()


def test_a_failed_statements_error_names_its_sql_but_not_the_address_it_held(settings):
    """A statement that fails (here a sender too long for its column on PostgreSQL, a
    duplicate on either) is logged by whoever catches it: its values stay out."""
    from sqlalchemy.exc import DBAPIError

    from service.store.eventstore import now
    from service.store.models import InboxRow

    row = {"message_key": "k", "received_at": now(), "rcpt_to": "play+a@pbem.localhost"}
    with sessions(settings.database_url).begin() as s:
        s.add(InboxRow(**row, mail_from=PLAYER, raw=b"x"))
    with pytest.raises(DBAPIError) as failed, sessions(settings.database_url).begin() as s:
        s.add(InboxRow(**row, mail_from=PLAYER, raw=b"x"))
    assert "INSERT INTO inbox" in str(failed.value)
    assert "spec1.john.smith" not in str(failed.value).lower()
