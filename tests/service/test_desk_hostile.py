"""The desk (issue 20) under hostile input: what players typed is shown as text, an address
that is no address (10 KB of it, or one that smuggles a header) is refused and emails no
one, and sign-in links are asked for at a limited rate."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service import create_app
from service.play.games import create_game
from service.store.db import sessions
from tests.fixtures import ServerLikeClient
from tests.helpers import csrf_token
from tests.service.test_desk import ANN, ask, desk, sign_in, sign_in_emails, until_her_turn

MARKUP = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def test_names_with_markup_are_shown_as_text_on_the_desk(client, smtp, work, settings):
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(
            s,
            "tictactoe",
            [{"email": ANN, "name": MARKUP}, {"email": "bob@example.org", "name": MARKUP}],
        ).loaded.row.id
    until_her_turn(settings, game_id, "bob@example.org")  # Bob's turn: his name is shown
    sign_in(client, smtp, work)
    page = desk(client)
    assert f"#{game_id}" in page
    assert "<script>alert" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(" in page


@pytest.mark.parametrize(
    "address",
    [
        "a" * 10_000 + "@example.org",
        f"{ANN}\r\nBcc: eve@example.org",
        f"{ANN}\nBcc: eve@example.org",
        f"eve@example.org, {ANN}",
        f"{ANN}\x00",
        f"Ann <{ANN}>",
    ],
    ids=["10 KB", "CRLF header", "LF header", "two addresses", "NUL", "a name and address"],
)
def test_an_address_that_is_no_address_is_refused_and_emails_no_one(
    client, smtp, work, settings, address
):
    with sessions(settings.database_url).begin() as s:
        create_game(s, "tictactoe", [ANN, "bob@example.org"])
    answer = ask(client, address)
    assert answer.status_code == 400
    assert "Traceback" not in answer.get_data(as_text=True)
    work()
    assert sign_in_emails(smtp, ANN) == []
    assert not [m for m in smtp.messages if "eve@" in str(m["To"]) or "Bcc" in m]


def test_sign_in_links_are_asked_for_at_a_limited_rate(settings, smtp, work):
    app = create_app(replace(settings, sign_in_limit="2 per minute"))
    app.test_client_class = ServerLikeClient
    browser = app.test_client()
    token = csrf_token(browser.get("/me").get_data(as_text=True))
    answers = [
        browser.post("/me", data={"email": ANN, "csrf_token": token}).status_code for _ in range(3)
    ]
    assert answers == [200, 200, 429]
    assert "Retry-After" in browser.post("/me", data={"email": ANN, "csrf_token": token}).headers


def test_a_forged_session_cookie_signs_no_one_in(app, settings):
    browser = app.test_client()
    browser.set_cookie("session", '{"desk": {"e": "ann@example.org", "n": "x"}}')
    assert 'action="/me/sign-out"' not in desk(browser)
