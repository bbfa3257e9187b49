"""The worker's connection to the mail relay (service/mail/smtp.py): kept open between emails,
replaced when the relay has closed it, never handing a message over twice."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from service.cli.localnet import free_port
from service.mail import smtp


class Relay:
    """An SMTP server's handler counting greetings (one per connection) and messages."""

    def __init__(self) -> None:
        self.greetings = 0
        self.subjects: list[str] = []
        self._lock = threading.Lock()

    async def handle_EHLO(
        self, server: Any, session: Any, envelope: Any, hostname: str, responses: list[str]
    ) -> list[str]:
        with self._lock:
            self.greetings += 1
        session.host_name = hostname
        return responses

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        subject = next(
            (line for line in envelope.content.decode().splitlines() if line.startswith("Subject")),
            "",
        )
        with self._lock:
            self.subjects.append(subject.removeprefix("Subject: "))
        return "250 OK"


def serve(relay: Relay, port: int) -> Controller:
    controller = Controller(relay, hostname="127.0.0.1", port=port)
    controller.start()
    return controller


@pytest.fixture
def port() -> Iterator[int]:
    yield free_port()
    smtp.close()


ADDRESS = "ann@example.org"


def message(subject: str) -> EmailMessage:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = "games@pbem.test", ADDRESS, subject
    m.set_content("Your turn.")
    return m


def test_emails_sent_one_after_the_other_share_one_connection(port):
    relay = Relay()
    controller = serve(relay, port)
    try:
        for n in range(3):
            smtp.send(f"smtp://127.0.0.1:{port}", message(f"move {n}"), to=ADDRESS)
    finally:
        controller.stop()
    assert relay.subjects == ["move 0", "move 1", "move 2"]
    assert relay.greetings == 1


def test_a_connection_the_relay_closed_is_replaced_and_the_email_sent_once(port):
    first, second = Relay(), Relay()
    controller = serve(first, port)
    smtp.send(f"smtp://127.0.0.1:{port}", message("before the restart"), to=ADDRESS)
    controller.stop()
    controller = serve(second, port)
    try:
        smtp.send(f"smtp://127.0.0.1:{port}", message("after the restart"), to=ADDRESS)
    finally:
        controller.stop()
    assert first.subjects == ["before the restart"]
    assert second.subjects == ["after the restart"]
    assert second.greetings == 1


def test_a_new_relay_address_closes_the_connection_to_the_old_one(port):
    old, new = Relay(), Relay()
    other = free_port()
    controllers = [serve(old, port), serve(new, other)]
    try:
        smtp.send(f"smtp://127.0.0.1:{port}", message("to the old relay"), to=ADDRESS)
        smtp.send(f"smtp://127.0.0.1:{other}", message("to the new relay"), to=ADDRESS)
        smtp.send(f"smtp://127.0.0.1:{other}", message("again to the new relay"), to=ADDRESS)
    finally:
        for c in controllers:
            c.stop()
    assert old.subjects == ["to the old relay"]
    assert new.subjects == ["to the new relay", "again to the new relay"]
    assert new.greetings == 1
