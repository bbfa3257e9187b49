"""Emails from outbox rows through RQ and a real SMTP server (issue 2 §7, DESIGN.md §5, §7)."""

from __future__ import annotations

import os
import smtplib
import subprocess
import sys
from dataclasses import replace
from datetime import timedelta

import pytest
from freezegun import freeze_time
from sqlalchemy import select

import workers.jobs
from service import create_app
from service.cli.demo import WORKER_OPTIONS
from service.cli.localnet import free_port
from service.store.db import sessions
from service.store.models import OutboxRow
from tests.checkout import ROOT
from tests.fixtures import ServerLikeClient, scheduler_until
from tests.helpers import headline, html_of, option_links, path, play_now, text_of
from workers.jobs import send_outbox, sweep_outbox

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")

PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]


def server_like(app):
    app.test_client_class = ServerLikeClient
    return app.test_client()


def new_game(client, **options):
    response = client.post(
        "/api/games", json={"game": "tictactoe", "players": PLAYERS, "options": options}
    )
    assert response.status_code == 201
    return response.get_json()["id"]


def mover_and_other(client, game_id) -> tuple[str, str]:
    """The address of the player who moves first, and of the one who waits."""
    seat = client.get(f"/api/games/{game_id}").get_json()["to_act"][0]
    addresses = {"p1": "ann@example.org", "p2": "bob@example.org"}
    return addresses[seat], addresses["p2" if seat == "p1" else "p1"]


def outbox(settings):
    with sessions(settings.database_url)() as s:
        return list(s.scalars(select(OutboxRow).order_by(OutboxRow.id)))


def test_a_job_run_twice_sends_once(client, smtp, settings):
    new_game(client)
    first = outbox(settings)[0]
    assert send_outbox(first.id) == "sent"
    assert send_outbox(first.id) == "already done"
    assert len(smtp.messages) == 1


def test_a_send_job_for_a_row_that_is_not_there_says_so_and_sends_nothing(settings, smtp):
    assert send_outbox(12345) == "missing"
    assert smtp.messages == []


def test_a_refused_send_is_noted_on_its_row_and_a_later_send_records_its_message_id(
    client, smtp, settings
):
    new_game(client)
    first = outbox(settings)[0]
    smtp.fail_next = 1
    with pytest.raises(smtplib.SMTPDataError):
        send_outbox(first.id)
    (refused,) = [r for r in outbox(settings) if r.id == first.id]
    assert refused.last_error == "SMTPDataError: (451, b'4.3.0 Try again later')"
    assert (refused.sent_at, refused.claimed_at) == (None, None), "free for the retry"
    assert send_outbox(first.id) == "sent"
    (sent,) = [r for r in outbox(settings) if r.id == first.id]
    assert sent.last_error is None
    assert sent.message_id == smtp.messages[-1]["Message-ID"]


def test_a_very_long_send_error_is_kept_to_its_first_2000_characters(
    client, smtp, settings, monkeypatch
):
    def failing(*args, **kwargs):
        raise RuntimeError("x" * 5000)

    new_game(client)
    first = outbox(settings)[0]
    monkeypatch.setattr(workers.jobs, "deliver", failing)
    with pytest.raises(RuntimeError):
        send_outbox(first.id)
    (refused,) = [r for r in outbox(settings) if r.id == first.id]
    assert refused.last_error == ("RuntimeError: " + "x" * 5000)[:2000]


def test_smtp_failing_twice_still_gives_exactly_one_email(client, smtp, work, settings):
    smtp.fail_next = 2
    new_game(client)
    work()
    assert smtp.refused == 2
    assert len(smtp.messages) == 2  # one invitation per player, the first after two retries
    assert sorted(m["To"] for m in smtp.messages) == sorted(PLAYERS)
    assert all(row.sent_at is not None for row in outbox(settings))
    assert sum(row.attempts for row in outbox(settings)) == 4, "two refusals and two sends"


def test_a_move_made_while_redis_is_down_is_accepted_and_mailed_once_it_is_back(
    smtp, work, settings
):
    dead = replace(settings, redis_url=f"redis://127.0.0.1:{free_port()}/0")
    client = server_like(create_app(dead))
    game_id = new_game(client)
    assert smtp.messages == []
    rows = outbox(settings)
    assert [r.sent_at for r in rows] == [None, None]
    invitation = next(
        r for r in rows if r.seat == client.get(f"/api/games/{game_id}").get_json()["to_act"][0]
    )
    send_outbox(invitation.id)  # the player got their invitation some other way
    move = client.post(path(option_links(smtp.messages[0])[0][1]))
    assert move.status_code == 303, "the move stands though Redis is down"
    smtp.clear()

    assert sweep_outbox() == [], "rows younger than a minute are left to their own jobs"
    later = rows[0].created_at + timedelta(minutes=2)
    with freeze_time(later):
        swept = sweep_outbox()
    assert len(swept) == 2  # the other invitation and the turn email
    work()
    assert len(smtp.messages) == 2
    with freeze_time(later + timedelta(minutes=1)):
        assert sweep_outbox() == []
    work()
    assert len(smtp.messages) == 2


def test_the_procfile_runs_the_worker_as_the_demo_and_the_bench_do():
    worker = next(
        line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith("worker:")
    )
    assert " ".join(WORKER_OPTIONS) in worker


def test_a_real_rq_worker_process_sends_the_emails(client, smtp, settings):
    new_game(client)
    env = {**os.environ, **settings.as_env(), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "rq.cli",
            "worker",
            "--burst",
            *WORKER_OPTIONS,
            "--url",
            settings.redis_url,
            settings.queue_name,
        ],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert len(smtp.messages) == 2, done.stdout + done.stderr


def test_the_scheduler_process_sweeps_rows_that_were_never_enqueued(
    smtp, work, settings, monkeypatch
):
    dead = replace(settings, redis_url=f"redis://127.0.0.1:{free_port()}/0")
    new_game(server_like(create_app(dead)))
    monkeypatch.setenv("SWEEP_AFTER", "0")  # the sweep job runs in this process's worker
    output = scheduler_until(settings, work, lambda: len(smtp.messages) >= 2, seconds=60)
    assert len(smtp.messages) == 2, output


def test_emails_are_multipart_threaded_and_name_game_number_and_turn(client, smtp, work):
    game_id = new_game(client)
    work()
    mover, other = mover_and_other(client, game_id)
    invitation = smtp.to(mover)[0]
    # the mover's invitation offers a decision with a deadline: its calendar event beside it
    assert invitation.get_content_type() == "multipart/mixed"
    alternative, calendar = invitation.iter_parts()
    assert alternative.get_content_type() == "multipart/alternative"
    assert calendar.get_content_type() == "text/calendar"
    assert smtp.to(other)[0].get_content_type() == "multipart/alternative"
    assert "Tic-tac-toe" in invitation["Subject"] and f"#{game_id}" in invitation["Subject"]
    assert "your turn" in headline(invitation)
    assert "to play" in headline(smtp.to(other)[0])
    assert "Mark the centre cell" in html_of(invitation)
    client.post(path(option_links(invitation)[4][1]))
    work()
    turn = smtp.to(other)[-1]
    root = smtp.to(other)[0]["Message-ID"]
    assert turn["In-Reply-To"] == root and root in turn["References"]
    assert "Turn 2: your turn" in headline(turn), "the second turn, the first being the mover's"
    assert turn["Message-ID"] != root


def test_one_click_unsubscribe_stops_that_players_email_for_that_game(client, smtp, work):
    game_id = new_game(client)
    work()
    mover, other = mover_and_other(client, game_id)
    header = smtp.to(other)[0]["List-Unsubscribe"]
    assert smtp.to(other)[0]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    url = header.strip("<>")
    assert client.get(path(url)).status_code == 200, "a GET only asks"
    response = client.post(
        path(url),
        data="List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 200
    client.post(path(option_links(smtp.to(mover)[0])[4][1]))
    work()
    assert len(smtp.to(other)) == 1, "no more email after unsubscribing"
    assert any(r.skipped == "unsubscribed" for r in outbox(client.application.extensions["pbem"]))


def test_a_turn_email_for_a_decision_already_made_is_not_sent(client, smtp, settings):
    game_id = new_game(client)
    for row in outbox(settings):
        send_outbox(row.id)
    mover, _ = mover_and_other(client, game_id)
    client.post(path(option_links(smtp.to(mover)[0])[4][1]))
    turn = next(r for r in outbox(settings) if r.kind == "turn")
    seq = client.get(f"/api/games/{game_id}").get_json()["turn_seq"]
    with sessions(settings.database_url).begin() as session:
        play_now(session, game_id, turn.seat, {"type": "place", "cell": 0}, seq)
    assert send_outbox(turn.id) == "skipped: decision already made"
    assert len(smtp.messages) == 2


def test_a_player_who_unsubscribed_can_turn_the_games_email_back_on(client, smtp, work):
    game_id = new_game(client)
    work()
    mover, other = mover_and_other(client, game_id)
    url = path(smtp.to(other)[0]["List-Unsubscribe"].strip("<>"))
    assert b"no more email" in client.post(url, data={}).data
    assert b"emails again" in client.post(url, data={"resubscribe": "1"}).data
    client.post(path(option_links(smtp.to(mover)[0])[4][1]))
    work()
    assert "your turn" in headline(smtp.to(other)[-1])


def options_offered(message) -> int:
    return len(option_links(message))


def seat_of(address: str) -> str:
    return {"ann@example.org": "p1", "bob@example.org": "p2"}[address]


def test_an_invitation_sent_late_leaves_the_decision_to_its_own_turn_email(client, smtp, settings):
    game_id = new_game(client)
    mover, other = mover_and_other(client, game_id)
    invitations = {r.seat: r for r in outbox(settings)}
    send_outbox(invitations[seat_of(mover)].id)
    client.post(path(option_links(smtp.to(mover)[0])[4][1]))  # before the other is invited
    send_outbox(invitations[seat_of(other)].id)
    late = smtp.to(other)[0]
    assert options_offered(late) == 0
    assert "your options come in their own email" in text_of(late)
    turn = next(r for r in outbox(settings) if r.kind == "turn")
    assert send_outbox(turn.id) == "sent"
    assert [options_offered(m) for m in smtp.to(other)] == [0, 8], "one email offers it"


def test_an_invitation_sent_after_the_turn_email_offers_nothing_again(client, smtp, settings):
    game_id = new_game(client)
    mover, other = mover_and_other(client, game_id)
    invitations = {r.seat: r for r in outbox(settings)}
    send_outbox(invitations[seat_of(mover)].id)
    client.post(path(option_links(smtp.to(mover)[0])[4][1]))
    send_outbox(next(r for r in outbox(settings) if r.kind == "turn").id)
    send_outbox(invitations[seat_of(other)].id)
    assert [options_offered(m) for m in smtp.to(other)] == [8, 0]


def test_a_turn_email_whose_decision_a_newer_one_replaced_is_not_sent(client, smtp, settings):
    game_id = new_game(client)
    mover, other = mover_and_other(client, game_id)
    for row in outbox(settings):
        send_outbox(row.id)
    client.post(path(option_links(smtp.to(mover)[0])[0][1]))
    first_turn = next(r for r in outbox(settings) if r.kind == "turn")
    seq = client.get(f"/api/games/{game_id}").get_json()["turn_seq"]
    with sessions(settings.database_url).begin() as session:  # `other` plays from the page
        play_now(session, game_id, seat_of(other), {"type": "place", "cell": 1}, seq)
    seq = client.get(f"/api/games/{game_id}").get_json()["turn_seq"]
    with sessions(settings.database_url).begin() as session:
        play_now(session, game_id, seat_of(mover), {"type": "place", "cell": 2}, seq)
    assert send_outbox(first_turn.id) == "skipped: a newer email announces this decision"
    newest = [r for r in outbox(settings) if r.kind == "turn" and r.seat == seat_of(other)][-1]
    assert send_outbox(newest.id) == "sent"
    assert options_offered(smtp.to(other)[-1]) == 6


def test_a_turn_email_tells_what_the_others_did_since_your_last_turn(client, smtp, work):
    game_id = new_game(client)
    work()
    mover, other = mover_and_other(client, game_id)
    names = {"ann@example.org": "Ann", "bob@example.org": "Bob"}
    client.post(path(option_links(smtp.to(mover)[0])[4][1]))  # the centre
    work()
    turn = smtp.to(other)[-1]
    for part in (text_of(turn), html_of(turn)):
        assert "Since your last turn" in part
        assert f"{names[mover]} marked the centre cell" in part
    corner = next(url for label, url in option_links(turn) if "top left" in label)
    client.post(path(corner))
    work()
    assert "Turn 3: your turn" in headline(smtp.to(mover)[-1])
    back = text_of(smtp.to(mover)[-1])
    assert f"{names[other]} marked the top left cell" in back
    assert "marked the centre cell" not in back, "only what happened since their own move"
