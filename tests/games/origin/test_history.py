"""Origin's history page reads as sentences (engine contract ``narrate``): with the players'
names, each reader told only what their view shows while the game goes on, everything once
it is over."""

from __future__ import annotations

import re
from html import unescape

from engine import registry
from engine.contract import humanise
from engine.games.origin import events as ev
from engine.games.origin.components import CARDS
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow
from tests.helpers import play_now
from tests.service.test_history import decide, new_origin, page, seat_link

GAME = registry.get("origin")
NAMES = {"p1": "Ann", "p2": "Bob", "p3": "Cy"}
TOLD = re.compile(
    r'<tr id="e(\d+)".*?<td class="who">.*?</td>\s*<td>'
    r"(?:<strong>.*?</strong><br>|<em>decided:</em> )?([^<\n]*)",
    re.S,
)
DRAWS = {ev.CARD_DRAWN, ev.CARDS_DRAWN, ev.CARD_KEPT}


def told(html: str) -> dict[int, str]:
    """Each row's sentence, by event number, as the page shows it."""
    return {int(seq): unescape(text).strip() for seq, text in TOLD.findall(html)}


def bot_plays(settings, game_id: str, decisions: int) -> None:
    """Origin's bot decides for whoever must act (the first seat by name)."""
    for _ in range(decisions):
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            acting = sorted(GAME.to_act(loaded.state))
            if not acting:
                return
            move = GAME.bot_move(loaded.state, acting[0])
            play_now(s, game_id, acting[0], move, loaded.turn_seq, settings.snapshot_every)


def log(settings, game_id: str) -> list[EventRow]:
    with sessions(settings.database_url)() as s:
        return eventstore.events_of(s, game_id)


def _name(card: str) -> str:
    c = CARDS[card]
    return f"the objective “{c.name}”" if c.deck == "objective" else f"the {c.deck} card {c.name}"


def test_an_unfinished_origin_history_tells_each_reader_only_what_their_view_shows(
    client, settings
):
    game_id = new_origin(settings)
    for seat in ("p1", "p2", "p3"):
        decide(settings, game_id, seat)
    bot_plays(settings, game_id, 60)
    events = log(settings, game_id)
    public = told(page(client, f"/games/{game_id}/history"))
    own = {s: told(page(client, seat_link(settings, game_id, s) + "/history")) for s in NAMES}
    assert set(public) == {e.seq for e in events}

    assert (
        public[1]
        == "A game of Origin began for Ann, Bob and Cy, with 27 tribe pawns in the reserve"
    )
    dealt = next(e for e in events if e.type == ev.OBJECTIVES_DEALT)
    assert public[dealt.seq] == "Each player was dealt 3 objective cards to keep one"
    mine = [CARDS[c].name for c in dealt.payload["hands"]["p1"]]
    assert own["p1"][dealt.seq].endswith(f"Ann was dealt “{mine[0]}”, “{mine[1]}” and “{mine[2]}”")
    kept = {e.payload["seat"]: e for e in events if e.type == ev.OBJECTIVE_KEPT}
    assert own["p1"][kept["p1"].seq] == (
        f"Ann kept the objective “{CARDS[kept['p1'].payload['card']].name}” "
        f"({CARDS[kept['p1'].payload['card']].points} points)"
    )
    assert own["p1"][kept["p2"].seq] == "Bob kept one of the objectives dealt to them"
    assert public[kept["p1"].seq] == "Ann kept one of the objectives dealt to them"

    draws = [e for e in events if e.type in DRAWS]
    assert draws, "sixty decisions of bots draw cards"
    for e in draws:
        drawer = e.payload["seat"]
        name = NAMES[drawer]
        cards = e.payload.get("cards") or [e.payload["card"]]
        for reader, lines in [*((s, own[s]) for s in NAMES if s != drawer), (None, public)]:
            assert not any(CARDS[c].name in lines[e.seq] for c in cards), (reader, e.payload)
        if e.type == ev.CARD_DRAWN:
            assert own[drawer][e.seq] == f"{name} drew {_name(e.payload['card'])}"
            article = "a" if e.payload["deck"] == "permanent" else "an"
            assert public[e.seq] == f"{name} drew {article} {e.payload['deck']} card"

    for e in events:
        if e.type.startswith("table."):
            continue
        assert public[e.seq] != humanise(e.type), "an event told by its type"
        if e.type in (ev.AWAITING, ev.TURN_ENDED, ev.ACTION_CHOSEN, ev.REWARD_CHOSEN):
            assert public[e.seq] == f"({GAME.events.name(e.type)}: bookkeeping)"
    moved = [e for e in events if e.type in (ev.PAWN_PLACED, ev.PAWN_MIGRATED, ev.PAWNS_SWAPPED)]
    assert moved and all(public[e.seq].startswith(NAMES[e.payload["seat"]]) for e in moved)


def test_a_finished_origin_history_names_every_card_and_tells_who_won(client, settings):
    game_id = new_origin(settings)
    for seat in ("p1", "p2", "p3"):
        decide(settings, game_id, seat)
    bot_plays(settings, game_id, 2_000)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        assert loaded.row.over
        result = GAME.outcome(loaded.state)
    events = log(settings, game_id)
    public = told(page(client, f"/games/{game_id}/history"))
    ended = public[events[-1].seq]
    first = result["ranking"][0]
    score = result["scores"][first[0]]
    won = f"won with {score} points" if len(first) == 1 else f"share the win with {score} points"
    assert ended.startswith("The game ended, as ") and won in ended
    assert all(NAMES[seat] in ended.split(": ", 1)[1] for seat in first)
    trigger = next(e for e in events if e.type == ev.END_TRIGGERED)
    assert public[trigger.seq].startswith(f"{NAMES[trigger.payload['seat']]} triggered the end")
    for e in events:
        if e.type == ev.CARD_DRAWN:
            drawer = NAMES[e.payload["seat"]]
            assert public[e.seq] == f"{drawer} drew {_name(e.payload['card'])}", "all is shown"
        if e.type == ev.CARD_KEPT:
            assert CARDS[e.payload["card"]].name in public[e.seq]
