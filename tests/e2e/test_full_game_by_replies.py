"""Issue 18's acceptance: a whole game of every registered game played by replies alone,
each code read from the email the real SMTP sink received, and a game that mixes replies
and links. Issue 31 §6: with signing on, every email of those whole games lands as a
receiving server checks it (tests/mail_checks.py)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from engine import registry
from service.audit import checks
from service.links import sealed
from service.play.games import create_game
from service.present import codes
from service.store import eventstore
from service.store.db import sessions
from tests.helpers import headline, html_of, http, option_links, text_of
from tests.mail_checks import assert_lands
from tests.service.replying import codes_of, deliver, reply_message

ADDRESSES = ["ann@example.org", "bob@example.org", "cy@example.org", "di@example.org"]
STEPS = 3000


def _latest_offer(smtp, address):
    """The newest email to ``address`` that offers a decision with codes."""
    offers = [m for m in smtp.to(address) if m["Reply-To"] and codes_of(m)]
    assert offers, f"{address} was offered no decision with codes"
    return offers[-1]


def _bot_code(settings, game_id):
    """The acting seat, and the code of its bot's choice as the reader numbers codes."""
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        game, state = loaded.game, loaded.state
        if loaded.row.over:
            return None, None, None
        seat = sorted(game.to_act(state))[0]
        move = game.bot_move(state, seat)
        numbered = codes.by_key(codes.assign(game.legal_moves(state, seat), loaded.row.game))
        email = next(s.email for s in loaded.row.seats if s.seat == seat)
        return seat, email, numbered[codes.move_key(move)]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(registry.GAMES))
def test_a_whole_game_is_played_by_replies_alone(signed, smtp, work, name):
    settings = signed
    game = registry.get(name)
    players = ADDRESSES[: max(2, game.min_players)][: game.max_players]
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, name, players).loaded.row.id
    work()
    applied = moved_on = 0
    for _ in range(STEPS):
        seat, address, code = _bot_code(settings, game_id)
        if seat is None:
            break
        email = _latest_offer(smtp, address)
        local = str(email["Reply-To"]).split("@")[0]
        assert len(local) <= sealed.LOCAL_PART_LIMIT
        row, _ = deliver(settings, reply_message(email, f"{code}\n"))
        work()
        answer = [m for m in smtp.to(address) if m["Auto-Submitted"] == "auto-replied"][-1]
        if row.outcome == "applied":
            assert code in [c for c, _ in codes_of(email)], "the email listed the reader's code"
            assert f"Played {code}" in text_of(answer)
            applied += 1
        else:
            # Another seat's move changed this seat's options since its email (issue 14):
            # the answer says so and offers the decision as it is now.
            assert row.outcome == "refused: code" and "moved on" in text_of(answer), row.answer
            moved_on += 1
            assert moved_on <= applied + 5
    else:
        pytest.fail(f"{name} did not end within {STEPS} replies")
    assert applied >= 5
    for address in players:
        assert "Game over" in headline(smtp.to(address)[-1]) or any(
            "Game over" in headline(m) for m in smtp.to(address)
        )
    with sessions(settings.database_url)() as s:
        report = checks.verify(checks.from_store(s, game_id))
    assert report.ok, report
    # Issue 20: no HTML part over 102 KB (clients clip longer ones), turn emails and answers.
    largest = max(len(html_of(m).encode()) for m in smtp.messages)
    assert largest < 102 * 1024, largest
    assert not smtp.refused
    with sessions(settings.database_url)() as s:
        for raw, sender, (recipients, _) in zip(
            smtp.raw, smtp.senders, smtp.envelopes, strict=True
        ):
            (recipient,) = recipients
            assert_lands(s, settings.secret_key, raw, sender, recipient)


def test_replies_and_links_mix_freely_in_one_game(live, smtp, work):
    _server, settings = live
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "tictactoe", ADDRESSES[:2]).loaded.row.id
    work()
    by_reply = by_link = 0
    for step in range(40):
        seat, address, code = _bot_code(settings, game_id)
        if seat is None:
            break
        email = _latest_offer(smtp, address)
        if step % 2 == 0:
            row, _ = deliver(settings, reply_message(email, code))
            assert row.outcome == "applied", row.answer
            by_reply += 1
        else:
            links = option_links(email)
            status, _headers, _ = http("POST", links[0][1])
            assert status == 303
            by_link += 1
        work()
    with sessions(settings.database_url)() as s:
        assert eventstore.load(s, game_id).row.over
    assert by_reply >= 2 and by_link >= 2


def test_a_whole_game_by_replies_sent_over_smtp_to_the_inbound_server(settings, smtp, work):
    """The whole path a reply takes in production: a mail client's message over SMTP to the
    ``inbound`` process, stored before 250, read by the worker's ``read_inbox`` job, which
    plays the code and queues the answer and the next turn's emails."""
    import smtplib

    from service.cli.localnet import free_port
    from service.mail.inbound_server import InboundController
    from service.store.models import InboxRow

    port = free_port()
    server = InboundController(settings, "127.0.0.1", port)
    server.start()
    try:
        with sessions(settings.database_url).begin() as s:
            game_id = create_game(s, "tictactoe", ADDRESSES[:2]).loaded.row.id
        work()
        for _ in range(20):
            seat, address, code = _bot_code(settings, game_id)
            if seat is None:
                break
            reply = reply_message(_latest_offer(smtp, address), f"{code}\n")
            with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
                client.sendmail(address, [str(reply["To"])], reply.as_bytes())
            work()
        else:
            pytest.fail("tictactoe did not end within 20 replies")
    finally:
        server.stop()
    with sessions(settings.database_url)() as s:
        outcomes = [r.outcome for r in s.scalars(select(InboxRow).order_by(InboxRow.id))]
        assert eventstore.load(s, game_id).row.over
    assert outcomes and set(outcomes) == {"applied"}, outcomes
    answers = [
        m for a in ADDRESSES[:2] for m in smtp.to(a) if m["Auto-Submitted"] == "auto-replied"
    ]
    assert len(answers) == len(outcomes), "every reply answered, once"
