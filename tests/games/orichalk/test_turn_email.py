"""An Orichalk turn email says what the others did since the player's last decision, in the
game's own words and with the players' names ("Since your last turn")."""

from __future__ import annotations

import html

from engine import registry
from engine.games.orichalk.events import CARD_TAKEN, METROPOLIS_PLACED
from service.store import eventstore
from service.store.db import sessions
from tests.helpers import html_of, play_now, text_of

GAME = registry.get("orichalk")
PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]
ADDRESS = {"p1": "ann@example.org", "p2": "bob@example.org"}
NAME = {"p1": "Ann", "p2": "Bob"}


def bot_decides(settings, game_id: str, seat: str) -> list[dict]:
    """``seat``'s bot makes its next decision; the events it made."""
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        move = GAME.bot_move(loaded.state, seat)
        play_now(s, game_id, seat, move, loaded.turn_seq, settings.snapshot_every)
        rows = eventstore.events_of(s, game_id, after=loaded.seq)
        return eventstore.payloads(rows, "orichalk")


def to_act(settings, game_id: str) -> frozenset[str]:
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        return GAME.to_act(loaded.state)


def whole_turn(settings, game_id: str, seat: str) -> list[dict]:
    """``seat``'s bot decides until another seat must act."""
    events: list[dict] = []
    while to_act(settings, game_id) == {seat}:
        events += bot_decides(settings, game_id, seat)
    return events


def news(message) -> str:
    """The text part and the HTML part of an email, the HTML unescaped."""
    return text_of(message) + "\n" + html.unescape(html_of(message))


def test_an_orichalk_turn_email_tells_the_other_players_turn_with_their_name(
    client, smtp, work, settings
):
    response = client.post("/api/games", json={"game": "orichalk", "players": PLAYERS})
    game_id = response.get_json()["id"]
    with sessions(settings.database_url)() as s:
        first = eventstore.load(s, game_id).state.initiative
    other = "p2" if first == "p1" else "p1"
    bot_decides(settings, game_id, first)  # both choose a side; the other chooses last
    bot_decides(settings, game_id, other)
    played = whole_turn(settings, game_id, first)
    work()
    told = news(smtp.to(ADDRESS[other])[-1])
    assert "Since your last turn" in told
    metropolis = next(e for e in played if e["type"] == METROPOLIS_PLACED)
    assert f"{NAME[first]} placed their metropolis on the port at {metropolis['cell']}" in told
    taken = next(e for e in played if e["type"] == CARD_TAKEN)
    assert f"{NAME[first]} took card {taken['slot'] + 1} (" in told
    assert "chose the" not in told, "only what happened since their own last decision"
    assert "bookkeeping" not in told

    answered = whole_turn(settings, game_id, other)
    work()
    back = news(smtp.to(ADDRESS[first])[-1])
    assert "Since your last turn" in back
    metropolis = next(e for e in answered if e["type"] == METROPOLIS_PLACED)
    assert f"{NAME[other]} placed their metropolis on the port at {metropolis['cell']}" in back
    assert f"{NAME[first]} placed their metropolis" not in back, "not their own turn again"
    assert "Round 2 began" in back
