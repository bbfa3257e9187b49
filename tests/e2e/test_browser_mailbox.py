"""The demo's ``/mailbox`` in a real browser (issue 20): an email's board picture, sent as
a ``cid:`` part, loads inside the email's sandboxed frame."""

from __future__ import annotations

import mailbox
from dataclasses import replace

from service import create_app
from service.cli.localnet import free_port
from tests.e2e import chromium
from tests.fixtures import LiveServer
from tests.service.test_mailbox_pages import picture_email

pytestmark = chromium.MARKS


def test_an_emails_picture_loads_in_its_sandboxed_frame(settings, tmp_path):
    from playwright.sync_api import sync_playwright

    demo = replace(settings, mailbox_dir=str(tmp_path / "mail"))
    key = mailbox.Maildir(demo.mailbox_dir, create=True).add(picture_email())
    with (
        LiveServer(create_app(demo), free_port()) as server,
        sync_playwright() as p,
    ):
        browser = chromium.launch(p)
        page = browser.new_page()
        console: list[str] = []
        page.on("console", lambda message: console.append(message.text))
        page.goto(f"{server.url}/mailbox/{key}", wait_until="load")
        picture = page.frame_locator(".mail-html iframe").locator("img")
        picture.wait_for()
        width = picture.evaluate("img => img.complete && img.naturalWidth")
        source = picture.evaluate("img => img.currentSrc")
        served = page.request.get(source)
        browser.close()
    assert width == 2, (width, console)
    assert source.startswith(f"{server.url}/mailbox/{key}/cid/")
    assert served.headers["content-type"] == "image/png"
    assert not [m for m in console if "Content Security Policy" in m or "blocked" in m], console
