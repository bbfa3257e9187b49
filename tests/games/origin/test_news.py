"""An Origin turn email's "Since your last turn" (engine contract ``narrate``): what the other
player did since your last decision, with their name, never the cards they drew."""

from __future__ import annotations

from engine import registry
from engine.games.origin import events as ev
from engine.games.origin.components import CARDS, INDEX, TERRITORIES
from engine.games.origin.moves import pawn_words
from service.store import eventstore
from service.store.db import sessions
from tests.helpers import html_of, text_of
from tests.service.test_history import decide

GAME = registry.get("origin")
PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]
ADDRESS = {"p1": "ann@example.org", "p2": "bob@example.org"}
NAME = {"p1": "Ann", "p2": "Bob"}


def _state(settings, game_id: str):
    with sessions(settings.database_url)() as s:
        return eventstore.load(s, game_id).state


def _payloads(settings, game_id: str, kind: str) -> list[dict]:
    with sessions(settings.database_url)() as s:
        return [e.payload for e in eventstore.events_of(s, game_id) if e.type == kind]


def test_an_origin_turn_email_tells_the_others_turn_in_words_and_not_the_cards_they_drew(
    client, smtp, work, settings
):
    game_id = client.post("/api/games", json={"game": "origin", "players": PLAYERS}).get_json()[
        "id"
    ]
    work()
    first = _state(settings, game_id).first
    other = "p2" if first == "p1" else "p1"
    decide(settings, game_id, other)  # keeps an objective before the first player does
    decide(settings, game_id, first)
    work()
    # The first player evolves onto the Nile Valley (yellow), draws three action cards and
    # keeps one, then ends the turn.
    decide(settings, game_id, first, lambda moves: {"type": "evolve"})
    decide(settings, game_id, first, lambda moves: {"type": "evolve_on", "territory": "nile"})
    decide(settings, game_id, first)
    decide(settings, game_id, first, lambda moves: {"type": "reward", "option": "three_cards"})
    decide(settings, game_id, first)
    if GAME.to_act(_state(settings, game_id)) == {first}:
        decide(settings, game_id, first, lambda moves: {"type": "end_turn"})
    work()

    (placed,) = _payloads(settings, game_id, ev.PAWN_PLACED)
    (drawn,) = _payloads(settings, game_id, ev.CARDS_DRAWN)
    pawn = pawn_words(placed["height"], placed["strength"], placed["colour"])
    mover = NAME[first]
    turn = smtp.to(ADDRESS[other])[-1]
    for part in (text_of(turn), html_of(turn)):
        assert "Since your last turn" in part
        assert f"{mover} kept one of the objectives dealt to them" in part
        assert "The objectives not kept went back into the objective deck" in part
        assert f"{mover} evolved a new {pawn} onto Nile Valley" in part
        assert f"{mover} drew 3 action cards to keep one" in part
        assert f"{mover} kept one of the 3 action cards and put the other 2 under the deck" in part
        assert not any(CARDS[card].name in part for card in drawn["cards"]), "a drawn card leaked"
        assert "bookkeeping" not in part and "Awaiting" not in part

    while GAME.to_act(_state(settings, game_id)) == {other}:
        state = _state(settings, game_id)
        decide(settings, game_id, other, lambda moves, state=state: GAME.bot_move(state, other))
    work()
    back = text_of(smtp.to(ADDRESS[first])[-1])
    # With no pawn of their own yet, the other player's only possible action was to evolve.
    theirs = _payloads(settings, game_id, ev.PAWN_PLACED)[-1]
    where = TERRITORIES[INDEX[theirs["territory"]]].name
    pawn = pawn_words(theirs["height"], theirs["strength"], theirs["colour"])
    assert "Since your last turn" in back
    assert f"{NAME[other]} evolved a new {pawn} onto {where}" in back
    assert f"{mover} evolved" not in back and f"{mover} drew" not in back, "only what came since"
