"""A player asks to be forgotten from their desk (issue 30 §5), in the middle of a game of
each kind: afterwards no page, email, export, log line, API answer, table of the database
or job in Redis holds their address or their name; every game still verifies; the game
goes on, their seat held by the table's absent-seat rules (the others vote at once, as for
a player who went quiet, and a bot they choose plays it)."""

from __future__ import annotations

import json
import logging
import random
import re
from email.message import EmailMessage
from typing import Any, cast

import pytest
from redis import Redis
from rq.job import Job
from sqlalchemy import select

from service.cli.commands import main
from service.links import tokens
from service.play import slowplay
from service.play.games import create_game
from service.store import eventstore
from service.store.db import engine_for, sessions
from service.store.models import Base, OutboxRow, SeatRow
from tests.fixtures import have_played
from tests.helpers import URL, csrf_token, html_of, path, text_of
from tests.service.replying import deliver, reply_message
from tests.service.test_desk import sign_in
from tests.service.test_history import decide

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")

ADDRESS = "Spec1.John.Smith@example.org"
NAME = "Zoë Forgettable"
PLAYERS = ["Ann Quill <ann@example.org>", f"{NAME} <{ADDRESS}>", "Cy Vance <cy@example.org>"]
SECRETS = (ADDRESS, "spec1.john.smith", NAME, "Forgettable")
"""What must be nowhere once the player is forgotten: the address, its local part (what
older servers published as a name), the name."""
GAMES = ("origin", "origins-first-builders", "orichalk")


def leaks(text: str, secrets: tuple[str, ...] = SECRETS) -> list[str]:
    """Which of ``secrets`` ``text`` holds, in any case."""
    folded = text.casefold()
    return [s for s in secrets if s.casefold() in folded]


def as_text(value: Any) -> str:
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes(value).decode("utf-8", "replace")
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return "" if value is None else str(value)


def database_leaks(settings, secrets: tuple[str, ...] = SECRETS) -> list[str]:
    """Every ``table.column`` of every row of every table that holds a secret."""
    found = []
    with engine_for(settings.database_url).connect() as conn:
        for table in Base.metadata.sorted_tables:
            for row in conn.execute(select(table)).mappings():
                for column, value in row.items():
                    if leaks(as_text(value), secrets):
                        found.append(f"{table.name}.{column}")
    return sorted(set(found))


def redis_leaks(settings) -> list[str]:
    """Every job in Redis whose arguments hold a secret, and every other key whose value
    does."""
    r = Redis.from_url(settings.redis_url)
    found = []
    for key in r.scan_iter():
        name = key.decode()
        kind = cast(bytes, r.type(key)).decode()  # redis-py types sync and async alike
        if name.startswith("rq:job:") and kind == "hash" and name.count(":") == 2:
            job = Job.fetch(name.removeprefix("rq:job:"), connection=r)
            if leaks(repr(job.args) + repr(job.kwargs) + str(job.description)):
                found.append(name)
        elif kind == "string" and leaks(as_text(r.get(key))):
            found.append(name)
    return found


def email_leaks(messages: list[EmailMessage], envelopes: list) -> list[str]:
    """Each email (whole, as sent) or envelope that holds a secret."""
    found = [str(m["Subject"]) for m in messages if leaks(m.as_string())]
    return found + [repr(e) for e in envelopes if leaks(repr(e))]


def acting(settings, game_id: str) -> list[str]:
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        return [] if loaded.row.over else sorted(loaded.game.to_act(loaded.state))


def mid_game(settings, game_id: str, rng: random.Random) -> None:
    """Some decisions by everyone, then on until it is p2's turn (never the end)."""
    for made in range(400):
        now = acting(settings, game_id)
        assert now, "the game ended before p2 had to decide"
        if made >= 6 and "p2" in now:
            return
        decide(settings, game_id, rng.choice(now), rng.choice)
    raise AssertionError("p2 never had to decide")


def newest_to(smtp, address: str) -> EmailMessage:
    return [m for m in smtp.messages if address.lower() in str(m["To"]).lower()][-1]


def seat_path(settings, game_id: str, seat: str) -> str:
    return f"/seat/{tokens.seat_token(settings.secret_key, game_id, seat, 0)}"


def pages(client, game_id: str) -> dict[str, str]:
    """Every public page and answer about the game, and the home page's list of games."""
    shown = {
        "game page": f"/games/{game_id}",
        "history": f"/games/{game_id}/history?all=1",
        "api": f"/api/games/{game_id}",
        "home": "/",
    }
    found = {}
    for what, url in shown.items():
        response = client.get(url)
        assert response.status_code == 200, (what, response.status_code)
        found[what] = response.get_data(as_text=True)
    with_steps = client.get(f"/api/games/{game_id}").get_json()["seq"]
    for step in (1, with_steps // 2, with_steps):
        found[f"replay {step}"] = client.get(f"/games/{game_id}/replay/{step}").get_data(
            as_text=True
        )
    return found


def forget_me(client) -> None:
    """Confirm on ``/me/forget``, as a browser does."""
    page = client.get("/me/forget")
    assert page.status_code == 200
    token = csrf_token(page.get_data(as_text=True))
    answer = client.post("/me/forget", data={"csrf_token": token, "understood": "yes"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/me?forgotten=1"


@pytest.mark.parametrize("name", GAMES)
def test_a_player_forgotten_mid_game_is_nowhere_and_the_game_goes_on_without_them(
    name, app, client, settings, smtp, work, caplog, monkeypatch
):
    rng = random.Random(30)
    created = client.post("/api/games", json={"game": name, "players": PLAYERS})
    assert created.status_code == 201, created.get_json()
    game_id = created.get_json()["id"]
    work()
    mid_game(settings, game_id, rng)
    work()
    # The player answered an email, and their reply is kept, as every reply is.
    last = newest_to(smtp, ADDRESS)
    deliver(settings, reply_message(last, "status"))
    work()
    sign_in(client, smtp, work, ADDRESS.lower(), ADDRESS)
    kept = client.get("/me/data").get_json()
    assert [(g["game"], g["seat"], g["name"]) for g in kept["games"]] == [(game_id, "p2", NAME)]
    assert kept["replies_received"] and kept["emails"] and kept["sign_ins"]
    with sessions(settings.database_url)() as s:
        before = eventstore.load(s, game_id).seq

    caplog.set_level(logging.DEBUG)
    # The mail relay's own chatter (this test's aiosmtpd inbox, and the inbound server's),
    # as every process configures it (service.logs): warnings only. (Not caplog.set_level,
    # which would capture only warnings from every logger.)
    monkeypatch.setattr(logging.getLogger("mail.log"), "level", logging.WARNING)
    smtp.clear()
    forget_me(client)
    work()

    # The table took the seat: p2 must decide, so the others vote on it now.
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        assert loaded.table.has_left("p2") and loaded.table.ballot.seat == "p2"
        kinds = s.execute(
            select(OutboxRow.seat, OutboxRow.kind).where(OutboxRow.seq > before)
        ).all()
    assert sorted(kinds) == [("p1", "ballot"), ("p1", "left"), ("p3", "ballot"), ("p3", "left")]
    told = sorted((str(m["To"]), text_of(m).splitlines()[0]) for m in smtp.messages)
    assert [to for to, said in told if said == "Player 2 left the game"] == [
        "Ann Quill <ann@example.org>",
        "Cy Vance <cy@example.org>",
    ]
    assert len(told) == 4, "and the vote on their seat; nothing more to them"
    for voter in ("p1", "p3"):
        ballot = [m for m in smtp.messages if "vote" in text_of(m) and voter in m["Message-ID"]]
        assert ballot, f"{voter} was asked to vote"
        page = client.get(seat_path(settings, game_id, voter))
        form = {"ballot": str(loaded.table.ballot.number), "choice": "bot"}
        voted = client.post(seat_path(settings, game_id, voter) + "/vote", data=form)
        assert voted.status_code == 303, page.status_code
    with sessions(settings.database_url).begin() as s:
        slowplay.advance(s, game_id, eventstore.now())
    with sessions(settings.database_url)() as s:
        after = eventstore.load(s, game_id)
        bot_moves = [
            e for e in eventstore.events_of(s, game_id, after=before) if e.seat == "p2" and e.move
        ]
    assert "p2" in after.table.bots and bot_moves, "the bot the others chose plays the seat"
    for _ in range(4):  # and the game goes on
        if now := acting(settings, game_id):
            decide(settings, game_id, rng.choice([s for s in now if s != "p2"] or now), rng.choice)
            with sessions(settings.database_url).begin() as s:
                slowplay.advance(s, game_id, eventstore.now())
    work()

    assert database_leaks(settings) == []
    assert redis_leaks(settings) == []
    assert email_leaks(smtp.messages, smtp.envelopes) == []
    shown = pages(client, game_id)
    assert {what: leaks(text) for what, text in shown.items() if leaks(text)} == {}
    assert "Player 2 (left)" in shown["game page"] and "Player 2 (left)" in shown["history"]
    player = client.get(f"/api/games/{game_id}").get_json()["players"][1]
    assert (player["name"], player["left"]) == ("Player 2 (left)", True)
    for seat in ("p1", "p3"):
        page = client.get(seat_path(settings, game_id, seat)).get_data(as_text=True)
        assert not leaks(page) and "Player 2 (left)" in page
    gone = client.get(seat_path(settings, game_id, "p2"))
    assert gone.status_code == 410, "the forgotten player's own links show nothing more"
    export = app.test_cli_runner().invoke(main, ["export", game_id, "--with-secrets"])
    assert export.exit_code == 0 and not leaks(export.output)
    verified = app.test_cli_runner().invoke(main, ["verify", game_id])
    assert verified.exit_code == 0, verified.output
    logged = [
        f"{r.name}: {r.getMessage()} {r.exc_text or ''}"
        for r in caplog.records
        if leaks(f"{r.getMessage()} {r.exc_text or ''}")
    ]
    assert logged == []


def test_forgetting_needs_a_sign_in_and_a_ticked_box_and_writes_nothing_without(
    client, settings, smtp, work
):
    with sessions(settings.database_url).begin() as s:
        players = ["Ann <ann@example.org>", "bob@example.org"]
        game_id = create_game(s, "tictactoe", players).loaded.row.id
    page = client.get("/me")
    token = csrf_token(page.get_data(as_text=True))
    refused = client.post("/me/forget", data={"csrf_token": token, "understood": "yes"})
    assert refused.status_code == 403, "no sign-in, no forgetting"
    sign_in(client, smtp, work, "ann@example.org", "ann@example.org")
    token = csrf_token(client.get("/me/forget").get_data(as_text=True))
    unticked = client.post("/me/forget", data={"csrf_token": token})
    assert unticked.status_code == 400
    assert "cannot be undone" in unticked.get_data(as_text=True)
    forged = client.post("/me/forget", data={"understood": "yes"})
    assert forged.status_code == 400, "a form without its CSRF token is refused"
    with sessions(settings.database_url)() as s:
        seat = s.scalar(select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == "p1"))
        assert (seat.email, seat.name, seat.left_at) == ("ann@example.org", "Ann", None)


def test_forgetting_signs_out_every_browser_of_the_address(app, client, settings, smtp, work):
    with sessions(settings.database_url).begin() as s:
        create_game(s, "tictactoe", ["ann@example.org", "bob@example.org"])
    other = app.test_client()
    sign_in(other, smtp, work, "ann@example.org", "ann@example.org")
    sign_in(client, smtp, work, "ANN@example.org", "ann@example.org")
    forget_me(client)
    assert 'action="/me/sign-out"' not in other.get("/me").get_data(as_text=True)
    assert client.get("/me/data").status_code == 403


def old_emails_links(messages: list[EmailMessage]) -> list[str]:
    return [path(u) for m in messages for u in URL.findall(text_of(m) + html_of(m))]


def test_the_forgotten_players_old_links_act_and_show_no_more(client, settings, smtp, work):
    """Every link of their emails: the decision, the seat page, its history; a reply to
    their seat is read no further and kept as nothing."""
    with sessions(settings.database_url).begin() as s:
        create_game(s, "tictactoe", ["ann@example.org", "Bob <bob@example.org>"])
    work()
    # The player who must move first: their invitation can be answered by email.
    (first,) = [m for m in smtp.messages if m["Reply-To"]]
    address = first["To"].addresses[0].addr_spec
    links = [u for u in old_emails_links([first]) if re.match(r"/(act|seat)/", u)]
    assert links
    sign_in(client, smtp, work, address, address)
    forget_me(client)
    for link in links:
        assert client.get(link).status_code == 410, link
    seat_page = next(u for u in links if u.startswith("/seat/")).split("#")[0]
    assert client.get(seat_page + "/history").status_code == 410
    row, _ = deliver(settings, reply_message(first, "1"), client_ip="192.0.2.25")
    assert row.outcome == "refused: the seat's player left"
    assert (row.raw, row.mail_from, row.client_ip) == (b"", "", None)
    # Their email settings and unsubscribe links keep nothing of them again.
    every = old_emails_links([first])
    settings_link = next(u for u in every if u.startswith("/settings/"))
    unsubscribe = next(u for u in every if u.startswith("/unsubscribe/"))
    assert client.get(settings_link).status_code == 200
    assert client.post(settings_link, data={"notify": "none"}).status_code == 400
    assert client.post(unsubscribe).status_code == 200
    theirs = (address, "Bob") if address.startswith("bob") else (address,)
    assert database_leaks(settings, theirs) == []
    with sessions(settings.database_url)() as s:
        assert s.scalars(select(SeatRow.muted_at)).all() == [None, None]


def test_a_game_with_a_forgotten_player_moves_to_another_server_without_them(
    app, client, settings, smtp, work, tmp_path
):
    """Its export names nobody for the seat and gives it no address; imported, the seat is
    a left one again (no invitation, the others vote on it), and it takes no address."""
    with sessions(settings.database_url).begin() as s:
        players = ["Ann <ann@example.org>", f"{NAME} <{ADDRESS}>", "bob@example.org"]
        game_id = create_game(s, "origin", players).loaded.row.id
    have_played(settings.database_url, ADDRESS)
    sign_in(client, smtp, work, ADDRESS, ADDRESS)
    forget_me(client)
    path = tmp_path / "moving.jsonl"
    exported = app.test_cli_runner().invoke(main, ["export", game_id, "--with-secrets"])
    head = json.loads(exported.output.splitlines()[0])
    assert head["emails"]["p2"] is None and head["names"] == {"p1": "Ann", "p2": "", "p3": ""}
    path.write_text(exported.output)
    refused = app.test_cli_runner().invoke(
        main, ["import", str(path), "--player", "p2=eve@example.org"]
    )
    assert refused.exit_code == 1 and "p2's player left the game" in refused.output
    smtp.clear()
    moved = app.test_cli_runner().invoke(main, ["import", str(path)])
    assert moved.exit_code == 0, moved.output
    new_id = json.loads(moved.output.splitlines()[-1])["id"]
    work()
    invited = [m for m in smtp.messages if new_id in str(m["Subject"])]
    assert sorted(str(m["To"]) for m in invited) == ["Ann <ann@example.org>", "bob@example.org"]
    with sessions(settings.database_url)() as s:
        seat = s.scalar(select(SeatRow).where(SeatRow.game_id == new_id, SeatRow.seat == "p2"))
        assert (seat.email, seat.name, seat.left_at is not None) == (None, "", True)
        assert eventstore.load(s, new_id).table.has_left("p2")
    assert not database_leaks(settings)
