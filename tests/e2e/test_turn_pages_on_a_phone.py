"""Turn pages on a phone (issue 20), measured in Debian's Chromium at 375 px: the decision
comes first, so the first choice of every game's turn page is within the first 900 px;
the board's panels are not said twice unless asked; the picture can be zoomed and panned
with the script the page serves under its strict CSP."""

from __future__ import annotations

import random

import pytest

from engine import registry
from service.links import urls as links
from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from tests.e2e import chromium
from tests.helpers import play_now

pytestmark = chromium.MARKS
PHONE = {"width": 375, "height": 740}
FOLD = 900
PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>", "Cy <cy@example.org>"]
MOMENTS = (0, 25)
"""Random moves made before the page is measured: the opening, and a game well under way
(more on the board, longer panels, longer lists of options)."""


def turn_page(settings, name: str, moves: int) -> str:
    """The turn page of the seat to act after ``moves`` random moves of a new game."""
    game_id = played(settings, name, moves)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        seat = sorted(loaded.game.to_act(loaded.state))[0]
        return links.decision_url(settings, loaded, seat)


def played(settings, name: str, moves: int) -> str:
    """A new game of ``name`` after ``moves`` random moves."""
    game = registry.get(name)
    players = PLAYERS[: max(2, game.min_players)][: game.max_players]
    rng = random.Random(5)
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, name, players).loaded.row.id
    for _ in range(moves):
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            acting = sorted(loaded.game.to_act(loaded.state))
            if loaded.game.name == "tictactoe" and loaded.seq > 6:
                break  # a longer game of tic-tac-toe may be over: nothing left to decide
            move = rng.choice(loaded.game.legal_moves(loaded.state, acting[0]))
            play_now(s, game_id, acting[0], move, loaded.turn_seq, settings.snapshot_every)
    return game_id


FIRST_CHOICE = "#decision button[name=move], #decision details.group > summary"


@pytest.fixture
def phone():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = chromium.launch(p)
        page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on(
            "response",
            lambda r: (
                errors.append(f"{r.status} {r.url}")
                if r.status >= 400 and not r.url.endswith("/favicon.ico")
                else None
            ),
        )
        yield page, errors
        browser.close()


@pytest.mark.parametrize("name", ["origin", "origins-first-builders", "orichalk", "tictactoe"])
def test_the_first_choice_of_every_games_turn_page_is_within_900_px_on_a_phone(live, phone, name):
    _server, settings = live
    page, errors = phone
    for moves in MOMENTS:
        page.goto(turn_page(settings, name, moves), wait_until="load")
        first = page.locator(FIRST_CHOICE).first
        top = first.evaluate("e => e.getBoundingClientRect().top + window.scrollY")
        assert top < FOLD, f"{name} after {moves} moves: the first choice is at {top:.0f} px"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1, (
            f"{name}: nothing is wider than the phone"
        )
        panels = page.locator("#panels")
        if page.locator("figure.board svg").count():
            assert panels.evaluate("e => e.tagName") == "DETAILS", "the panels wait to be asked"
            assert not panels.evaluate("e => e.open")
    assert not errors, errors


def test_a_board_is_zoomed_and_panned_by_its_viewbox_and_reset_to_the_whole(live, phone):
    _server, settings = live
    page, errors = phone
    page.goto(turn_page(settings, "origin", 0), wait_until="load")
    svg = page.locator("figure.board svg")
    whole = svg.get_attribute("viewBox")
    zoom = page.locator("figure.board [data-zoom]")
    assert zoom.is_visible(), "the script ran under the page's CSP and showed the buttons"
    zoom.locator("[data-zoom-act=in]").click()
    zoomed = [float(n) for n in (svg.get_attribute("viewBox") or "").split()]
    w0 = [float(n) for n in (whole or "").split()]
    assert zoomed[2] == pytest.approx(w0[2] / 2), "twice as close: half the width shown"
    box = svg.bounding_box()
    assert box
    page.mouse.move(box["x"] + 150, box["y"] + 60)
    page.mouse.down()
    page.mouse.move(box["x"] + 50, box["y"] + 60, steps=5)
    page.mouse.up()
    panned = [float(n) for n in (svg.get_attribute("viewBox") or "").split()]
    assert panned[0] > zoomed[0], "dragging left shows what is to the right"
    zoom.locator("[data-zoom-act=reset]").click()
    assert (
        svg.get_attribute("viewBox") == " ".join(str(int(n)) for n in w0)
        or [float(n) for n in (svg.get_attribute("viewBox") or "").split()] == w0
    )
    assert not errors, errors


def test_the_boards_text_alternative_says_whose_turn_it_is_not_the_board(live, phone):
    _server, settings = live
    page, _errors = phone
    page.goto(turn_page(settings, "orichalk", 0), wait_until="load")
    label = page.locator("figure.board > div[role=img]").get_attribute("aria-label") or ""
    assert "Orichalk" in label and "to play" in label, label
    assert label.strip() != "The board"


def test_no_page_of_a_game_is_wider_than_a_phone(live, phone):
    """Home, game, history (its table scrolls inside its own box), replay and seat pages."""
    server, settings = live
    page, errors = phone
    game_id = played(settings, "origins-first-builders", 25)
    with sessions(settings.database_url)() as s:
        seat = links.seat_url(settings, eventstore.load(s, game_id), "p1").split("#")[0]
    for path in (
        "/",
        f"/games/{game_id}",
        f"/games/{game_id}/history",
        f"/games/{game_id}/history?all=1",
        f"/games/{game_id}/replay/30",
        seat.removeprefix(settings.base_url),
    ):
        page.goto(server.url + path, wait_until="load")
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= PHONE["width"] + 1, f"{path} is {wide} px wide"
    assert not errors, errors
