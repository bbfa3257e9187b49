"""The outbox rows a move writes (DESIGN.md §5.3): who is told what."""

from __future__ import annotations

import random

from sqlalchemy import select

from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import OutboxRow
from tests.helpers import play_now


def test_the_move_that_ends_a_game_tells_every_seat_once(settings):
    rng = random.Random(5)
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "tictactoe", ["ann@example.org", "bob@example.org"]).loaded.row.id
    while True:
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            acting = sorted(loaded.game.to_act(loaded.state))
            if not acting:
                break
            move = rng.choice(loaded.game.legal_moves(loaded.state, acting[0]))
            play_now(s, game_id, acting[0], move, loaded.turn_seq)
    with sessions(settings.database_url)() as s:
        ends = s.scalars(
            select(OutboxRow.seat)
            .where(OutboxRow.game_id == game_id, OutboxRow.kind == "game_over")
            .order_by(OutboxRow.id)
        ).all()
    assert ends == ["p1", "p2"]
