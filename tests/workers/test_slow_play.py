"""Slow play (issue 4): every timeline runs under freezegun, with the scheduler's job run
by a real RQ worker as ``rq cron workers.cron`` enqueues it, emails through real SMTP."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime, timedelta

import pytest
from freezegun import freeze_time
from sqlalchemy import select

from service.links import urls as links
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow, OutboxRow
from tests.fixtures import scheduler_until
from tests.helpers import headline, option_links, path, play_now, text_of

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")

PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]
EMAILS = {"p1": "ann@example.org", "p2": "bob@example.org"}
START = datetime.fromisoformat("2026-03-02T09:00:00+00:00")  # a Monday
URL = re.compile(r"https?://\S+")


def new_game(client, pace=None, game="tictactoe", players=PLAYERS):
    body = {"game": game, "players": players, "pace": pace or {}}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def state(client, game_id):
    return client.get(f"/api/games/{game_id}").get_json()


def opponent(seat: str) -> str:
    """The other seat of a two-player game."""
    return "p2" if seat == "p1" else "p1"


def mover(client, game_id) -> tuple[str, str]:
    """(seat that must act, the other seat)."""
    seat = state(client, game_id)["to_act"][0]
    return seat, opponent(seat)


def seat_path(settings, game_id, seat):
    with sessions(settings.database_url)() as s:
        return path(links.seat_url(settings, eventstore.load(s, game_id), seat))


def table_events(settings, game_id) -> list[tuple[str | None, dict]]:
    with sessions(settings.database_url)() as s:
        rows = s.scalars(
            select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq)
        ).all()
        return [(r.seat, r.payload) for r in rows if r.type.startswith("table.")]


def kinds(settings, game_id, kind):
    with sessions(settings.database_url)() as s:
        return s.scalars(
            select(OutboxRow).where(OutboxRow.game_id == game_id, OutboxRow.kind == kind)
        ).all()


def headlines(smtp, email: str) -> list[str]:
    return [headline(m) for m in smtp.to(email)]


def play(client, settings, game_id, seat, cell):
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        play_now(s, game_id, seat, {"type": "place", "cell": cell}, loaded.turn_seq)


def test_the_pace_chosen_at_creation_is_recorded_and_shown_in_every_email(client, smtp, work):
    pace = {
        "days": 2,
        "remind_after_hours": 12,
        "remind_every_hours": 6,
        "timezone": "Europe/Paris",
    }
    with freeze_time(START):
        game_id = new_game(client, pace)
        work()
    for message in smtp.messages:
        text = " ".join(text_of(message).split())
        assert "2 days per decision; a reminder after 12 hours, then every 6 hours" in text
        assert "deadlines in Paris time" in text
    acting = smtp.to(EMAILS[state(client, game_id)["to_act"][0]])[0]
    # Monday 10:00 in Paris, two days: the deadline is the end of Wednesday, Paris time.
    assert "Please decide by the end of Wednesday 4 March 2026 (Paris time)" in " ".join(
        text_of(acting).split()
    )
    assert state(client, game_id)["pace"]["timezone"] == "Europe/Paris"


def test_an_unknown_time_zone_or_a_silly_pace_is_refused(client):
    for pace in ({"timezone": "Mars/Olympus"}, {"days": 0}, {"days": "3"}, {"speed": 1}):
        response = client.post(
            "/api/games", json={"game": "tictactoe", "players": PLAYERS, "pace": pace}
        )
        assert response.status_code == 400, pace


def test_the_seat_that_must_act_is_reminded_after_a_day_then_daily_until_its_deadline(
    client, smtp, settings, tick
):
    with freeze_time(START) as clock:
        game_id = new_game(client)
        tick()
        seat, other = mover(client, game_id)
        clock.tick(timedelta(hours=23))
        tick()
        assert not any("reminder" in s for s in headlines(smtp, EMAILS[seat]))
        sent = []
        for _ in range(5 * 24):  # every hour for five days
            clock.tick(timedelta(hours=1))
            tick()
            sent = [s for s in headlines(smtp, EMAILS[seat]) if "reminder" in s]
        # Monday 09:00, 3 days: deadline at the end of Thursday; reminders Tue, Wed, Thu 09:00.
        assert len(sent) == 3
        assert not any("reminder" in s for s in headlines(smtp, EMAILS[other]))
        reminded = [p for _, p in table_events(settings, game_id) if p["type"] == "table.reminded"]
        assert [p["number"] for p in reminded] == [1, 2, 3]


def test_a_scheduler_run_twice_or_restarted_neither_loses_nor_doubles_a_reminder(
    client, smtp, settings, tick
):
    with freeze_time(START) as clock:
        game_id = new_game(client)
        tick()
        seat, _ = mover(client, game_id)
        clock.tick(timedelta(hours=30))  # the scheduler was down when the reminder fell due
        for _ in range(3):
            tick()
    assert len([s for s in headlines(smtp, EMAILS[seat]) if "reminder" in s]) == 1
    assert len(kinds(settings, game_id, "reminder")) == 1


def test_a_reminder_is_never_sent_for_a_decision_already_made(client, smtp, settings, work):
    from workers.schedule import advance_game

    with freeze_time(START) as clock:
        game_id = new_game(client)
        work()
        seat, _ = mover(client, game_id)
        clock.tick(timedelta(hours=25))
        advance_game(game_id)  # the reminder is queued ...
        play(client, settings, game_id, seat, 4)  # ... and the player moves before it goes
        work()
    assert not any("reminder" in s for s in headlines(smtp, EMAILS[seat]))
    assert [r.skipped for r in kinds(settings, game_id, "reminder")] == ["decision already made"]


def test_another_player_may_nudge_a_seat_at_most_once_a_day(client, smtp, settings, work):
    with freeze_time(START) as clock:
        game_id = new_game(client)
        work()
        seat, other = mover(client, game_id)
        page = seat_path(settings, game_id, other)
        assert "Nudge" in client.get(page).get_data(as_text=True)
        assert client.post(page + "/nudge", data={"seat": seat}).status_code == 303
        work()
        assert any("nudged you" in s for s in headlines(smtp, EMAILS[seat]))
        clock.tick(timedelta(hours=23))
        again = client.post(page + "/nudge", data={"seat": seat})
        assert again.status_code == 429
        assert "less than a day ago" in again.get_data(as_text=True)
        assert client.post(page + "/nudge", data={"seat": other}).status_code == 400
        clock.tick(timedelta(hours=1, minutes=1))
        assert client.post(page + "/nudge", data={"seat": seat}).status_code == 303
        work()
    assert len([s for s in headlines(smtp, EMAILS[seat]) if "nudged you" in s]) == 2
    nudges = [(by, p) for by, p in table_events(settings, game_id) if p["type"] == "table.nudged"]
    assert nudges == [(other, {"type": "table.nudged", "seat": seat})] * 2


def test_a_nudge_leaves_the_nudged_players_links_valid(client, smtp, settings, work):
    with freeze_time(START):
        game_id = new_game(client)
        work()
        seat, other = mover(client, game_id)
        links_before = option_links(smtp.to(EMAILS[seat])[0])
        client.post(seat_path(settings, game_id, other) + "/nudge", data={"seat": seat})
        assert client.post(path(links_before[4][1])).status_code == 303


def test_a_seat_that_is_not_deciding_cannot_be_nudged(client, settings, work):
    with freeze_time(START):
        game_id = new_game(client)
        seat, other = mover(client, game_id)
        response = client.post(seat_path(settings, game_id, seat) + "/nudge", data={"seat": other})
        assert response.status_code == 409


def test_a_daily_digest_lists_every_game_waiting_for_the_player_in_one_email(
    client, smtp, settings, tick
):
    with freeze_time(START) as clock:
        games = [new_game(client) for _ in range(3)]
        for game_id in games:  # Ann must act in every game
            if state(client, game_id)["to_act"] == ["p2"]:
                play(client, settings, game_id, "p2", 0)
        tick()
        invitation = smtp.to(EMAILS["p1"])[0]
        settings_link = next(u for u in URL.findall(text_of(invitation)) if "/settings/" in u)
        assert client.post(path(settings_link), data={"notify": "digest"}).status_code == 200
        smtp.clear()
        nudge_page = seat_path(settings, games[0], "p2")
        client.post(nudge_page + "/nudge", data={"seat": "p1"})
        clock.tick(timedelta(hours=2))
        tick()
        assert smtp.to(EMAILS["p1"]) == [], "no single turn emails once the digest is chosen"
        clock.move_to(START.replace(day=3, hour=7, minute=0, second=30))
        tick()
        tick()
        digests = smtp.to(EMAILS["p1"])
        assert [m["Subject"] for m in digests] == ["Your daily digest: 3 games waiting for you"]
        body = text_of(digests[0])
        for game_id in games:
            assert f"#{game_id}" in body
        first = next(u for u in URL.findall(body) if "/act/" in u)
        assert client.get(path(first)).status_code == 200


def test_a_player_who_chose_no_turn_emails_gets_none_but_keeps_the_deadline(
    client, smtp, settings, tick
):
    with freeze_time(START) as clock:
        game_id = new_game(client)
        seat, _ = mover(client, game_id)
        tick()
        invitation = smtp.to(EMAILS[seat])[0]
        settings_link = next(u for u in URL.findall(text_of(invitation)) if "/settings/" in u)
        client.post(path(settings_link), data={"notify": "none"})
        smtp.clear()
        clock.tick(timedelta(days=2))
        tick()
        assert smtp.to(EMAILS[seat]) == []
        assert [r.skipped for r in kinds(settings, game_id, "reminder")] == [
            "the player chose no turn emails"
        ]


def test_an_absence_pauses_the_deadline_and_the_others_are_told(client, smtp, settings, tick):
    with freeze_time(START) as clock:
        game_id = new_game(client)
        tick()
        seat, other = mover(client, game_id)
        page = seat_path(settings, game_id, seat)
        response = client.post(page + "/away", data={"first": "2026-03-03", "last": "2026-03-07"})
        assert response.status_code == 303
        tick()
        told = [m for m in smtp.to(EMAILS[other]) if "is away" in headline(m)]
        assert len(told) == 1
        assert "from 3 March 2026 to 7 March 2026 (UTC time)" in text_of(told[0])
        # Monday 09:00 + 3 days = end of Thursday; five days away push it to Tuesday 10th.
        assert (
            "Tuesday 10 March 2026"
            in state(client, game_id)["players"][int(seat[1]) - 1]["deadline"]
        )
        clock.move_to(START + timedelta(days=5))  # Saturday, still away
        tick()
        assert not any("reminder" in s for s in headlines(smtp, EMAILS[seat]))
        assert not any("deadline has passed" in s for s in headlines(smtp, EMAILS[other]))
        clock.move_to(datetime.fromisoformat("2026-03-11T00:01:00+00:00"))
        tick()
    assert any("deadline has passed" in s for s in headlines(smtp, EMAILS[other]))


def _late(client, settings, tick, clock, game="tictactoe", players=PLAYERS):
    """A game whose first player let the deadline pass: the others have the ballot email."""
    game_id = new_game(client, game=game, players=players)
    settle_opening(settings, game_id)
    tick()
    late = state(client, game_id)["to_act"][0]
    clock.tick(timedelta(days=4, hours=16))  # past the end of Thursday
    tick()
    return game_id, late


def settle_opening(settings, game_id) -> None:
    """Play the simultaneous opening choices (Origin's objectives) so one seat is late."""
    with sessions(settings.database_url).begin() as s:
        while True:
            loaded = eventstore.load(s, game_id)
            acting = sorted(loaded.game.to_act(loaded.state))
            if len(acting) <= 1:
                return
            move = loaded.game.bot_move(loaded.state, acting[0])
            play_now(s, game_id, acting[0], move, loaded.turn_seq)


def _voted(client, smtp, settings, tick, clock, choice: str):
    """``(game id, late seat, other seat)`` of a two-player game whose late seat the other
    voted ``choice`` for, the vote counted by a tick."""
    game_id, late = _late(client, settings, tick, clock)
    other = opponent(late)
    vote(client, smtp, other, choice)
    tick()
    return game_id, late, other


def vote(client, smtp, voter: str, choice: str, **newcomer: str):
    """Follow the ballot email's link for ``choice`` and cast that vote."""
    url = path(_vote_link(smtp, EMAILS[voter], choice)).split("?")[0]
    return client.post(url + "/vote", data={"ballot": "1", "choice": choice, **newcomer})


def _vote_link(smtp, email: str, choice: str) -> str:
    ballot = next(m for m in smtp.to(email) if "deadline has passed" in headline(m))
    return next(u for u in URL.findall(text_of(ballot)) if f"vote={choice}" in u)


def test_a_passed_deadline_asks_the_others_and_a_vote_to_wait_restarts_the_clock(
    client, smtp, settings, tick
):
    with freeze_time(START) as clock:
        game_id, late = _late(client, settings, tick, clock)
        other = opponent(late)
        assert not any("deadline has passed" in s for s in headlines(smtp, EMAILS[late]))
        link = _vote_link(smtp, EMAILS[other], "wait")
        page = client.get(path(link)).get_data(as_text=True)
        assert 'value="wait" checked' in page
        ballot = re.search(r'name="ballot" value="(\d+)"', page).group(1)
        url = path(link).split("?")[0]
        assert (
            client.post(url + "/vote", data={"ballot": ballot, "choice": "wait"}).status_code == 303
        )
        tick()
        assert any("decided: wait longer" in s for s in headlines(smtp, EMAILS[late]))
        clock.tick(timedelta(days=2))
        tick()
        assert len([s for s in headlines(smtp, EMAILS[other]) if "deadline has passed" in s]) == 1
        clock.tick(timedelta(days=3))
        tick()
    assert len([s for s in headlines(smtp, EMAILS[other]) if "deadline has passed" in s]) == 2
    decided = [p for _, p in table_events(settings, game_id) if p["type"] == "table.vote_decided"]
    assert decided[0]["choice"] == "wait" and decided[0]["answers"] == 1


def test_a_vote_to_end_the_game_scores_it_as_it_stands_and_all_can_revive_it(
    client, smtp, settings, tick
):
    with freeze_time(START) as clock:
        game_id, late, other = _voted(client, smtp, settings, tick, clock, "end")
        public = state(client, game_id)
        assert public["over"] and public["abandoned"] and public["to_act"] == []
        assert public["outcome"]["scores"] == {"p1": 0, "p2": 0}
        assert any("Game over" in s for s in headlines(smtp, EMAILS[late]))
        for seat in (other, late):
            assert client.post(seat_path(settings, game_id, seat) + "/revive").status_code == 303
        tick()
    public = state(client, game_id)
    assert not public["over"] and public["to_act"] == [late]
    assert any("continues" in s for s in headlines(smtp, EMAILS[late]))


def test_a_vote_for_a_bot_plays_the_late_seat_until_its_player_comes_back(
    client, smtp, settings, tick
):
    with freeze_time(START) as clock:
        game_id, late, other = _voted(client, smtp, settings, tick, clock, "bot")
        assert state(client, game_id)["to_act"] == [other], "the bot played at once"
        play(
            client,
            settings,
            game_id,
            other,
            0 if state(client, game_id)["view"]["board"][0] == "" else 1,
        )
        tick()
        assert state(client, game_id)["to_act"] == [other], "and again"
        seat_page = seat_path(settings, game_id, late)
        assert "I'm back" in html.unescape(client.get(seat_page).get_data(as_text=True))
        assert client.post(seat_page + "/back").status_code == 303
        free = state(client, game_id)["view"]["board"].index("")
        play(client, settings, game_id, other, free)
        tick()
        assert state(client, game_id)["to_act"] == [late], "the player has their seat again"
    events = [p["type"] for _, p in table_events(settings, game_id)]
    assert "table.player_returned" in events


def test_a_player_who_moves_by_their_own_link_while_a_bot_holds_their_seat_takes_it_back(
    client, smtp, settings, tick
):
    from tests.service.hostile import turn_link

    with freeze_time(START) as clock:
        game_id, late, other = _voted(client, smtp, settings, tick, clock, "bot")
        free = state(client, game_id)["view"]["board"].index("")
        play(client, settings, game_id, other, free)  # the late seat's turn; no tick yet
        cell = state(client, game_id)["view"]["board"].index("")
        _, link = turn_link(settings, game_id, {"type": "place", "cell": cell}, seat=late)
        assert client.post(link).status_code == 303
        tick()
        assert state(client, game_id)["to_act"] == [other]
        play(client, settings, game_id, other, state(client, game_id)["view"]["board"].index(""))
        tick()
        assert state(client, game_id)["to_act"] == [late], "no bot plays for the player now"
    events = [(seat, p["type"]) for seat, p in table_events(settings, game_id)]
    assert (late, "table.player_returned") in events


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("tictactoe", PLAYERS),
        ("origin", ["Ann <ann@example.org>", "Bob <bob@example.org>", "Cy <cy@example.org>"]),
        ("orichalk", PLAYERS),
    ],
)
def test_a_bot_voted_in_for_a_late_seat_finishes_a_real_game(
    client, smtp, settings, tick, game, players
):
    from engine import registry
    from workers.schedule import advance_game

    rules = registry.get(game)
    with freeze_time(START) as clock:
        game_id, late = _late(client, settings, tick, clock, game, players)
        for voter in state(client, game_id)["players"]:
            if voter["seat"] != late:
                page = seat_path(settings, game_id, voter["seat"])
                client.post(page + "/vote", data={"ballot": "1", "choice": "bot"})
        for _ in range(1000):  # the others play their own moves; the bot plays the late seat
            advance_game(game_id)  # the tick's job for this game, run straight away
            public = state(client, game_id)
            if public["over"]:
                break
            with sessions(settings.database_url).begin() as s:
                loaded = eventstore.load(s, game_id)
                seat = sorted(loaded.game.to_act(loaded.state))[0]
                assert seat != late
                move = rules.bot_move(loaded.state, seat)
                play_now(s, game_id, seat, move, loaded.turn_seq)
            clock.tick(timedelta(hours=1))
    assert public["over"] and not public["abandoned"]
    assert public["outcome"]["ranking"]
    with sessions(settings.database_url)() as s:
        by_late = s.scalars(
            select(EventRow).where(EventRow.game_id == game_id, EventRow.seat == late)
        ).all()
    assert any(r.move is not None for r in by_late), "the bot's moves are the late seat's"


def test_a_vote_to_hand_the_seat_over_invites_a_newcomer_who_claims_it(
    client, smtp, settings, tick
):
    with freeze_time(START) as clock:
        game_id, late = _late(client, settings, tick, clock)
        other = opponent(late)
        old_links = option_links(smtp.to(EMAILS[late])[0])
        assert vote(client, smtp, other, "replace").status_code == 400, "no address given"
        cast = vote(client, smtp, other, "replace", name="Cy", email="cy@example.org")
        assert cast.status_code == 303
        tick()
        offer = smtp.to("cy@example.org")
        assert len(offer) == 1 and "take over a seat" in headline(offer[0])
        claim = next(u for u in URL.findall(text_of(offer[0])) if "/claim/" in u)
        assert "Take the seat" in client.get(path(claim)).get_data(as_text=True)
        assert client.post(path(claim)).status_code == 303
        tick()
        turn = [m for m in smtp.to("cy@example.org") if "your turn" in headline(m)]
        assert len(turn) == 1
        assert client.post(path(option_links(turn[0])[0][1])).status_code == 303
        refused = client.post(path(old_links[1][1]))
        assert refused.status_code == 403
        assert "handed to another player" in refused.get_data(as_text=True)
        again = client.post(path(claim))
        assert again.status_code == 409
        assert "This seat is no longer offered to you." in again.get_data(as_text=True)
    claimed = [p for _, p in table_events(settings, game_id) if p["type"] == "table.seat_claimed"]
    assert claimed == [{"type": "table.seat_claimed", "seat": late}], "names stay off the log"
    old_name = {"p1": "Ann", "p2": "Bob"}[late]
    assert f"Cy now plays {old_name}'s seat" in headlines(smtp, EMAILS[other])


def test_a_tie_among_those_who_answer_means_wait(client, smtp, settings, tick):
    players = ["Ann <ann@example.org>", "Bob <bob@example.org>", "Cy <cy@example.org>"]
    with freeze_time(START) as clock:
        game_id, late = _late(client, settings, tick, clock, "origin", players)
        voters = [p["seat"] for p in state(client, game_id)["players"] if p["seat"] != late]
        for voter, choice in zip(voters, ("bot", "end"), strict=True):
            client.post(
                seat_path(settings, game_id, voter) + "/vote",
                data={"ballot": "1", "choice": choice},
            )
        tick()
    decided = [p for _, p in table_events(settings, game_id) if p["type"] == "table.vote_decided"]
    assert [(d["choice"], d["answers"]) for d in decided] == [("wait", 2)]
    assert not state(client, game_id)["over"]


def test_a_game_nobody_answers_for_sleeps_and_one_click_resumes_it_after_200_days(
    client, smtp, settings, tick
):
    with freeze_time(START) as clock:
        game_id, late = _late(client, settings, tick, clock)
        other = opponent(late)
        clock.tick(timedelta(days=3, minutes=5))  # the vote closes unanswered
        tick()
        assert state(client, game_id)["asleep"]
        asleep = [m for m in smtp.to(EMAILS[other]) if "asleep" in headline(m)]
        assert len(asleep) == 1
        smtp.clear()
        for _ in range(10):
            clock.tick(timedelta(days=20))
            tick()
        assert smtp.messages == [], "a sleeping game sends nothing"
        wake = next(u for u in URL.findall(text_of(asleep[0])) if "/seat/" in u)
        page = client.get(path(wake)).get_data(as_text=True)
        assert "Wake the game up" in page
        assert client.post(path(wake).split("#")[0] + "/resume").status_code == 303
        tick()
        waker = {"p1": "Ann", "p2": "Bob"}[other]
        resumed = [m for m in smtp.to(EMAILS[late]) if "woke the game up" in headline(m)]
        assert [headline(m) for m in resumed] == [f"{waker} woke the game up"]
        assert client.post(path(option_links(resumed[0])[4][1])).status_code == 303
    public = state(client, game_id)
    assert not public["asleep"] and public["to_act"] == [other]
    assert [(seat, p["type"]) for seat, p in table_events(settings, game_id)][-2:] == [
        (None, "table.dormant"),
        (other, "table.resumed"),
    ], "the waking is the waker's act"


def test_a_decision_that_nobody_has_answered_can_be_taken_back_with_the_others_approval(
    client, smtp, settings, tick
):
    with freeze_time(START):
        game_id = new_game(client)
        seat, other = mover(client, game_id)
        play(client, settings, game_id, seat, 4)
        before = state(client, game_id)
        page = seat_path(settings, game_id, seat)
        assert "Ask the others" in client.get(page).get_data(as_text=True)
        assert client.post(page + "/takeback").status_code == 303
        tick()
        request = [m for m in smtp.to(EMAILS[other]) if "take back" in headline(m)]
        assert len(request) == 1
        approve = client.post(
            seat_path(settings, game_id, other) + "/takeback", data={"answer": "approve"}
        )
        assert approve.status_code == 303
        tick()
    after = state(client, game_id)
    assert after["view"]["board"] == [""] * 9 and after["to_act"] == [seat]
    assert after["seq"] > before["seq"], "taken back by new events, nothing deleted"
    assert any("taken back" in s for s in headlines(smtp, EMAILS[other]))
    assert any(
        s.startswith("Turn ") and s.endswith("your turn") for s in headlines(smtp, EMAILS[seat])
    )
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        assert eventstore.load_from_start(s, loaded.row, loaded.game).state == loaded.state
    play(client, settings, game_id, seat, 0)
    assert state(client, game_id)["view"]["board"][0] != ""


def test_a_takeback_is_refused_once_another_player_has_acted(client, settings):
    with freeze_time(START):
        game_id = new_game(client)
        seat, other = mover(client, game_id)
        play(client, settings, game_id, seat, 4)
        play(client, settings, game_id, other, 0)
        response = client.post(seat_path(settings, game_id, seat) + "/takeback")
    assert response.status_code == 409
    assert "Another player has acted" in response.get_data(as_text=True)


def test_a_refused_takeback_undoes_nothing(client, smtp, settings, tick):
    with freeze_time(START):
        game_id = new_game(client)
        seat, other = mover(client, game_id)
        play(client, settings, game_id, seat, 4)
        client.post(seat_path(settings, game_id, seat) + "/takeback")
        client.post(seat_path(settings, game_id, other) + "/takeback", data={"answer": "refuse"})
        tick()
    assert state(client, game_id)["view"]["board"][4] != ""
    assert any("refused" in s for s in headlines(smtp, EMAILS[seat]))


def test_a_decision_that_ends_the_game_cannot_be_taken_back(client, settings):
    with freeze_time(START):
        game_id = new_game(client)
        seat, other = mover(client, game_id)
        for mine, theirs in ((0, 3), (1, 4)):
            play(client, settings, game_id, seat, mine)
            play(client, settings, game_id, other, theirs)
        play(client, settings, game_id, seat, 2)
        response = client.post(seat_path(settings, game_id, seat) + "/takeback")
    assert response.status_code == 409
    assert "over" in response.get_data(as_text=True)


def test_an_origin_decision_that_drew_a_card_or_used_chance_cannot_be_taken_back(settings):
    from engine import registry
    from service.play import slowplay
    from service.play.games import create_game

    players = ["ann@example.org", "bob@example.org"]
    reasons: set[str] = set()

    every = {
        "allowed",
        "That decision revealed hidden information: it cannot be taken back.",
        "That decision drew by chance (a shuffle, a die): it cannot be taken back.",
    }

    def seen_all() -> bool:
        return every <= reasons

    rules = registry.get("origin")
    with freeze_time(START), sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "origin", players).loaded.row.id
        for _ in range(1_000):  # a bot game of Origin may end early: start another
            if seen_all():
                break
            loaded = eventstore.load(s, game_id)
            acting = sorted(loaded.game.to_act(loaded.state))
            if not acting:
                game_id = create_game(s, "origin", players).loaded.row.id
                continue
            seat = acting[0]
            play_now(s, game_id, seat, rules.bot_move(loaded.state, seat), loaded.turn_seq)
            after = eventstore.load(s, game_id)
            reason = slowplay.takeback_refusal(s, after, seat)
            reasons.add(reason or "allowed")
    assert seen_all(), reasons


def test_the_real_scheduler_process_opens_the_vote_once_a_deadline_has_passed(
    client, smtp, settings, work
):
    with freeze_time(datetime.now(UTC) - timedelta(days=6)):
        game_id = new_game(client)
        work()
    late, other = mover(client, game_id)
    output = scheduler_until(  # the worker here runs the ticks the scheduler enqueues
        settings,
        work,
        lambda: any("deadline has passed" in s for s in headlines(smtp, EMAILS[other])),
    )
    assert [s for s in headlines(smtp, EMAILS[other]) if "deadline has passed" in s], output
    assert not any("deadline has passed" in s for s in headlines(smtp, EMAILS[late]))


def choose_digest(client, smtp, seat: str, hour: int):
    """Follow the settings link of the seat's invitation and choose a daily digest at
    ``hour``; the settings page that answers."""
    invitation = smtp.to(EMAILS[seat])[0]
    settings_link = next(u for u in URL.findall(text_of(invitation)) if "/settings/" in u)
    return client.post(path(settings_link), data={"notify": "digest", "hour": str(hour)})


def test_the_digest_comes_at_the_hour_the_player_chose(client, smtp, settings, tick):
    with freeze_time(START) as clock:
        game_id = new_game(client)
        seat, _ = mover(client, game_id)
        tick()
        page = choose_digest(client, smtp, seat, 18)
        assert 'value="18" selected' in page.get_data(as_text=True)
        smtp.clear()
        clock.move_to(START.replace(hour=17, minute=59))
        tick()
        assert smtp.to(EMAILS[seat]) == []
        clock.move_to(START.replace(hour=18, minute=1))
        tick()
    assert [m["Subject"] for m in smtp.to(EMAILS[seat])] == [
        "Your daily digest: 1 game waiting for you"
    ]


def test_a_move_wakes_a_sleeping_game_and_every_deadline_starts_afresh(
    client, smtp, settings, tick
):
    from engine import registry

    players = ["Ann <ann@example.org>", "Bob <bob@example.org>", "Cy <cy@example.org>"]
    with freeze_time(START) as clock:
        game_id = new_game(client, game="origin", players=players)  # all choose at once
        tick()
        clock.tick(timedelta(days=4, hours=16))
        tick()  # the first late seat's vote opens ...
        clock.tick(timedelta(days=3, minutes=5))
        tick()  # ... and closes unanswered: the game sleeps
        assert state(client, game_id)["asleep"]
        clock.tick(timedelta(days=200))
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            seat = sorted(loaded.game.to_act(loaded.state))[0]
            move = registry.get("origin").bot_move(loaded.state, seat)
            play_now(s, game_id, seat, move, loaded.turn_seq)
        tick()
        public = state(client, game_id)
        assert not public["asleep"]
        assert len(public["to_act"]) == 2, "the others still choose their objectives"
    passed = [p for _, p in table_events(settings, game_id) if p["type"] == "table.deadline_passed"]
    assert len(passed) == 1, "the others' deadlines start from the move, not from months ago"


def test_the_digest_hour_is_the_players_own_time_zones(client, smtp, settings, tick):
    """Issue 17: 08:00 for a player in Tokyo is 23:00 UTC the day before (Monday 09:00 UTC
    is 18:00 in Tokyo, so the next 08:00 there is Tuesday's, Monday 23:00 UTC)."""
    with freeze_time(START) as clock:
        game_id = new_game(client)
        seat, _ = mover(client, game_id)
        page = seat_path(settings, game_id, seat)
        client.post(page + "/language", data={"language": "en", "time_zone": "Asia/Tokyo"})
        tick()
        shown = choose_digest(client, smtp, seat, 8)
        assert "at (Tokyo)" in shown.get_data(as_text=True)
        smtp.clear()
        clock.move_to(START.replace(hour=22, minute=59))
        tick()
        assert smtp.to(EMAILS[seat]) == []
        clock.move_to(START.replace(hour=23, minute=1))
        tick()
    assert len(smtp.to(EMAILS[seat])) == 1


def test_the_next_digest_keeps_the_wall_clock_hour_across_a_clock_change():
    from service.play.slowplay import next_digest

    before = datetime.fromisoformat("2026-03-28T12:00:00+00:00")  # Saturday, Kyiv UTC+2
    assert next_digest(before, 7, "Europe/Kyiv") == datetime.fromisoformat(
        "2026-03-29T04:00:00+00:00"
    ), "Sunday 07:00 in Kyiv, summer time (UTC+3) since 03:00"
    assert next_digest(before, 7) == datetime.fromisoformat("2026-03-29T07:00:00+00:00")


def test_the_first_to_agree_to_revive_asks_the_others_and_only_them(client, smtp, settings, tick):
    """Issue 15 (mutants of ``agree_revive`` that survived): one agreement writes one
    revive request, to each other seat; a game that was not abandoned cannot be revived."""
    from service.errors import Stale
    from service.play import slowplay

    with freeze_time(START) as clock:
        game_id, late = _late(client, settings, tick, clock)
        other = opponent(late)
        with sessions(settings.database_url).begin() as s, pytest.raises(Stale) as refused:
            slowplay.agree_revive(s, game_id, other, 0)
        assert refused.value.message == "This game was not abandoned."
        assert refused.value.context == {"game_id": game_id}
        vote(client, smtp, other, "end")
        tick()
        assert client.post(seat_path(settings, game_id, other) + "/revive").status_code == 303
    asked = kinds(settings, game_id, "revive_request")
    assert [r.seat for r in asked] == [late]


def test_a_signed_claim_link_for_no_offer_at_all_is_a_404_that_says_so(client, settings):
    from service.links import tokens

    forged = tokens.claim_token(settings.secret_key, 987654)
    for answer in (client.get(f"/claim/{forged}"), client.post(f"/claim/{forged}")):
        assert answer.status_code == 404
        assert "There is no such seat offer." in answer.get_data(as_text=True)
