"""A whole game played as players would: over HTTP, through the links in their emails."""

from __future__ import annotations

import hashlib
import json

from tests.helpers import http, option_links, page_options, text_of

PLAYERS = {"p1": "ann@example.org", "p2": "bob@example.org"}


def test_a_whole_game_is_played_through_the_emails_links(live, smtp, work):
    server, _ = live
    status, _, body = http(
        "POST",
        f"{server.url}/api/games",
        json_body={
            "game": "tictactoe",
            "players": list(PLAYERS.values()),
            "options": {"marks_per_turn": 2},
        },
    )
    assert status == 201
    game_id = json.loads(body)["id"]
    work()
    decisions = 0
    while True:
        state = json.loads(http("GET", f"{server.url}/api/games/{game_id}")[2])
        if state["over"]:
            break
        seat = state["to_act"][0]
        latest = smtp.to(PLAYERS[seat])[-1]
        options = option_links(latest)
        assert options, f"{seat}'s latest email offers the decision: {text_of(latest)}"
        label, url = options[-1]
        status, _, page = http("GET", url)
        assert status == 200 and f"Confirm: {label}" in page
        status, headers, _ = http("POST", url)
        assert status == 303
        decisions += 1
        status, _, page = http("GET", headers["Location"])
        assert status == 200
        while page_options(page) and "Nothing to decide" not in page:
            # The rest of this turn is on the page already: no new email needed.
            status, headers, _ = http(
                "POST", headers["Location"], form={"move": page_options(page)[0]}
            )
            assert status == 303
            decisions += 1
            status, _, page = http("GET", headers["Location"])
        work()
    assert decisions >= 5
    for address in PLAYERS.values():
        last = smtp.to(address)[-1]
        assert "Game over" in last["Subject"]
        assert "Final scores" in text_of(last)
        commitment = text_of(smtp.to(address)[0]).split("committed in advance: ")[1].split()[0]
        seed = text_of(last).split("The seed is now revealed: ")[1].split()[0]
        assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment
    assert http("GET", f"{server.url}/games/{game_id}")[2].count("Game over") >= 1
