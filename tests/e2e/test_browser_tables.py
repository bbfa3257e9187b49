"""Open tables in a real browser on a phone's screen (issue 35 §5): a table opened from the
home page's form, found on the open tables page, joined by a stranger whose seat is taken
only from the link emailed to them, and a seat taken from the creator's invitation link and
left again. Every page on the way, in English and in two other languages, at 375 px: axe
finds no violation of serious or critical impact (as on every other page,
tests/e2e/test_accessibility.py), nothing is wider than the phone, every form field has a
label, and a hostile name is shown as the text it is (no element made of it, no dialog)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.e2e import chromium
from tests.e2e.test_accessibility import report, violations
from tests.helpers import URL, text_of

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = [*chromium.MARKS, pytest.mark.usefixtures("regulars")]
PHONE = {"width": 375, "height": 812}
ANN, BOB, CY = "ann@example.org", "bob@example.org", "cy@example.org"
HOSTILE = '"><img src=x onerror=alert(1)>Bob'
"""A name that would make an element of itself in text and in an attribute's value."""
LANGUAGES = ["en", "uk", "ja"]

UNLABELLED = """() => [...document.querySelectorAll('input, select, textarea')]
    .filter(e => !['hidden', 'submit', 'button', 'reset'].includes(e.type))
    .filter(e => !(e.labels && e.labels.length)
        && !(e.getAttribute('aria-label') || '').trim()
        && !e.getAttribute('aria-labelledby'))
    .map(e => e.outerHTML.slice(0, 160))"""
"""The form fields with neither a <label> nor a name of their own."""

WIDEST = """limit => [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > limit + 1)
    .slice(0, 5)
    .map(e => `${Math.round(e.getBoundingClientRect().right)} px: ${e.outerHTML.slice(0, 120)}`)"""
"""What sticks out past the phone's right edge, to say why a page is too wide."""


class Phone:
    """A page of a headless chromium at 375 px, and what every page it shows must pass."""

    def __init__(self, page: Any, language: str) -> None:
        self.page = page
        self.language = language
        self.failures: list[str] = []
        self.checked: list[str] = []
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.console: list[str] = []
        self.refusals: set[str] = set()
        """Addresses whose answer is meant to be a refusal (a form said what is wrong)."""
        page.on("dialog", self._dialog)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", lambda m: self.console.append(m.text))
        page.on(
            "response",
            lambda r: (
                self.errors.append(f"{r.status} {r.url}")
                if r.status >= 400
                and not r.url.endswith("/favicon.ico")
                and not (r.status == 400 and r.url in self.refusals)
                else None
            ),
        )

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def follow(self, click) -> None:
        """Click, and wait until the page it leads to has loaded (never read the old one)."""
        with self.page.expect_navigation(wait_until="load"):
            click()

    def goto(self, url: str) -> None:
        response = self.page.goto(url, wait_until="load")
        assert response is not None and response.status == 200, (url, response and response.status)

    def check(self, where: str, *, named: bool = False) -> None:
        """The page shown now, in the phone's language: wide enough, labelled, axe clean,
        and the hostile name (where ``named``, shown) never markup."""
        page = self.page
        where = f"{where} [{self.language}] ({page.url})"
        self.checked.append(where)
        assert page.get_attribute("html", "lang") == self.language, where
        wide = page.evaluate("document.documentElement.scrollWidth")
        if wide > PHONE["width"] + 1:
            sticking = page.evaluate(WIDEST, PHONE["width"])
            self.failures.append(f"{where}: {wide} px wide: {sticking}")
        unlabelled = page.evaluate(UNLABELLED)
        if unlabelled:
            self.failures.append(f"{where}: fields without a label: {unlabelled}")
        injected = page.locator("img[src=x], img[onerror]").count()
        if injected:
            self.failures.append(f"{where}: the hostile name made {injected} element(s)")
        if named and HOSTILE not in page.inner_text("main"):
            self.failures.append(f"{where}: the hostile name is not shown as its text")
        found = violations(page)
        if found:
            self.failures.append(report(where, found))

    def verdict(self) -> None:
        assert not self.failures, "\n".join(self.failures)
        assert not self.dialogs, f"a name ran as script: {self.dialogs}"
        assert not self.errors, self.errors
        assert not [m for m in self.console if "Content Security Policy" in m], self.console


@pytest.fixture(params=LANGUAGES)
def phone(request, live):
    """A phone whose reader chose ``language`` with the switcher (its cookie kept)."""
    from playwright.sync_api import sync_playwright

    server, _settings = live
    with sync_playwright() as p:
        browser = chromium.launch(p)
        page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True)
        shown = Phone(page, request.param)
        shown.goto(f"{server.url}/?lang={request.param}")
        yield shown
        browser.close()


def seat_link(smtp, work, address: str) -> str:
    """The seat's link in the last email to ``address``, once the worker has sent it (the
    server enqueues it once its answer is on its way: wait for the queue to have it)."""
    deadline = time.monotonic() + 30
    while True:
        work()
        found = [
            link
            for message in smtp.to(address)
            for link in URL.findall(text_of(message))
            if "/tables/seat/" in link
        ]
        if found:
            return found[-1]
        assert time.monotonic() < deadline, f"no seat's link was emailed to {address}"
        time.sleep(0.2)


def open_table(phone: Phone, game: str, seats: int) -> list[str]:
    """Ann opens a listed table of ``game`` with ``seats`` open seats from the home page's
    form; the page that follows gives her invitation links, one per open seat."""
    page = phone.page
    phone.check("home, the new game form with its open seats")
    page.select_option("#game", game)
    page.fill("#player-1", f"Ann <{ANN}>")
    page.fill("#open_seats", str(seats))
    assert page.is_checked("#open-table input[name=listed]"), "listed unless unticked"
    phone.follow(lambda: page.click("#new-game-form button[type=submit]"))
    assert page.locator("#created[role=status]").count() == 1, page.content()
    invitations = page.locator("ul.invitations input")
    assert invitations.count() == seats
    # Listed: the page does not also say the table takes players by invitation only.
    assert not page.locator("main > p.card").all_inner_texts()
    phone.check("the table just opened, with its invitation links")
    return [invitations.nth(i).input_value() for i in range(seats)]


def ask_for_a_seat(phone: Phone, name: str, address: str) -> None:
    """On a table's page (or an invitation's): a wrong address first, which the form says
    is wrong, keeping the name as typed; then the right one, and the page says to read the
    email (the seat is taken only from its link)."""
    page = phone.page
    assert page.input_value("#language") == phone.language, "the reader's language first"
    page.fill("#name", name)
    page.fill("#email", "not an address")
    # The server's answer to a wrong form, as a browser that checks nothing gets it.
    page.locator("#join-form").evaluate("form => { form.noValidate = true; }")
    phone.refusals.add(page.locator("#join-form").evaluate("form => form.action"))
    with page.expect_navigation(wait_until="load") as refused:
        page.click("#join-form button[type=submit]")
    assert refused.value is not None and refused.value.status == 400
    assert page.locator("#form-error[role=alert]").count() == 1, page.content()
    assert page.input_value("#name") == name, "what was typed is kept, as text"
    phone.check("the join form saying what is wrong")
    page.fill("#email", address)
    phone.follow(lambda: page.click("#join-form button[type=submit]"))
    assert page.locator("p.card[role=status]").count() == 1, page.content()
    assert address in page.inner_text("main")
    phone.check("asked: check your email")


def test_a_stranger_joins_a_listed_table_from_the_open_tables_page_on_a_phone(
    live, smtp, work, phone
):
    server, _settings = live
    page = phone.page
    phone.goto(f"{server.url}/")
    open_table(phone, "tictactoe", 1)

    phone.goto(f"{server.url}/tables")
    tables = page.locator("ul.tables > li")
    assert tables.count() == 1
    assert "Ann" in tables.inner_text() and ANN not in page.content()
    phone.check("the open tables page")
    phone.follow(tables.locator("h2 a").click)
    table_url = page.url
    assert page.locator("#join-form input[name=csrf_token]").count() == 1
    phone.check("a table's page and its join form")

    ask_for_a_seat(phone, HOSTILE, BOB)
    phone.goto(table_url)
    left = page.locator("dl.facts dd").nth(2).inner_text()
    assert "1" in left and "2" in left, f"one of two seats open until Bob follows it: {left}"
    assert HOSTILE not in page.inner_text("dl.facts")

    link = seat_link(smtp, work, BOB)
    phone.goto(link)
    assert page.locator("form[action$='/confirm'] button").count() == 1
    phone.check("the emailed seat's page: take it", named=True)
    phone.follow(lambda: page.click("form[action$='/confirm'] button"))
    assert page.locator("p.card[role=status]").count() == 1
    game = page.locator(f"main a[href='{server.url}/games/{table_url.rsplit('/', 1)[1]}']")
    assert game.count() == 1, "the last seat taken: the game has started"
    phone.check("the last seat taken, the game started", named=True)

    phone.follow(game.click)
    assert "/games/" in page.url
    assert HOSTILE in page.inner_text("main"), "the game names its players as they wrote"
    assert page.locator("img[src=x]").count() == 0
    phone.goto(f"{server.url}/tables")
    assert page.locator("ul.tables > li").count() == 0, "a started table waits no more"
    phone.check("the open tables page, empty")
    phone.verdict()


def test_an_invited_player_takes_a_seat_at_a_table_of_three_and_leaves_it_on_a_phone(
    live, smtp, work, phone
):
    server, _settings = live
    page = phone.page
    phone.goto(f"{server.url}/")
    invitations = open_table(phone, "origin", 2)

    phone.goto(invitations[0])
    assert page.locator("#join-form").count() == 1
    assert page.locator("#join-form input[name=csrf_token]").count() == 0, "the link is the key"
    phone.check("an invitation's page and its join form")
    ask_for_a_seat(phone, HOSTILE, CY)

    link = seat_link(smtp, work, CY)
    phone.goto(link)
    phone.check("the invited seat's page: take it", named=True)
    phone.follow(lambda: page.click("form[action$='/confirm'] button"))
    assert page.locator("p.card[role=status]").count() == 1
    assert page.locator("form[action$='/leave'] button").count() == 1, "not started: leave"
    phone.check("the seat taken, the table still waiting", named=True)

    phone.goto(f"{server.url}/tables")
    phone.check("the open tables page, an invited player seated", named=True)
    phone.follow(page.locator("ul.tables h2 a").click)
    phone.check("a table's page, an invited player seated", named=True)

    phone.goto(link)
    phone.follow(lambda: page.click("form[action$='/leave'] button"))
    assert page.locator("p.card[role=status]").count() == 1
    assert page.locator("main form").count() == 0, "no seat left to take or leave"
    phone.check("the table left")
    phone.goto(link)
    assert page.locator("main a[href^='/tables/']").count() >= 1, "back to the table"
    phone.check("the seat's page once left")
    phone.goto(f"{server.url}/tables")
    assert HOSTILE not in page.inner_text("ul.tables"), "the seat is open again"
    phone.verdict()
