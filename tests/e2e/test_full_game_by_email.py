"""A whole game played as players would: over HTTP, through the links in their emails."""

from __future__ import annotations

import hashlib

from tests.helpers import (
    create_over_http,
    headline,
    http,
    option_links,
    public_state,
    rest_of_turn,
    text_of,
)

PLAYERS = {"p1": "ann@example.org", "p2": "bob@example.org"}


def test_a_whole_game_is_played_through_the_emails_links(live, smtp, work):
    server, _ = live
    game_id = create_over_http(
        server.url, "tictactoe", list(PLAYERS.values()), {"marks_per_turn": 2}
    )
    work()
    decisions = 0
    while not (state := public_state(server.url, game_id))["over"]:
        seat = state["to_act"][0]
        latest = smtp.to(PLAYERS[seat])[-1]
        options = option_links(latest)
        assert options, f"{seat}'s latest email offers the decision: {text_of(latest)}"
        label, url = options[-1]
        status, _, page = http("GET", url)
        assert status == 200 and f"Confirm: {label}" in page
        status, headers, _ = http("POST", url)
        assert status == 303
        status, _, page = http("GET", headers["Location"])
        assert status == 200
        decisions += 1 + rest_of_turn(headers["Location"], page, lambda moves: moves[0])
        work()
    assert decisions >= 5
    for address in PLAYERS.values():
        last = smtp.to(address)[-1]
        assert "Game over" in headline(last)
        assert "Final scores" in text_of(last)
        commitment = text_of(smtp.to(address)[0]).split("committed in advance: ")[1].split()[0]
        seed = text_of(last).split("The seed is now revealed: ")[1].split()[0]
        assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment
    assert http("GET", f"{server.url}/games/{game_id}")[2].count("Game over") >= 1
