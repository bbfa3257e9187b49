"""The home page (issue 20): the new-game form built from each game's declared options,
each error beside its field and the form kept; the games anyone can watch, newest first,
a page at a time; the games one can start, each with its data page."""

from __future__ import annotations

import html
import re

from engine import registry
from service.store import eventstore
from service.store.db import sessions
from service.web import pages
from tests.helpers import submit_new_game

ANN_BOB = ["Ann <ann@example.org>", "Bob <bob@example.org>"]


def new(client, n: int = 1) -> list[str]:
    made = []
    for _ in range(n):
        body = {"game": "tictactoe", "players": ANN_BOB}
        made.append(client.post("/api/games", json=body).get_json()["id"])
    return made


def test_the_form_draws_a_games_declared_option_as_a_field_with_its_help_text(client):
    page = client.get("/").get_data(as_text=True)
    select = re.search(r'<select id="opt.tictactoe.marks_per_turn"[^>]*>(.*?)</select>', page, re.S)
    assert select, "tic-tac-toe's marks per turn is a list to choose from"
    assert re.findall(r'<option value="(\d)"', select.group(1)) == ["1", "2"]
    assert "each turn places this many marks" in page
    assert 'name="days"' in page and "How long each player has to decide" in page
    assert "can be played alone" in page, "First Builders has a solo mode"


def test_an_option_chosen_in_the_form_reaches_the_game_and_the_api_is_unchanged(client):
    form = {"game": "tictactoe", "player": ANN_BOB, "opt.tictactoe.marks_per_turn": "2"}
    made = submit_new_game(client, form)
    assert made.status_code == 303
    game_id = made.headers["Location"].split("/games/")[1].split("?")[0]
    settings = client.application.extensions["pbem"]
    with sessions(settings.database_url)() as s:
        assert eventstore.get_row(s, game_id).options == {"marks_per_turn": 2}
    api = client.post("/api/games", json={"game": "tictactoe", "players": ANN_BOB})
    assert api.status_code == 201


def test_a_wrong_field_says_why_beside_it_and_the_form_keeps_what_was_typed(client):
    form = {
        "game": "tictactoe",
        "player": ["ann@example.org"],
        "days": "99",
        "opt.tictactoe.marks_per_turn": "7",
        "timezone": "Europe/Madrid",
    }
    page = html.unescape(submit_new_game(client, form).get_data(as_text=True))
    assert 'id="days-error">A whole number from 1 to 60.' in page
    assert 'id="opt.tictactoe.marks_per_turn-error">Choose one of the values listed.' in page
    assert 'id="player-error">Tic-tac-toe is played by 2 players: give 2 addresses.' in page
    days = r'name="days"[^>]*value="99"[^>]*aria-describedby="days-help days-error"'
    assert re.search(days, page)
    assert 'value="ann@example.org"' in page and 'value="Europe/Madrid"' in page
    assert page.count('aria-invalid="true"') >= 3


def test_nothing_is_created_while_a_field_is_wrong(client):
    before = client.get("/").get_data(as_text=True).count('href="/games/')
    form = {"game": "tictactoe", "player": ANN_BOB, "remind_every_hours": "0"}
    assert submit_new_game(client, form).status_code == 400
    assert client.get("/").get_data(as_text=True).count('href="/games/') == before


def _watched(page: str) -> list[str]:
    listed = re.search(r'<ul id="watching"[^>]*>(.*?)</ul>', page, re.S)
    return re.findall(r'href="/games/([^"/]+)"', listed.group(1)) if listed else []


def test_the_home_page_lists_the_games_to_watch_newest_first_with_links(client):
    made = new(client, 3)
    page = client.get("/").get_data(as_text=True)
    assert _watched(page)[:3] == made[::-1]
    assert "played by Ann and Bob" in page


def test_the_games_to_watch_come_a_page_at_a_time_and_every_game_is_on_one_page(
    client, monkeypatch
):
    monkeypatch.setattr(pages, "WATCH_PAGE", 2)
    made = new(client, 5)
    seen: list[str] = []
    url = "/"
    while True:
        page = client.get(url).get_data(as_text=True)
        listed = _watched(page)
        assert len(listed) <= 2
        seen += listed
        older = re.search(r'href="(/\?before=\d+)#watch" rel="next"', page)
        if not older:
            break
        url = older.group(1)
    assert seen[:5] == made[::-1] and len(seen) == len(set(seen))


def test_every_game_one_can_start_is_listed_with_its_data_page(client):
    page = client.get("/").get_data(as_text=True)
    catalogue = re.search(r'<ul id="catalogue">(.*?)</ul>', page, re.S)
    assert catalogue
    for game in registry.GAMES.values():
        assert html.escape(game.title) in catalogue.group(1)
        if getattr(game, "data_page", None):
            assert f'href="/games/{game.name}/data"' in catalogue.group(1)
