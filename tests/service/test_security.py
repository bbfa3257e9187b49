"""Forged requests, floods and framing (issue 11, "Hostile input"): CSRF on forms, JSON
only for the API, rate limits with Retry-After, and the security headers of every page."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from werkzeug.routing.converters import IntegerConverter

from service import create_app
from service.links import tokens
from tests.fixtures import ServerLikeClient
from tests.helpers import csrf_token, submit_new_game
from tests.service.hostile import ledger, new_game, turn_link

pytestmark = pytest.mark.hostile
SIGNED_PAGES = ("act", "seat", "unsubscribe", "settings")


def client_for(settings, **changes):
    app = create_app(replace(settings, **changes))
    app.test_client_class = ServerLikeClient
    return app.test_client()


# --- security headers -------------------------------------------------------------------


def signed_pages(settings, game_id: str) -> dict[str, str]:
    seat, link = turn_link(settings, game_id)
    secret = settings.secret_key
    return {
        "act": link,
        "seat": f"/seat/{tokens.seat_token(secret, game_id, seat)}",
        "unsubscribe": f"/unsubscribe/{tokens.unsubscribe_token(secret, game_id, seat)}",
        "settings": f"/settings/{tokens.person_token(secret, 'ann@example.org')}",
    }


def test_every_page_forbids_framing_sniffing_referrers_and_foreign_content(client, settings):
    game_id = new_game(client)
    pages = [
        "/",
        f"/games/{game_id}",
        f"/games/{game_id}/history",
        f"/games/{game_id}/replay/1",
        f"/api/games/{game_id}",
        "/nosuchpage",
        *signed_pages(settings, game_id).values(),
    ]
    for page in pages:
        response = client.get(page)
        headers = response.headers
        assert headers["X-Content-Type-Options"] == "nosniff", page
        assert headers["X-Frame-Options"] == "DENY", page
        assert headers["Referrer-Policy"] in {"same-origin", "no-referrer"}, page
        policy = headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy, page
        assert "frame-ancestors 'none'" in policy, page
        assert "form-action 'self'" in policy, page
        assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0], page


def test_a_page_reached_by_a_signed_link_is_never_stored_by_a_cache(client, settings):
    game_id = new_game(client)
    for name, page in signed_pages(settings, game_id).items():
        assert client.get(page).headers["Cache-Control"] == "no-store", name
    assert "no-store" not in client.get(f"/games/{game_id}").headers.get("Cache-Control", "")


def test_the_only_scripts_that_run_are_the_pages_own_with_this_responses_nonce(client):
    first, second = client.get("/"), client.get("/")
    nonces = []
    for response in (first, second):
        page = response.get_data(as_text=True)
        nonce = re.search(
            r"script-src 'nonce-([^']+)'", response.headers["Content-Security-Policy"]
        )
        assert nonce, "the home page's form script is allowed by its nonce"
        assert f'<script src="/static/newgame.js" nonce="{nonce.group(1)}"' in page
        assert page.count("<script") == page.count(f'nonce="{nonce.group(1)}"')
        assert page.count("<script") == page.count("<script src="), "no inline script at all"
        nonces.append(nonce.group(1))
    assert nonces[0] != nonces[1], "a fresh nonce for each response"
    assert "script-src 'none'" in client.get("/games/nosuch").headers["Content-Security-Policy"]


def test_pages_carry_no_inline_event_handlers_that_the_policy_would_block(client, settings):
    game_id = new_game(client)
    for page in ["/", f"/games/{game_id}", *signed_pages(settings, game_id).values()]:
        html = client.get(page).get_data(as_text=True)
        assert not re.search(r"\son[a-z]+\s*=", html), page


def test_strict_transport_security_is_sent_when_the_site_is_served_over_https(settings):
    secure = client_for(settings, base_url="https://games.example.org")
    home = secure.get("/")
    assert "max-age" in home.headers["Strict-Transport-Security"]
    assert "Secure" in home.headers["Set-Cookie"], "the CSRF session cookie only over HTTPS"


# --- CSRF -------------------------------------------------------------------------------


def test_the_new_game_form_without_its_csrf_token_is_refused_and_kept_as_typed(client, settings):
    before = ledger(settings)
    form = {"game": "tictactoe", "player": ["ann@example.org", "bob@example.org"], "days": "7"}
    response = client.post("/games", data=form)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "send it again" in page
    assert 'value="ann@example.org"' in page and 'value="7"' in page
    assert csrf_token(page), "with a fresh token to send it again"
    assert ledger(settings) == before


def test_a_csrf_token_taken_from_another_browser_is_refused(app, settings):
    theirs = app.test_client()
    token = csrf_token(theirs.get("/").get_data(as_text=True))
    mine = app.test_client()
    form = {"game": "tictactoe", "player": ["ann@example.org", "bob@example.org"]}
    before = ledger(settings)
    assert mine.post("/games", data={**form, "csrf_token": token}).status_code == 400
    assert ledger(settings) == before
    assert submit_new_game(mine, form).status_code == 303


def test_every_form_route_without_a_signed_link_needs_a_csrf_token(app, client):
    """New forms are protected by default: only the JSON API, signed links and the mail
    provider's call (its shared secret, tests/service/test_inbound_mime.py) differ."""
    for rule in app.url_map.iter_rules():
        if "POST" not in rule.methods or rule.endpoint.startswith(("api.", "bench.", "inbound.")):
            continue
        if "token" in rule.arguments:
            continue
        # Any value the route's converter takes: a number for <int:...>, else a word.
        converters = rule._converters  # werkzeug keeps each argument's converter here
        url = rule.build(
            {n: "1" if isinstance(converters[n], IntegerConverter) else "x" for n in rule.arguments}
        )[1]
        response = client.post(url, data={"anything": "1"})
        assert response.status_code == 400, rule
        assert "send it again" in response.get_data(as_text=True), rule


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://pbem.test"},
    ],
)
def test_a_signed_link_form_sent_by_another_sites_page_is_refused(client, settings, headers):
    game_id = new_game(client)
    _, link = turn_link(settings, game_id)
    before = ledger(settings)
    response = client.post(link, data={"move": '{"type": "place", "cell": 4}'}, headers=headers)
    assert response.status_code == 403
    assert "sent from another site" in response.get_data(as_text=True)
    assert ledger(settings) == before


def test_a_signed_link_form_sent_from_our_own_page_or_by_the_link_alone_is_applied(
    client, settings
):
    for headers in (
        {"Sec-Fetch-Site": "same-origin", "Origin": "http://pbem.test"},
        {"Origin": "http://localhost"},  # the host the browser talks to
        {},  # no browser at all: a mail client's one-click, a script holding the link
    ):
        game_id = new_game(client)
        _, link = turn_link(settings, game_id, move={"type": "place", "cell": 4})
        assert client.post(link, headers=headers).status_code == 303, headers


def test_one_click_unsubscribe_works_from_any_site_as_rfc_8058_requires(client, settings):
    game_id = new_game(client)
    page = signed_pages(settings, game_id)["unsubscribe"]
    response = client.post(
        page, data={"List-Unsubscribe": "One-Click"}, headers={"Sec-Fetch-Site": "cross-site"}
    )
    assert response.status_code == 200
    assert "no more email" in response.get_data(as_text=True)
    assert client.post(page, data={}, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403


def test_the_api_takes_only_json_bodies_so_no_other_sites_form_can_post_to_it(client, settings):
    body = '{"game": "tictactoe", "players": ["ann@example.org", "bob@example.org"]}'
    before = ledger(settings)
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        response = client.post("/api/games", data=body, content_type=content_type)
        assert response.status_code == 415, content_type
        assert response.get_json()["error"] == "Unsupported Media Type"
    assert ledger(settings) == before
    assert client.post("/api/games", data=body, content_type="application/json").status_code == 201


# --- rate limits ------------------------------------------------------------------------


def test_new_games_are_limited_per_client_address_with_a_429_and_retry_after(settings):
    client = client_for(settings, create_limit="2 per hour")
    players = {"game": "tictactoe", "players": ["ann@example.org", "bob@example.org"]}
    assert client.post("/api/games", json=players).status_code == 201
    form = {"game": "tictactoe", "player": ["ann@example.org", "bob@example.org"]}
    assert submit_new_game(client, form).status_code == 303, "the form and the API count together"
    before = ledger(settings)
    refused = client.post("/api/games", json=players)
    assert refused.status_code == 429
    assert refused.get_json()["error"] == "Too many requests"
    assert "new games" in refused.get_json()["message"]
    assert 0 < int(refused.headers["Retry-After"]) <= 3600
    page = submit_new_game(client, form)
    assert page.status_code == 429 and "Retry-After" in page.headers
    assert "Too many new games" in page.get_data(as_text=True)
    assert ledger(settings) == before
    other = client.post("/api/games", json=players, environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 201, "another address has its own allowance"


def test_the_default_limit_stops_a_burst_of_new_games(client):
    players = {"game": "tictactoe", "players": ["ann@example.org", "bob@example.org"]}
    answers = [client.post("/api/games", json=players).status_code for _ in range(8)]
    assert answers[:5] == [201] * 5
    assert set(answers[5:]) == {429}


def test_nudges_are_limited_per_client_address_across_every_game(settings):
    client = client_for(settings, nudge_limit="2 per hour")
    secret = settings.secret_key
    answers = []
    for _ in range(3):
        game_id = new_game(client)
        deciding = client.get(f"/api/games/{game_id}").get_json()["to_act"][0]
        other = "p2" if deciding == "p1" else "p1"
        page = f"/seat/{tokens.seat_token(secret, game_id, other)}/nudge"
        answers.append(client.post(page, data={"seat": deciding}))
    assert [a.status_code for a in answers] == [303, 303, 429]
    assert "Too many nudges" in answers[2].get_data(as_text=True)
    assert int(answers[2].headers["Retry-After"]) > 0


def test_a_second_nudge_of_the_same_seat_within_a_day_says_when_to_retry(client, settings):
    game_id = new_game(client)
    deciding = client.get(f"/api/games/{game_id}").get_json()["to_act"][0]
    other = "p2" if deciding == "p1" else "p1"
    page = f"/seat/{tokens.seat_token(settings.secret_key, game_id, other)}/nudge"
    assert client.post(page, data={"seat": deciding}).status_code == 303
    again = client.post(page, data={"seat": deciding})
    assert again.status_code == 429
    assert 23 * 3600 < int(again.headers["Retry-After"]) <= 24 * 3600
