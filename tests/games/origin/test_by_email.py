"""Origin played by email (issue 3): hidden information never reaches another player's
email or page, the data page, and a whole 2-player game through the emails' links."""

from __future__ import annotations

import random
import re

from engine.games.origin.components import OBJECTIVE_CARDS
from service.store import eventstore
from service.store.db import sessions
from tests.helpers import (
    create_over_http,
    headline,
    html_of,
    http,
    option_links,
    public_state,
    rest_of_turn,
    text_of,
)

PLAYERS = {"p1": "ann@example.org", "p2": "bob@example.org", "p3": "cy@example.org"}
CURRENT = re.compile(r'href="([^"]+/act/[^"]+)"[^>]*>Go to your current decision')
TURN_PAGE = re.compile(r"https?://\S+/act/\S+")


def rendered(client, message) -> str:
    return text_of(message) + html_of(message)


def test_an_objective_in_one_hand_appears_in_no_other_players_email_page_or_picture(
    client, smtp, work, settings
):
    game_id = client.post(
        "/api/games", json={"game": "origin", "players": list(PLAYERS.values())}
    ).get_json()["id"]
    work()
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        views = {seat: loaded.game.view(loaded.state, seat) for seat in PLAYERS}
    own = {seat: {c["name"] for c in v["choosing"]} for seat, v in views.items()}
    assert all(len(names) == 3 for names in own.values())
    dealt = set().union(*own.values())
    undealt = {c.name for c in OBJECTIVE_CARDS} - dealt
    public = client.get(f"/games/{game_id}").get_data(as_text=True) + client.get(
        f"/api/games/{game_id}"
    ).get_data(as_text=True)
    for seat, address in PLAYERS.items():
        (email,) = smtp.to(address)
        page = client.get(option_links(email)[0][1].replace(settings.base_url, "")).get_data(
            as_text=True
        )
        for shown in (rendered(client, email), page):
            assert all(name in shown for name in own[seat]), "a player sees their own cards"
            for other, names in own.items():
                if other != seat:
                    assert not any(name in shown for name in names), f"{other}'s hand leaked"
            assert not any(name in shown for name in undealt), "the deck's cards leaked"
        assert not any(name in public for name in dealt | undealt)
    # Issue 34 §2: every seat's picture is the table's, which holds no hand: one PNG for all.
    pictures = {
        part.get_payload(decode=True)
        for email in smtp.messages
        for part in email.walk()
        if part.get_content_type() == "image/png"
    }
    assert len(pictures) == 1 and len(smtp.messages) == len(PLAYERS)


def test_turn_emails_show_the_board_as_an_inline_picture(client, smtp, work):
    client.post("/api/games", json={"game": "origin", "players": list(PLAYERS.values())[:2]})
    work()
    email = smtp.messages[0]
    images = [p for p in email.walk() if p.get_content_type() == "image/png"]
    assert len(images) == 1
    cid = images[0]["Content-ID"].strip("<>")
    assert f"cid:{cid}" in html_of(email)


def test_the_data_page_lists_every_value_with_its_provenance_and_flags_the_provisional(client):
    page = client.get("/games/origin/data")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "PROVISIONAL" in text and "RULEBOOK" in text
    assert "values are provisional" in text
    assert "Rulings" in text
    assert client.get("/games/no-such-game/data").status_code == 404


def test_a_whole_two_player_game_of_origin_is_played_through_the_emails_links(live, smtp, work):
    server, _ = live
    rng = random.Random(2026)
    game_id = create_over_http(server.url, "origin", [PLAYERS["p1"], PLAYERS["p2"]])
    work()
    decisions = 0
    while not (state := public_state(server.url, game_id))["over"]:
        seat = rng.choice(state["to_act"])
        latest = smtp.to(PLAYERS[seat])[-1]
        links = option_links(latest)
        url = rng.choice(links)[1] if links else TURN_PAGE.findall(text_of(latest))[0]
        status, _, page = http("GET", url)
        if status == 409:  # this email's decision is made; the page points to the current one
            url = CURRENT.search(page).group(1).replace("&amp;", "&")
            status, _, page = http("GET", url)
        assert status == 200, page
        decisions += rest_of_turn(url, page, rng.choice)
        work()
        assert decisions < 5000
    for address in (PLAYERS["p1"], PLAYERS["p2"]):
        last = smtp.to(address)[-1]
        assert "Game over" in headline(last)
        assert "Final scores" in text_of(last)
    assert public_state(server.url, game_id)["outcome"]["ranking"]
