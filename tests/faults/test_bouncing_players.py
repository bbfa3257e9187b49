"""Fault (issue 31 §6): mid-game the relay refuses one player's address for good
(``550 5.1.1``) and another's for a while (``451``), then takes it again. The first is
marked unreachable at once and each table is told once; the second gets every email still
worth sending once the relay takes it; nothing is sent twice; every email that went out is
signed, bounceable and aligned; the log verifies."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.play import reach
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import AddressRow, EventRow, OutboxRow, SeatRow
from tests.faults.checks import assert_every_email_sent_once, assert_log_sound, outbox
from tests.helpers import headline, play_now
from tests.mail_checks import assert_lands

pytestmark = [pytest.mark.faults, pytest.mark.slow]
ANN, BOB, CHO = "ann@example.org", "bob@example.org", "cho@example.org"
PLAYERS = [
    {"email": ANN, "name": "Ann", "language": "en"},
    {"email": BOB, "name": "Борис", "language": "ru"},
    {"email": CHO, "name": "長 次郎", "language": "ja"},
]
GONE = "550 5.1.1 <ann@example.org>: Recipient address rejected: User unknown"
BUSY = "451 4.2.1 <bob@example.org>: Mailbox busy, try again later"


def play(settings, game_id: str) -> str | None:
    """One decision of the seat to act, its bot's choice, as its player makes it from the
    page; the seat, or None when the game is over."""
    with sessions(settings.database_url).begin() as s:
        now = eventstore.load(s, game_id)
        if now.row.over:
            return None
        seat = sorted(now.game.to_act(now.state))[0]
        play_now(
            s,
            game_id,
            seat,
            now.game.bot_move(now.state, seat),
            now.turn_seq,
            generation=now.table.generation(seat),
        )
        return seat


def to_act(settings, game_id: str) -> list[str]:
    with sessions(settings.database_url)() as s:
        now = eventstore.load(s, game_id)
        return sorted(now.game.to_act(now.state))


def rows_to(settings, game_id: str, address: str) -> list[OutboxRow]:
    with sessions(settings.database_url)() as s:
        seat = s.scalar(
            select(SeatRow.seat).where(SeatRow.game_id == game_id, SeatRow.email == address)
        )
    return [r for r in outbox(settings) if r.seat == seat and r.game_id == game_id]


def test_a_player_refused_for_good_is_marked_once_and_one_refused_a_while_gets_every_email(
    signed, smtp, work
):
    settings = signed
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "origin", PLAYERS).loaded.row.id
    work()
    for _ in range(3):
        play(settings, game_id)
        work()
    assert not smtp.refused and len(smtp.messages) >= 3

    smtp.refuse_rcpt.update({ANN: GONE, BOB: BUSY})
    accepted_before = {ANN: len(smtp.to(ANN)), BOB: len(smtp.to(BOB))}
    for _ in range(40):  # the others play until Bob (p2) must decide: his turn email is refused
        if "p2" in to_act(settings, game_id) and any(
            r.last_error for r in rows_to(settings, game_id, BOB) if r.sent_at is None
        ):
            break
        play(settings, game_id)
        work()
    else:
        pytest.fail("Bob's turn email was never refused")
    refused = [r for r in rows_to(settings, game_id, BOB) if r.sent_at is None and r.last_error]
    assert refused and all(not r.skipped for r in refused), "a 451 is retried, never given up"
    work()  # the sweeps go on while the relay still says 451: nothing is lost meanwhile
    assert len(smtp.to(BOB)) == accepted_before[BOB]

    del smtp.refuse_rcpt[BOB]
    work()
    for row in refused:
        (now,) = [r for r in rows_to(settings, game_id, BOB) if r.id == row.id]
        assert now.sent_at is not None and now.attempts > 1, "sent once the relay takes it"
    for _ in range(60):  # the game goes on, three rounds more; Ann plays from her page
        if play(settings, game_id) is None:
            break
        work()

    with sessions(settings.database_url)() as s:
        marked = s.get(AddressRow, ANN)
        assert marked is not None and marked.unreachable_at is not None
        assert s.get(AddressRow, BOB) is None or s.get(AddressRow, BOB).unreachable_at is None
        told = [
            e
            for e in s.scalars(select(EventRow).where(EventRow.game_id == game_id))
            if e.type == "table.unreachable"
        ]
    assert len(told) == 1, "the table is told once"
    assert len(smtp.to(ANN)) == accepted_before[ANN], "nothing reaches Ann after the 550"
    after = [r for r in rows_to(settings, game_id, ANN) if r.sent_at is None]
    assert after and all(r.skipped == reach.UNREACHABLE for r in after)
    for address, words in ((BOB, "больше не принимает"), (CHO, "届かなく")):
        notices = [m for m in smtp.to(address) if words in headline(m)]
        assert len(notices) == 1, (address, [headline(m) for m in smtp.to(address)])
    assert_every_email_sent_once(settings, smtp)
    with sessions(settings.database_url)() as s:
        for raw, sender, (recipients, _) in zip(
            smtp.raw, smtp.senders, smtp.envelopes, strict=True
        ):
            (recipient,) = recipients
            assert_lands(s, settings.secret_key, raw, sender, recipient)
    assert_log_sound(settings, game_id)
