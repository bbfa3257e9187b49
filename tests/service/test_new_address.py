"""A player whose address no longer receives our emails gives a new one (issue 31 §2): from
their seat page (the seat link is what they still hold) or their desk, a link goes to the
new address; following it moves every seat of theirs and their settings there, clears the
mark on every page, tells each table they receive our emails again and sends them their
decision afresh. Nothing moves until the new address shows it receives."""

from __future__ import annotations

from datetime import timedelta

import pytest
from freezegun import freeze_time
from sqlalchemy import select

from service.links import urls as links
from service.mail.smtp import envelope
from service.play import slowplay
from service.play.blocklist import block
from service.store import eventstore
from service.store.db import sessions
from service.store.models import AddressRow, EmailRow, OutboxRow, PersonRow, SeatRow
from tests.fixtures import TEST_KEY
from tests.helpers import URL, headline, option_links, path, text_of
from tests.service.test_bounces import ANN, BOB, CHO, bounce_of, emails_to, new_game, table_events
from tests.service.test_desk import csrf_token, sign_in

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")

NEW = "boris@new.example"


def seat_page(settings, game_id: str, address: str) -> str:
    with settings_session(settings) as session:
        loaded = eventstore.load(session, game_id)
        seat = next(s.seat for s in loaded.row.seats if s.email == address)
        return path(links.seat_url(settings, loaded, seat)).split("#")[0]


def settings_session(settings):
    return sessions(settings.database_url)()


def bounced(client, settings, smtp, work) -> list[str]:
    """Two games of Bob's (Ann's and Cho's), and his first invitation bounced for good."""
    games = [new_game(client), new_game(client, players=[CHO, BOB])]
    work()
    with settings_session(settings) as session:
        slowplay.set_notify(session, BOB, "digest", digest_hour=9)
        session.commit()
    bounce_of(settings, emails_to(settings, BOB)[0], "postfix-user-unknown")
    work()
    smtp.clear()
    return games


def confirmation(smtp, address: str = NEW) -> str:
    (message,) = [m for m in smtp.messages if envelope(address) in str(m["To"])]
    (url,) = [u for u in URL.findall(text_of(message)) if "/address/" in u]
    return path(url)


def test_a_bounced_player_gives_a_new_address_from_a_seat_page_and_every_game_moves(
    client, settings, smtp, work
):
    games = bounced(client, settings, smtp, work)
    page = seat_page(settings, games[0], BOB)
    shown = client.get(page).get_data(as_text=True)
    assert 'action="' + page + '/address"' in shown
    assert client.get(f"/games/{games[0]}").get_data(as_text=True).count("undelivered") == 1
    answer = client.post(page + "/address", data={"email": NEW})
    assert answer.status_code == 303 and answer.headers["Location"].endswith("address=sent#address")
    work()
    link = confirmation(smtp)
    message = smtp.messages[0]
    assert BOB not in message.as_string(), "the new address learns nothing of the old"
    with settings_session(settings) as session:
        (check,) = session.scalars(select(EmailRow).where(EmailRow.kind == "address_check"))
        assert check.address == NEW and check.sent_at is not None
        assert [s.email for s in session.scalars(select(SeatRow).where(SeatRow.email == BOB))]
    smtp.clear()
    assert client.get(link).status_code == 200, "a GET moves nothing (mail scanners)"
    with settings_session(settings) as session:
        assert session.scalars(select(SeatRow).where(SeatRow.email == NEW)).all() == []
    done = client.post(link)
    assert done.status_code == 200 and "now go to" in done.get_data(as_text=True)
    work()
    with settings_session(settings) as session:
        seats = session.scalars(select(SeatRow).where(SeatRow.email == NEW)).all()
        assert sorted(s.game_id for s in seats) == sorted(games)
        assert session.scalars(select(SeatRow).where(SeatRow.email == BOB)).all() == []
        moved = session.get(PersonRow, NEW)
        assert moved is not None and moved.notify == "digest" and moved.digest_hour == 9
        assert session.get(PersonRow, BOB) is None
        fresh = session.get(AddressRow, NEW)
        assert fresh is None or fresh.unreachable_at is None
    for game_id in games:
        kinds = [e["type"] for e in table_events(settings, game_id)]
        assert kinds.count("table.unreachable") == 1 and kinds.count("table.reachable") == 1
        players = client.get(f"/api/games/{game_id}").get_json()["players"]
        assert not any(p["unreachable"] for p in players)
        assert "undelivered" not in client.get(f"/games/{game_id}").get_data(as_text=True)
    told = [h for h in map(headline, smtp.to(ANN) + smtp.to(CHO)) if "receives our emails" in h]
    assert sorted(told) == ["Player 2 receives our emails again", "Борис receives our emails again"]
    # Bob takes the digest: his decision waits for it rather than coming by itself.
    assert all("receives our emails" not in headline(m) for m in smtp.to(NEW))
    again = client.post(link)
    assert "Nothing was left to move" in again.get_data(as_text=True)


def test_a_player_deciding_is_sent_the_decision_afresh_at_the_new_address(
    client, settings, smtp, work
):
    game_id = new_game(client, players=[BOB, ANN])
    work()
    if client.get(f"/api/games/{game_id}").get_json()["to_act"] != ["p1"]:
        (invitation,) = smtp.to(ANN)  # Ann plays first: her move makes it Bob's turn
        _label, url = option_links(invitation)[0]
        assert client.post(path(url)).status_code in (200, 303)
        work()
    assert client.get(f"/api/games/{game_id}").get_json()["to_act"] == ["p1"]
    bounce_of(settings, emails_to(settings, BOB)[-1], "gmail-failure")
    work()
    smtp.clear()
    client.post(seat_page(settings, game_id, BOB) + "/address", data={"email": NEW})
    work()
    client.post(confirmation(smtp))
    work()
    with settings_session(settings) as session:
        rows = session.scalars(select(OutboxRow).where(OutboxRow.kind == "fresh_link")).all()
        assert [(r.seat, r.sent_at is not None) for r in rows] == [("p1", True)]
    assert any("fresh link" in headline(m) for m in smtp.to(NEW))


def test_the_seat_page_offers_no_new_address_while_emails_reach_the_old(client, settings, work):
    game_id = new_game(client)
    work()
    page = seat_page(settings, game_id, BOB)
    assert "/address" not in client.get(page).get_data(as_text=True)
    refused = client.post(page + "/address", data={"email": NEW})
    assert refused.status_code == 400 and "desk" in refused.get_data(as_text=True)


def test_a_blocked_or_malformed_new_address_is_refused_and_nothing_is_sent(
    client, settings, smtp, work
):
    games = bounced(client, settings, smtp, work)
    with settings_session(settings) as session:
        block(session, "@new.example")
        session.commit()
    page = seat_page(settings, games[0], BOB)
    for typed in (NEW, "not an address", "x" * 400 + "@example.org"):
        assert client.post(page + "/address", data={"email": typed}).status_code == 400
    work()
    assert smtp.messages == []


def test_a_signed_in_player_moves_their_games_from_the_desk(client, settings, smtp, work):
    new_game(client)
    work()
    sign_in(client, smtp, work, BOB, BOB)
    page = client.get("/me").get_data(as_text=True)
    assert 'action="/me/address"' in page and "undelivered" not in page
    smtp.clear()
    sent = client.post("/me/address", data={"email": NEW, "csrf_token": csrf_token(page)})
    assert sent.status_code == 303
    assert client.post("/me/address", data={"email": NEW}).status_code in (400, 403)
    work()
    client.post(confirmation(smtp))
    with settings_session(settings) as session:
        assert [s.email for s in session.scalars(select(SeatRow).order_by(SeatRow.id))] == [
            ANN,
            NEW,
        ]


def test_a_confirmation_link_lasts_two_days_and_cannot_be_forged(client, settings, smtp, work):
    games = bounced(client, settings, smtp, work)
    client.post(seat_page(settings, games[0], BOB) + "/address", data={"email": NEW})
    work()
    link = confirmation(smtp)
    from service.links import tokens

    forged = tokens.address_token(TEST_KEY + "x", BOB, "mallory@evil.example")
    assert client.post(f"/address/{forged}").status_code == 403
    with freeze_time(timedelta(days=2, minutes=1)):
        assert client.post(link).status_code == 410
    with settings_session(settings) as session:
        assert session.scalars(select(SeatRow).where(SeatRow.email == NEW)).all() == []
