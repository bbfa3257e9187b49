"""Open tables (issue 35 §1): a game created with seats left open waits for players on the
open tables page; a stranger takes a seat only from the link emailed to their address (or
by replying to it), the creator's invitation links seat one player each, once; the game
starts by itself when the last seat is taken, its seed drawn then; a table not full in time
closes and those seated are told; a player can leave before it starts; caps and refusals."""

from __future__ import annotations

import html
import json
import re
from datetime import timedelta

import pytest
from sqlalchemy import func, select, update

from service.play import blocklist, opentables, suppression
from service.store import eventstore
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import GameRow, OpenSeatRow, OpenTableRow
from tests.helpers import csrf_token, html_of, path, submit_new_game, text_of
from tests.service.replying import deliver, reply_message

pytestmark = pytest.mark.usefixtures("regulars")

ANN, BOB, CY, DEE = "ann@example.org", "bob@example.org", "cy@example.org", "dee@example.org"
HOSTILE = '<script>alert("x")</script>&Bo'
ESCAPED = "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&amp;Bo"
LINK = re.compile(r"http://pbem\.test(/tables/(?:seat|invitation)/[A-Za-z0-9._\-]+)")


def open_by_form(client, game: str = "tictactoe", players=(f"Ann <{ANN}>",), seats: int = 1):
    """Open a listed table from the home page's form: the creator's page, and its id."""
    answer = submit_new_game(
        client,
        {"game": game, "player": list(players), "open_seats": str(seats), "listed": "1"},
    )
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_data(as_text=True), _only_table(client)


def _only_table(client) -> str:
    settings = client.application.extensions["pbem"]
    with sessions(settings.database_url)() as s:
        return s.scalars(select(OpenTableRow.id).order_by(OpenTableRow.created_at.desc())).first()


def links_in(message) -> list[str]:
    return LINK.findall(text_of(message))


def ask(client, table_id: str, email: str, name: str = "", language: str = "en"):
    token = csrf_token(client.get(f"/tables/{table_id}").get_data(as_text=True))
    return client.post(
        f"/tables/{table_id}/join",
        data={"csrf_token": token, "email": email, "name": name, "language": language},
    )


def seat_link(smtp, email: str) -> str:
    found = links_in(smtp.to(email)[-1])
    assert found, text_of(smtp.to(email)[-1])
    return found[0]


def games(settings) -> int:
    with sessions(settings.database_url)() as s:
        return s.scalar(select(func.count()).select_from(GameRow)) or 0


def state_of(settings, table_id: str) -> str:
    with sessions(settings.database_url)() as s:
        found = s.get(OpenTableRow, table_id)
        assert found is not None
        return found.state


def test_seats_left_open_make_a_listed_table_and_no_game_until_it_is_full(
    settings, client, smtp, work
):
    page, table_id = open_by_form(client)
    assert "/tables/invitation/" in page  # the creator's invitation links, once
    work()
    assert games(settings) == 0  # no game, no seed, no event before the last seat
    listing = client.get("/tables").get_data(as_text=True)
    assert f'href="/tables/{table_id}"' in listing
    assert "Ann" in listing and ANN not in listing  # names, never addresses
    seated = smtp.to(ANN)[-1]
    assert "You have a seat at a table of" in seated["Subject"]
    assert any("/tables/invitation/" in link for link in links_in(seated))


def test_a_stranger_takes_a_seat_only_by_following_the_link_emailed_to_their_address(
    settings, client, smtp, work
):
    _, table_id = open_by_form(client)
    work()
    asked = ask(client, table_id, BOB, "Bob")
    assert asked.status_code == 200
    assert "Check your email" in asked.get_data(as_text=True)
    work()
    assert games(settings) == 0
    link = seat_link(smtp, BOB)
    # A GET only shows the button: a link scanner or a prefetch takes no seat.
    shown = client.get(link).get_data(as_text=True)
    assert "Take my seat" in shown and games(settings) == 0
    taken = client.post(f"{link}/confirm")
    assert taken.status_code == 200
    assert "the game has started" in taken.get_data(as_text=True)
    assert state_of(settings, table_id) == opentables.STARTED
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, table_id)  # the game has the table's id
        assert [x.email for x in loaded.row.seats] == [ANN, BOB]
        assert loaded.row.created_at >= s.get(OpenTableRow, table_id).created_at
    work()
    assert "invit" in text_of(smtp.to(BOB)[-1]).lower()
    assert client.get(f"/tables/{table_id}").status_code == 303  # now the game's page


def test_the_seed_is_drawn_when_the_last_seat_is_taken_not_before(settings, client, smtp, work):
    _, table_id = open_by_form(client)
    work()
    ask(client, table_id, BOB, "Bob")
    work()
    link = seat_link(smtp, BOB)
    with sessions(settings.database_url)() as s:
        assert s.get(GameRow, table_id) is None
    before = now()
    client.post(f"{link}/confirm")
    with sessions(settings.database_url)() as s:
        row = s.get(GameRow, table_id)
        assert row is not None and row.created_at >= before and row.commitment


def test_an_unlisted_table_seats_only_by_an_invitation_and_each_invitation_seats_once(
    settings, client, smtp, work
):
    answer = submit_new_game(
        client,
        {"game": "tictactoe", "player": [f"Ann <{ANN}>", CY], "open_seats": "1"},
    )
    # tic-tac-toe seats two: Ann, Cy, and one open seat are three
    assert answer.status_code == 400
    page = submit_new_game(
        client, {"game": "tictactoe", "player": [f"Ann <{ANN}>"], "open_seats": "1"}
    ).get_data(as_text=True)  # the "listed" box left unticked
    table_id = _only_table(client)
    assert f"/tables/{table_id}" not in client.get("/tables").get_data(as_text=True)
    refused = client.post(f"/tables/{table_id}/join", data={"email": BOB})
    assert refused.status_code in (400, 404)
    invitation = path(
        html.unescape(
            re.search(r'value="(http://pbem.test/tables/invitation/[^"]+)"', page).group(1)
        )
    )
    assert client.get(invitation).status_code == 200
    assert client.post(invitation, data={"email": BOB, "name": "Bob"}).status_code == 200
    work()
    client.post(f"{seat_link(smtp, BOB)}/confirm")
    assert state_of(settings, table_id) == opentables.STARTED
    assert client.post(invitation, data={"email": CY, "name": "Cy"}).status_code in (303, 410)


def test_the_last_seat_goes_to_whoever_confirms_first_and_never_to_two(
    settings, client, smtp, work
):
    _, table_id = open_by_form(client)
    ask(client, table_id, BOB, "Bob")
    ask(client, table_id, CY, "Cy")
    work()
    first, second = seat_link(smtp, BOB), seat_link(smtp, CY)
    assert client.post(f"{first}/confirm").status_code == 200
    late = client.post(f"{second}/confirm")
    assert late.status_code == 410
    with sessions(settings.database_url)() as s:
        assert [x.email for x in eventstore.load(s, table_id).row.seats] == [ANN, BOB]


def test_a_table_not_full_in_time_closes_and_those_seated_are_told(
    settings, client, smtp, work, tick
):
    _, table_id = open_by_form(client, "tictactoe")
    work()
    with sessions(settings.database_url).begin() as s:
        s.execute(
            update(OpenTableRow)
            .where(OpenTableRow.id == table_id)
            .values(closes_at=now() - timedelta(minutes=1))
        )
    tick()
    assert state_of(settings, table_id) == opentables.CLOSED
    assert "closed before it filled" in smtp.to(ANN)[-1]["Subject"]
    assert f"/tables/{table_id}" not in client.get("/tables").get_data(as_text=True)
    page = client.get(f"/tables/{table_id}").get_data(as_text=True)
    assert "closed before it filled" in page and 'id="join-form"' not in page
    token = csrf_token(client.get("/").get_data(as_text=True))
    late = client.post(f"/tables/{table_id}/join", data={"csrf_token": token, "email": BOB})
    assert late.status_code == 410


def test_a_player_can_leave_a_table_before_it_starts_and_not_after(settings, client, smtp, work):
    _, table_id = open_by_form(client, "origin", seats=2)
    ask(client, table_id, BOB, "Bob")
    ask(client, table_id, CY, "Cy")
    work()
    bob, cy = seat_link(smtp, BOB), seat_link(smtp, CY)
    client.post(f"{bob}/confirm")
    left = client.post(f"{bob}/leave")
    assert left.status_code == 200 and "You left the table" in left.get_data(as_text=True)
    assert "2 of 3" in client.get(f"/tables/{table_id}").get_data(as_text=True)
    client.post(f"{cy}/confirm")
    assert state_of(settings, table_id) == opentables.OPEN  # Bob's seat is open again
    ask(client, table_id, DEE, "Dee")
    work()
    client.post(f"{seat_link(smtp, DEE)}/confirm")
    assert state_of(settings, table_id) == opentables.STARTED
    with sessions(settings.database_url)() as s:
        assert [x.email for x in eventstore.load(s, table_id).row.seats] == [ANN, CY, DEE]
    assert client.post(f"{cy}/leave").status_code == 410  # too late: resign instead


def test_the_creator_leaving_alone_closes_the_table(settings, client, smtp, work):
    _, table_id = open_by_form(client)
    work()
    own = next(link for link in links_in(smtp.to(ANN)[-1]) if "/tables/seat/" in link)
    client.post(f"{own}/leave")
    assert state_of(settings, table_id) == opentables.CLOSED


def test_hostile_names_are_escaped_on_every_table_page_and_email(settings, client, smtp, work):
    _, table_id = open_by_form(client, "origin", seats=2)
    ask(client, table_id, BOB, HOSTILE)
    work()
    link = seat_link(smtp, BOB)
    assert "<script>" not in html_of(smtp.to(BOB)[-1])
    client.post(f"{link}/confirm")
    for page in (client.get("/tables"), client.get(f"/tables/{table_id}"), client.get(link)):
        body = page.get_data(as_text=True)
        assert "<script>" not in body and ESCAPED in body
    assert HOSTILE in client.get(f"/api/tables/{table_id}").get_json()["players"]


def test_a_blocked_or_suppressed_address_cannot_join(settings, client, smtp, work):
    _, table_id = open_by_form(client)
    with sessions(settings.database_url).begin() as s:
        blocklist.block(s, BOB)
        suppression.suppress(s, CY)
    for address in (BOB, CY):
        assert ask(client, table_id, address).status_code == 400
    work()
    assert not smtp.to(BOB) and not smtp.to(CY)


def test_one_address_asks_for_at_most_its_daily_seats(settings, client, smtp, work, app):
    app.extensions["pbem"] = settings.__class__(**{**settings.__dict__, "joins_per_day": 2})
    tables = [open_by_form(client)[1] for _ in range(3)]
    assert [ask(client, t, DEE).status_code for t in tables] == [200, 200, 429]


def test_the_api_opens_a_table_and_lists_it_without_an_address(settings, client, smtp, work):
    made = client.post(
        "/api/games",
        json={"game": "tictactoe", "players": [f"Ann <{ANN}>"], "open_seats": 1, "listed": True},
    )
    assert made.status_code == 201, made.get_data(as_text=True)
    body = made.get_json()
    assert body["seats_left"] == 1 and len(body["invitations"]) == 1
    listed = client.get("/api/tables").get_json()
    assert [t["id"] for t in listed["tables"]] == [body["id"]]
    assert ANN not in json.dumps(listed)
    assert client.get(f"/api/tables/{body['id']}").get_json()["players"] == ["Ann"]
    with sessions(settings.database_url)() as s:
        assert s.scalar(select(func.count()).select_from(OpenSeatRow)) == 1


def test_a_reply_to_the_confirmation_email_takes_the_seat_as_its_link_does(
    settings, client, smtp, work
):
    _, table_id = open_by_form(client, "origin", seats=2)
    ask(client, table_id, BOB, "Bob", language="ru")
    work()
    asked = smtp.to(BOB)[-1]
    assert str(asked["Reply-To"]).startswith("table+")
    row, _ = deliver(settings, reply_message(asked, "да, сажусь\n\n> quoted"))
    assert row.outcome == "took the seat"
    work()
    seated = smtp.to(BOB)[-1]
    assert "Истоки" in str(seated["Subject"]) and "You have" not in str(seated["Subject"])
    assert "1 of 3" in client.get(f"/tables/{table_id}?lang=en").get_data(as_text=True)
    # A reply with a word for leaving, to any email of the table, gives the seat up.
    row, _ = deliver(settings, reply_message(seated, "уйти"))
    assert row.outcome == "left the table"
    assert "2 of 3" in client.get(f"/tables/{table_id}?lang=en").get_data(as_text=True)


def test_a_reply_from_another_address_takes_no_seat_and_gets_no_answer(
    settings, client, smtp, work
):
    _, table_id = open_by_form(client)
    ask(client, table_id, BOB, "Bob")
    work()
    asked = smtp.to(BOB)[-1]
    smtp.clear()
    row, _ = deliver(settings, reply_message(asked, "yes", sender=f"Eve <{DEE}>"))
    assert row.outcome.startswith("refused")
    work()
    assert state_of(settings, table_id) == opentables.OPEN and not smtp.messages


def test_the_last_seat_taken_by_reply_starts_the_game(settings, client, smtp, work):
    _, table_id = open_by_form(client)
    ask(client, table_id, BOB, "Bob")
    work()
    deliver(settings, reply_message(smtp.to(BOB)[-1], "yes"))
    assert state_of(settings, table_id) == opentables.STARTED
    smtp.clear()
    work()
    assert smtp.to(ANN) and smtp.to(BOB)  # the game's invitations


def test_forgetting_a_player_frees_their_seat_and_keeps_no_address_or_name(
    settings, client, smtp, work
):
    from service.play import forgetting, takeout

    _, table_id = open_by_form(client, "origin", seats=2)
    ask(client, table_id, BOB, "Bob")
    work()
    client.post(f"{seat_link(smtp, BOB)}/confirm")
    with sessions(settings.database_url)() as s:
        mine = takeout.everything(s, settings, BOB)["open_tables"]
    assert [(t["table"], t["name"], t["opened_it"]) for t in mine] == [(table_id, "Bob", False)]
    with sessions(settings.database_url).begin() as s:
        forgetting.forget(s, BOB)
    with sessions(settings.database_url)() as s:
        assert not opentables.of_address(s, BOB)
        names = [(x.email, x.name) for x in s.get(OpenTableRow, table_id).places]
    assert (BOB, "Bob") not in names and ("", "") in names
    assert "2 of 3" in client.get(f"/tables/{table_id}").get_data(as_text=True)


def test_a_table_may_leave_every_seat_open_and_then_only_its_creator_holds_the_invitations(
    settings, client, smtp, work
):
    made = client.post("/api/games", json={"game": "origin", "players": [], "open_seats": 3})
    assert made.status_code == 201, made.get_data(as_text=True)
    body = made.get_json()
    assert body["players"] == [] and body["seats_left"] == 3 and len(body["invitations"]) == 3
    work()
    assert not smtp.messages  # nobody named, nobody emailed
    for who in (BOB, CY, DEE):
        ask(client, body["id"], who, who.split("@")[0].title())
    work()
    for who in (BOB, CY, DEE):
        deliver(settings, reply_message(smtp.to(who)[-1], "yes"))
    assert state_of(settings, body["id"]) == opentables.STARTED
    with sessions(settings.database_url)() as s:
        assert [x.email for x in eventstore.load(s, body["id"]).row.seats] == [BOB, CY, DEE]


def test_a_player_seated_at_an_open_table_signs_in_and_finds_it_on_their_desk(
    settings, client, smtp, work
):
    from tests.service.test_desk import sign_in

    _, table_id = open_by_form(client, "origin", seats=2)
    ask(client, table_id, BOB, HOSTILE)
    work()
    link = seat_link(smtp, BOB)
    client.post(f"{link}/confirm")
    sign_in(client, smtp, work, BOB, BOB)  # no game yet: the table alone lets them in
    desk = client.get("/me").get_data(as_text=True)
    assert "Waiting for players" in desk and f"/tables/{table_id}" in desk
    signed = link.split("/tables/seat/")[1].split(".")[0]  # the seat's body (not its time)
    assert f"/tables/seat/{signed}." in desk and "1 of 3" in desk
    client.post(f"{link}/leave")
    assert f"/tables/{table_id}" not in client.get("/me").get_data(as_text=True)


def test_a_page_of_tables_before_a_moment_no_calendar_holds_is_the_newest(client):
    made = client.post("/api/games", json={"game": "tictactoe", "players": [], "open_seats": 2})
    table_id = made.get_json()["id"]
    for before in ("99999999999999999", "0"):
        answer = client.get(f"/api/tables?before={before}")
        assert answer.status_code == 200
        page = client.get(f"/tables?before={before}")
        assert page.status_code == 200
    assert [
        t["id"] for t in client.get("/api/tables?before=99999999999999999").get_json()["tables"]
    ] == [table_id]
