"""Plans ahead on their seat's pages and emails (issue 38 §1): set from the seat page (a
standing order, or a list of the options named as the turn page names them), cancelled one
or all there, listed on the turn page, told in the seat's own turn email; refused with a
clear page and nothing kept; and never shown to anyone but their seat before they fire (its
other seats' pages and emails, the game's public page, its API and its history). Played with
tic-tac-toe, whose last cell is a single legal option."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from freezegun import freeze_time
from sqlalchemy import select

from engine.kit import plans as orders
from service.links import tokens, urls
from service.play import plans
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import PlanRow
from tests.helpers import html_of, path, play_now, play_to_the_end, text_of
from tests.service.test_security import client_for

pytestmark = pytest.mark.usefixtures("regulars")

ANN, BOB = "ann@example.org", "bob@example.org"
CENTRE = {"type": "place", "cell": 4}
CORNER = {"type": "place", "cell": 8}
SINGLE = "When I have a single legal option, play it"


def new_game(settings, work, named: str | None = None) -> tuple[str, str, str]:
    """Ann and Bob play tic-tac-toe, their invitations sent: (game, mover, waiter); the
    players ``named`` so, if given."""
    with sessions(settings.database_url).begin() as s:
        loaded = create_game(s, "tictactoe", [f"Ann <{ANN}>", f"Bob <{BOB}>"]).loaded
        (mover,) = loaded.game.to_act(loaded.state)
        for seat in loaded.row.seats if named is not None else ():
            seat.name = f"{named} {seat.seat}"
    work()
    waiter = "p2" if mover == "p1" else "p1"
    return loaded.row.id, mover, waiter


def address(seat: str) -> str:
    return ANN if seat == "p1" else BOB


def urls_of(settings, game_id: str, seat: str) -> tuple[str, str]:
    """The seat's page and its turn page, as paths."""
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        return (
            path(urls.seat_url(settings, loaded, seat)),
            path(urls.decision_url(settings, loaded, seat)),
        )


def page(client, where: str) -> str:
    response = client.get(where)
    assert response.status_code == 200, (where, response.status_code)
    return response.get_data(as_text=True)


def rows(settings, game_id: str) -> list[PlanRow]:
    with sessions(settings.database_url)() as s:
        found = s.scalars(select(PlanRow).where(PlanRow.game_id == game_id).order_by(PlanRow.id))
        return list(found)


def key(move: dict) -> str:
    return orders.key(move)


def standing(client, seat_page: str, which: str = "single"):
    return client.post(f"{seat_page}/plans", data={"kind": "standing", "standing": which})


def listed(client, seat_page: str, *moves: dict, blanks: int = 0):
    choices = [key(m) for m in moves] + [""] * blanks
    return client.post(f"{seat_page}/plans", data={"kind": "list", "choice": choices})


def play(settings, game_id: str, seat: str, move: dict) -> None:
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        play_now(s, game_id, seat, move, loaded.turn_seq, 10)


def settled(shown: str) -> str:
    """A page without what changes on every request (a form's CSRF token, a nonce)."""
    shown = re.sub(r'(csrf[-_]token"?\s+(?:value|content)=")[^"]*', r"\1", shown)
    return re.sub(r'nonce="[^"]*"', 'nonce=""', shown)


def test_a_standing_order_set_on_the_seat_page_is_listed_there_and_on_the_turn_page(
    client, settings, work
):
    game_id, mover, _waiter = new_game(settings, work)
    mine, my_turn = urls_of(settings, game_id, mover)
    shown = page(client, mine)
    assert 'id="plans"' in shown and f'action="{mine}/plans"' in shown
    assert SINGLE in shown and "No plan of yours is waiting." in shown
    done = standing(client, mine)
    assert done.status_code == 303 and done.headers["Location"].endswith("?plans=set#plans")
    (row,) = rows(settings, game_id)
    assert (row.seat, row.body, row.live) == (mover, {"kind": "single"}, True)
    shown = page(client, f"{mine}?plans=set")
    assert "Your plan is set" in shown
    assert f"Plan 1: {SINGLE}" in shown and f'action="{mine}/plans/cancel"' in shown
    assert 'id="plan-standing"' not in shown, "tic-tac-toe offers no other standing order"
    turn = page(client, my_turn)
    assert f"Plan 1: {SINGLE}" in turn and re.search(r'href="[^"]*/seat/[^"#]+#plans"', turn)


def test_a_list_names_the_options_as_the_turn_page_does_and_keeps_their_order(
    client, settings, work
):
    game_id, mover, _waiter = new_game(settings, work)
    mine, my_turn = urls_of(settings, game_id, mover)
    shown = page(client, mine)
    for word in ("1st choice", "8th choice"):
        assert word in shown
    assert "9th" not in shown
    assert "Mark the centre cell" in page(client, my_turn)
    assert "Mark the centre cell</option>" in shown
    # The option's key is an attribute's value, escaped: the form sends it back as it was.
    assert 'value="{&#34;cell&#34;:4,&#34;type&#34;:&#34;place&#34;}"' in shown
    done = listed(client, mine, CORNER, CENTRE, blanks=3)
    assert done.status_code == 303
    (row,) = rows(settings, game_id)
    assert row.body == {"kind": "first", "moves": [CORNER, CENTRE]}
    assert "the first legal of: Mark the bottom right cell or Mark the centre cell" in page(
        client, mine
    )


def test_a_list_set_while_waiting_names_the_options_of_the_seats_last_decision(
    client, settings, work
):
    game_id, mover, waiter = new_game(settings, work)
    play(settings, game_id, mover, CENTRE)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        assert loaded.game.to_act(loaded.state) == {waiter}, "the mover waits"
    mine, _turn = urls_of(settings, game_id, mover)
    shown = page(client, mine)
    assert "Mark the centre cell</option>" in shown, "the options it saw, centre among them"
    assert listed(client, mine, CORNER).status_code == 303
    assert rows(settings, game_id)[0].body["moves"] == [CORNER]


def test_cancelling_one_plan_then_all_keeps_the_others_until_then_and_lists_them_stopped(
    client, settings, work
):
    game_id, mover, _waiter = new_game(settings, work)
    mine, _turn = urls_of(settings, game_id, mover)
    standing(client, mine)
    listed(client, mine, CENTRE)
    listed(client, mine, CORNER)
    done = client.post(f"{mine}/plans/cancel", data={"plan": "2"})
    assert done.status_code == 303 and done.headers["Location"].endswith("?plans=cancelled#plans")
    assert [(r.number, r.live) for r in rows(settings, game_id)] == [
        (1, True), (2, False), (3, True),
    ]  # fmt: skip
    shown = page(client, f"{mine}?plans=cancelled")
    assert "Cancelled: it plays nothing." in shown
    stopped = shown.split('id="plans-stopped"', 1)[1]
    assert "Plan 2: At my next decision" in stopped and "You cancelled it." in stopped
    assert client.post(f"{mine}/plans/cancel", data={"plan": "all"}).status_code == 303
    assert not any(r.live for r in rows(settings, game_id))
    assert {r.reason for r in rows(settings, game_id)} == {plans.CANCELLED}
    again = client.post(f"{mine}/plans/cancel", data={"plan": "all"})
    assert again.status_code == 409
    assert "No plan of yours waits to be cancelled." in again.get_data(as_text=True)


def refused(response, status: int, says: str) -> None:
    assert response.status_code == status, response.status_code
    shown = response.get_data(as_text=True)
    assert says in shown, shown
    assert "Nothing was changed." in shown


def test_a_move_not_among_the_options_an_unknown_order_or_junk_is_refused_keeping_nothing(
    client, settings, work
):
    game_id, mover, _waiter = new_game(settings, work)
    mine, _turn = urls_of(settings, game_id, mover)
    nowhere = {"type": "place", "cell": 9}
    refused(listed(client, mine, nowhere), 422, "Choose the plan&#39;s options among those listed.")
    refused(listed(client, mine, CENTRE, CENTRE), 400, "Choose each option of your list once.")
    refused(
        client.post(f"{mine}/plans", data={"kind": "list", "choice": ["", ""]}),
        400,
        "Choose at least the first option of your list.",
    )
    many = [{"type": "place", "cell": n} for n in range(9)]
    refused(listed(client, mine, *many), 400, "A list holds at most 8 options.")
    refused(standing(client, mine, "resign"), 400, "This game offers no such plan.")
    refused(
        client.post(f"{mine}/plans", data={"standing": "single"}),
        400,
        "This plan form is incomplete.",
    )
    refused(
        client.post(f"{mine}/plans/cancel", data={"plan": "١"}),
        400,
        "Name the plan to cancel by its number, or all of them.",
    )
    assert rows(settings, game_id) == []


def test_a_plan_beyond_the_cap_is_refused_and_the_page_says_so(client, settings, work):
    game_id, mover, _waiter = new_game(settings, work)
    mine, _turn = urls_of(settings, game_id, mover)
    assert standing(client, mine).status_code == 303
    for cell in range(plans.MOST_PLANS - 1):
        assert listed(client, mine, {"type": "place", "cell": cell}).status_code == 303
    refused(listed(client, mine, CORNER), 429, "At most 5 plans wait at once: cancel one first.")
    assert len(rows(settings, game_id)) == plans.MOST_PLANS
    shown = page(client, mine)
    assert "At most 5 plans wait at once: cancel one to set another." in shown
    assert 'id="plan-list"' not in shown and 'id="plan-standing"' not in shown


def test_a_game_over_a_stale_link_or_a_forged_one_sets_and_cancels_nothing(client, settings, work):
    game_id, mover, _waiter = new_game(settings, work)
    mine, _turn = urls_of(settings, game_id, mover)
    old = f"/seat/{tokens.seat_token(settings.secret_key, game_id, mover, 1)}"
    refused(standing(client, old), 403, "This seat was handed to another player")
    forged = mine[:-3] + ("abc" if not mine.endswith("abc") else "xyz")
    assert standing(client, forged).status_code == 403
    assert rows(settings, game_id) == []
    standing(client, mine)
    play_to_the_end(settings.database_url, game_id)
    refused(standing(client, mine), 409, "The game is over.")
    refused(client.post(f"{mine}/plans/cancel", data={"plan": "all"}), 409, "No plan of yours")
    assert [(r.number, r.live) for r in rows(settings, game_id)] == [(1, False)]
    shown = page(client, mine)
    assert 'id="plan-standing"' not in shown and 'id="plan-list"' not in shown


def test_markup_in_names_is_escaped_on_the_plans_pages(client, settings, work):
    hostile = '<script>alert("x")</script>'
    game_id, mover, _waiter = new_game(settings, work, named=hostile)
    mine, my_turn = urls_of(settings, game_id, mover)
    listed(client, mine, CENTRE)
    for shown in (page(client, mine), page(client, my_turn)):
        assert "<script>alert" not in shown and "&lt;script&gt;" in shown
        assert "Plan 1: At my next decision, the first legal of: Mark the centre cell" in shown


def test_nobody_else_sees_a_waiting_plan_anywhere(client, settings, work, smtp):
    game_id, mover, waiter = new_game(settings, work)
    mine, _my_turn = urls_of(settings, game_id, mover)
    theirs, their_turn = urls_of(settings, game_id, waiter)
    elsewhere = (
        theirs,
        their_turn,
        f"{theirs}/history",
        f"/games/{game_id}",
        f"/api/games/{game_id}",
        f"/games/{game_id}/history",
    )
    with freeze_time(datetime.now(UTC)):  # the links' signatures are made the same second
        before = {where: settled(page(client, where)) for where in elsewhere}
        smtp.clear()
        listed(client, mine, CORNER, CENTRE)
        standing(client, mine)
        after = {where: settled(page(client, where)) for where in elsewhere}
    assert after == before, "not a byte of it shows to anyone else"
    for where, shown in after.items():
        assert "Plan 1:" not in shown and 'id="plans-waiting"' not in shown, where
    assert "Plan 1:" not in page(client, f"{mine}/history"), "nor in the seat's own history"
    # The mover plays; the waiter's turn email says nothing of the mover's plans.
    play(settings, game_id, mover, {"type": "place", "cell": 0})
    work()
    (told,) = smtp.to(address(waiter))
    assert "plan" not in text_of(told).casefold() and 'id="plans"' not in html_of(told)


def test_the_seats_turn_email_tells_its_waiting_plans_and_what_became_of_the_others(
    client, settings, work, smtp
):
    game_id, mover, waiter = new_game(settings, work)
    mine, _turn = urls_of(settings, game_id, mover)
    listed(client, mine, CENTRE, CORNER)  # centre is taken first: the corner is played
    listed(client, mine, CENTRE)  # the centre alone: dropped, none of it legal
    standing(client, mine)  # waits: no single option yet
    play(settings, game_id, mover, {"type": "place", "cell": 0})
    smtp.clear()
    play(settings, game_id, waiter, CENTRE)
    work()
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        assert loaded.state.board[8] == mover, "the first list played the corner"
    # The waiter decides again, then the mover's turn email tells the mover's plans.
    assert smtp.to(address(mover)) == []
    play(settings, game_id, waiter, {"type": "place", "cell": 1})
    work()
    (turn,) = smtp.to(address(mover))
    text, html = text_of(turn).replace("\r\n", "\n"), html_of(turn)
    assert "Your plans (only you see them until one plays):" in text
    assert f"  - Plan 3: {SINGLE}\n" in text
    assert (
        "  - Plan 1, stopped: At my next decision, the first legal of: Mark the centre cell or "
        "Mark the bottom right cell. It played its move.\n"
    ) in text
    assert "Plan 2, stopped: At my next decision, the first legal of: Mark the centre cell. " in (
        text.replace("\n", " ")
    )
    assert re.search(
        r"Manage your plans on your seat page: http://pbem.test/seat/\S+#plans\n", text
    )
    assert 'id="plans"' in html and f"Plan 3: {SINGLE}" in html
    assert "It played its move." in html
    assert "Plan" not in "".join(text_of(m) + html_of(m) for m in smtp.to(address(waiter)))


def test_a_stopped_plan_is_told_once_and_a_seat_without_plans_hears_nothing_of_them(
    client, settings, work, smtp
):
    game_id, mover, waiter = new_game(settings, work)
    mine, _turn = urls_of(settings, game_id, mover)
    listed(client, mine, CENTRE)
    play(settings, game_id, mover, {"type": "place", "cell": 0})
    smtp.clear()
    play(settings, game_id, waiter, CENTRE)  # the mover's list: none legal, dropped
    work()
    (turn,) = smtp.to(address(mover))
    assert "At your next decision, none of its options was legal." in text_of(turn)
    play(settings, game_id, mover, {"type": "place", "cell": 1})
    play(settings, game_id, waiter, {"type": "place", "cell": 2})
    smtp.clear()
    work()
    (turn,) = smtp.to(address(mover))
    assert "plan" not in text_of(turn).casefold(), "told once, in the email after it stopped"
    assert 'id="plans"' not in html_of(turn)


def test_plans_set_are_limited_per_client_address_apart_from_notes(settings, work):
    game_id, mover, _waiter = new_game(settings, work)
    limited = client_for(settings, note_limit="2 per hour")
    mine, _turn = urls_of(settings, game_id, mover)
    assert limited.post(f"{mine}/note", data={"note": "a note"}).status_code == 303
    answers = [listed(limited, mine, {"type": "place", "cell": n}) for n in range(3)]
    assert [a.status_code for a in answers] == [303, 303, 429]
    assert "Too many plans set from your address (at most 2 per 1 hour)" in answers[2].get_data(
        as_text=True
    )
    assert len(rows(settings, game_id)) == 2


@pytest.mark.parametrize("name", ["orichalk", "origin"])
def test_a_games_standing_answers_are_offered_on_its_seat_page_and_set_from_there(
    client, settings, work, name
):
    with sessions(settings.database_url).begin() as s:
        loaded = create_game(s, name, [f"Ann <{ANN}>", f"Bob <{BOB}>"]).loaded
        game_id, answers = loaded.row.id, list(loaded.game.standing_orders)
        seat = sorted(loaded.game.to_act(loaded.state))[0]
    work()
    mine, _turn = urls_of(settings, game_id, seat)
    shown = page(client, mine)
    assert SINGLE in shown
    for answer in answers:
        assert f'value="{answer.key}"' in shown
    if answers:
        assert standing(client, mine, answers[0].key).status_code == 303
        (row,) = rows(settings, game_id)
        assert row.body == {"kind": "answer", "key": answers[0].key}
        assert f'value="{answers[0].key}"' not in page(client, mine), "not offered twice"
