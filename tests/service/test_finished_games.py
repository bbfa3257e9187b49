"""A game that is over takes no more acts at its table (issue 4; issue 15: the mutants of
``slowplay._open`` that survived): a vote, a nudge, a return from a bot, a wake-up or a
claimed seat is refused, saying the game is over and naming it, and nothing is recorded."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from service.errors import Stale
from service.play import slowplay
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import SeatOfferRow
from tests.helpers import play_now
from tests.service.test_history_pages import last_seq

PLAYERS = ["ann@example.org", "bob@example.org"]
# Tic-tac-toe's first player takes the top row.
WIN = [0, 3, 1, 4, 2]


def finished_game(settings) -> str:
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "tictactoe", PLAYERS).loaded.row.id
    for cell in WIN:
        play(settings, game_id, {"type": "place", "cell": cell})
    return game_id


def play(settings, game_id: str, move: dict, seat: str | None = None) -> None:
    """The move by ``seat``, or by the one seat that must act."""
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        (acting,) = [seat] if seat else loaded.game.to_act(loaded.state)
        play_now(s, game_id, acting, move, loaded.turn_seq)


ACTS: dict[str, Callable[[Session, str], object]] = {
    "vote": lambda s, game_id: slowplay.cast_vote(s, game_id, "p2", 0, 1, "wait"),
    "nudge": lambda s, game_id: slowplay.nudge(s, game_id, "p2", 0, "p1"),
    "come back": lambda s, game_id: slowplay.come_back(s, game_id, "p1", 0),
    "wake": lambda s, game_id: slowplay.resume(s, game_id, "p1", 0),
}


@pytest.mark.parametrize("act", ACTS)
def test_an_act_at_the_table_of_a_finished_game_is_refused_saying_it_is_over(settings, act):
    game_id = finished_game(settings)
    before = last_seq(settings, game_id)
    with sessions(settings.database_url).begin() as s, pytest.raises(Stale) as refused:
        ACTS[act](s, game_id)
    assert refused.value.message == "The game is over."
    assert refused.value.context == {"game_id": game_id}
    assert last_seq(settings, game_id) == before


def test_a_seat_offered_in_a_game_its_old_holder_then_finished_cannot_be_claimed(settings, claims):
    """The others hand the late seat to Cy; before Cy claims it, its player comes back and
    the game ends: Cy's link finds it over."""
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, claims, PLAYERS).loaded.row.id
    with sessions(settings.database_url).begin() as s:
        slowplay.open_ballot(s, eventstore.load(s, game_id), "p1")
    with sessions(settings.database_url).begin() as s:
        slowplay.cast_vote(s, game_id, "p2", 0, 1, "replace", ("cy@example.org", "Cy"))
    for seat in ("p1", "p2"):
        play(settings, game_id, {"type": "abstain"}, seat)
    before = last_seq(settings, game_id)
    with sessions(settings.database_url)() as s:
        offer_id = s.scalar(select(SeatOfferRow.id).where(SeatOfferRow.game_id == game_id))
    with sessions(settings.database_url).begin() as s, pytest.raises(Stale) as refused:
        slowplay.claim(s, offer_id)
    assert refused.value.message == "The game is over."
    assert refused.value.context == {"game_id": game_id}
    assert last_seq(settings, game_id) == before
