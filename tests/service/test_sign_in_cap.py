"""Sign-in links to one address are capped per hour whatever client asks for them (issue 31
§3): ``SIGN_IN_LIMIT`` counts each client, so many clients could mail-bomb one player
through the desk's form; ``SIGN_IN_ADDRESS_CAP`` (5 an hour) counts the address, in the
ledger, and the links that confirm a new address count with them. The page answers the
same either way, as it does for an address that plays nowhere: nothing tells who plays."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from freezegun import freeze_time

from service.config import Settings
from service.mail.holding import TOO_MANY_LINKS
from service.play.games import create_game
from service.store.db import sessions
from tests.service.test_desk import ask, sign_in_emails, without_csrf
from workers.jobs import send_address_check, send_sign_in

pytestmark = pytest.mark.usefixtures("regulars")

ANN = "ann@example.org"
CAP = Settings().sign_in_address_cap
START = datetime.fromisoformat("2026-03-02T09:00:00+00:00")


def test_sign_in_links_to_one_address_are_capped_an_hour_whatever_client_asks(
    app, settings, smtp, work
):
    with sessions(settings.database_url).begin() as s:
        create_game(s, "tictactoe", [ANN, "bob@example.org"])
    answers = set()
    with freeze_time(START) as clock:
        for i in range(3 * CAP):  # a client each: each within its own SIGN_IN_LIMIT
            browser = app.test_client()
            browser.environ_base["REMOTE_ADDR"] = f"203.0.113.{i + 1}"
            response = ask(browser, ANN)
            assert response.status_code == 200
            answers.add(without_csrf(response.data))
        work()
        assert len(sign_in_emails(smtp, ANN)) == CAP
        stranger = app.test_client()
        stranger.environ_base["REMOTE_ADDR"] = "198.51.100.1"
        assert answers == {without_csrf(ask(stranger, "nobody@example.org").data)}, (
            "the same page for a player past their cap and for an address that plays nowhere"
        )
        assert send_sign_in(ANN, "en", "one-more") == f"skipped: {TOO_MANY_LINKS}"
        assert send_address_check("bob@example.org", ANN, "en", "a-move") == (
            f"skipped: {TOO_MANY_LINKS}"
        ), "a new address's confirmation counts with the sign-in links"
        assert send_sign_in("bob@example.org", "en", "bobs-own") == "sent", "per address"
        clock.tick(timedelta(hours=1, seconds=1))
        assert ask(stranger, ANN).status_code == 200
        work()
    assert len(sign_in_emails(smtp, ANN)) == CAP + 1, "the next hour has room again"
