"""A seat whose player asked to be forgotten (issue 30 §5) goes to the table's absent-seat
rules: nobody is reminded or asked to vote, approve or agree for it; the others vote on it
as soon as it must decide (a vote to wait gives it the pace's days, as for anyone); a
newcomer it was handed to who is forgotten can no longer take it; a player forgotten after
their seat was handed on is "Player N (left)" for the stretch they held it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from service.errors import Left, Stale
from service.play import forgetting, slowplay
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import OutboxRow, SeatHolderRow, SeatOfferRow, SeatRow
from service.table import schedule
from tests.helpers import play_now
from tests.service.test_history import page, seat_link


def new_game(settings, game: str = "tictactoe", players: int = 2) -> str:
    emails = [f"{n.title()} <{n}@example.org>" for n in ("ann", "bob", "cy", "dee")[:players]]
    with sessions(settings.database_url).begin() as s:
        return create_game(s, game, emails).loaded.row.id


def loaded(settings, game_id: str):
    with sessions(settings.database_url)() as s:
        return eventstore.load(s, game_id)


def deciding(settings, game_id: str) -> str:
    now = loaded(settings, game_id)
    (seat,) = now.game.to_act(now.state)
    return seat


def address_of(settings, game_id: str, seat: str) -> str:
    with sessions(settings.database_url)() as s:
        return s.scalar(
            select(SeatRow.email).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        )


def forget(settings, address: str) -> list[int]:
    with sessions(settings.database_url).begin() as s:
        return forgetting.forget(s, address)


def move(settings, game_id: str, seat: str) -> None:
    with sessions(settings.database_url).begin() as s:
        now = eventstore.load(s, game_id)
        chosen = now.game.legal_moves(now.state, seat)[0]
        play_now(s, game_id, seat, chosen, now.turn_seq, generation=now.table.generation(seat))


def offered_to_cy(settings) -> tuple[str, str]:
    """A new game whose deciding seat is late: a ballot opens on it and the other seat
    votes to hand it to Cy. The game and the late seat."""
    game_id = new_game(settings)
    late = deciding(settings, game_id)
    voter = "p2" if late == "p1" else "p1"
    with sessions(settings.database_url).begin() as s:
        slowplay.open_ballot(s, eventstore.load(s, game_id), late)
    with sessions(settings.database_url).begin() as s:
        slowplay.cast_vote(s, game_id, voter, 0, 1, "replace", ("cy@example.org", "Cy"))
    return game_id, late


def test_a_seat_left_between_its_turns_goes_to_the_vote_as_soon_as_it_must_decide(settings):
    game_id = new_game(settings)
    mover = deciding(settings, game_id)
    waiter = "p2" if mover == "p1" else "p1"
    forget(settings, address_of(settings, game_id, waiter))
    assert loaded(settings, game_id).table.ballot is None, "nothing to decide yet"
    move(settings, game_id, mover)
    now = loaded(settings, game_id)
    assert [
        d.kind for d in schedule.due(now.table, now.game.to_act(now.state), eventstore.now())
    ] == ["deadline"], "no deadline to wait for, no reminder: the vote at once"


def test_a_vote_to_wait_for_a_seat_whose_player_left_gives_it_the_paces_days(settings):
    game_id = new_game(settings)
    gone, voter = deciding(settings, game_id), None
    forget(settings, address_of(settings, game_id, gone))
    voter = next(s for s in ("p1", "p2") if s != gone)
    with sessions(settings.database_url).begin() as s:
        slowplay.cast_vote(s, game_id, voter, 0, 1, "wait")
    now = loaded(settings, game_id)
    acting = now.game.to_act(now.state)
    assert now.table.ballot is None and schedule.due(now.table, acting, eventstore.now()) == []
    later = schedule.next_due(now.table, acting)
    assert later is not None and later - eventstore.now() > timedelta(days=3)
    assert [d.kind for d in schedule.due(now.table, acting, later)] == ["deadline"]


def test_a_seat_whose_player_left_is_not_asked_to_vote_approve_or_be_nudged(settings):
    game_id = new_game(settings, "tictactoe", 2)
    mover = deciding(settings, game_id)
    other = "p2" if mover == "p1" else "p1"
    move(settings, game_id, mover)
    with sessions(settings.database_url).begin() as s:
        slowplay.request_takeback(s, game_id, mover, 0)
    forget(settings, address_of(settings, game_id, other))
    now = loaded(settings, game_id)
    assert now.table.takeback is None, "a takeback in the air lapses"
    assert slowplay.approvers(now.table, mover) == set(), "and nobody is left to approve one"
    assert now.table.voters_on(mover) == (), "nobody votes on the mover's seat"
    with sessions(settings.database_url).begin() as s, pytest.raises(Stale) as refused:
        slowplay.nudge(s, game_id, mover, 0, other)
    assert refused.value.message == "That player left the game: nobody is there to nudge."


def test_a_forgotten_newcomer_cannot_take_the_seat_and_the_others_vote_again_in_time(
    settings,
):
    game_id, _late = offered_to_cy(settings)
    forget(settings, "CY@example.org")
    with sessions(settings.database_url)() as s:
        offer = s.scalars(select(SeatOfferRow).where(SeatOfferRow.game_id == game_id)).one()
        (sent,) = s.scalars(
            select(OutboxRow).where(OutboxRow.game_id == game_id, OutboxRow.kind == "seat_offer")
        )
    assert (offer.email, offer.name) == (None, "")
    assert sent.skipped == forgetting.LEFT, "the offer's email is dropped"
    with sessions(settings.database_url).begin() as s, pytest.raises(Stale):
        slowplay.claim(s, offer.id)
    now = loaded(settings, game_id)
    later = schedule.next_due(now.table, now.game.to_act(now.state))
    assert later is not None and later - eventstore.now() > timedelta(days=3)


def test_a_player_forgotten_after_their_seat_was_handed_on_is_player_n_left_for_their_stretch(
    client, settings
):
    game_id, late = offered_to_cy(settings)
    replaced = address_of(settings, game_id, late)
    with sessions(settings.database_url).begin() as s:
        offer = s.scalars(select(SeatOfferRow).where(SeatOfferRow.game_id == game_id)).one()
        slowplay.claim(s, offer.id)
    forget(settings, replaced)
    with sessions(settings.database_url)() as s:
        holder = s.scalars(select(SeatHolderRow).where(SeatHolderRow.game_id == game_id)).one()
    assert (holder.email, holder.name, holder.left_at is not None) == (None, "", True)
    number = late.removeprefix("p")
    history = page(client, f"/games/{game_id}/history?all=1")
    assert f"Cy took over the seat of Player {number} (left)" in history
    assert client.get(seat_link(settings, game_id, late, 0)).status_code == 403, "replaced"
    own = client.get(seat_link(settings, game_id, late, 0) + "/history")
    assert own.status_code == 410, "their own stretch shows no more"
    assert client.get(seat_link(settings, game_id, late, 1)).status_code == 200, "Cy plays on"


def test_an_abandoned_game_revives_once_every_player_still_here_agrees(settings):
    game_id = new_game(settings, "tictactoe", 2)
    with sessions(settings.database_url).begin() as s:
        now = eventstore.load(s, game_id)
        standing = now.game.standing(now.state)
        eventstore.record(s, now, [{"type": "table.abandoned", "standing": standing}], None)
    forget(settings, "bob@example.org")
    with sessions(settings.database_url).begin() as s:
        slowplay.agree_revive(s, game_id, "p1", 0)
    assert loaded(settings, game_id).table.abandoned is None


def test_a_bot_plays_a_seat_whose_player_left_but_their_links_do_not(settings):
    game_id = new_game(settings)
    gone = deciding(settings, game_id)
    voter = "p2" if gone == "p1" else "p1"
    forget(settings, address_of(settings, game_id, gone))
    with sessions(settings.database_url).begin() as s:
        slowplay.cast_vote(s, game_id, voter, 0, 1, "bot")
    now = loaded(settings, game_id)
    with sessions(settings.database_url).begin() as s, pytest.raises(Left):
        play_now(s, game_id, gone, now.game.legal_moves(now.state, gone)[0], now.turn_seq)
    with sessions(settings.database_url).begin() as s:
        slowplay.advance(s, game_id, eventstore.now())
    assert deciding(settings, game_id) == voter, "the bot moved for the seat"


def test_a_seat_whose_player_left_waits_the_paces_days_for_the_newcomer_it_is_handed_to(
    client, settings
):
    game_id = new_game(settings)
    gone = deciding(settings, game_id)
    voter = "p2" if gone == "p1" else "p1"
    forget(settings, address_of(settings, game_id, gone))
    with sessions(settings.database_url).begin() as s:
        slowplay.cast_vote(s, game_id, voter, 0, 1, "replace", ("cy@example.org", "Cy"))
    now = loaded(settings, game_id)
    acting = now.game.to_act(now.state)
    assert schedule.due(now.table, acting, eventstore.now()) == [], "no vote while Cy may come"
    later = schedule.next_due(now.table, acting)
    assert later is not None and later - eventstore.now() > timedelta(days=3)
    with sessions(settings.database_url).begin() as s:
        offer = s.scalars(select(SeatOfferRow).where(SeatOfferRow.game_id == game_id)).one()
        slowplay.claim(s, offer.id)
    now = loaded(settings, game_id)
    assert not now.table.has_left(gone), "Cy holds the seat"
    assert f"Cy (seat {gone.removeprefix('p')})" in page(client, f"/games/{game_id}/history?all=1")


def test_a_player_forgotten_while_their_seat_is_offered_leaves_the_newcomers_offer_standing(
    settings,
):
    game_id, late = offered_to_cy(settings)
    forget(settings, address_of(settings, game_id, late))
    with sessions(settings.database_url)() as s:
        (sent,) = s.scalars(
            select(OutboxRow).where(OutboxRow.game_id == game_id, OutboxRow.kind == "seat_offer")
        )
        offer = s.scalars(select(SeatOfferRow).where(SeatOfferRow.game_id == game_id)).one()
    assert sent.skipped is None, "the newcomer's invitation still goes"
    with sessions(settings.database_url).begin() as s:
        slowplay.claim(s, offer.id)
    assert address_of(settings, game_id, late) == "cy@example.org"
    assert not loaded(settings, game_id).table.has_left(late)
