"""Every page passes axe-core (issue 20), run in Debian's chromium on a phone's screen and
a desktop's, and in Japanese: no violation of serious or critical impact (contrast at
least 4.5:1 for text among them). The email shown in the demo mailbox's sandboxed frame
is the sender's HTML, not a page of ours: it is left out (the emails we send are checked
on their own)."""

from __future__ import annotations

import mailbox
from dataclasses import replace
from typing import Any

import pytest

from engine.catalogue import CATALOGUE
from service import create_app
from service.cli.localnet import free_port
from service.links import urls as links
from service.mail.signin import sign_in_url
from service.play import signin
from service.store import eventstore
from service.store.db import sessions
from tests.e2e import chromium
from tests.e2e.test_turn_pages_on_a_phone import played
from tests.fixtures import LiveServer
from tests.service.test_mailbox_pages import picture_email

pytestmark = chromium.MARKS
SCREENS = {"phone": {"width": 375, "height": 812}, "desktop": {"width": 1280, "height": 900}}
GAMES = sorted({game.name for game in CATALOGUE} | {"tictactoe"})
BLOCKING = {"serious", "critical"}
ANN = "ann@example.org"
AXE_OPTIONS = {"resultTypes": ["violations"], "iframes": False}
OURS = {"exclude": [[".mail-html iframe"]]}
"""The whole page but the email in the mailbox's frame (the sender's HTML)."""


def violations(page) -> list[dict[str, Any]]:
    from axe_playwright_python.sync_playwright import Axe

    # What waits in a closed <details> (panels, groups of options, headers) is read too.
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    found = Axe().run(page, context=OURS, options=AXE_OPTIONS).response["violations"]
    return [v for v in found if v["impact"] in BLOCKING]


def report(where: str, found: list[dict[str, Any]]) -> str:
    lines = [f"{where}:"]
    for v in found:
        lines.append(f"  {v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:5]:
            lines.append(f"    {', '.join(map(str, node['target']))}: {node['failureSummary']}")
            lines.append(f"      {node['html'][:200]}")
    return "\n".join(lines)


@pytest.fixture
def site(settings, tmp_path, monkeypatch):
    """The app over real HTTP with the demo's mailbox, a game of each registered game in
    which Ann is to act (or plays), and a board picture in the mailbox."""
    port = free_port()
    demo = replace(
        settings, base_url=f"http://127.0.0.1:{port}", mailbox_dir=str(tmp_path / "mail")
    )
    monkeypatch.setenv("BASE_URL", demo.base_url)
    mailbox.Maildir(demo.mailbox_dir, create=True).add(picture_email())
    with LiveServer(create_app(demo), port) as server:
        yield server, demo


def pages(settings) -> dict[str, str]:
    base = settings.base_url
    found = {
        "home and the new game form": f"{base}/",
        "me, signed out": f"{base}/me",
        "mailbox": f"{base}/mailbox/",
        "the settings of an address": links.person_url(settings, ANN),
        "a page that is not there": f"{base}/games/nonesuch",
    }
    for name in GAMES:
        game_id = played(settings, name, 4)
        with sessions(settings.database_url)() as s:
            loaded = eventstore.load(s, game_id)
            seat = sorted(loaded.game.to_act(loaded.state))[0]
            found[f"{name}: turn page"] = links.decision_url(settings, loaded, seat)
            move = loaded.game.legal_moves(loaded.state, seat)[0]
            found[f"{name}: a choice to confirm"] = links.decision_url(settings, loaded, seat, move)
            found[f"{name}: seat page"] = links.seat_url(settings, loaded, seat)
            found[f"{name}: seat history"] = links.seat_url(settings, loaded, seat) + "/history"
            found[f"{name}: resign, to confirm"] = links.resign_url(settings, loaded, seat)
        found[f"{name}: public page"] = f"{base}/games/{game_id}"
        found[f"{name}: history"] = f"{base}/games/{game_id}/history"
        found[f"{name}: replay"] = f"{base}/games/{game_id}/replay/1"
        found[f"{name}: data"] = f"{base}/games/{name}/data"
        found[f"{name}: unsubscribe"] = links.unsubscribe_url(settings, game_id, seat)
    return found


def in_language(url: str, language: str) -> str:
    """The page as a reader who chose ``language`` with the switcher reads it."""
    if language == "en":
        return url
    return url + ("&" if "?" in url else "?") + f"lang={language}"


@pytest.mark.parametrize(
    ("screen", "language"), [("phone", "en"), ("desktop", "en"), ("phone", "ja")]
)
def test_every_page_has_no_serious_or_critical_axe_violation(site, screen, language):
    from playwright.sync_api import sync_playwright

    _server, settings = site
    failures: list[str] = []
    with sync_playwright() as p:
        browser = chromium.launch(p)
        page = browser.new_page(viewport=SCREENS[screen])

        def check(where: str) -> None:
            assert page.get_attribute("html", "lang") == language, where
            found = violations(page)
            if found:
                failures.append(report(f"{where} ({page.url})", found))

        page.goto(in_language(f"{settings.base_url}/", language), wait_until="load")
        for where, url in pages(settings).items():
            response = page.goto(in_language(url, language), wait_until="load")
            assert response is not None and response.status in (200, 404), where
            check(where)
        page.goto(f"{settings.base_url}/", wait_until="load")
        page.locator("input[name=player]").first.fill("not an address")
        # The server's answer to a wrong form, as a browser that checks nothing gets it.
        page.locator("#new-game-form").evaluate("form => { form.noValidate = true; }")
        with page.expect_navigation(wait_until="load"):
            page.click("#new-game-form button[type=submit]")
        assert page.locator("[aria-invalid=true]").count(), "the form says what is wrong"
        check("the new game form, saying what is wrong")
        page.goto(f"{settings.base_url}/me", wait_until="load")
        page.fill("input[name=email]", ANN)
        with page.expect_navigation(wait_until="load"):
            page.click("form button[type=submit]")
        check("me, a link on its way")
        page.goto(f"{settings.base_url}/mailbox/", wait_until="load")
        page.locator("table a[href^='/mailbox/1']").first.click()
        page.wait_for_load_state("load")
        check("a mailbox message")
        page.goto(in_language(sign_in_url(settings, ANN, signin.nonce()), language))
        check("the sign-in confirmation")
        with page.expect_navigation(wait_until="load"):
            page.click("button[type=submit]")
        assert page.url.endswith("/me")
        check("me, signed in")
        page.goto(in_language(f"{settings.base_url}/me/forget", language), wait_until="load")
        check("forgetting me, what it does and its confirmation")
        browser.close()
    assert not failures, "\n".join(failures)


def test_the_check_finds_text_of_too_little_contrast(site):
    """The check runs and reads colours: pale grey on the page's paper is caught."""
    from playwright.sync_api import sync_playwright

    _server, settings = site
    with sync_playwright() as p:
        browser = chromium.launch(p)
        page = browser.new_page(viewport=SCREENS["phone"])
        page.goto(f"{settings.base_url}/", wait_until="load")
        page.evaluate(
            "document.querySelector('h1').insertAdjacentHTML('afterend',"
            " '<p id=pale style=\"color:#bbb\">Hard to read</p>')"
        )
        found = violations(page)
        browser.close()
    assert [v["id"] for v in found] == ["color-contrast"]
    assert found[0]["nodes"][0]["target"] == ["#pale"]


@pytest.mark.parametrize("name", GAMES)
def test_every_email_of_a_game_has_no_serious_or_critical_axe_violation(site, smtp, work, name):
    """The emails are pages too, read on phones: each one sent while a game is under way
    (invitations, turns, news), opened as a page at 375 px (its picture by Content-ID
    shows as its words)."""
    from playwright.sync_api import sync_playwright

    from tests.helpers import html_of

    _server, settings = site
    played(settings, name, 4)
    work()
    assert smtp.messages
    failures: list[str] = []
    with sync_playwright() as p:
        browser = chromium.launch(p)
        page = browser.new_page(viewport=SCREENS["phone"])
        for message in smtp.messages:
            page.set_content(html_of(message), wait_until="load")
            found = violations(page)
            if found:
                failures.append(report(f"{message['To']}: {message['Subject']}", found))
        browser.close()
    assert not failures, "\n".join(failures)
