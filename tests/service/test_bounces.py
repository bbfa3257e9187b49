"""Bounces come back to us and are read (issue 31 §2). Each report is a real shape (Postfix,
Exim, Exchange and Outlook, Gmail, Yahoo; RFC 3464 and the non-standard ones; ARF
complaints as Yahoo and Outlook's JMRP send them, ``tests/service/reports/``), sent to the
bounce address of a real email the service sent, received by the inbound server or stored
as it stores, and read by the reading job: never answered; its verdict kept on the inbox
row and on the email; a permanent failure, or four temporary ones within 14 days, marks the
address unreachable, and then it gets no more email and each of its tables is told once, in
each player's language; a complaint stops every email to the address."""

from __future__ import annotations

import smtplib
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from freezegun import freeze_time
from sqlalchemy import select

from service import counters
from service.cli.localnet import free_port
from service.links import bounces
from service.mail.inbound_server import InboundController
from service.mail.inbox import store
from service.play import reach, slowplay
from service.store import eventstore
from service.store.db import sessions
from service.store.models import (
    AddressRow,
    EmailRow,
    EventRow,
    InboxRow,
    OutboxRow,
    PersonRow,
    SeatRow,
)
from tests.fixtures import PLAYED_BEFORE
from tests.helpers import headline, option_links, path
from workers.jobs import read_inbox

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")

REPORTS = Path(__file__).parent / "reports"
ANN, BOB, CHO = "ann@example.org", "bob@example.org", "cho@example.org"
PERMANENT = [
    "postfix-user-unknown",
    "exim-failed",
    "exchange-ndr",
    "exchange-legacy",
    "gmail-failure",
    "yahoo-legacy",
]
START = datetime.fromisoformat("2026-03-02T09:00:00+00:00")  # a Monday


def new_game(client, players=None, pace=None) -> str:
    body = {
        "game": "tictactoe",
        "players": players
        or [
            {"email": ANN, "name": "Ann", "language": "en"},
            {"email": BOB, "name": "Борис", "language": "ru"},
        ],
        "pace": pace or {},
    }
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def emails_to(settings, address: str) -> list[EmailRow]:
    with sessions(settings.database_url)() as session:
        return list(
            session.scalars(
                select(EmailRow).where(EmailRow.address == address).order_by(EmailRow.id)
            )
        )


def report(name: str, settings, sent: EmailRow, to: str | None = None) -> bytes:
    """The report ``name`` about the email ``sent``, as its server writes it: to its bounce
    address (or ``to``), quoting its recipient, Message-ID and bounce address."""
    bounce = bounces.address(settings.secret_key, settings.mail_domain, sent.id)
    text = (REPORTS / f"{name}.eml").read_text()
    for field, value in (
        ("{BOUNCE}", bounce),
        ("{RECIPIENT}", sent.address or ""),
        ("{MESSAGE_ID}", sent.message_id),
        ("{SUBJECT}", "Tic-tac-toe #game"),
        ("{TO}", to or bounce),
    ):
        text = text.replace(field, value)
    return text.replace("\r\n", "\n").replace("\n", "\r\n").encode()


def receive(settings, raw: bytes, rcpt_to: str, mail_from: str = "") -> InboxRow:
    """Store ``raw`` as the inbound server does, then run its reading job; the row read."""
    with sessions(settings.database_url).begin() as session:
        inbox_id = store(session, raw, mail_from, rcpt_to)
    assert inbox_id is not None
    read_inbox(inbox_id)
    with sessions(settings.database_url)() as session:
        row = session.get(InboxRow, inbox_id)
        assert row is not None
        session.expunge(row)
        return row


def bounce_of(settings, sent: EmailRow, name: str, again: int = 0) -> InboxRow:
    """Report ``name`` about ``sent``; ``again``: another report of it (a Message-ID of its
    own, or the inbox would take it for the same one delivered twice)."""
    bounce = bounces.address(settings.secret_key, settings.mail_domain, sent.id)
    raw = report(name, settings, sent)
    if again:
        raw = f"Message-ID: <again-{again}-{sent.id}@reports.test>\r\n".encode() + raw
    return receive(settings, raw, bounce)


def address_row(settings, address: str) -> AddressRow | None:
    with sessions(settings.database_url)() as session:
        return session.get(AddressRow, address)


def nothing_learnt(settings, address: str) -> bool:
    """No mark on ``address``, and no sign of life from it since its earlier games."""
    row = address_row(settings, address)
    return row is None or (row.unreachable_at, row.complained_at, row.heard_at) == (
        None,
        None,
        PLAYED_BEFORE,
    )


def unreachable(settings, address: str) -> bool:
    marked = address_row(settings, address)
    return marked is not None and marked.unreachable_at is not None


def table_events(settings, game_id: str) -> list[dict]:
    with sessions(settings.database_url)() as session:
        return [
            e.payload
            for e in session.scalars(
                select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq)
            )
            if e.type.startswith("table.")
        ]


def skipped(settings, address: str) -> list[str | None]:
    with sessions(settings.database_url)() as session:
        rows = session.execute(
            select(OutboxRow.skipped, SeatRow.email)
            .join(
                SeatRow, (SeatRow.game_id == OutboxRow.game_id) & (SeatRow.seat == OutboxRow.seat)
            )
            .order_by(OutboxRow.id)
        ).all()
    return [reason for reason, email in rows if email == address]


@pytest.mark.parametrize("name", PERMANENT)
def test_a_permanent_failure_marks_the_address_unreachable_and_tells_the_table_once(
    client, settings, smtp, work, name
):
    game_id = new_game(client)
    work()
    (sent,) = emails_to(settings, BOB)
    smtp.clear()
    row = bounce_of(settings, sent, name)
    assert row.outcome == "bounce: permanent failure; the address is now unreachable"
    assert (row.email_id, row.game_id, row.seat) == (sent.id, game_id, sent.seat)
    (after,) = emails_to(settings, BOB)
    assert after.verdict == "hard"
    marked = address_row(settings, BOB)
    assert marked is not None and marked.unreachable_at is not None
    told = [e for e in table_events(settings, game_id) if e["type"] == "table.unreachable"]
    assert told == [{"type": "table.unreachable", "seat": sent.seat}], "events name nobody"
    work()
    (message,) = smtp.messages  # to Ann alone: the report is never answered
    assert smtp.envelopes[0][0] == [ANN]
    assert headline(message) == "Борис's address no longer receives our emails"
    assert "they may not see their turns" in message.get_body(("plain",)).get_content()
    # A second report of the same failure tells nobody again, nor marks anything twice.
    again = bounce_of(settings, sent, name, again=1)
    assert again.outcome == "bounce: permanent failure"
    work()
    assert len(smtp.messages) == 1
    assert [e for e in table_events(settings, game_id) if e["type"] == "table.unreachable"] == told


def test_the_others_are_told_in_their_own_language(client, settings, smtp, work):
    client.post(
        "/api/games",
        json={
            "game": "origin",
            "players": [
                {"email": ANN, "name": "Ann", "language": "uk"},
                {"email": BOB, "name": "Bob", "language": "ja"},
                {"email": CHO, "name": "Cho", "language": "es"},
            ],
        },
    )
    work()
    (sent,) = emails_to(settings, BOB)
    smtp.clear()
    bounce_of(settings, sent, "gmail-failure")
    work()
    said = {
        tuple(rcpt): headline(m) for m, (rcpt, _) in zip(smtp.messages, smtp.envelopes, strict=True)
    }
    assert set(said) == {(ANN,), (CHO,)}
    assert said[(ANN,)] != said[(CHO,)] and "Bob" in said[(ANN,)] and "Bob" in said[(CHO,)]
    assert "receives our emails" not in said[(ANN,)] + said[(CHO,)], "each in their language"


def test_an_unreachable_address_gets_no_more_email_and_its_seat_waits_as_any_silent_seat(
    client, settings, smtp, work, tick
):
    with freeze_time(START) as clock:
        game_id = new_game(client, pace={"days": 1})
        work()
        bob = next(s for s in client.get(f"/api/games/{game_id}").get_json()["players"])
        mover = client.get(f"/api/games/{game_id}").get_json()["to_act"][0]
        address = {"p1": ANN, "p2": BOB}[mover]
        other = BOB if address == ANN else ANN
        (sent,) = emails_to(settings, address)
        bounce_of(settings, sent, "postfix-user-unknown")
        work()
        smtp.clear()
        for _ in range(4):
            clock.tick(timedelta(hours=12))
            tick()
        assert smtp.to(address) == [], "no reminder, no vote email, nothing"
        assert reach.UNREACHABLE in skipped(settings, address)
        with sessions(settings.database_url)() as session:
            ballots = session.scalars(
                select(OutboxRow).where(OutboxRow.game_id == game_id, OutboxRow.kind == "ballot")
            ).all()
        assert [(b.seat != mover, b.sent_at is not None) for b in ballots] == [(True, True)], (
            "the others vote on the silent seat, as on any"
        )
        assert len(smtp.to(other)) == 1, "the vote, in its language"
    players = client.get(f"/api/games/{game_id}").get_json()["players"]
    assert [p["unreachable"] for p in players] == [p["seat"] == mover for p in players]
    assert bob["unreachable"] is False, "before the report, nobody was marked"


def test_four_temporary_failures_within_fourteen_days_mark_the_address_three_do_not(
    client, settings, smtp, work
):
    sent = []
    with freeze_time(START) as clock:
        for _ in range(4):
            new_game(client, players=[ANN, BOB])
            work()
            clock.tick(timedelta(days=3))
        sent = emails_to(settings, BOB)
        assert len(sent) == 4
        for number, email in enumerate(sent, 1):
            row = bounce_of(settings, email, "postfix-delayed")
            bounce_of(settings, email, "postfix-delayed", again=1)  # one failure, told twice
            if number < 4:
                assert row.outcome == "bounce: temporary failure"
                assert not unreachable(settings, BOB)
            else:
                assert row.outcome == "bounce: temporary failure; the address is now unreachable"
                assert unreachable(settings, BOB)


def test_temporary_failures_older_than_fourteen_days_or_before_a_sign_of_life_are_forgiven(
    client, settings, smtp, work
):
    with freeze_time(START) as clock:
        games = []
        for _ in range(5):
            games.append(new_game(client, players=[ANN, BOB]))
            work()
        sent = emails_to(settings, BOB)
        bounce_of(settings, sent[0], "postfix-delayed")
        clock.tick(timedelta(days=15))
        for email in sent[1:4]:
            bounce_of(settings, email, "postfix-delayed")
        assert not unreachable(settings, BOB), "the first is too old"
        # Bob plays a move from his latest email: a sign of life.
        to_act = {g: client.get(f"/api/games/{g}").get_json()["to_act"] for g in games}
        game = next((g for g in games if to_act[g] == ["p2"]), games[0])
        if to_act[game] == ["p1"]:  # every coin gave Ann the first turn (1 in 32): she plays
            ann = next(m for m in smtp.to(ANN) if game in str(m["Subject"]))
            assert client.post(path(option_links(ann)[0][1])).status_code in (200, 303)
            work()
        latest = [m for m in smtp.to(BOB) if game in str(m["Subject"])][-1]
        _label, url = option_links(latest)[0]
        assert client.post(path(url)).status_code in (200, 303)
        clock.tick(timedelta(minutes=1))
        bounce_of(settings, sent[4], "postfix-delayed")
        assert not unreachable(settings, BOB), "forgiven by the move"


def test_a_delivery_report_that_says_delivered_is_a_sign_of_life(client, settings, smtp, work):
    new_game(client)
    work()
    (sent,) = emails_to(settings, BOB)
    bounce_of(settings, sent, "postfix-delayed")
    row = bounce_of(settings, sent, "yahoo-delivered")
    assert row.outcome == "delivered"
    marked = address_row(settings, BOB)
    assert marked is not None and marked.heard_at is not None and marked.unreachable_at is None
    (after,) = emails_to(settings, BOB)
    assert after.verdict == "soft", "a verdict only moves up"


@pytest.mark.parametrize("name", ["arf-yahoo", "arf-jmrp"])
def test_a_complaint_stops_every_email_to_the_address_at_once(client, settings, smtp, work, name):
    first = new_game(client)
    second = new_game(client, players=[CHO, BOB.upper()])
    work()
    sent = emails_to(settings, BOB)[0]
    # Yahoo sends to the bounce address; Outlook's JMRP to the address the operator
    # registered, blanking the recipient: the original's Return-Path names the email.
    fbl = f"postmaster@{settings.mail_domain}"
    to = (
        fbl
        if name == "arf-jmrp"
        else bounces.address(settings.secret_key, settings.mail_domain, sent.id)
    )
    smtp.clear()
    row = receive(settings, report(name, settings, sent, to=to), to, "feedback@arf.example")
    assert row.outcome == "complaint: every email to the address stopped"
    assert row.email_id == sent.id
    marked = address_row(settings, BOB)
    assert marked is not None and marked.complained_at is not None
    with sessions(settings.database_url)() as session:
        person = session.get(PersonRow, BOB)
        assert person is not None and person.notify == "none"
        seats = session.scalars(select(SeatRow).where(SeatRow.game_id.in_([first, second]))).all()
        assert {s.notify for s in seats} == {None}
    counted = counters.COMPLAINTS._value.get()
    assert counted >= 1
    third = new_game(client, players=[ANN, BOB])
    work()
    assert smtp.to(BOB) == [] and smtp.to(BOB.upper()) == [], "not even an invitation"
    assert [e["type"] for e in table_events(settings, third)].count("table.unreachable") == 0
    assert reach.COMPLAINED in skipped(settings, BOB)
    # Asking for email again, from the settings link every email carries, lifts the stop.
    with sessions(settings.database_url).begin() as session:
        slowplay.set_notify(session, BOB, "each")
    fourth = new_game(client, players=[ANN, BOB])
    work()
    assert any(fourth in str(m["Subject"]) for m in smtp.to(BOB))


def test_a_report_is_never_answered_and_what_is_no_report_changes_nothing(
    client, settings, smtp, work
):
    new_game(client)
    work()
    (sent,) = emails_to(settings, BOB)
    smtp.clear()
    row = bounce_of(settings, sent, "vacation")
    assert row.outcome == "ignored: not a delivery report"
    work()
    assert smtp.messages == []
    assert nothing_learnt(settings, BOB)


def test_a_forged_report_names_no_email_and_changes_nothing(client, settings, smtp, work):
    new_game(client)
    work()
    (sent,) = emails_to(settings, BOB)
    raw = report("gmail-failure", settings, sent)
    # The bounce address of an email that was never sent, signed: no email of ours.
    unknown = bounces.address(settings.secret_key, settings.mail_domain, sent.id + 1000)
    assert receive(settings, raw, unknown).outcome == "kept: a report about no email of ours"
    # Another key's bounce address is no bounce address of ours at all.
    forged = bounces.address(
        "another-secret-key-of-32-bytes-at-least!!", settings.mail_domain, sent.id
    )
    assert receive(settings, raw, forged).outcome.startswith(("refused", "ignored"))
    # A complaint at the feedback address whose original names no bounce address of ours.
    forged_arf = report("arf-jmrp", settings, sent, to=f"postmaster@{settings.mail_domain}")
    forged_arf = forged_arf.replace(
        bounces.address(settings.secret_key, settings.mail_domain, sent.id).encode(),
        forged.encode(),
    )
    row = receive(settings, forged_arf, f"postmaster@{settings.mail_domain}")
    assert row.outcome == "kept: a report about no email of ours"
    assert nothing_learnt(settings, BOB)
    (after,) = emails_to(settings, BOB)
    assert after.verdict is None


def test_a_report_received_over_smtp_by_the_inbound_server_is_read(client, settings, smtp, work):
    from dataclasses import replace

    new_game(client)
    work()
    (sent,) = emails_to(settings, BOB)
    port = free_port()
    controller = InboundController(replace(settings), "127.0.0.1", port)
    controller.start()
    try:
        bounce = bounces.address(settings.secret_key, settings.mail_domain, sent.id)
        with smtplib.SMTP("127.0.0.1", port) as server:
            server.sendmail("", [bounce], report("exim-failed", settings, sent))
    finally:
        controller.stop()
    work()  # the reading job, then the emails it queued
    with sessions(settings.database_url)() as session:
        (row,) = session.scalars(select(InboxRow)).all()
        assert row.outcome == "bounce: permanent failure; the address is now unreachable"
        assert row.mail_from == ""
    assert [m for m in smtp.messages if "no longer receives" in headline(m)]


def test_the_relay_refusing_the_recipient_for_good_is_a_permanent_failure_never_retried(
    client, settings, smtp, work
):
    smtp.refuse_rcpt[BOB] = "550 5.1.1 <bob@example.org>: Recipient address rejected: User unknown"
    game_id = new_game(client)
    work()
    (sent,) = emails_to(settings, BOB)
    assert sent.verdict == "hard" and sent.sent_at is None and sent.raw is None
    marked = address_row(settings, BOB)
    assert marked is not None and marked.unreachable_at is not None
    with sessions(settings.database_url)() as session:
        row = session.get(OutboxRow, sent.outbox_id)
        assert row is not None and row.skipped == reach.UNREACHABLE and row.attempts == 1
        assert "<recipient>" in (row.last_error or "") and BOB not in (row.last_error or "")
    assert [e["type"] for e in table_events(settings, game_id)].count("table.unreachable") == 1
    assert [m for m in smtp.to(ANN) if "no longer receives" in headline(m)]


def test_a_temporary_refusal_by_the_relay_is_retried_and_marks_nothing(
    client, settings, smtp, work
):
    smtp.fail_next = 1  # 451 at DATA: the relay's trouble, not the address's
    new_game(client)
    work()
    assert smtp.refused == 1 and len(smtp.messages) == 2
    assert nothing_learnt(settings, BOB) and nothing_learnt(settings, ANN)


def test_a_game_begun_after_the_mark_tells_its_table_when_its_first_email_is_skipped(
    client, settings, smtp, work
):
    new_game(client)
    work()
    (sent,) = emails_to(settings, BOB)
    bounce_of(settings, sent, "gmail-failure")
    work()
    smtp.clear()
    later = new_game(client, players=[CHO, BOB])
    work()
    assert smtp.to(BOB) == []
    assert [e["type"] for e in table_events(settings, later)].count("table.unreachable") == 1
    assert [m for m in smtp.to(CHO) if "no longer receives" in headline(m)]


def test_bounces_and_complaints_are_counted_and_unreachable_addresses_gauged(
    client, settings, smtp, work
):
    before = {k: counters.BOUNCES.labels(k)._value.get() for k in ("hard", "soft")}
    new_game(client)
    new_game(client, players=[ANN, CHO])
    work()
    bounce_of(settings, emails_to(settings, CHO)[0], "postfix-delayed")
    bounce_of(settings, emails_to(settings, BOB)[0], "exchange-ndr")
    after = {k: counters.BOUNCES.labels(k)._value.get() for k in ("hard", "soft")}
    assert after["hard"] - before["hard"] == 1 and after["soft"] - before["soft"] == 1
    app = client.application
    app.extensions["pbem"] = replace_token(app.extensions["pbem"])
    scraped = client.get("/metrics", headers={"Authorization": "Bearer scrape"}).get_data(
        as_text=True
    )
    assert "pbem_addresses_unreachable 1.0" in scraped
    assert 'pbem_emails_bounced_total{kind="hard"}' in scraped
    assert "pbem_email_complaints_total" in scraped


def replace_token(settings):
    from dataclasses import replace

    return replace(settings, metrics_token="scrape")


def test_forgetting_the_player_of_a_bounced_address_leaves_nothing_of_them(
    client, settings, smtp, work
):
    from service.play import forgetting
    from tests.service.test_forgetting import database_leaks

    new_game(client, players=[{"email": ANN, "name": "Ann"}, {"email": BOB, "name": "Quintus"}])
    work()
    (sent,) = emails_to(settings, BOB)
    bounce_of(settings, sent, "postfix-user-unknown")
    with sessions(settings.database_url).begin() as session:
        forgetting.forget(session, BOB)
    assert database_leaks(settings, (BOB, "Quintus")) == []
    with sessions(settings.database_url)() as session:
        assert session.get(AddressRow, BOB) is None
        (row,) = session.scalars(select(InboxRow)).all()
        assert row.raw == b"" and row.email_id == sent.id
    loaded_ok = True
    with sessions(settings.database_url)() as session:
        for game_id in session.scalars(select(EventRow.game_id).distinct()):
            loaded_ok = loaded_ok and eventstore.load(session, game_id) is not None
    assert loaded_ok


def test_a_players_own_data_holds_each_email_sent_to_them_and_what_came_back(
    client, settings, smtp, work
):
    from service.play import takeout

    new_game(client)
    work()
    (sent,) = emails_to(settings, BOB)
    bounce_of(settings, sent, "exim-failed")
    with sessions(settings.database_url)() as session:
        data = takeout.everything(session, settings, BOB.upper())
    (email,) = data["emails_sent"]
    assert (email["kind"], email["came_back"]) == ("invitation", "hard")
    assert email["sent_at"] is not None and data["delivery"]["unreachable_since"] is not None


def test_no_sign_in_link_or_digest_goes_to_an_unreachable_or_complaining_address(
    client, settings, smtp, work
):
    from workers.jobs import send_sign_in
    from workers.schedule import send_digest

    new_game(client)
    new_game(client, players=[ANN, CHO])
    work()
    bounce_of(settings, emails_to(settings, BOB)[0], "gmail-failure")
    postmaster = f"postmaster@{settings.mail_domain}"
    sent = emails_to(settings, CHO)[0]
    receive(settings, report("arf-jmrp", settings, sent, to=postmaster), postmaster)
    smtp.clear()
    assert send_sign_in(BOB, "en", "one") == f"skipped: {reach.UNREACHABLE}"
    assert send_sign_in(CHO, "en", "two") == f"skipped: {reach.COMPLAINED}"
    from service.store.eventstore import now
    from service.store.models import DigestRow

    with sessions(settings.database_url).begin() as session:
        for address in (BOB, CHO):
            session.add(DigestRow(email=address, day="2026-03-03", created_at=now()))
    assert send_digest(BOB, "2026-03-03") == f"skipped: {reach.UNREACHABLE}"
    assert send_digest(CHO, "2026-03-03") == f"skipped: {reach.COMPLAINED}"
    assert smtp.messages == []
