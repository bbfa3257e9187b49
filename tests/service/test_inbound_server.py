"""The inbound server (issue 18): a real aiosmtpd server in this process, a real smtplib
client, the suite's database and Redis. A message is stored and committed before the
sender hears 250; what cannot be stored is a temporary failure, so nothing is lost."""

from __future__ import annotations

import smtplib
from collections.abc import Iterator
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rq.job import Job
from sqlalchemy import select

from service.cli.localnet import free_port
from service.config import Settings
from service.mail.inbound_server import InboundController
from service.mail.inbox import message_key, store
from service.mail.queue import connection, inbox_job_id, sweep_inbox
from service.store.db import sessions
from service.store.models import InboxRow
from tests.service.replying import signed_address

PLAYER = "ann@example.org"
ADDRESS = signed_address(0)
OTHER = signed_address(1)


def message(body: str = "1", message_id: str | None = "<reply-1@example.org>") -> bytes:
    lines = [f"From: Ann <{PLAYER}>", f"To: {ADDRESS}", "Subject: Re: your turn"]
    if message_id is not None:
        lines.append(f"Message-ID: {message_id}")
    return ("\r\n".join(lines) + "\r\n\r\n" + body + "\r\n").encode()


def rows(settings: Settings) -> list[InboxRow]:
    with sessions(settings.database_url)() as s:
        return list(s.scalars(select(InboxRow).order_by(InboxRow.id)))


class Server:
    def __init__(self, controller: InboundController, port: int) -> None:
        self.controller = controller
        self.port = port

    def client(self) -> smtplib.SMTP:
        return smtplib.SMTP("127.0.0.1", self.port, timeout=30)

    def send(self, raw: bytes, to: str = ADDRESS, sender: str = PLAYER) -> None:
        options = [] if to.isascii() else ["SMTPUTF8"]
        with self.client() as client:
            client.sendmail(sender, [to], raw, mail_options=options)


def serve(settings: Settings, *, lmtp: bool = False) -> Iterator[Server]:
    port = free_port()
    controller = InboundController(settings, "127.0.0.1", port, lmtp=lmtp)
    controller.start()
    try:
        yield Server(controller, port)
    finally:
        controller.stop()


@pytest.fixture
def inbound(settings: Settings) -> Iterator[Server]:
    yield from serve(settings)


def test_a_message_is_stored_and_committed_before_the_sender_hears_250(inbound, settings):
    raw = message()
    inbound.send(raw)
    # Read from a new session right after the client returned: no wait, no retry.
    (row,) = rows(settings)
    assert row.raw == raw
    assert row.rcpt_to == ADDRESS
    assert row.mail_from == PLAYER
    assert row.message_key == f"<reply-1@example.org> {ADDRESS}"
    assert row.processed_at is None


def test_a_stored_message_is_handed_to_a_reading_job(inbound, settings):
    inbound.send(message())
    (row,) = rows(settings)
    job = Job.fetch(inbox_job_id(row.id), connection=connection(settings.redis_url))
    assert job.func_name == "workers.jobs.read_inbox"
    assert job.args == (row.id,)


def test_a_message_delivered_twice_is_stored_once(inbound, settings):
    inbound.send(message("1"))
    inbound.send(message("1 again, the sender retried"))  # same Message-ID
    (row,) = rows(settings)
    assert row.raw == message("1")


def test_the_same_message_to_two_of_our_addresses_is_stored_once_for_each(inbound, settings):
    with inbound.client() as client:
        client.sendmail(PLAYER, [ADDRESS, OTHER], message())
    assert [r.rcpt_to for r in rows(settings)] == [ADDRESS, OTHER]


def test_a_message_without_message_id_is_known_by_its_bytes(inbound, settings):
    inbound.send(message("1", message_id=None))
    inbound.send(message("1", message_id=None))
    inbound.send(message("2", message_id=None))
    assert [r.raw for r in rows(settings)] == [
        message("1", message_id=None),
        message("2", message_id=None),
    ]


def test_a_recipient_at_another_domain_is_refused_at_rcpt(inbound, settings):
    for address in ["ann@example.org", "play@pbem.localhost.evil.org", "play@localhost"]:
        with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
            inbound.send(message(), to=address)
        assert refused.value.recipients[address][0] == 550
    assert rows(settings) == []


def test_our_domain_is_matched_in_any_case_and_in_punycode(settings):
    idn = replace(settings, mail_domain="Bücher.Example")
    local = ADDRESS.split("@")[0]
    for server in serve(idn):
        server.send(message(message_id="<a@x>"), to=f"{local}@BÜCHER.example")
        server.send(message(message_id="<b@x>"), to=f"{local.upper()}@xn--bcher-kva.EXAMPLE")
    assert [r.rcpt_to for r in rows(settings)] == [
        f"{local}@xn--bcher-kva.example",
        f"{local}@xn--bcher-kva.example",
    ]


def test_a_message_over_the_cap_is_refused_552_when_announced(settings):
    small = replace(settings, inbound_max_bytes=2000)
    for server in serve(small):
        # smtplib announces the size (SIZE=) in MAIL FROM, so it is refused there.
        with pytest.raises(smtplib.SMTPSenderRefused) as refused:
            server.send(message("x" * 3000))
        assert refused.value.smtp_code == 552
        assert refused.value.smtp_error.startswith(b"5.3.4")
    assert rows(settings) == []


def test_a_message_over_the_cap_is_refused_552_after_data(settings):
    small = replace(settings, inbound_max_bytes=2000)
    for server in serve(small):
        with server.client() as client:
            client.ehlo()
            assert client.mail(PLAYER)[0] == 250  # no SIZE announced
            assert client.rcpt(ADDRESS)[0] == 250
            code, text = client.data(message(("x" * 70 + "\r\n") * 40))
            assert (code, text[:5]) == (552, b"5.3.4")
            # The conversation goes on: the next message is taken.
            assert client.mail(PLAYER)[0] == 250
            assert client.rcpt(ADDRESS)[0] == 250
            assert client.data(message("1"))[0] == 250
    assert [r.raw for r in rows(settings)] == [message("1")]


def test_the_database_unreachable_is_a_temporary_failure_and_nothing_is_lost(settings, caplog):
    unreachable = replace(settings, database_url="postgresql+psycopg://pbem@127.0.0.1:1/none")
    for server in serve(unreachable):
        with pytest.raises(smtplib.SMTPDataError) as failed:
            server.send(message())
        assert failed.value.smtp_code == 451
        assert failed.value.smtp_error.startswith(b"4.3.0")
        assert f"could not store a message for {[ADDRESS]}; answered 451" in caplog.messages
        # The database is back: the sending server's retry is stored.
        server.controller.inbound.settings = settings
        server.send(message())
    (row,) = rows(settings)
    assert row.raw == message()


def test_with_redis_down_a_message_is_still_taken_and_swept_later(settings):
    no_redis = replace(settings, redis_url="redis://127.0.0.1:1/0")
    for server in serve(no_redis):
        server.send(message())
    (row,) = rows(settings)
    assert Job.fetch_many([inbox_job_id(row.id)], connection=connection(settings.redis_url)) == [
        None
    ]
    assert sweep_inbox(settings, older_than=0) == [row.id]
    assert Job.fetch(inbox_job_id(row.id), connection=connection(settings.redis_url))


def test_lmtp_answers_data_once_per_recipient(settings):
    for server in serve(settings, lmtp=True):
        with smtplib.LMTP("127.0.0.1", server.port, timeout=30) as client:
            client.ehlo()  # smtplib's LMTP says LHLO
            refused = client.sendmail(PLAYER, [ADDRESS, OTHER], message())
            assert refused == {}
            # smtplib reads one answer to DATA; the second is read here, for the next command
            # not to take it as its own.
            assert client.getreply()[0] == 250
            assert client.noop()[0] == 250
    assert len(rows(settings)) == 2


@pytest.mark.hostile
@pytest.mark.parametrize(
    "raw",
    [
        pytest.param(b"Message-ID: <nul\x00@x>\r\nFrom: a\x00b\r\n\r\nbody\x00\x00\r\n", id="nul"),
        pytest.param(bytes(range(128, 256)) * 4 + b"\r\n\r\n\xff\xfe", id="8-bit"),
        pytest.param(b"no headers at all, only this line\r\n", id="no-headers"),
        pytest.param(b"", id="empty"),
        pytest.param(
            b"Message-ID: <big@x>\r\nX-Big: " + b"a\r\n b" * 20_000 + b"\r\n\r\nbody\r\n",
            id="folded-100k-header",
        ),
        pytest.param(
            "Message-ID: <ünï@cödé>\r\n\r\nтело\r\n".encode(),
            id="utf8-message-id",
        ),
    ],
)
def test_hostile_bytes_are_stored_as_they_came(inbound, settings, raw):
    with inbound.client() as client:
        client.ehlo()
        client.mail(PLAYER)
        client.rcpt(ADDRESS)
        assert client.data(raw)[0] == 250
    (row,) = rows(settings)
    # smtplib ends the data with CRLF; the bytes are otherwise the ones sent.
    assert row.raw.rstrip(b"\r\n") == raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n").rstrip(
        b"\r\n"
    )


@pytest.mark.hostile
def test_a_header_line_of_100_kb_is_refused_and_the_server_goes_on(inbound, settings):
    raw = b"Message-ID: <long@x>\r\nX-Long: " + b"a" * 100_000 + b"\r\n\r\nbody\r\n"
    with inbound.client() as client:
        client.ehlo()
        client.mail(PLAYER)
        client.rcpt(ADDRESS)
        code, _text = client.data(raw)
        assert code == 500  # RFC 5321 §4.5.3.1.6: a line is at most 1000 octets
    inbound.send(message())
    assert [r.raw for r in rows(settings)] == [message()]


@pytest.mark.hostile
def test_hostile_envelope_senders_are_stored_printable(inbound, settings):
    with inbound.client() as client:
        client.ehlo()
        client.mail("<>")  # a bounce has no sender
        client.rcpt(ADDRESS)
        assert client.data(message(message_id="<bounce@x>"))[0] == 250
    assert [r.mail_from for r in rows(settings)] == [""]


def test_a_message_received_is_read_by_a_worker(inbound, settings, work):
    inbound.send(message())
    work()  # the job the server enqueued, run by a real RQ worker
    (row,) = rows(settings)
    assert row.processed_at is not None and row.claimed_at is None


@pytest.mark.hostile
@given(raw=st.binary(max_size=3000), rcpt=st.sampled_from([ADDRESS, OTHER]))
def test_any_bytes_are_stored_once_under_a_key_that_fits(settings, raw, rcpt):
    """Whatever the bytes, storing never fails, the key fits its column, and a second
    delivery of the same bytes is a duplicate."""
    key = message_key(raw, rcpt)
    assert len(key) <= 255 and key.isprintable()
    with sessions(settings.database_url).begin() as session:
        first = store(session, raw, "x\x00\udcff@y", rcpt)
        again = store(session, raw, "x@y", rcpt)
        assert first is not None and again is None
        stored = session.get(InboxRow, first)
        assert stored is not None and stored.raw == raw
        session.delete(stored)
