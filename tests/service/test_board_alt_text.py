"""The board's text alternative on web pages (issue 20): what the picture shows, in
words (the game, whose turn, the scores at the end), never "The board"; and the panels
that repeat the picture wait behind a disclosure."""

from __future__ import annotations

import html
import re

from service.links import urls as links
from service.store import eventstore
from service.store.db import sessions
from tests.service.test_history import finish, new_origin, play_on

LABEL = re.compile(r'<div class="picture" role="img" aria-label="([^"]*)">\s*<svg')


def alt(page: str) -> str:
    found = LABEL.search(page)
    assert found, "the picture is named by its aria-label"
    return html.unescape(found.group(1))


def test_the_game_pages_picture_says_the_game_the_event_and_whose_turn(client, settings):
    game_id = new_origin(settings)
    play_on(settings, game_id, 3)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        deciding = {x.name for x in loaded.row.seats if x.seat in loaded.game.to_act(loaded.state)}
    said = alt(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert said.startswith(f"The board of Origin as every spectator sees it at event {loaded.seq}")
    assert all(name in said for name in deciding) and "to play. " in said


def test_a_pictures_words_give_the_scores_its_view_shows_and_the_decision(client, settings):
    game_id = new_origin(settings)
    play_on(settings, game_id, 3)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        seat = sorted(loaded.game.to_act(loaded.state))[0]
        url = links.decision_url(settings, loaded, seat)
        view = loaded.game.view(loaded.state, seat)
        names = {x.seat: x.name for x in loaded.row.seats}
    said = alt(client.get(url.removeprefix(settings.base_url)).get_data(as_text=True))
    scores = [f"{names[s]} {p['score']}" for s, p in view["players"].items()]
    assert "Scores so far: " in said and all(score in said for score in scores), said
    assert said.endswith(str(view["prompt"])), said
    watched = alt(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Scores so far: " in watched and all(score in watched for score in scores)


def test_a_turn_pages_picture_says_whose_eyes_it_is_seen_through(client, settings):
    game_id = new_origin(settings)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        seat = sorted(loaded.game.to_act(loaded.state))[0]
        url = links.decision_url(settings, loaded, seat)
        name = next(x.name for x in loaded.row.seats if x.seat == seat)
    page = client.get(url.removeprefix(settings.base_url)).get_data(as_text=True)
    assert f"as {name} sees it" in alt(page)
    assert re.search(r'<details class="card" id="panels"><summary>Show the board as text', page)
    assert page.index('id="decision"') < page.index('id="board"'), "the decision comes first"


def test_a_finished_games_picture_gives_every_score(client, settings):
    game_id = new_origin(settings)
    finish(settings, game_id)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    said = alt(page)
    assert said.startswith("The board of Origin at its end. Scores: ")
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        scores = loaded.game.outcome(loaded.state)["scores"]
        names = {x.seat: x.name for x in loaded.row.seats}
    for seat, score in scores.items():
        assert f"{names[seat]} {score}" in said


def test_the_replay_names_the_step_its_picture_shows(client, settings):
    game_id = new_origin(settings)
    play_on(settings, game_id, 2)
    said = alt(client.get(f"/games/{game_id}/replay/3").get_data(as_text=True))
    assert said.startswith("The board of Origin after event 3 of ")


def test_a_pictures_words_are_in_the_readers_language(client, settings):
    game_id = new_origin(settings)
    play_on(settings, game_id, 3)
    said = alt(client.get(f"/games/{game_id}?lang=ja").get_data(as_text=True))
    assert "オリジン" in said and "現在の得点: " in said and "Scores" not in said, said
