"""A fresh 'your turn' email asked for from an expired or lost link (issue 5, ``resend``):
one per decision of one seat, whoever else asks and however often."""

from __future__ import annotations

from sqlalchemy import select

from service.links import tokens
from service.play.games import create_game
from service.play.moves import resend
from service.store import eventstore
from service.store.db import sessions
from service.store.models import OutboxRow
from tests.helpers import play_now
from tests.service.hostile import overdue_game

PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]


def new_game(settings, name: str) -> str:
    with sessions(settings.database_url).begin() as s:
        return create_game(s, name, PLAYERS).loaded.row.id


def ask(settings, game_id: str, seat: str) -> int | None:
    with sessions(settings.database_url).begin() as s:
        return resend(s, game_id, seat, 0)


def deciding(settings, game_id: str) -> list[str]:
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        return sorted(loaded.game.to_act(loaded.state))


def fresh_links(settings) -> list[tuple[str, str, int]]:
    with sessions(settings.database_url)() as s:
        rows = s.scalars(
            select(OutboxRow).where(OutboxRow.kind == "fresh_link").order_by(OutboxRow.id)
        )
        return [(r.game_id, r.seat, r.seq) for r in rows]


def test_each_seat_deciding_at_once_gets_its_own_fresh_email_once_however_often_it_asks(
    settings, claims
):
    game_id = new_game(settings, claims)  # every player decides at once
    seats = deciding(settings, game_id)
    assert len(seats) == 2
    first = [ask(settings, game_id, seat) for seat in seats]
    again = [ask(settings, game_id, seat) for seat in seats]
    assert first == again and first[0] != first[1], "one row per seat, each asked twice"
    assert [(g, s) for g, s, _ in fresh_links(settings)] == [(game_id, seat) for seat in seats]


def test_the_same_seat_of_another_game_gets_its_own_email(settings, claims):
    one, other = new_game(settings, claims), new_game(settings, claims)  # p1 decides in both
    assert ask(settings, one, "p1") != ask(settings, other, "p1")
    (_, _, seq), (_, _, same) = fresh_links(settings)
    assert seq == same, "the same seat at the same point of two games"
    assert [(g, s) for g, s, _ in fresh_links(settings)] == [(one, "p1"), (other, "p1")]


def test_a_new_decision_gets_a_new_email_and_a_seat_with_none_gets_nothing(settings):
    game_id = new_game(settings, "tictactoe")
    (mover,) = deciding(settings, game_id)
    (waiting,) = {"p1", "p2"} - {mover}
    assert ask(settings, game_id, waiting) is None, "nothing to decide: no email"
    earlier = ask(settings, game_id, mover)
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        play_now(s, game_id, mover, {"type": "place", "cell": 0}, loaded.turn_seq)
        loaded = eventstore.load(s, game_id)
        play_now(s, game_id, waiting, {"type": "place", "cell": 1}, loaded.turn_seq)
    later = ask(settings, game_id, mover)
    assert later is not None and later != earlier, "the next decision is a new email"
    (_, _, first_seq), (_, _, second_seq) = fresh_links(settings)
    assert second_seq > first_seq


def test_a_game_ended_by_vote_sends_no_fresh_link_to_the_seat_it_was_waiting_for(
    client, settings, work
):
    """An abandoned game is over: the late seat's decision is gone with it, even though the
    game's rules still name that seat to act."""

    game_id, voter = overdue_game(client, settings, work)
    late = "p2" if voter == "p1" else "p1"
    seat = f"/seat/{tokens.seat_token(settings.secret_key, game_id, voter)}"
    assert client.post(f"{seat}/vote", data={"ballot": "1", "choice": "end"}).status_code == 303
    assert client.get(f"/api/games/{game_id}").get_json()["abandoned"]
    assert deciding(settings, game_id) == [late], "the rules alone would still ask it"
    assert ask(settings, game_id, late) is None
    assert fresh_links(settings) == []
