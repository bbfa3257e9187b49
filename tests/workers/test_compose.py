"""Composing an outbox row's email (service/mail/compose.py)."""

from __future__ import annotations

from service.mail import kinds
from service.play.games import create_game
from service.present import notices
from service.store import eventstore
from service.store.db import sessions

QUIET = sorted(
    name for name, kind in kinds.KINDS.items() if not kind.notice and name != kinds.ANSWER
)


def test_the_kinds_composed_without_reading_their_cause_have_no_table_notice(settings):
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "tictactoe", ["ann@example.org", "bob@example.org"]).loaded.row.id
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        for kind in QUIET:
            assert notices.notice(settings, loaded, kind, "p1", None) is None, kind
        assert notices.notice(settings, loaded, "reminder", "p1", None) is not None
