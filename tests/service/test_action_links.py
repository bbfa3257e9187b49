"""Signed action links (DESIGN.md §5, issue 2 §6): GET shows, POST applies, bad links write
nothing."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from datetime import timedelta
from urllib.parse import urlencode

from freezegun import freeze_time
from sqlalchemy import func, select

from service.links import urls as links
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow
from tests.helpers import act_token, headline, option_links, path, refusal


def start(client, smtp, work, **options):
    game_id = client.post(
        "/api/games",
        json={
            "game": "tictactoe",
            "players": ["ann@example.org", "bob@example.org"],
            "options": options,
        },
    ).get_json()["id"]
    work()
    first = client.get(f"/api/games/{game_id}").get_json()["to_act"][0]
    email = {"p1": "ann@example.org", "p2": "bob@example.org"}[first]
    invitation = smtp.to(email)[-1]
    return game_id, first, option_links(invitation)


def event_count(settings, game_id):
    with sessions(settings.database_url)() as s:
        return s.scalar(select(func.count()).where(EventRow.game_id == game_id))


def test_the_invitation_of_the_first_player_holds_one_link_per_option(client, smtp, work):
    _, _, options = start(client, smtp, work)
    assert len(options) == 9
    assert options[4][0] == "Mark the centre cell"


def test_a_get_shows_the_decision_and_changes_nothing(client, smtp, work, settings):
    game_id, _, options = start(client, smtp, work)
    before = event_count(settings, game_id)
    for _ in range(3):
        page = client.get(path(options[4][1]))
        assert page.status_code == 200
        assert b"Confirm: Mark the centre cell" in page.data
        assert page.data.count(b'name="move"') == 10  # the confirmation and all nine options
    assert event_count(settings, game_id) == before


def test_a_post_applies_the_move_and_shows_what_comes_next(client, smtp, work):
    game_id, seat, options = start(client, smtp, work)
    response = client.post(path(options[4][1]))
    assert response.status_code == 303
    state = client.get(f"/api/games/{game_id}").get_json()
    assert state["view"]["board"][4] in {"X", "O"}
    assert seat not in state["to_act"]
    follow = client.get(path(response.headers["Location"]))
    assert follow.status_code == 200
    assert b"Nothing to decide right now" in follow.data


def test_a_turn_of_several_decisions_takes_one_visit(client, smtp, work):
    game_id, _first, options = start(client, smtp, work, marks_per_turn=2)
    client.post(path(options[0][1]))
    work()
    second = client.get(f"/api/games/{game_id}").get_json()["to_act"][0]
    email = {"p1": "ann@example.org", "p2": "bob@example.org"}[second]
    turn = smtp.to(email)[-1]
    assert "your turn" in headline(turn)
    response = client.post(path(option_links(turn)[1][1]))
    next_page = client.get(path(response.headers["Location"]))
    assert b"Mark the" in next_page.data and b'name="move"' in next_page.data
    token = act_token(response.headers["Location"])
    done = client.post(f"/act/{token}", data={"move": '{"type": "place", "cell": 8}'})
    assert done.status_code == 303
    board = client.get(f"/api/games/{game_id}").get_json()["view"]["board"]
    assert sum(1 for c in board if c) == 3
    work()
    assert len(smtp.to(email)) == 2, "no second email for the rest of one's own turn"


def test_a_reused_link_is_a_409_and_writes_nothing(client, smtp, work, settings):
    game_id, _, options = start(client, smtp, work)
    assert client.post(path(options[4][1])).status_code == 303
    count = event_count(settings, game_id)
    again = client.post(path(options[4][1]))
    assert again.status_code == 409
    assert b"already made this choice" in again.data
    assert event_count(settings, game_id) == count


def test_a_stale_link_is_a_409_that_points_to_the_current_decision(client, smtp, work, settings):
    game_id, _, options = start(client, smtp, work, marks_per_turn=2)
    client.post(path(options[0][1]))
    count = event_count(settings, game_id)
    stale = client.post(path(options[1][1]))
    assert stale.status_code == 409
    assert b"moved on" in stale.data
    assert event_count(settings, game_id) == count
    assert client.get(path(options[1][1])).status_code == 409


def test_a_tampered_link_is_refused_and_writes_nothing(client, smtp, work, settings):
    game_id, _, options = start(client, smtp, work)
    token = act_token(options[4][1])
    count = event_count(settings, game_id)
    for i in (5, len(token) // 2, len(token) - 3):
        flipped = token[:i] + ("A" if token[i] != "A" else "B") + token[i + 1 :]
        for response in (client.get(f"/act/{flipped}"), client.post(f"/act/{flipped}")):
            assert response.status_code in {400, 403}
            assert b"Nothing was changed" in response.data
    assert event_count(settings, game_id) == count


def test_a_link_signed_with_another_key_is_a_403(client, smtp, work, settings):
    game_id, seat, _ = start(client, smtp, work)
    from dataclasses import replace

    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        forged = links.decision_url(
            replace(settings, secret_key="guess"), loaded, seat, {"type": "place", "cell": 0}
        )
    assert client.post(path(forged)).status_code == 403


def test_an_expired_link_is_a_410_that_offers_a_fresh_one(client, smtp, work, settings):
    with freeze_time("2026-01-01 12:00:00"):
        game_id, _seat, options = start(client, smtp, work)
    count = event_count(settings, game_id)
    with freeze_time("2026-01-01 12:00:00") as frozen:
        frozen.tick(timedelta(seconds=settings.link_max_age + 60))
        response = client.post(path(options[4][1]))
        assert response.status_code == 410
        assert b"Email me a fresh link" in response.data
        assert refusal(response.get_data(as_text=True)) == (
            "This link is too old to use. Ask for a fresh one below."
        )
        assert event_count(settings, game_id) == count
        smtp.clear()
        fresh = client.post(path(options[4][1]) + "/resend")
        assert fresh.status_code == 200
    work()
    assert len(smtp.messages) == 1
    assert "fresh link" in headline(smtp.messages[0])
    assert client.post(path(option_links(smtp.messages[0])[4][1])).status_code == 303


def test_an_illegal_move_is_a_422_and_writes_nothing(client, smtp, work, settings):
    game_id, _, options = start(client, smtp, work)
    token = act_token(options[0][1])
    count = event_count(settings, game_id)
    response = client.post(f"/act/{token}", data={"move": '{"type": "place", "cell": 9}'})
    assert response.status_code == 422
    assert b"nine cells" in response.data
    assert event_count(settings, game_id) == count


def test_taking_a_taken_cell_in_the_middle_of_a_turn_is_a_422(client, smtp, work, settings):
    game_id, _, options = start(client, smtp, work, marks_per_turn=2)
    client.post(path(options[4][1]))
    work()
    second = client.get(f"/api/games/{game_id}").get_json()["to_act"][0]
    turn = smtp.to({"p1": "ann@example.org", "p2": "bob@example.org"}[second])[-1]
    token = act_token(client.post(path(option_links(turn)[0][1])).headers["Location"])
    count = event_count(settings, game_id)
    response = client.post(f"/act/{token}", data={"move": '{"type": "place", "cell": 4}'})
    assert response.status_code == 422
    assert b"already taken" in response.data
    assert event_count(settings, game_id) == count


def test_an_unreadable_choice_is_a_400(client, smtp, work):
    _, _, options = start(client, smtp, work)
    token = act_token(options[0][1])
    assert client.post(f"/act/{token}", data={"move": "{nope"}).status_code == 400
    assert client.post(f"/act/{token}", data={"move": "[1]"}).status_code == 400


def test_two_concurrent_posts_of_one_link_apply_exactly_once(live, smtp, work, settings):
    server, _live_settings = live
    request = urllib.request.Request(
        f"{server.url}/api/games",
        method="POST",
        data=b'{"game": "tictactoe", "players": ["ann@example.org", "bob@example.org"]}',
        headers={"Content-Type": "application/json"},
    )
    game_id = json.loads(urllib.request.urlopen(request).read())["id"]
    work()
    url = next(links[0][1] for links in map(option_links, smtp.messages) if links)
    statuses: list[int] = []
    barrier = threading.Barrier(2)

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)

    def click() -> None:
        barrier.wait()
        try:
            statuses.append(
                opener.open(
                    urllib.request.Request(url, data=urlencode({}).encode(), method="POST")
                ).status
            )
        except urllib.error.HTTPError as exc:
            statuses.append(exc.code)

    threads = [threading.Thread(target=click) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [303, 409]
    board = json.loads(urllib.request.urlopen(f"{server.url}/api/games/{game_id}").read())
    assert sum(1 for cell in board["view"]["board"] if cell) == 1
    assert event_count(settings, game_id) == 5  # setup (2), the pace, one move (mark, turn)
