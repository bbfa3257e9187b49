"""The turn email of Origins: First Builders says what happened since the player's last
decision, in the game's own words and with the players' names (issue 9, engine contract
``narrate``): the opening as it was laid out, then each die the others drafted."""

from __future__ import annotations

import re

from service.store import eventstore
from service.store.db import sessions
from tests.helpers import html_of, option_links, path, text_of
from tests.service.test_history import decide

PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]
NAMES = {"ann@example.org": "Ann", "bob@example.org": "Bob"}
DRAFT = re.compile(r"Take the (\w+ \d) as a starting citizen")


def _draft(client, smtp, work, address: str) -> str:
    """``address`` drafts the first die its latest email offers; returns the die's words."""
    label, url = next((label, url) for label, url in option_links(smtp.to(address)[-1])
                      if DRAFT.fullmatch(label))  # fmt: skip
    assert client.post(path(url)).status_code in (200, 302, 303)
    work()
    found = DRAFT.fullmatch(label)
    assert found is not None
    return found.group(1)


def _draft_on_the_page(settings, work, game_id: str, address: str) -> str:
    """``address`` drafts the first die offered from the decision page (a second decision in
    a row has no email of its own); returns the die's words."""
    seat = {"ann@example.org": "p1", "bob@example.org": "p2"}[address]
    with sessions(settings.database_url)() as s:
        pool = eventstore.load(s, game_id).state.pool
    move = decide(settings, game_id, seat)
    work()
    die = pool[move["die"]]
    return f"{die.colour} {die.value}"


def test_a_turn_email_tells_the_opening_and_the_dice_the_others_drafted_since_your_turn(
    client, smtp, work, settings
):
    game_id = client.post(
        "/api/games", json={"game": "origins-first-builders", "players": PLAYERS}
    ).get_json()["id"]
    work()
    seats = {"p1": "ann@example.org", "p2": "bob@example.org"}
    mover = seats[client.get(f"/api/games/{game_id}").get_json()["to_act"][0]]
    other = next(a for a in seats.values() if a != mover)
    first = _draft(client, smtp, work, mover)

    turn = smtp.to(other)[-1]
    with sessions(settings.database_url)() as s:
        drawn = seats[eventstore.load(s, game_id).state.first]
    for part in (text_of(turn), html_of(turn)):
        assert "Since your last turn" in part
        assert "A game of Origins: First Builders began for Ann and Bob" in part
        assert "The building row was laid from the stack tops, top to bottom: " in part
        assert f"{NAMES[drawn]} was drawn to play first" in part
        assert f"{NAMES[mover]} took the {first} as a starting citizen" in part
        assert "bookkeeping" not in part, "the engine's bookkeeping stays out of the email"

    second, third = (_draft_on_the_page(settings, work, game_id, other) for _ in range(2))
    back = text_of(smtp.to(mover)[-1])
    assert f"{NAMES[other]} took the {second} as a starting citizen" in back
    assert f"{NAMES[other]} took the {third} as a starting citizen" in back
    assert f"{NAMES[mover]} took the {first}" not in back, "only what came after their pick"
    assert "A game of Origins: First Builders began" not in back
