"""The scheduler's pass over one game (issue 4; issue 15: mutants of ``slowplay.advance``
that survived): it takes every step that is due, one after the other, and hands back every
email each step queued, for the worker to send at once; none waits for the outbox sweep."""

from __future__ import annotations

from datetime import datetime, timedelta

from freezegun import freeze_time
from sqlalchemy import func, select

from service.play import slowplay
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow, OutboxRow
from tests.service.test_history_pages import last_seq

START = datetime.fromisoformat("2026-03-02T09:00:00+00:00")
PLAYERS = ["ann@example.org", "bob@example.org", "cy@example.org"]


def advance(settings, game_id: str, moment: datetime) -> tuple[list[int], list[int]]:
    """The scheduler's pass at ``moment``: the ids it handed back, and those of every email
    it queued."""
    with sessions(settings.database_url)() as s:
        last = s.scalar(select(func.coalesce(func.max(OutboxRow.id), 0)))
    with freeze_time(moment), sessions(settings.database_url).begin() as s:
        sent = slowplay.advance(s, game_id, moment, settings.snapshot_every)
    with sessions(settings.database_url)() as s:
        queued = s.scalars(select(OutboxRow.id).where(OutboxRow.id > last)).all()
    return sorted(sent), sorted(queued)


def steps(settings, game_id: str, after: int) -> list[str]:
    with sessions(settings.database_url)() as s:
        return list(
            s.scalars(
                select(EventRow.type)
                .where(EventRow.game_id == game_id, EventRow.seq > after)
                .order_by(EventRow.seq)
            )
        )


def test_a_pass_that_closes_a_ballot_lets_a_bot_play_and_opens_the_next_hands_back_each_email(
    settings, claims
):
    """Three players, none of whom decides. p1's deadline passes: a ballot on its seat, where
    p2 votes for a bot. When that ballot closes, one pass records the result, the bot plays
    for p1, and p2's own deadline (long passed) opens the next ballot."""
    with freeze_time(START), sessions(settings.database_url).begin() as s:
        game_id = create_game(s, claims, PLAYERS).loaded.row.id
    late = START + timedelta(days=4, hours=1)  # past the end of the third day (the deadline)
    advance(settings, game_id, late)
    with freeze_time(late), sessions(settings.database_url).begin() as s:
        assert eventstore.load(s, game_id).table.ballot.seat == "p1"
        slowplay.cast_vote(s, game_id, "p2", 0, 1, "bot")
    before = last_seq(settings, game_id)
    sent, queued = advance(settings, game_id, late + timedelta(days=3, hours=1))
    taken = steps(settings, game_id, before)
    assert taken[:3] == ["table.vote_decided", "cell_claimed", "table.deadline_passed"]
    assert sent == queued
