"""Orichalk's history reads as a story (engine contract ``narrate``): every event in the
game's own words with the players' names, bookkeeping rows kept and marked, the same for a
player as for a spectator (nothing in Orichalk is in a hand), and the win told at the end."""

from __future__ import annotations

import html
import re

from engine import registry
from engine.contract import humanise
from engine.games.orichalk.events import (
    AWAITING,
    CARD_DEALT,
    CARD_TAKEN,
    GAME_SET_UP,
    GAME_WON,
    INITIATIVE_TAKEN,
    ISLANDS_DEALT,
    METROPOLIS_PLACED,
    ROUND_ENDED,
    ROUND_STARTED,
    TILE_PLACED,
    TURN_ENDED,
    TURN_STARTED,
)
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from tests.helpers import play_now
from tests.service.test_history import page, seat_link

GAME = registry.get("orichalk")
PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>", "Cy <cy@example.org>"]
NAMES = {"p1": "Ann", "p2": "Bob", "p3": "Cy"}
ROW = re.compile(r'<tr id="e(\d+)"[^>]*>(.*?)</tr>', re.DOTALL)
CELL = re.compile(r"<td[^>]*>(.*?)</td>", re.DOTALL)
BOOKKEEPING = {TURN_STARTED, TURN_ENDED, AWAITING, ROUND_ENDED}


def new_game(settings, players: int) -> str:
    with sessions(settings.database_url).begin() as s:
        return create_game(s, "orichalk", PLAYERS[:players]).loaded.row.id


def bots_play(settings, game_id: str, decisions: int) -> None:
    """The engine's bot decides for whoever must act, ``decisions`` times or to the end."""
    for _ in range(decisions):
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            acting = sorted(GAME.to_act(loaded.state))
            if not acting:
                return
            move = GAME.bot_move(loaded.state, acting[0])
            play_now(s, game_id, acting[0], move, loaded.turn_seq, settings.snapshot_every)


def payloads(settings, game_id: str) -> list[dict]:
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        return eventstore.payloads(eventstore.events_of(s, game_id), loaded.row.game)


def told(page_html: str) -> dict[int, str]:
    """What each row of a history page says happened, without the decision's label."""
    rows = {}
    for seq, row in ROW.findall(page_html):
        cell = CELL.findall(row)[4]
        cell = re.sub(r"^<strong>.*?</strong><br>|^<em>decided:</em> ", "", cell.strip())
        rows[int(seq)] = html.unescape(cell.split("<details>")[0]).strip()
    return rows


def test_an_unfinished_games_history_tells_each_event_with_the_players_names(client, settings):
    game_id = new_game(settings, 3)
    bots_play(settings, game_id, 30)
    events = payloads(settings, game_id)
    rows = told(page(client, f"/games/{game_id}/history"))
    assert sorted(rows) == list(range(1, len(events) + 1))
    by_type: dict[str, list[str]] = {}
    for seq, event in enumerate(events, start=1):
        by_type.setdefault(event["type"], []).append(rows[seq])
        if event["type"] in BOOKKEEPING:
            assert rows[seq] == f"({GAME.events.name(event['type'])}: bookkeeping)"
        else:
            assert rows[seq] and rows[seq] != humanise(event["type"]), event
            assert not re.search(r"\bp[123]\b", rows[seq]), "seats are named by their players"
    assert by_type[GAME_SET_UP] == ["A game of Orichalk began for 3 players: Ann, Bob and Cy"]
    (dealt,) = by_type[ISLANDS_DEALT]
    assert dealt.startswith("Islands dealt at random: ") and dealt.endswith(" to Cy")
    first = next(e for e in events if e["type"] == METROPOLIS_PLACED)
    assert by_type[METROPOLIS_PLACED][0].startswith(
        f"{NAMES[first['seat']]} placed their metropolis on the port at {first['cell']}"
    )
    order = ", ".join(
        NAMES[s] for s in next(e for e in events if e["type"] == ROUND_STARTED)["order"]
    )
    assert by_type[ROUND_STARTED][0] == f"Round 1 began; the order of play: {order}"
    assert len(by_type[CARD_DEALT]) >= 5
    assert all(line.startswith("Card ") for line in by_type[CARD_DEALT])
    taken = next(e for e in events if e["type"] == CARD_TAKEN)
    assert by_type[CARD_TAKEN][0].startswith(
        f"{NAMES[taken['seat']]} took card {taken['slot'] + 1} ("
    )
    own = told(page(client, seat_link(settings, game_id, "p1") + "/history"))
    assert own == rows, "every table is face up: a player reads what a spectator reads"


def test_a_finished_games_history_ends_with_the_winner_named(client, settings):
    game_id = new_game(settings, 2)
    bots_play(settings, game_id, 5_000)
    events = payloads(settings, game_id)
    assert events[-1]["type"] == GAME_WON
    rows = told(page(client, f"/games/{game_id}/history"))
    winner = NAMES[events[-1]["seat"]]
    assert rows[len(events)] == (
        f"{winner} won with {events[-1]['points']} victory points and no creature left on "
        "their island"
    )
    for seq, event in enumerate(events, start=1):
        if event["type"] not in BOOKKEEPING:
            assert rows[seq] != humanise(event["type"]), event
            assert not re.search(r"\bp[12]\b", rows[seq])
    told_types = {e["type"] for e in events}
    assert {CARD_TAKEN, TILE_PLACED, CARD_DEALT, INITIATIVE_TAKEN} <= told_types
