"""The history page (issue 5): every event numbered, timed, with its player and a
description; each player reads only what their view allows until the end, then everything."""

from __future__ import annotations

import random
import re
from html import unescape

from sqlalchemy import select

from engine.games.origin.components import OBJECTIVE_CARDS
from service.links import tokens
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from tests.helpers import play_now
from tests.service.test_eventstore import play

ORIGIN_PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>", "Cy <cy@example.org>"]
ROW = re.compile(r'<tr id="e(\d+)"')


def seat_link(settings, game_id: str, seat: str, generation: int = 0) -> str:
    return f"/seat/{tokens.seat_token(settings.secret_key, game_id, seat, generation)}"


def new_origin(settings, players=ORIGIN_PLAYERS) -> str:
    with sessions(settings.database_url).begin() as s:
        return create_game(s, "origin", players).loaded.row.id


def decide(settings, game_id: str, seat: str, choose=None) -> dict:
    """``seat`` makes one decision (the first legal move, or ``choose(moves)``)."""
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        moves = loaded.game.legal_moves(loaded.state, seat)
        move = choose(moves) if choose else moves[0]
        play_now(
            s,
            game_id,
            seat,
            move,
            loaded.turn_seq,
            settings.snapshot_every,
            generation=loaded.table.generation(seat),
        )
    return move


def play_on(settings, game_id: str, decisions: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    for _ in range(decisions):
        with sessions(settings.database_url)() as s:
            loaded = eventstore.load(s, game_id)
            acting = sorted(loaded.game.to_act(loaded.state))
        if not acting:
            return
        decide(settings, game_id, rng.choice(acting), rng.choice)


def dealt(settings, game_id: str) -> dict[str, set[str]]:
    """The objectives each Origin seat was dealt to choose from (names)."""
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        return {
            seat: {c["name"] for c in loaded.game.view(loaded.state, seat)["choosing"]}
            for seat in ("p1", "p2", "p3")
            if loaded.game.view(loaded.state, seat).get("choosing")
        }


OLDER = re.compile(r'<a href="([^"]+)">Older events')


def page(client, url: str) -> str:
    """The history's full audit view (``all=1``): every row of the log, its pages read from
    the newest back to the first by their "Older events" links and given oldest first."""
    history = url.endswith("/history") or "/history?" in url
    if history:
        url += ("&" if "?" in url else "?") + "all=1"
    pages: list[str] = []
    while url:
        response = client.get(url)
        assert response.status_code == 200, response.get_data(as_text=True)
        pages.append(response.get_data(as_text=True))
        older = OLDER.search(pages[-1]) if history else None
        url = unescape(older.group(1)) if older else None
    return "".join(reversed(pages))


def rows(html: str) -> list[int]:
    return [int(n) for n in ROW.findall(html)]


def finish(settings, game_id: str) -> None:
    play_on(settings, game_id, 10_000)


def test_every_event_is_listed_with_its_number_time_player_and_turn(client, settings):
    game_id = play(settings, 4)
    html = page(client, f"/games/{game_id}/history")
    with sessions(settings.database_url)() as s:
        events = eventstore.events_of(s, game_id)
    assert rows(html) == [e.seq for e in events]
    first_move = next(e for e in events if e.move)
    assert first_move.recorded_at.strftime("%Y-%m-%d %H:%M:%S") in html
    # Given without names: each player is their seat's number (issue 30), not their address.
    assert "Player 1 (seat 1)" in html and "Player 2 (seat 2)" in html
    assert "ann" not in html and "bob" not in html
    assert "marked the" in html and "The coin gave the first turn to" in html
    assert "Pace set: 3 days per decision" in html


def test_a_player_reads_their_own_decisions_and_only_the_public_effect_of_the_others(
    client, settings
):
    game_id = play(settings, 2)
    with sessions(settings.database_url)() as s:
        events = eventstore.events_of(s, game_id)
    by_seat = {e.seat: e for e in events if e.move}
    assert set(by_seat) == {"p1", "p2"}
    with sessions(settings.database_url)() as s:
        game = eventstore.load(s, game_id).game
    labels = {}
    for seat, event in by_seat.items():
        before = game.replay([e.payload for e in events if e.seq < event.seq])
        labels[seat] = game.describe(before, event.move)
    mine = page(client, seat_link(settings, game_id, "p1") + "/history")
    assert labels["p1"] in mine and labels["p2"] not in mine
    public = page(client, f"/games/{game_id}/history")
    assert labels["p1"] not in public and labels["p2"] not in public
    assert public.count("<em>decided:</em>") == 2


def test_during_the_game_hashes_and_payloads_wait_for_the_end(client, settings):
    game_id = play(settings, 3)
    with sessions(settings.database_url)() as s:
        hashes = [e.hash for e in eventstore.events_of(s, game_id)]
    for url in (f"/games/{game_id}/history", seat_link(settings, game_id, "p1") + "/history"):
        html = page(client, url)
        assert not any(h in html for h in hashes)
        assert "<summary>payload</summary>" not in html


def test_after_the_end_everything_is_shown_to_everyone(client, settings):
    game_id = play(settings, 20)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        assert loaded.row.over
        events = eventstore.events_of(s, game_id)
    html = page(client, f"/games/{game_id}/history")
    assert all(e.hash in html for e in events)
    assert html.count("<summary>payload</summary>") == len(events)
    assert "<em>decided:</em>" not in html, "every decision is described"
    assert "Mark the" in html
    assert client.get(f"/games/{game_id}/log.jsonl").status_code == 200


def test_the_history_filters_by_seat_and_by_turn(client, settings):
    game_id = play(settings, 6)
    with sessions(settings.database_url)() as s:
        events = eventstore.events_of(s, game_id)
    url = f"/games/{game_id}/history"
    p1 = rows(page(client, f"{url}?seat=p1"))
    assert p1 == [e.seq for e in events if e.seat == "p1"]
    opening = rows(page(client, f"{url}?turn=0"))
    first_decision = min(e.seq for e in events if e.move)
    assert opening == list(range(1, first_decision))
    turn_one = rows(page(client, f"{url}?turn=1"))
    assert turn_one[0] == first_decision
    assert {events[n - 1].seat for n in turn_one} == {events[first_decision - 1].seat}
    assert rows(page(client, f"{url}?seat=p2&turn=1")) == [
        n for n in turn_one if events[n - 1].seat == "p2"
    ]
    assert client.get(f"{url}?turn=first").status_code == 400
    assert client.get(f"{url}?seat=p9").status_code == 400


def test_an_objective_dealt_to_one_player_appears_in_no_other_history_during_the_game(
    client, settings
):
    game_id = new_origin(settings)
    hands = dealt(settings, game_id)
    for seat in ("p1", "p2", "p3"):
        decide(settings, game_id, seat)
    for seat in ("p1", "p2", "p3"):
        own = page(client, seat_link(settings, game_id, seat) + "/history")
        assert any(name in own for name in hands[seat]), "a player reads the objective they kept"
        for other in ("p1", "p2", "p3"):
            if other != seat:
                assert not any(name in own for name in hands[other]), f"{other}'s hand leaked"
    # Later a returned objective may be drawn by another player, who then knows it; a
    # spectator reads no objective's name in the history while the game goes on, but those
    # completed (laid face up).
    play_on(settings, game_id, 30)
    public = page(client, f"/games/{game_id}/history")
    with sessions(settings.database_url)() as s:
        state = eventstore.load(s, game_id).state
    face_up = {c for p in state.players for c in p.completed}
    assert not any(c.name in public for c in OBJECTIVE_CARDS if c.id not in face_up)


def test_table_events_read_as_sentences_and_a_taken_back_decision_is_marked(client, settings):
    from service.play import slowplay

    game_id = play(settings, 2)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        (waiting,) = loaded.game.to_act(loaded.state)
    other = "p1" if waiting == "p2" else "p2"
    names = {"p1": "Player 1", "p2": "Player 2"}
    with sessions(settings.database_url).begin() as s:
        slowplay.nudge(s, game_id, other, 0, waiting)
    decide(settings, game_id, waiting)
    with sessions(settings.database_url).begin() as s:
        slowplay.request_takeback(s, game_id, waiting, 0)
    with sessions(settings.database_url).begin() as s:
        slowplay.answer_takeback(s, game_id, other, 0, True)
    with sessions(settings.database_url)() as s:
        events = eventstore.events_of(s, game_id)
    undone = next(e for e in events if e.type == "table.taken_back").payload
    html = page(client, f"/games/{game_id}/history")
    assert f"{names[other]} nudged {names[waiting]}" in html
    assert f"{names[waiting]} asked to take back their last decision" in html
    assert f"{names[other]} agreed to the takeback" in html
    assert f"{names[waiting]}&#39;s last decision was taken back" in html
    marked = re.findall(r'<tr id="e(\d+)" class="undone', html)
    assert [int(n) for n in marked] == list(range(undone["first_seq"], undone["last_seq"] + 1))


def test_each_event_shows_who_held_the_seat_then_and_a_new_player_reads_only_their_own_stretch(
    client, settings
):
    game_id = play(settings, 2)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        (late,) = loaded.game.to_act(loaded.state)  # the coin's first player: moved once
    hand_over(settings, game_id, late, ("cy@example.org", "Cy"))
    play_on(settings, game_id, 2)
    with sessions(settings.database_url)() as s:
        events = eventstore.events_of(s, game_id)
        game = eventstore.load(s, game_id).game
    claim = next(e.seq for e in events if e.type == "table.seat_claimed")
    moves = [e for e in events if e.move and e.seat == late]
    before = [e for e in moves if e.seq < claim]
    after = [e for e in moves if e.seq > claim]
    assert before and after

    def label(event):
        return game.describe(
            game.replay(
                [e.payload for e in events if e.seq < event.seq and not e.type.startswith("table.")]
            ),
            event.move,
        )

    html = page(client, f"/games/{game_id}/history")
    number = late.removeprefix("p")
    assert f"Cy took over the seat of Player {number}" in html
    assert f"seat {late}" not in html and f"({late})" not in html, "issue 32 §1: no seat id"
    who = dict(re.findall(r'<tr id="e(\d+)".*?<td class="who">([^<]*)</td>', html, re.S))
    assert who[str(before[0].seq)] == f"Player {number} (seat {number})"
    assert who[str(after[0].seq)] == f"Cy (seat {number})"
    old = page(client, seat_link(settings, game_id, late, 0) + "/history")
    new = page(client, seat_link(settings, game_id, late, 1) + "/history")
    assert label(before[0]) in old and label(after[0]) not in old
    assert label(after[0]) in new and label(before[0]) not in new


def hand_over(settings, game_id: str, seat: str, newcomer: tuple[str, str]) -> None:
    """``seat`` goes quiet, every other player votes to hand it to ``newcomer`` (address,
    name), who takes it: through the service, as the seat page and the tick do."""
    from service.play import slowplay
    from service.store.models import SeatOfferRow

    with sessions(settings.database_url).begin() as s:
        slowplay.open_ballot(s, eventstore.load(s, game_id), seat)
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        number = loaded.table.ballot.number
        for voter in loaded.table.voters():
            slowplay.cast_vote(s, game_id, voter, 0, number, "replace", newcomer)
    with sessions(settings.database_url).begin() as s:
        offer = s.scalars(
            select(SeatOfferRow).where(SeatOfferRow.game_id == game_id, SeatOfferRow.seat == seat)
        ).first()
        slowplay.claim(s, offer.id)


def test_no_page_of_the_history_shows_a_players_email_address(client, settings):
    game_id = new_origin(settings)
    play_on(settings, game_id, 10)
    for url in (
        f"/games/{game_id}/history",
        seat_link(settings, game_id, "p1") + "/history",
        f"/games/{game_id}/replay/12",
        seat_link(settings, game_id, "p2") + "/replay/12",
        f"/games/{game_id}",
    ):
        html = page(client, url)
        assert "@example.org" not in html, url


def test_an_altered_seat_link_is_refused(client, settings):
    game_id = play(settings, 1)
    url = seat_link(settings, game_id, "p1")
    assert client.get(url[:-3] + "xyz/history").status_code == 403
    assert client.get(seat_link(settings, game_id, "p1", 3) + "/history").status_code == 403


def _ann_and_bob_one_move_in(client, settings) -> tuple[str, str]:
    """A game of Ann and Bob, the first player having marked the centre: (game, that seat)."""
    game_id = client.post(
        "/api/games",
        json={"game": "tictactoe", "players": ["Ann <ann@example.org>", "Bob <bob@example.org>"]},
    ).get_json()["id"]
    seat = client.get(f"/api/games/{game_id}").get_json()["to_act"][0]
    decide(settings, game_id, seat, lambda moves: {"type": "place", "cell": 4})
    return game_id, seat


def test_the_history_tells_each_event_in_the_games_words_with_the_players_names(client, settings):
    game_id, seat = _ann_and_bob_one_move_in(client, settings)
    page = client.get(f"/games/{game_id}/history?all=1").get_data(as_text=True)
    name = {"p1": "Ann", "p2": "Bob"}[seat]
    assert f"The coin gave the first turn to {name}" in page
    assert f"{name} marked the centre cell" in page
    assert "turn passed: bookkeeping" in page, "a bookkeeping event keeps its numbered row"


def test_bookkeeping_rows_can_be_hidden_and_every_other_row_stays(client, settings):
    game_id, _ = _ann_and_bob_one_move_in(client, settings)
    every = client.get(f"/games/{game_id}/history?all=1").get_data(as_text=True)
    quiet = client.get(f"/games/{game_id}/history?all=1&quiet=1").get_data(as_text=True)
    kept = set(ROW.findall(every))
    hidden = set(re.findall(r'<tr id="e(\d+)" class="[^"]*bookkeeping', every))
    assert hidden and "turn passed: bookkeeping" in every
    assert set(ROW.findall(quiet)) == kept - hidden
    assert "turn passed: bookkeeping" not in quiet and "marked the centre cell" in quiet
    assert f"Hide the {len(hidden)} bookkeeping row" in every


def test_by_default_the_history_tells_the_story_the_opening_each_move_and_the_end(client, settings):
    """Issue 20: the moves, not the bookkeeping; "show everything" keeps the audit view."""
    game_id = play(settings, 6)
    with sessions(settings.database_url)() as s:
        events = eventstore.events_of(s, game_id)
    url = f"/games/{game_id}/history"
    told = client.get(url).get_data(as_text=True)
    first_move = min(e.seq for e in events if e.move)
    moves = [e.seq for e in events if e.move and not e.payload["type"].startswith("table.")]
    shown = rows(told)
    assert set(moves) <= set(shown), "every move is in the story"
    assert [n for n in shown if n >= first_move] == moves, "after the opening, only moves"
    assert "turn passed: bookkeeping" not in told
    assert 'href="' + url + '?all=1"' in told
    everything = rows(page(client, url))
    assert everything == [e.seq for e in events], "show everything: every row of the log"
    assert len(shown) < len(everything)


def test_the_story_of_a_finished_game_ends_with_how_it_ended(client, settings):
    game_id = play(settings, 4)
    finish(settings, game_id)
    with sessions(settings.database_url)() as s:
        events = eventstore.events_of(s, game_id)
    shown = rows(client.get(f"/games/{game_id}/history").get_data(as_text=True))
    last_move = max(e.seq for e in events if e.move)
    assert shown[-1] > last_move, "the end of the game is told after the last move"
