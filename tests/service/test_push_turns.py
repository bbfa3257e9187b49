"""Web Push in play (issue 36 §1-2): a player's browser subscription is owed a notification
for each of their decisions as a webhook is (the delivery job, keyed so nothing is sent
twice), its message encrypted for that browser alone, one Topic per game, the decision's
prompt and its turn page; a push service answering 410 turns the channel off."""

from __future__ import annotations

import pytest

from service.play import channels, slowplay
from service.store.db import sessions
from service.store.models import ChannelRow
from tests.service.pushservice import Browser, b64url, running
from tests.service.test_history import decide
from tests.service.test_webhooks import ANN, new_game, to_act

pytestmark = pytest.mark.usefixtures("regulars")


@pytest.fixture
def service():
    with running() as found:
        yield found


def subscribed(settings, browser: Browser, email: str = ANN) -> int:
    with sessions(settings.database_url).begin() as s:
        keys = {"p256dh": browser.p256dh, "auth": b64url(browser.auth)}
        return channels.add(
            s, "push", "webpush", email=email, target=browser.endpoint, keys=keys
        ).id


def test_each_decision_of_a_push_only_player_reaches_their_browser_once_for_its_turn_page(
    settings, service, work
):
    browser = Browser(endpoint=f"{service.url}/push/ann")
    subscribed(settings, browser)
    with sessions(settings.database_url).begin() as s:
        slowplay.set_notify(s, ANN, "channels")  # no turn emails: the browser alone
    game_id = new_game(settings)
    work()
    decisions = 0
    while acting := to_act(settings, game_id):
        decisions += acting[0] == "p1"
        decide(settings, game_id, acting[0])
        work()
    messages = [browser.read(r.body) for r in service.received]
    urls = [m["url"] for m in messages]
    assert len(urls) == len(set(urls)) or len({(m["title"], m["url"]) for m in messages}) == len(
        messages
    ), "nothing twice"
    offered = [m for m in messages if "/act/" in m["url"] or "/seat/" in m["url"]]
    assert len(offered) >= decisions
    assert all(m["url"].startswith("http://pbem.test/") for m in messages)
    topics = {r.headers["topic"] for r in service.received}
    assert len(topics) == 1, "one Topic per game: a newer turn replaces the older"


def test_a_push_service_answering_410_turns_the_channel_off(settings, service, work):
    browser = Browser(endpoint=f"{service.url}/push/gone")
    channel_id = subscribed(settings, browser)
    service.status = 410
    new_game(settings)
    work()
    with sessions(settings.database_url)() as s:
        row = s.get(ChannelRow, channel_id)
        assert row is not None and row.disabled_at is not None
