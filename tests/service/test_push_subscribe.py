"""Web Push on the desk (issue 36 §1): a signed-in player's browser sends its subscription
to ``/me/push`` with the desk's CSRF token; a good one is kept as a push channel of the
address (and a message sent to it reaches that browser), a bad one is refused with a
sentence; ``/sw.js`` is served as a service worker that shows notifications and nothing
else."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sqlalchemy import select

from service import create_app
from service.notify import push, subscriptions, vapid
from service.store.db import sessions
from service.store.models import ChannelRow
from tests.fixtures import ServerLikeClient
from tests.helpers import csrf_token, refusal
from tests.service.pushservice import Browser, PushService, b64url
from tests.service.test_desk import ANN, desk, games, sign_in

pytestmark = pytest.mark.usefixtures("regulars")

FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0"
ENDPOINT = "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABn-abc"


def channels(settings) -> list[ChannelRow]:
    with sessions(settings.database_url)() as s:
        return list(s.scalars(select(ChannelRow).order_by(ChannelRow.id)))


def good(endpoint: str = ENDPOINT) -> dict[str, str]:
    browser = Browser(endpoint=endpoint)
    return {"endpoint": endpoint, "p256dh": browser.p256dh, "auth": b64url(browser.auth)}


def subscribe(client, form: dict[str, str], **headers: str):
    token = csrf_token(desk(client))
    return client.post("/me/push", data={**form, "csrf_token": token}, headers=headers)


@pytest.fixture
def ann(client, smtp, work, settings):
    """A client signed in as Ann, who plays a game."""
    games(settings, [ANN, "bob@example.org"])
    sign_in(client, smtp, work)
    return client


def test_the_desk_offers_to_notify_this_browser_with_the_servers_key(ann, settings):
    response = ann.get("/me")
    page = response.get_data(as_text=True)
    assert 'id="push-enable"' in page and "Notify this browser" in page
    assert f'data-key="{vapid.public_key(settings)}"' in page
    assert "Home Screen" in page, "iOS needs the site on the Home Screen: the page says so"
    policy = response.headers["Content-Security-Policy"]
    assert "worker-src 'self'" in policy
    nonce = policy.split("'nonce-", 1)[1].split("'", 1)[0]
    assert f'<script src="/static/push.js" nonce="{nonce}" defer></script>' in page
    assert "<script>" not in page, "no inline script: the policy forbids it"


def test_a_good_subscription_is_kept_as_a_push_channel_of_the_address(ann, settings):
    form = good()
    response = subscribe(ann, form, **{"User-Agent": FIREFOX_ANDROID})
    assert response.status_code == 303 and response.location.endswith("/me?saved=push#push")
    (row,) = channels(settings)
    assert (row.email, row.kind, row.flavour, row.target) == (ANN, "push", "webpush", ENDPOINT)
    assert row.keys == {"p256dh": form["p256dh"], "auth": form["auth"]}
    assert row.label == "Firefox · Android"
    assert "This browser will tell you when it is your turn." in desk_after(ann, response)


def desk_after(client, response) -> str:
    return client.get(response.location).get_data(as_text=True)


def test_the_same_browser_subscribing_again_renews_its_one_channel(ann, settings):
    subscribe(ann, good())
    renewed = good()
    assert subscribe(ann, renewed).status_code == 303
    (row,) = channels(settings)
    assert row.keys == {"p256dh": renewed["p256dh"], "auth": renewed["auth"]}
    assert subscribe(ann, good(ENDPOINT + "-other")).status_code == 303
    assert len(channels(settings)) == 2, "another browser, another channel"


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"endpoint": ""}, "sent no subscription"),
        ({"endpoint": "http://push.example.com/x"}, "https addresses"),
        ({"endpoint": "https://10.0.0.7/push"}, "https addresses"),
        ({"endpoint": "https://[::1]/push"}, "https addresses"),
        ({"endpoint": "https://localhost/push"}, "https addresses"),
        ({"endpoint": "https://push.localhost/x"}, "https addresses"),
        ({"endpoint": "https://user@push.example.com/x"}, "https addresses"),
        ({"endpoint": "http://127.0.0.1:9/push"}, "https addresses"),
        ({"endpoint": "javascript:alert(1)"}, "https addresses"),
        ({"endpoint": "https://push.example.com/" + "x" * 2100}, "https addresses"),
        ({"p256dh": b64url(b"\x04" + b"\x01" * 64)}, "key is not valid"),  # not on the curve
        ({"p256dh": b64url(b"\x04" + b"\x01" * 63)}, "key is not valid"),
        ({"p256dh": "not base64 at all!"}, "key is not valid"),
        ({"p256dh": ""}, "key is not valid"),
        ({"auth": b64url(b"a" * 15)}, "secret is not valid"),
        ({"auth": b64url(b"a" * 17)}, "secret is not valid"),
        ({"auth": ""}, "secret is not valid"),
    ],
)
def test_a_bad_subscription_is_refused_with_a_sentence_and_nothing_kept(
    ann, settings, change, says
):
    response = subscribe(ann, {**good(), **change})
    assert response.status_code == 400
    assert says in refusal(response.get_data(as_text=True))
    assert channels(settings) == []


def test_the_subscription_form_needs_the_desks_csrf_token(ann, settings):
    response = ann.post("/me/push", data=good())
    assert response.status_code == 400
    assert "send it again" in refusal(response.get_data(as_text=True))
    assert channels(settings) == []


def test_a_browser_not_signed_in_cannot_subscribe(client, settings):
    token = csrf_token(client.get("/me").get_data(as_text=True))
    response = client.post("/me/push", data={**good(), "csrf_token": token})
    assert response.status_code == 403
    assert channels(settings) == []


def test_a_subscription_taken_on_the_desk_receives_what_push_sends(smtp, work, settings):
    """The whole way with the tests' own push service, which is on the loopback address:
    taken only where PUSH_ALLOW_LOOPBACK says so."""
    service = PushService()
    server = service.serve()
    try:
        loopback = replace(settings, push_allow_loopback=True)
        app = create_app(loopback)
        app.test_client_class = ServerLikeClient
        client = app.test_client()
        games(settings, [ANN, "bob@example.org"])
        sign_in(client, smtp, work)
        browser = Browser(endpoint=f"{service.url}/push/ann")
        form = {"endpoint": browser.endpoint, "p256dh": browser.p256dh}
        assert subscribe(client, {**form, "auth": b64url(browser.auth)}).status_code == 303
        (row,) = channels(settings)
        message = {"title": "Your turn", "body": "Choose.", "url": "http://pbem.test/act/x"}
        result = push.send(loopback, row, message, ttl=60, topic=push.topic_of("g1"))
        assert result.ok
        assert browser.read(service.received[0].body)["body"] == "Choose."
    finally:
        server.shutdown()


def test_the_loopback_endpoint_is_refused_unless_the_setting_allows_it(settings):
    form = {**good(), "endpoint": "http://127.0.0.1:8123/push/x"}
    with pytest.raises(Exception, match="https addresses"):
        subscriptions.read(settings, form)
    allowed = replace(settings, push_allow_loopback=True)
    assert subscriptions.read(allowed, form).endpoint == form["endpoint"]
    for other in ("http://127.0.0.2:8123/x", "http://10.0.0.1:8123/x", "http://127.0.0.1/x"):
        with pytest.raises(Exception, match="https addresses"):
            subscriptions.read(allowed, {**form, "endpoint": other})


@pytest.mark.parametrize(
    ("agent", "label"),
    [
        (FIREFOX_ANDROID, "Firefox · Android"),
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
            "Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
            "Edge · Windows",
        ),
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
            "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
            "Safari · iPhone",
        ),
        ("<script>x</script>" * 50, "Web Push"),
        ("", "Web Push"),
    ],
)
def test_a_channel_is_labelled_with_the_browsers_name_and_nothing_else_of_its_agent(agent, label):
    assert subscriptions.browser_label(agent) == label


def test_the_service_worker_is_served_from_the_root_and_only_shows_notifications(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/javascript; charset=utf-8"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert response.headers["Content-Security-Policy"] == "default-src 'none'; img-src 'self'"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    script = response.get_data(as_text=True)
    assert 'addEventListener("push"' in script and "showNotification" in script
    assert 'addEventListener("notificationclick"' in script and "openWindow" in script
    assert "url.origin === self.location.origin" in script, "opens pages of this site only"
    for absent in ('"fetch"', "caches", "importScripts", "fetch("):
        assert absent not in script, absent


def test_the_desk_links_a_manifest_that_makes_the_site_an_app_on_a_home_screen(ann, client):
    page = desk(ann)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert "manifest-src 'self'" in ann.get("/me").headers["Content-Security-Policy"]
    response = client.get("/manifest.webmanifest?lang=ja")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/manifest+json"
    manifest = response.get_json(force=True)
    assert manifest["display"] == "standalone", "iOS takes push only from a standalone app"
    assert (manifest["start_url"], manifest["scope"]) == ("/me", "/")
    assert manifest["name"] != "Play by email", "in the reader's language"
    assert 'rel="manifest"' not in client.get("/").get_data(as_text=True)


def test_a_vapid_key_that_cannot_be_read_stops_the_start(settings):
    with pytest.raises(vapid.BadVapidKey, match="VAPID_PRIVATE_KEY"):
        create_app(replace(settings, vapid_private_key="not a key"))
