"""Channels on the desk (issue 36 §1): a signed-in player adds a webhook, sees it listed
with its state, sends a test through the same job, and removes it; a generic JSON
webhook's secret is shown once."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from service.notify.webhooks import SIGNATURE
from tests.helpers import csrf_token
from tests.service.receivers import Receiver
from tests.service.test_desk import ANN, desk, games, sign_in

BOB = "bob@example.org"
pytestmark = pytest.mark.usefixtures("regulars")


@pytest.fixture
def receiver():
    with Receiver() as listening:
        yield listening


def post(client, path: str, **form: str):
    token = csrf_token(client.get("/me").get_data(as_text=True))
    return client.post(path, data={**form, "csrf_token": token})


def test_a_player_adds_a_webhook_on_the_desk_sees_its_secret_once_tests_it_and_removes_it(
    client, smtp, work, settings, receiver
):
    games(settings, [f"Ann <{ANN}>", "Bob <bob@example.org>"])
    sign_in(client, smtp, work)
    added = post(client, "/me/channels", url=f"{receiver.url}/json", flavour="json", game="")
    assert added.status_code == 303
    page = desk(client)
    secret = page.split("<code>", 1)[1].split("</code>", 1)[0]
    assert len(secret) >= 32
    assert secret not in desk(client), "the secret is shown once"
    assert "Send a test" in page and "working" in page
    channel_id = page.split('action="/me/channels/', 1)[1].split("/", 1)[0]
    assert post(client, f"/me/channels/{channel_id}/test").status_code == 303
    work()
    [sent] = receiver.at("/json")
    assert sent.json()["type"] == "test"
    signed = "sha256=" + hmac.new(secret.encode(), sent.body, hashlib.sha256).hexdigest()
    assert sent.headers[SIGNATURE] == signed
    assert post(client, f"/me/channels/{channel_id}/remove").status_code == 303
    assert "Send a test" not in desk(client)


def test_a_webhook_to_a_private_address_is_refused_on_the_desk_when_the_setting_is_off(
    client, smtp, work, settings, app
):
    from dataclasses import replace

    games(settings, [f"Ann <{ANN}>", "Bob <bob@example.org>"])
    sign_in(client, smtp, work)
    app.extensions["pbem"] = replace(settings, webhook_allow_private=False)
    refused = post(client, "/me/channels", url="https://127.0.0.1/x", flavour="discord", game="")
    assert refused.status_code == 400
    assert "private or local" in refused.get_data(as_text=True)


def test_another_players_channel_cannot_be_tested_or_removed(client, smtp, work, settings):
    from service.play import webhook_urls
    from service.store.db import sessions

    games(settings, [f"Ann <{ANN}>", "Bob <bob@example.org>"])
    with sessions(settings.database_url).begin() as s:
        bobs = webhook_urls.add(
            s, settings, "http://127.0.0.1:9/x", "json", email="bob@example.org"
        )
        bobs_id = bobs.id
    sign_in(client, smtp, work)
    assert post(client, f"/me/channels/{bobs_id}/test").status_code == 404
    assert post(client, f"/me/channels/{bobs_id}/remove").status_code == 404
