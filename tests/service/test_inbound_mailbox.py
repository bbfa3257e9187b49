"""The demo's ``/mailbox`` reply box (issue 18): a typed reply goes as a real email, over
SMTP, through the inbound server, from the email's recipient to its Reply-To."""

from __future__ import annotations

import mailbox
from collections.abc import Iterator
from dataclasses import replace
from email import message_from_bytes
from email.message import EmailMessage

import pytest
from sqlalchemy import select

from service import create_app
from service.cli.localnet import free_port
from service.config import Settings
from service.mail.inbound_server import InboundController
from service.store.db import sessions
from service.store.models import InboxRow
from tests.fixtures import RECEIVED, ServerLikeClient
from tests.helpers import csrf_token
from tests.service.replying import signed_address

REPLY_TO = signed_address(0)


def turn_email(reply_to: str | None = REPLY_TO) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "Play by email <games@pbem.localhost>"
    message["To"] = "Ann <ann@example.org>"
    message["Subject"] = "Your turn"
    message["Message-ID"] = "<turn-1@pbem.localhost>"
    if reply_to is not None:
        message["Reply-To"] = reply_to
    message.set_content("Reply 1 to play the centre.")
    return message


@pytest.fixture
def demo(settings: Settings, tmp_path) -> Iterator[Settings]:
    port = free_port()
    demo_settings = replace(
        settings, mailbox_dir=str(tmp_path / "mail"), inbound_url=f"smtp://127.0.0.1:{port}"
    )
    server = InboundController(demo_settings, "127.0.0.1", port)
    server.start()
    yield demo_settings
    server.stop()


def client_of(settings: Settings):
    app = create_app(settings)
    app.test_client_class = ServerLikeClient
    return app.test_client()


def delivered(settings: Settings, message: EmailMessage) -> str:
    return mailbox.Maildir(settings.mailbox_dir, create=True).add(message)


def received(settings: Settings) -> list[InboxRow]:
    with sessions(settings.database_url)() as s:
        return list(s.scalars(select(InboxRow)))


def test_a_reply_typed_in_the_mailbox_reaches_the_inbound_server_as_an_email(demo):
    key = delivered(demo, turn_email())
    client = client_of(demo)
    page = client.get(f"/mailbox/{key}").get_data(as_text=True)
    assert f'action="/mailbox/{key}/reply"' in page
    response = client.post(
        f"/mailbox/{key}/reply", data={"text": "1", "csrf_token": csrf_token(page)}
    )
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/mailbox/{key}?replied=1")
    (row,) = received(demo)
    assert (row.mail_from, row.rcpt_to) == ("ann@example.org", REPLY_TO)
    reply = message_from_bytes(row.raw, policy=RECEIVED)
    assert reply["From"] == "ann@example.org" and reply["To"] == REPLY_TO
    assert reply["In-Reply-To"] == "<turn-1@pbem.localhost>"
    assert reply["Subject"] == "Re: Your turn"
    assert reply.get_content().strip() == "1"
    assert "Your reply was sent" in client.get(f"/mailbox/{key}?replied=1").get_data(as_text=True)


@pytest.mark.parametrize(
    "reply_to", [None, "someone@example.org", f"{REPLY_TO}, other@pbem.localhost"]
)
def test_an_email_without_one_reply_to_at_our_domain_takes_no_reply(demo, reply_to):
    key = delivered(demo, turn_email(reply_to))
    client = client_of(demo)
    page = client.get(f"/mailbox/{key}").get_data(as_text=True)
    assert "/reply" not in page
    token = csrf_token(client.get("/").get_data(as_text=True))
    response = client.post(f"/mailbox/{key}/reply", data={"text": "1", "csrf_token": token})
    assert response.status_code == 404
    assert received(demo) == []


def test_without_the_inbound_server_known_there_is_no_reply_box(demo):
    elsewhere = replace(demo, inbound_url="")
    key = delivered(elsewhere, turn_email())
    assert "/reply" not in client_of(elsewhere).get(f"/mailbox/{key}").get_data(as_text=True)


def test_a_reply_without_the_pages_csrf_token_is_refused(demo):
    key = delivered(demo, turn_email())
    response = client_of(demo).post(f"/mailbox/{key}/reply", data={"text": "1"})
    assert response.status_code == 400
    assert received(demo) == []


def test_a_reply_the_inbound_server_cannot_take_says_so(demo):
    down = replace(demo, inbound_url=f"smtp://127.0.0.1:{free_port()}")
    key = delivered(down, turn_email())
    client = client_of(down)
    token = csrf_token(client.get(f"/mailbox/{key}").get_data(as_text=True))
    response = client.post(f"/mailbox/{key}/reply", data={"text": "1", "csrf_token": token})
    assert response.status_code == 502
    assert "The reply could not be sent" in response.get_data(as_text=True)
    assert received(demo) == []


HOSTILE_TEXTS = {
    "nul": "1\x00",
    "a lone dot line": "1\r\n.\r\nMAIL FROM:<x@evil.org>",
    "headers in the body": "Subject: pwned\r\nBcc: x@evil.org\r\n\r\n1",
    "bidi": "\u202e1",
    "very long": "1" * 20_000,
    "empty": "",
}


@pytest.mark.hostile
@pytest.mark.parametrize("text", HOSTILE_TEXTS.values(), ids=HOSTILE_TEXTS.keys())
def test_whatever_is_typed_goes_in_the_reply_body_only(demo, text):
    key = delivered(demo, turn_email())
    client = client_of(demo)
    token = csrf_token(client.get(f"/mailbox/{key}").get_data(as_text=True))
    response = client.post(f"/mailbox/{key}/reply", data={"text": text, "csrf_token": token})
    assert response.status_code == 303
    (row,) = received(demo)
    reply = message_from_bytes(row.raw, policy=RECEIVED)
    assert reply["Subject"] == "Re: Your turn" and reply["Bcc"] is None
    assert row.rcpt_to == REPLY_TO


@pytest.mark.hostile
def test_an_email_whose_headers_decode_to_line_breaks_is_answered_on_one_line(demo):
    raw = (
        b"From: games@pbem.localhost\r\nTo: ann@example.org\r\n"
        b"Reply-To: " + REPLY_TO.encode() + b"\r\n"
        b"Subject: =?utf-8?q?Your=0D=0ABcc:_x@evil.org?=\r\n"
        b"Message-ID: =?utf-8?q?<a=0D=0AX:_y@x>?=\r\n\r\nbody\r\n"
    )
    key = mailbox.Maildir(demo.mailbox_dir, create=True).add(raw)
    client = client_of(demo)
    token = csrf_token(client.get(f"/mailbox/{key}").get_data(as_text=True))
    response = client.post(f"/mailbox/{key}/reply", data={"text": "1", "csrf_token": token})
    assert response.status_code == 303
    (row,) = received(demo)
    reply = message_from_bytes(row.raw, policy=RECEIVED)
    assert reply["Bcc"] is None and reply["X"] is None
    assert reply["Subject"] == "Re: Your Bcc: x@evil.org"
