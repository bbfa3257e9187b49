"""Fault: a storm of 32 concurrent POSTs on one decision, over real HTTP to the real app
(threads released together by a barrier): the same one-click link sent again and again
(an impatient double-clicker, a mail scanner that POSTs), and other options of the same
decision from its page."""

from __future__ import annotations

import json
import threading
from collections import Counter

import pytest
from sqlalchemy import func, select

from service.store.db import sessions
from service.store.models import UsedLinkRow
from tests.faults.checks import assert_every_email_sent_once, assert_log_sound, events
from tests.helpers import create_over_http, http, public_state
from tests.service.hostile import turn_link

pytestmark = [pytest.mark.faults, pytest.mark.slow]
CLIENTS = 32


def test_32_concurrent_posts_on_one_decision_record_one_move_and_refuse_the_rest_with_409(
    live, smtp, work
):
    server, settings = live
    game_id = create_over_http(server.url, "tictactoe", ["ann@example.org", "bob@example.org"])
    work()
    before = len(events(settings, game_id))
    _, one_click = turn_link(settings, game_id, move={"type": "place", "cell": 4})
    _, page = turn_link(settings, game_id)
    requests = [(one_click, {}) for _ in range(CLIENTS // 2)] + [
        (page, {"move": json.dumps({"type": "place", "cell": i % 9})}) for i in range(CLIENTS // 2)
    ]
    barrier = threading.Barrier(CLIENTS)
    answers: list[tuple[int, str]] = []

    def post(path: str, form: dict[str, str]) -> None:
        barrier.wait()
        status, _, body = http("POST", server.url + path, form=form)
        answers.append((status, body))

    threads = [threading.Thread(target=post, args=r) for r in requests]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    statuses = Counter(status for status, _ in answers)
    assert statuses == {303: 1, 409: CLIENTS - 1}, statuses
    for status, body in answers:
        if status == 409:
            assert any(
                reason in body
                for reason in ("moved on", "already made", "Someone else moved first")
            ), body[:300]
            onward = ("Go to your current decision", "Nothing is waiting for you")
            assert any(way in body for way in onward), body[-600:]

    rows = assert_log_sound(settings, game_id)
    moves = [r for r in rows[before:] if r.move is not None]
    assert len(moves) == 1, "one decision recorded, once"
    with sessions(settings.database_url)() as session:
        used = session.scalar(select(func.count()).select_from(UsedLinkRow))
    assert used == 1
    state = public_state(server.url, game_id)
    assert len(state["to_act"]) == 1 and state["seq"] == len(rows)
    work()
    assert len(smtp.messages) == 2 + 1, "the invitations, and one turn email for the next player"
    assert_every_email_sent_once(settings, smtp)
