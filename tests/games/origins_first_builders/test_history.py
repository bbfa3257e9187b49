"""Origins: First Builders in the history and the replay viewer (issue 9): each player reads
their own decisions in words, a replay step shows the picture of that moment, and after the
end every seat's view can be replayed."""

from __future__ import annotations

import re
from html import unescape

from markupsafe import escape

from engine import registry
from service import boards
from service.audit import history
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from tests.helpers import play_now
from tests.service.test_history import page, seat_link

GAME = registry.get("origins-first-builders")
PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]


def new_game(settings) -> str:
    with sessions(settings.database_url).begin() as s:
        return create_game(s, "origins-first-builders", PLAYERS).loaded.row.id


def bot_plays(settings, game_id: str, decisions: int) -> list[tuple[str, str]]:
    """The engine's bot decides for whoever must act; returns (seat, label) of each move."""
    made = []
    for _ in range(decisions):
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            acting = sorted(GAME.to_act(loaded.state))
            if not acting:
                break
            move = GAME.bot_move(loaded.state, acting[0])
            made.append((acting[0], GAME.describe(loaded.state, move)))
            play_now(s, game_id, acting[0], move, loaded.turn_seq, settings.snapshot_every)
    return made


def test_a_player_reads_their_own_decisions_in_words_and_the_others_public_effects(
    client, settings
):
    game_id = new_game(settings)
    made = bot_plays(settings, game_id, 40)
    mine = {label for seat, label in made if seat == "p1"}
    theirs = {label for seat, label in made if seat == "p2"} - mine
    assert mine and theirs
    own = page(client, seat_link(settings, game_id, "p1") + "/history")
    for label in mine:
        assert f"<strong>{escape(label)}</strong>" in own
    for label in theirs:
        assert f"<strong>{escape(label)}</strong>" not in own
    public = page(client, f"/games/{game_id}/history")
    assert re.search(r"(Ann|Bob) took the \w+ \d as a starting citizen", public)
    assert "<strong>" not in public.split("<table", 1)[1], "no decision in words for a spectator"


def test_a_replay_step_shows_the_picture_of_that_moment(client, settings):
    game_id = new_game(settings)
    bot_plays(settings, game_id, 30)
    with sessions(settings.database_url)() as s:
        record = history.load(s, game_id)
    for step in (record.last // 2, record.last):
        html = page(client, f"/games/{game_id}/replay/{step}")
        view, names = record.board_view(step, None), record.holders[step - 1]
        expected = boards.render("origins-first-builders", view, "svg", names)
        assert expected.svg and expected.svg in html
        assert "Contact zones" in html and "War track" in html
    own = page(client, seat_link(settings, game_id, "p2") + f"/replay/{record.last}")
    assert "you are Bob" in own


def test_after_the_end_any_seats_view_is_replayed_with_its_picture(client, settings):
    game_id = new_game(settings)
    bot_plays(settings, game_id, 5000)
    with sessions(settings.database_url)() as s:
        record = history.load(s, game_id)
        assert eventstore.load(s, game_id).row.over
    html = page(client, f"/games/{game_id}/replay/{record.last // 3}?seat=p2")
    assert "you are Bob" in html
    final = page(client, f"/games/{game_id}/replay/{record.last}")
    assert "Game over:" in final
    public = page(client, f"/games/{game_id}/history")
    assert "The game ended (" in public


def told(html: str) -> list[str]:
    """What each row of a history page says happened, as a reader reads it."""
    cells = re.findall(r'<tr id="e\d+"[^>]*>(?:\s*<td.*?</td>){4}\s*<td>(.*?)</td>', html, re.S)
    texts = []
    for cell in cells:
        cell = re.sub(
            r"<details>.*?</details>|<strong>.*?</strong><br>|<em>decided:</em>", "", cell
        )
        texts.append(unescape(re.sub(r"<[^>]+>", "", cell)).strip())
    return texts


def test_the_history_tells_each_event_in_the_games_words_with_the_players_names(client, settings):
    game_id = new_game(settings)
    bot_plays(settings, game_id, 40)
    unfinished = told(page(client, f"/games/{game_id}/history"))
    assert unfinished[0] == "A game of Origins: First Builders began for Ann and Bob"
    assert "The building tiles were shuffled face down into 5 stacks by colour, 15 tiles each" in (
        unfinished
    )
    drafted = [t for t in unfinished if t.endswith(" as a starting citizen")]
    assert len(drafted) == 4 and all(
        t.startswith(("Ann took the ", "Bob took the ")) for t in drafted
    )
    assert any(re.fullmatch(r"(Ann|Bob) sent .+ to zone \d.*", t) for t in unfinished)
    assert "(turn started: bookkeeping)" in unfinished, "bookkeeping keeps its numbered row"
    every = [t for t in unfinished if not t.endswith(": bookkeeping)")]
    assert not any(re.search(r"\bp[12]\b", t) for t in every), "players are named, not seats"

    bot_plays(settings, game_id, 5000)
    finished = told(page(client, f"/games/{game_id}/history"))
    with sessions(settings.database_url)() as s:
        outcome = GAME.outcome(eventstore.load(s, game_id).state)
    assert outcome is not None
    names = {"p1": "Ann", "p2": "Bob"}
    winner = outcome["ranking"][0]
    points = outcome["scores"][winner[0]]
    ending = finished[-1]
    assert ending.startswith("The game ended (")
    if len(winner) == 1:
        assert f"{names[winner[0]]} won with {points} points" in ending
    else:
        assert f"shared the win with {points} points" in ending
    assert finished[: len(unfinished)] == unfinished, "the end changes no earlier sentence"
