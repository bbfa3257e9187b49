"""A player's desk in a real browser on a phone's screen (issue 20): ask for a link, open it
from the email, press Sign in, see every game, change a setting and act from the desk."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import select

from service.play.games import create_game
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow, SeatRow
from tests.e2e import chromium
from tests.helpers import URL, play_now, text_of

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = [*chromium.MARKS, pytest.mark.usefixtures("regulars")]
PHONE = {"width": 375, "height": 812}
ANN = "ann@example.org"


def follow(page, click) -> None:
    """Click, and wait until the page it leads to has loaded (never read the old one)."""
    with page.expect_navigation(wait_until="load"):
        click()


def fits(page) -> bool:
    """Nothing on the page is wider than the phone's screen (no sideways scrolling)."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def moves_by(settings, address: str) -> int:
    """Decisions recorded for the seats of ``address``, in every game."""
    with sessions(settings.database_url)() as s:
        seats = set(
            s.execute(select(SeatRow.game_id, SeatRow.seat).where(SeatRow.email == address))
        )
        events = s.scalars(select(EventRow)).all()
        return sum(1 for e in events if (e.game_id, e.seat) in seats and e.move is not None)


def ann_decides(s, game_id: str) -> None:
    """Where the coin gave the first turn to the other player, they take it: Ann then has
    a decision in every game, whoever the coin chose."""
    loaded = eventstore.load(s, game_id)
    (first,) = loaded.game.to_act(loaded.state)
    if {seat.seat: seat.email for seat in loaded.row.seats}[first] != ANN:
        move = loaded.game.legal_moves(loaded.state, first)[0]
        play_now(s, game_id, first, move, loaded.turn_seq)


def test_a_player_signs_in_from_the_email_and_uses_the_desk_on_a_phone(live, smtp, work):
    from playwright.sync_api import sync_playwright

    server, settings = live
    with sessions(settings.database_url).begin() as s:
        ids = [
            create_game(s, "tictactoe", [f"Ann <{ANN}>", "Bob <bob@example.org>"]).loaded.row.id,
            create_game(s, "tictactoe", ["Cy <cy@example.org>", f"Ann <{ANN}>"]).loaded.row.id,
        ]
        for game_id in ids:
            ann_decides(s, game_id)
    work()  # the invitations
    with sync_playwright() as p:
        browser = chromium.launch(p)
        page = browser.new_page(viewport=PHONE)
        console: list[str] = []
        page.on("console", lambda message: console.append(message.text))
        page.goto(f"{server.url}/")
        follow(page, page.locator("header a[href='/me']").click)
        assert fits(page)
        page.fill("input[name=email]", ANN)
        follow(page, lambda: page.click("form button[type=submit]"))
        assert "a link is on its way" in page.content()

        # The server enqueues the email once its answer is sent: wait for the queue to have it.
        deadline = time.monotonic() + 30
        while not [m for m in smtp.to(ANN) if "/me/sign-in/" in text_of(m)]:
            assert time.monotonic() < deadline, "the sign-in email never came"
            work()
            time.sleep(0.2)
        (message,) = [m for m in smtp.to(ANN) if "/me/sign-in/" in text_of(m)]
        (link,) = [u for u in URL.findall(text_of(message)) if "/me/sign-in/" in u]
        page.goto(link)
        assert fits(page)
        follow(page, lambda: page.click("button[type=submit]"))

        assert page.url == f"{server.url}/me"
        games = page.locator("li.game")
        assert games.count() == 2
        for game_id in ids:
            assert f"#{game_id}" in page.content()
        assert fits(page)

        page.select_option("#language-game", "")
        page.select_option("#desk-language", "es")
        follow(page, lambda: page.click("form[action='/me/language'] button"))
        assert page.locator("[role=status]").count() == 1
        assert page.input_value("#desk-language") == "es"

        decide = page.locator("a.button", has_text="Decide now")
        assert decide.count() >= 1
        follow(page, decide.first.click)
        assert "/act/" in page.url and fits(page)
        before = moves_by(settings, ANN)
        follow(page, page.locator("button[name=move]").first.click)
        assert moves_by(settings, ANN) == before + 1, "the decision made from the desk counts"
        page.goto(f"{server.url}/me")
        assert page.locator("li.game").count() == 2
        browser.close()
    assert not [m for m in console if "Content Security Policy" in m], console
