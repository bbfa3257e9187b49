"""No decision is emailed to a seat its player no longer plays (issue 4, issue 15): once a bot
plays a late seat, its player hears how the game goes but is never told it is their turn nor
sent a choice to click; once a seat is handed over, its old player gets nothing more. Checked
in the inbox of the real SMTP server, through a whole game."""

from __future__ import annotations

from datetime import timedelta

import pytest
from freezegun import freeze_time

from service.store import eventstore
from service.store.db import sessions
from tests.helpers import headline, option_links, path, play_now, text_of
from tests.workers.test_slow_play import (
    EMAILS,
    START,
    URL,
    _late,
    opponent,
    state,
    vote,
)

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")


def decisions_offered(messages) -> list[str]:
    """What the emails among ``messages`` that offer a decision or call it theirs say."""
    return [
        headline(m)
        for m in messages
        if "your turn" in headline(m) or any("/act/" in url for _, url in option_links(m))
    ]


def play(settings, game_id: str, seat: str, cell: int) -> None:
    """The seat's present holder places a mark in ``cell``."""
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        move = {"type": "place", "cell": cell}
        generation = loaded.table.generation(seat)
        play_now(s, game_id, seat, move, loaded.turn_seq, generation=generation)


def play_out(client, settings, work, tick, clock, game_id: str, *seats: str) -> None:
    """``seats`` play the first free cell whenever they must act, and the scheduler runs
    the bot's turns, until the game ends. Each move's emails go out at once, before the
    scheduler's next minute, as a worker that is not busy sends them."""
    for _ in range(18):
        public = state(client, game_id)
        if public["over"]:
            return
        if public["to_act"][0] in seats:
            play(settings, game_id, public["to_act"][0], public["view"]["board"].index(""))
            work()
        clock.tick(timedelta(hours=1))
        tick()
    assert state(client, game_id)["over"]


def test_a_seat_a_bot_plays_gets_no_turn_email_and_no_choice_to_click(
    client, smtp, settings, work, tick
):
    with freeze_time(START) as clock:
        game_id, late = _late(client, settings, tick, clock)
        other = opponent(late)
        assert vote(client, smtp, other, "bot").status_code == 303
        smtp.clear()
        work()  # the vote's result goes out before the bot's first move
        tick()
        play_out(client, settings, work, tick, clock, game_id, other)
    told = smtp.to(EMAILS[late])
    assert [headline(m) for m in told if "Game over" in headline(m)], "the player still hears"
    assert decisions_offered(told) == []
    assert decisions_offered(smtp.to(EMAILS[other])) != [], "the player at the table does"


def test_a_seat_handed_over_sends_its_old_player_nothing_more(client, smtp, settings, work, tick):
    with freeze_time(START) as clock:
        game_id, late = _late(client, settings, tick, clock)
        other = opponent(late)
        vote(client, smtp, other, "replace", name="Cy", email="cy@example.org")
        tick()
        (offer,) = smtp.to("cy@example.org")
        claim = next(u for u in URL.findall(text_of(offer)) if "/claim/" in u)
        assert client.post(path(claim)).status_code == 303
        smtp.clear()
        tick()
        play_out(client, settings, work, tick, clock, game_id, other, late)
    assert smtp.to(EMAILS[late]) == [], "the old player is no longer at the table"
    assert decisions_offered(smtp.to("cy@example.org")) != [], "the newcomer decides"
