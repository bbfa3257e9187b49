"""Issue 14 §4: links that keep working for a player who did nothing. For every registered
game, at every number of players, the opening email of every seat works in any order:
through the real SMTP server and the real links over HTTP, each player follows the link of
the first email the game sent them once it is their turn, whoever moved before."""

from __future__ import annotations

import itertools
import random
import re
from email.message import EmailMessage

import pytest

from engine import registry
from service.play.games import create_game
from service.store.db import sessions
from tests.helpers import (
    URL,
    http,
    option_links,
    page_options,
    public_state,
    rest_of_turn,
    text_of,
)

ADDRESSES = ["ann@example.org", "bob@example.org", "cy@example.org", "di@example.org"]
CONFIRM = re.compile(r'id="confirm"')


def _orders(seats: list[str]) -> list[list[str]]:
    """Every order of three seats or fewer; of four, the rotations (4 of the 24): each seat
    comes once in each place, so each follows its link once before anyone, once after
    everyone, and once each after one and two others have moved."""
    if len(seats) <= 3:
        return [list(order) for order in itertools.permutations(seats)]
    return [seats[i:] + seats[:i] for i in range(len(seats))]


CASES = [
    pytest.param(name, count, id=f"{name}-{count}p")
    for name, game in sorted(registry.GAMES.items())
    for count in range(game.min_players, game.max_players + 1)
]


def _opening(smtp, game_id: str, address: str) -> EmailMessage:
    (email,) = [m for m in smtp.to(address) if f"#{game_id} " in m["Subject"]][:1]
    return email


def _turn_page(email: EmailMessage) -> str:
    (url,) = [u for u in URL.findall(text_of(email)) if "/act/" in u]
    return url


def _decide(email: EmailMessage, rng: random.Random) -> tuple[str, str]:
    """Follow the opening email to a decision and take it: a one-click option (confirmed on
    its page), or a choice on the turn page. Returns the next page's URL and text."""
    options = option_links(email)
    if options:
        url = rng.choice(options)[1]
        status, _, page = http("GET", url)
        assert status == 200 and CONFIRM.search(page), page
        status, headers, page = http("POST", url)
    else:
        url = _turn_page(email)
        status, headers, page = http("GET", url)
        if status == 303:  # made before it was this seat's turn: on to its decision now
            url = headers["Location"]
            status, _, page = http("GET", url)
        assert status == 200 and page_options(page), page
        status, headers, page = http("POST", url, form={"move": rng.choice(page_options(page))})
    assert status == 303, page
    status, _, page = http("GET", headers["Location"])
    assert status == 200, page
    return headers["Location"], page


@pytest.mark.parametrize(("name", "count"), CASES)
def test_every_seats_opening_email_works_in_any_order(live, smtp, work, name, count):
    server, settings = live
    seats = [f"p{i}" for i in range(1, count + 1)]
    address = dict(zip(seats, ADDRESSES, strict=False))
    rng = random.Random(f"{name}-{count}")
    for order in _orders(seats):
        with sessions(settings.database_url).begin() as session:  # as the API creates it,
            game_id = create_game(session, name, list(address.values())).loaded.row.id
        work()  # without its rate limit; the worker sends the invitations
        opening = {seat: _opening(smtp, game_id, address[seat]) for seat in seats}
        decided: list[str] = []
        while len(decided) < count and not public_state(server.url, game_id)["over"]:
            progress = False
            for seat in order:
                if seat in decided:
                    continue
                state = public_state(server.url, game_id)
                if seat not in state["to_act"]:
                    # Not this seat's turn yet: its page says so, and when it will hear.
                    status, _, page = http("GET", _turn_page(opening[seat]))
                    assert status == 200, (order, seat, page)
                    assert "Nothing to decide right now" in page
                    assert "We will email you when it is your turn." in page
                    continue
                url, page = _decide(opening[seat], rng)
                if count > 1:  # on to the next seat (a solo turn would go on to the end)
                    rest_of_turn(url, page, rng.choice)
                decided.append(seat)
                progress = True
                work()
            assert progress, f"{order}: nobody could decide ({decided} did)"
        assert sorted(decided) == seats, (order, decided)
