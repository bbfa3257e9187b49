"""Origins: First Builders played by email (issue 9): the building stacks below their tops
never reach a player's email or page, the inline picture, the data page, the solo training
mode created from the API and the form, and a whole game through the emails' links."""

from __future__ import annotations

import io
import re
from typing import Any

from PIL import Image

from engine import registry
from engine.games.origins_first_builders.components import BUILDING
from engine.games.origins_first_builders.datapage import DATA_PAGE
from engine.games.origins_first_builders.rulings import RULINGS
from service import create_app
from service.present.presentation import move_key
from service.store import eventstore
from service.store.db import sessions
from tests.helpers import (
    URL,
    create_over_http,
    headline,
    html_of,
    http,
    option_links,
    page_options,
    path,
    play_now,
    public_state,
    rest_of_turn,
    submit_new_game,
    text_of,
)

GAME = registry.get("origins-first-builders")
NAME = "origins-first-builders"
PLAYERS = {"p1": "ann@example.org", "p2": "bob@example.org", "p3": "cy@example.org"}
CURRENT = re.compile(r'href="([^"]+/act/[^"]+)"[^>]*>Go to your current decision')
TURN_PAGE = re.compile(r"https?://\S+/act/\S+")


def _hidden(states: list[Any], seat: str | None) -> set[str]:
    """Building names lying only below a stack's face-up top: in no view the seat was given
    at any point of the game (a building comes in several copies, and a copy bought in
    public may have a twin still hidden in a stack)."""
    below = {BUILDING[k].name for stack in states[-1].stacks for k in stack[1:]}
    shown = "".join(repr(GAME.view(state, seat)) for state in states)
    return {name for name in below if name not in shown}


def _states(settings, game_id: str) -> list[Any]:
    """Every state the game has passed through, from its setup to now."""
    with sessions(settings.database_url)() as s:
        row = eventstore.get_row(s, game_id)
        return [
            eventstore.load_from_start(s, row, GAME, upto=seq).state
            for seq in range(1, row.last_seq + 1)
        ]


def _bot_moves(settings, game_id: str, decisions: int) -> None:
    for _ in range(decisions):
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            seat = sorted(GAME.to_act(loaded.state))[0]
            move = GAME.bot_move(loaded.state, seat)
            play_now(s, game_id, seat, move, loaded.turn_seq, settings.snapshot_every)


def test_no_email_or_page_shows_a_building_hidden_below_a_stacks_top(client, smtp, work, settings):
    game_id = client.post(
        "/api/games", json={"game": NAME, "players": list(PLAYERS.values())}
    ).get_json()["id"]
    _bot_moves(settings, game_id, 60)
    smtp.clear()
    work()
    states = _states(settings, game_id)
    seq = len(states)
    public = "".join(
        client.get(page).get_data(as_text=True)
        for page in (
            f"/games/{game_id}",
            f"/api/games/{game_id}",
            f"/games/{game_id}/history",
            f"/games/{game_id}/replay/{seq}",
        )
    )
    spectator = _hidden(states, None)
    assert len(spectator) >= 3, "the stacks hide some buildings at this point"
    assert not any(name in public for name in spectator)
    checked = 0
    for seat, address in PLAYERS.items():
        hidden = _hidden(states, seat)
        shown = []
        for email in smtp.to(address):
            shown.append(text_of(email) + html_of(email))
            urls = [u for u in URL.findall(text_of(email)) if "/act/" in u or "/seat/" in u]
            shown += [client.get(path(u)).get_data(as_text=True) for u in urls[:3]]
        assert shown, f"{seat} was emailed"
        for text in shown:
            assert not any(name in text for name in hidden), f"a hidden building reached {seat}"
            checked += 1
    assert checked >= 6


def test_turn_emails_show_the_board_as_an_inline_png_referenced_by_content_id(client, smtp, work):
    client.post("/api/games", json={"game": NAME, "players": list(PLAYERS.values())[:2]})
    work()
    email = smtp.messages[0]
    images = [p for p in email.walk() if p.get_content_type() == "image/png"]
    assert len(images) == 1
    cid = images[0]["Content-ID"].strip("<>")
    assert f'src="cid:{cid}"' in html_of(email)
    picture = Image.open(io.BytesIO(images[0].get_content()))
    assert picture.format == "PNG" and picture.size[0] == 640 and picture.size[1] > 1000


def test_the_data_page_lists_the_provisional_values_with_their_provenance_and_the_rulings(
    client,
):
    page = client.get(f"/games/{NAME}/data")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    rows = [r for section in DATA_PAGE for r in section["rows"]]
    provisional = [r for r in rows if r["provenance"] == "PROVISIONAL"]
    assert len(provisional) >= 20
    assert f"{len(provisional)} values are provisional" in text
    for provenance in ("PROVISIONAL", "RULEBOOK", "SOURCE"):
        assert provenance in text
    assert text.count('<tr class="provisional">') == len(provisional)
    for section in DATA_PAGE:
        assert section["title"] in text.replace("&#39;", "'")
    for ruling in RULINGS:
        assert ruling["topic"].replace("'", "&#39;") in text


def _bot_key(settings, game_id: str):
    """A chooser for ``rest_of_turn``: the key of the move the engine's bot would make."""

    def choose(options: list[str]) -> str:
        with sessions(settings.database_url)() as s:
            loaded = eventstore.load(s, game_id)
            seat = sorted(GAME.to_act(loaded.state))[0]
            key = move_key(GAME.bot_move(loaded.state, seat))
        assert key in options
        return key

    return choose


def _bot_label(settings, game_id: str) -> str:
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        seat = sorted(GAME.to_act(loaded.state))[0]
        return GAME.describe(loaded.state, GAME.bot_move(loaded.state, seat))


def _follow(url: str, label: str) -> tuple[str, str]:
    """Open a one-click link, confirm it, and land on the next decision's page."""
    status, _, page = http("GET", url)
    assert status == 200 and f"Confirm: {label}" in page
    status, headers, _ = http("POST", url)
    assert status == 303
    status, _, page = http("GET", headers["Location"])
    assert status == 200
    return headers["Location"], page


def test_a_solo_game_is_created_from_the_api_and_from_the_form_and_played_by_email(
    live, smtp, work
):
    server, settings = live
    game_id = create_over_http(server.url, NAME, ["ann@example.org"])
    browser = create_app(settings).test_client()  # keeps the form's CSRF session cookie
    answer = submit_new_game(browser, {"game": NAME, "player": "Zoe <zoe@example.org>"})
    assert answer.status_code == 303, "the form accepts a single player"
    assert "solo game" in http("GET", f"{server.url}/")[2]
    work()
    for address in ("ann@example.org", "zoe@example.org"):
        (email,) = smtp.to(address)
        assert "your turn" in headline(email)
        assert "dummy" in text_of(email), "the solo war track's other disc"
        assert all(label.startswith(("Keep the", "Return the")) for label, _ in option_links(email))
    label = _bot_label(settings, game_id)
    url = next(u for lab, u in option_links(smtp.to("ann@example.org")[0]) if lab == label)
    url, page = _follow(url, label)
    assert page_options(page), "the solo game goes on straight from the page"
    decisions = 1 + rest_of_turn(url, page, _bot_key(settings, game_id))
    work()
    assert public_state(server.url, game_id)["over"]
    assert decisions > 100
    last = smtp.to("ann@example.org")[-1]
    assert "Game over" in headline(last) and "Final scores" in text_of(last)
    assert len(smtp.to("ann@example.org")) == 2, "one email to start, one at the end"


def test_a_whole_two_player_game_is_played_through_the_emails_links(live, smtp, work):
    """Each player follows the link of their newest email: the one-click option the bot
    would choose, or the turn page; the rest of the turn is played on the pages."""
    server, settings = live
    game_id = create_over_http(server.url, NAME, [PLAYERS["p1"], PLAYERS["p2"]])
    work()

    bot_key = _bot_key(settings, game_id)

    decisions = one_click = 0
    while not (state := public_state(server.url, game_id))["over"]:
        seat = state["to_act"][0]
        latest = smtp.to(PLAYERS[seat])[-1]
        links = option_links(latest)
        if links:
            label = _bot_label(settings, game_id)
            url = next(u for lab, u in links if lab == label)
            status, _, page = http("GET", url)
            if status == 200:
                url, page = _follow(url, label)
                decisions += 1
                one_click += 1
        else:
            url = TURN_PAGE.findall(text_of(latest))[0]
            status, _, page = http("GET", url)
        if status == 409:  # this email's decision is made; the page points to the current one
            url = CURRENT.search(page).group(1).replace("&amp;", "&")
            status, _, page = http("GET", url)
        assert status == 200, page
        decisions += rest_of_turn(url, page, bot_key)
        work()
        assert decisions < 3000
    assert one_click > 20 and decisions > 100
    for address in (PLAYERS["p1"], PLAYERS["p2"]):
        last = smtp.to(address)[-1]
        assert "Game over" in headline(last)
        assert "Final scores" in text_of(last)
        assert [p for p in last.walk() if p.get_content_type() == "image/png"]
    outcome = public_state(server.url, game_id)["outcome"]
    assert outcome["ranking"] and set(outcome["scores"]) == {"p1", "p2"}
