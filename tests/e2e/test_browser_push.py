"""Web Push on the desk in a real browser (issue 36): the page loads its script under the
site's Content-Security-Policy, offers "Notify this browser", and the service worker it
would register (``/sw.js``) is allowed and runs; the worker shows what a message says and
opens pages of this site only. (A push permission cannot be granted to a
headless browser: the subscription itself is tested over HTTP, in
tests/service/test_push_subscribe.py, and the message in tests/service/test_push_send.py.)"""

from __future__ import annotations

import pytest

from service.mail.signin import sign_in_url
from service.play import signin
from tests.e2e import chromium
from tests.service.test_desk import ANN, games

pytestmark = [*chromium.MARKS, pytest.mark.usefixtures("regulars")]
PHONE = {"width": 375, "height": 812}
VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


def test_the_desk_loads_its_push_script_and_worker_without_a_policy_violation(live):
    from playwright.sync_api import sync_playwright

    server, settings = live
    games(settings, [ANN, "bob@example.org"])
    with sync_playwright() as p:
        browser = chromium.launch(p)
        page = browser.new_page(viewport=PHONE)
        page.add_init_script(VIOLATIONS)
        console: list[str] = []
        page.on("console", lambda message: console.append(message.text))
        loaded: list[str] = []
        page.on("response", lambda r: loaded.append(f"{r.status} {r.url}"))
        page.goto(sign_in_url(settings, ANN, signin.nonce()))
        with page.expect_navigation(wait_until="load"):
            page.click("button[type=submit]")
        assert page.url == f"{server.url}/me"

        button = page.locator("#push-enable")
        assert button.is_visible() and button.inner_text() == "Notify this browser"
        assert f"200 {server.url}/static/push.js" in loaded, loaded
        assert page.locator("text=Home Screen").is_visible()
        # The script ran: the browser has Push, so the button stays on and no note shows.
        assert page.evaluate("'PushManager' in window && 'serviceWorker' in navigator")
        assert button.is_enabled()
        assert page.locator("[data-push]:visible").count() == 0

        # The worker the button registers is allowed here (worker-src), and starts.
        state = page.evaluate(
            """async () => {
                const r = await navigator.serviceWorker.register("/sw.js", {scope: "/"});
                await navigator.serviceWorker.ready;
                return (r.active || r.waiting || r.installing).scriptURL;
            }"""
        )
        assert state == f"{server.url}/sw.js"
        assert page.evaluate("window.__violations") == []
        browser.close()
    assert not [m for m in console if "Content Security Policy" in m], console


def test_the_worker_refused_by_the_policy_would_be_seen(live):
    """The check above bites: a worker from a path the site does not serve as one (a
    ``data:`` script, which ``worker-src 'self'`` forbids) is reported as a violation."""
    from playwright.sync_api import sync_playwright

    server, _settings = live
    with sync_playwright() as p:
        browser = chromium.launch(p)
        page = browser.new_page(viewport=PHONE)
        page.add_init_script(VIOLATIONS)
        page.goto(f"{server.url}/me", wait_until="load")
        refused = page.evaluate(
            """async () => {
                try { new Worker("data:text/javascript,1"); return "ran"; }
                catch (e) { return "refused"; }
            }"""
        )
        page.wait_for_timeout(200)
        found = page.evaluate("window.__violations")
        browser.close()
    assert refused == "refused" or any(v.startswith("worker-src") for v in found), found


WORKER_SCOPE = """
window.__shown = [];
window.__opened = [];
window.registration = {
  showNotification: function (title, options) {
    window.__shown.push([title, options]);
    return Promise.resolve();
  },
};
Object.defineProperty(window, "clients", {
  value: {
    claim: function () { return Promise.resolve(); },
    matchAll: function () { return Promise.resolve([]); },
    openWindow: function (url) { window.__opened.push(url); return Promise.resolve(); },
  },
});
window.skipWaiting = function () {};
"""
"""What a service worker's global scope offers ``/sw.js`` (its registration and clients),
standing in a page of the site so that the test can fire its events and read what it did."""


def test_the_worker_shows_the_message_and_opens_only_pages_of_this_site(live):
    from playwright.sync_api import sync_playwright

    server, _settings = live
    with sync_playwright() as p:
        browser = chromium.launch(p)
        context = browser.new_context(bypass_csp=True)  # to run the worker's file in a page
        page = context.new_page()
        page.goto(f"{server.url}/me", wait_until="load")
        page.evaluate(WORKER_SCOPE)
        page.add_script_tag(content=page.request.get(f"{server.url}/sw.js").text())

        def push(message: dict) -> list:
            return page.evaluate(
                """message => {
                    window.__shown = [];
                    const e = new Event("push");
                    e.data = {json: () => message};
                    e.waitUntil = () => {};
                    dispatchEvent(e);
                    const [title, options] = window.__shown[0];
                    return [title, options.body, options.tag, options.icon || null,
                            options.data.url];
                }""",
                message,
            )

        def click(url: str | None) -> list:
            return page.evaluate(
                """async url => {
                    window.__opened = [];
                    const e = new Event("notificationclick");
                    let waited = Promise.resolve();
                    e.notification = {close: () => {}, data: {url: url}};
                    e.waitUntil = (p) => { waited = p; };
                    dispatchEvent(e);
                    await waited;
                    return window.__opened;
                }""",
                url,
            )

        turn = f"{server.url}/act/abc"
        assert push({"title": "Your turn", "body": "Choose.", "url": "/act/abc", "tag": "g1"}) == [
            "Your turn",
            "Choose.",
            "g1",
            None,
            turn,
        ]
        assert click(turn) == [turn]
        for elsewhere in ("https://evil.example/act/abc", "javascript:alert(1)", "//evil.example/"):
            shown = push({"title": "T", "body": "B", "url": elsewhere, "icon": elsewhere})
            assert shown[3] is None and shown[4] is None, elsewhere
            assert click(elsewhere) == [], f"never opens {elsewhere}"
        assert (
            push({"title": "T", "icon": "/static/icon.png"})[3] == f"{server.url}/static/icon.png"
        )
        title, body, tag, _icon, url = push({})
        assert (title, body, tag, url) == (
            "127.0.0.1:" + server.url.rsplit(":", 1)[1],
            "",
            "pbem",
            None,
        )
        browser.close()
