"""The replay viewer (issue 5): step through a game with the board at each step, and share
a link to any step; a seat sees its own view, spectators the public one."""

from __future__ import annotations

import re

from service import boards
from service.audit import history
from service.store import eventstore
from service.store.db import sessions
from tests.service.test_eventstore import play
from tests.service.test_history import dealt, decide, new_origin, page, play_on, seat_link

NAV = re.compile(r'<a href="([^"]+)" rel="(first|prev|next|last)">')


def nav(html: str) -> dict[str, str]:
    return {rel: url for url, rel in NAV.findall(html)}


def record(settings, game_id: str) -> history.Record:
    with sessions(settings.database_url)() as s:
        return history.load(s, game_id)


def test_each_step_shows_the_board_after_that_event(client, settings):
    game_id = play(settings, 5)
    rec = record(settings, game_id)
    for step in range(1, rec.last + 1):
        html = page(client, f"/games/{game_id}/replay/{step}")
        expected = boards.render(
            "tictactoe", rec.board_view(step, None), "svg", rec.holders[step - 1]
        )
        assert expected.html in html, f"the board after event {step}"
        assert f"Event {step} of {rec.last}" in html


def test_first_previous_next_and_last_step_through_the_game(client, settings):
    game_id = play(settings, 4)
    last = record(settings, game_id).last
    first = nav(page(client, f"/games/{game_id}/replay/1"))
    assert set(first) == {"next", "last"}
    assert first["next"] == f"/games/{game_id}/replay/2"
    assert first["last"] == f"/games/{game_id}/replay/{last}"
    middle = nav(page(client, f"/games/{game_id}/replay/3"))
    assert middle["prev"] == f"/games/{game_id}/replay/2"
    assert middle["first"] == f"/games/{game_id}/replay/1"
    assert set(nav(page(client, f"/games/{game_id}/replay/{last}"))) == {"first", "prev"}


def test_jumping_to_a_number_leads_to_that_steps_own_link(client, settings):
    game_id = play(settings, 4)
    last = record(settings, game_id).last
    jump = client.get(f"/games/{game_id}/replay?n=3")
    assert jump.status_code == 303 and jump.headers["Location"] == f"/games/{game_id}/replay/3"
    beyond = client.get(f"/games/{game_id}/replay?n=999").headers["Location"]
    assert beyond == f"/games/{game_id}/replay/{last}"
    newest = client.get(f"/games/{game_id}/replay").headers["Location"]
    assert newest == f"/games/{game_id}/replay/{last}"
    assert client.get(f"/games/{game_id}/replay?n=three").status_code == 400
    assert client.get(f"/games/{game_id}/replay/0").status_code == 404
    assert client.get(f"/games/{game_id}/replay/{last + 1}").status_code == 404
    assert client.get("/games/nosuchgame/replay/1").status_code == 404


def test_a_step_offers_a_link_to_share_that_opens_the_same_step(client, settings):
    game_id = play(settings, 4)
    html = page(client, f"/games/{game_id}/replay/5")
    share = re.search(r'<code id="share">([^<]+)</code>', html).group(1)
    assert share == f"{settings.base_url}/games/{game_id}/replay/5"
    mine = page(client, seat_link(settings, game_id, "p1") + "/replay/5")
    public = re.search(r'<code id="public-share">([^<]+)</code>', mine).group(1)
    assert public == share, "a seat's page offers the public link to share"


def test_a_seat_replays_with_its_own_view_and_a_spectator_with_the_public_one(client, settings):
    game_id = new_origin(settings)
    hands = dealt(settings, game_id)
    step = record(settings, game_id).last
    own = page(client, seat_link(settings, game_id, "p1") + f"/replay/{step}")
    other = page(client, seat_link(settings, game_id, "p2") + f"/replay/{step}")
    public = page(client, f"/games/{game_id}/replay/{step}")
    assert all(name in own for name in hands["p1"])
    assert not any(name in other or name in public for name in hands["p1"])
    red = boards.seat_colours("origin", ["p1", "p2", "p3"])["p1"]  # issue 32 §1: no seat id
    assert f"your view as Ann ({red})" in own
    assert "the public view" in public


def test_a_replaced_player_replays_their_own_view_only_up_to_the_hand_over(client, settings):
    game_id = new_origin(settings)
    hands = dealt(settings, game_id)
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        claimed = {"type": "table.seat_claimed", "seat": "p2", "name": "Di", "replaced": "Bob"}
        eventstore.record(s, loaded, [claimed], "p2")
    last = record(settings, game_id).last
    before_url = seat_link(settings, game_id, "p2", 0) + f"/replay/{last - 1}"
    assert all(name in page(client, before_url) for name in hands["p2"])
    after_old = page(client, seat_link(settings, game_id, "p2", 0) + f"/replay/{last}")
    after_new = page(client, seat_link(settings, game_id, "p2", 1) + f"/replay/{last}")
    assert not any(name in after_old for name in hands["p2"])
    assert all(name in after_new for name in hands["p2"])
    old_start = page(client, seat_link(settings, game_id, "p2", 1) + f"/replay/{last - 1}")
    assert not any(name in old_start for name in hands["p2"])


def test_after_the_end_any_seats_view_can_be_shown_at_every_step(client, settings):
    game_id = new_origin(settings)
    hands = dealt(settings, game_id)
    step = record(settings, game_id).last
    for seat in ("p1", "p2", "p3"):
        decide(settings, game_id, seat)
    play_on(settings, game_id, 10_000)
    assert record(settings, game_id).finished
    public = page(client, f"/games/{game_id}/replay/{step}")
    assert not any(name in public for name in hands["p1"]), "the public view stays public"
    assert f"/games/{game_id}/replay/{step}?seat=p1" in public
    as_p1 = page(client, f"/games/{game_id}/replay/{step}?seat=p1")
    assert all(name in as_p1 for name in hands["p1"])
    assert "shown now the game is over" in as_p1
    assert nav(as_p1)["next"].endswith("?seat=p1"), "stepping on keeps the chosen view"
