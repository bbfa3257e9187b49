"""Issue 37 §4: one person against searching bots, played to the end by replies alone: every
decision of Ann's is a code she replies with, read from the email the real SMTP sink
received; each bot answers in a worker as soon as its decision comes; no email is ever
written to a bot's seat; the revealed seed chooses every bot move again (``verify``), and
the result says bots played."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.audit import checks
from service.play.games import create_game
from service.present import codes
from service.store import eventstore
from service.store.db import sessions
from service.store.models import OutboxRow
from tests.helpers import headline, text_of
from tests.service.replying import codes_of, deliver, reply_message

ANN = "ann@example.org"
STEPS = 1500


def _anns_code(settings, game_id):
    """Ann's decision's code for the move her greedy stand-in would make, or None once the
    game is over; it is Ann's turn whenever the game waits (the bots never keep it)."""
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        if loaded.row.over:
            return None
        game, state = loaded.game, loaded.state
        assert game.to_act(state) == {"p1"}, "the bots answered as soon as asked"
        move = game.bot_move(state, "p1")
        numbered = codes.by_key(codes.assign(game.legal_moves(state, "p1"), loaded.row.game))
        return numbered[codes.move_key(move)]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "bots"), [("orichalk", 2), ("origin", 1)])
def test_one_person_plays_a_whole_game_against_strong_bots_by_replies_alone(
    settings, smtp, work, name, bots
):
    players = ["Ann <ann@example.org>", *({"bot": "strong"} for _ in range(bots))]
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, name, players, effort=settings.bot_effort).loaded.row.id
    work()
    replies = 0
    for _ in range(STEPS):
        code = _anns_code(settings, game_id)
        if code is None:
            break
        offer = [m for m in smtp.to(ANN) if m["Reply-To"] and codes_of(m)][-1]
        assert code in [c for c, _ in codes_of(offer)], "the email lists Ann's code"
        row, _ = deliver(settings, reply_message(offer, f"{code}\n"))
        assert row.outcome == "applied", row.answer
        replies += 1
        work()
    else:
        pytest.fail(f"{name} did not end within {STEPS} replies")
    assert replies >= 5
    assert {r for m in smtp.messages for r in m.get_all("To", [])} == {"Ann <ann@example.org>"}
    (over,) = [m for m in smtp.to(ANN) if "Game over" in headline(m)]
    assert "Played with bots: Bot 2 (strong)" in text_of(over)
    with sessions(settings.database_url)() as s:
        seats = set(s.scalars(select(OutboxRow.seat).where(OutboxRow.game_id == game_id)))
        log = checks.from_store(s, game_id)
    assert seats == {"p1"}, "no row was ever written for a bot's seat"
    bot_moves = [e for e in log.events if e.seat != "p1" and e.move is not None]
    assert len(bot_moves) >= 5
    report = checks.verify(log)
    assert report.ok and report.chance_checked, report.failures
