"""Signed and aligned (issue 31 §1): with DKIM_KEY (RSA 2048) and DKIM_ED25519_KEY set,
every email we send carries two DKIM signatures of MAIL_FROM's domain, which dkimpy
verifies, as a receiver does, against the records ``pbem mail-dns`` prints (the ``signed``
fixture's DNS answers with them). Every kind of email is checked as it came over SMTP,
with names and subjects in other scripts and an address that needs SMTPUTF8; a header
changed after signing fails the check. The bytes of an email are signed once: a retry
sends the very same message."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from freezegun import freeze_time
from sqlalchemy import select, update

from service.links import bounces
from service.mail.smtp import envelope
from service.play import slowplay
from service.store.db import sessions
from service.store.models import EmailRow, OutboxRow, SeatRow
from tests.helpers import option_links, path, text_of
from tests.mail_checks import assert_signed_and_aligned, verified
from tests.service.replying import deliver, reply_message
from workers.jobs import send_sign_in

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")

OLENA = "olena@example.org"
HANAKO = "花子@例え.jp"
PLAYERS = [f"Олена Коваленко <{OLENA}>", f"山田 花子 <{HANAKO}>"]
START = datetime.fromisoformat("2026-03-02T09:00:00+00:00")  # a Monday


def to(smtp, address: str) -> list:
    """The messages whose envelope went to ``address`` (its domain in punycode there)."""
    wanted = envelope(address)
    return [m for m, (rcpt, _) in zip(smtp.messages, smtp.envelopes, strict=True) if wanted in rcpt]


def new_game(client) -> str:
    response = client.post("/api/games", json={"game": "tictactoe", "players": PLAYERS})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def kinds_sent(settings) -> dict[str, int]:
    with sessions(settings.database_url)() as session:
        rows = session.execute(select(EmailRow.kind, EmailRow.sent_at)).all()
    found: dict[str, int] = {}
    for kind, sent_at in rows:
        if sent_at is not None:
            found[kind] = found.get(kind, 0) + 1
    return found


def test_every_kind_of_email_carries_both_signatures_and_each_verifies_against_its_record(
    client, signed, smtp, work, tick
):
    with freeze_time(START) as clock:
        game_id = new_game(client)
        work()  # invitations
        mover = client.get(f"/api/games/{game_id}").get_json()["to_act"][0]
        address = OLENA if mover == "p1" else HANAKO
        other = HANAKO if address == OLENA else OLENA
        (invitation,) = to(smtp, address)
        _label, url = option_links(invitation)[0]
        assert client.post(path(url)).status_code in (200, 303)
        work()  # the other's turn
        (turn,) = [m for m in to(smtp, other) if m["In-Reply-To"]]
        deliver(signed, reply_message(turn, "status"))  # an answer to a reply
        work()
        clock.tick(timedelta(hours=25))
        tick()  # a reminder to the seat that must act
        with sessions(signed.database_url).begin() as session:
            slowplay.set_notify(session, other, "digest", digest_hour=7)
        clock.tick(timedelta(days=1))
        tick()  # ``other`` must act and now takes the digest: it lists the game
    assert send_sign_in(OLENA, "ru", "a-request") == "sent"
    assert send_sign_in(HANAKO, "ja", "another") == "sent"
    assert kinds_sent(signed) == {
        "invitation": 2,
        "turn": 1,
        "answer": 1,
        "reminder": 1,
        "digest": 1,
        "sign_in": 2,
    }
    assert len(smtp.raw) == 8 and not smtp.refused
    for raw, (recipients, options) in zip(smtp.raw, smtp.envelopes, strict=True):
        assert_signed_and_aligned(raw)
        if any(not r.isascii() for r in recipients):
            assert "SMTPUTF8" in options  # signed as sent: UTF-8 headers, RFC 6532


def test_every_email_goes_out_with_the_bounce_address_of_its_own_ledger_row(
    client, signed, smtp, work
):
    new_game(client)
    work()
    with sessions(signed.database_url)() as session:
        rows = session.scalars(select(EmailRow).order_by(EmailRow.id)).all()
        assert [r.message_id for r in rows] == [str(m["Message-ID"]) for m in smtp.messages]
        assert all(r.raw is None and r.sent_at is not None for r in rows), "bytes gone once sent"
        for row, sender in zip(rows, smtp.senders, strict=True):
            assert sender.endswith("@" + signed.mail_domain) and sender != signed.mail_from
            assert bounces.decode(signed.secret_key, sender) == row.id


def fields(raw: bytes) -> tuple[list[bytes], bytes]:
    """A raw message's header fields (each with its folded lines) and its body."""
    head, body = raw.split(b"\r\n\r\n", 1)
    found: list[bytes] = []
    for line in head.split(b"\r\n"):
        if line[:1] in (b" ", b"\t") and found:
            found[-1] += b"\r\n" + line
        else:
            found.append(line)
    return found, body


def changed(raw: bytes, header: str, value: str, *, added: bool) -> bytes:
    """``raw`` with ``header`` set to ``value`` in place, or ``added`` above the others."""
    found, body = fields(raw)
    name = header.encode() + b":"
    line = name + b" " + value.encode()
    if added:
        found.insert(0, line)
    else:
        found = [line if f.lower().startswith(name.lower()) else f for f in found]
    return b"\r\n".join(found) + b"\r\n\r\n" + body


@pytest.mark.parametrize(
    ("header", "value", "added"),
    [
        ("Subject", "Your turn in a game you never joined", False),
        ("From", "Play by email <games@evil.example>", False),
        ("To", "Mallory <mallory@evil.example>", False),
        ("Date", "Mon, 02 Mar 2026 09:00:00 +0000", False),
        ("List-Unsubscribe", "<https://evil.example/unsubscribe>", False),
        ("From", "Mallory <mallory@evil.example>", True),
        ("Reply-To", "mallory@evil.example", True),
        ("Subject", "Urgent", True),
    ],
)
def test_a_header_changed_or_added_after_signing_fails_both_signatures(
    client, signed, smtp, work, header, value, added
):
    new_game(client)
    work()
    raw = smtp.raw[0]
    assert verified(raw) == [b"rsa-sha256", b"ed25519-sha256"]
    tampered = changed(raw, header, value, added=added)
    assert tampered != raw
    assert verified(tampered) == []


def test_a_body_changed_after_signing_fails_both_signatures(client, signed, smtp, work):
    new_game(client)
    work()
    raw = smtp.raw[0]
    tampered = raw.replace(b"tictactoe", b"tictactoo", 1)
    if tampered == raw:
        tampered = raw[:-40] + b"A" + raw[-39:]
    assert verified(tampered) == []


def test_a_retry_sends_the_bytes_the_first_attempt_signed(client, signed, smtp, work):
    """Issue 31 §1: signed once, when composed; the relay's refusal, the clock moving on and
    the key's timestamp change nothing of what the retry sends."""
    smtp.fail_next = 1
    with freeze_time(START) as clock:
        new_game(client)
        from service.mail.queue import queue
        from workers.jobs import send_outbox

        with sessions(signed.database_url)() as session:
            first = session.scalars(select(OutboxRow.id).order_by(OutboxRow.id)).first()
        queue(signed).empty()
        with pytest.raises(Exception, match="451"):
            send_outbox(first)
        with sessions(signed.database_url)() as session:
            (kept,) = session.scalars(select(EmailRow)).all()
            composed = bytes(kept.raw or b"")
        clock.tick(timedelta(minutes=10))
        assert send_outbox(first) == "sent"
    assert smtp.refused == 1
    (raw,) = smtp.raw
    assert raw == composed, "the very bytes composed and signed at the first attempt"
    assert_signed_and_aligned(raw)


def test_a_retry_of_an_email_no_longer_worth_sending_sends_nothing(client, signed, smtp, work):
    """The bytes are kept, not the judgement: a turn email whose decision was made while it
    waited for its retry is dropped, its bytes with it."""
    smtp.fail_next = 1
    game_id = new_game(client)
    from service.mail.queue import queue
    from workers.jobs import send_outbox

    with sessions(signed.database_url)() as session:
        ids = session.scalars(select(OutboxRow.id).order_by(OutboxRow.id)).all()
    queue(signed).empty()
    with pytest.raises(Exception, match="451"):
        send_outbox(ids[0])
    with sessions(signed.database_url).begin() as session:
        session.execute(update(SeatRow).where(SeatRow.game_id == game_id).values(muted_at=START))
    assert send_outbox(ids[0]) == "skipped: unsubscribed"
    with sessions(signed.database_url)() as session:
        (kept,) = session.scalars(select(EmailRow)).all()
        assert kept.raw is None and kept.sent_at is None
    assert smtp.raw == []


def test_a_sign_in_job_run_twice_sends_its_one_link_once(signed, smtp):
    assert send_sign_in(OLENA, "en", "one-request") == "sent"
    assert send_sign_in(OLENA, "en", "one-request") == "already done"
    assert send_sign_in(OLENA, "en", "another-request") == "sent"
    first, second = smtp.to(OLENA)
    assert text_of(first) != text_of(second), "each request its own link"
