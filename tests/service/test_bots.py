"""Bots at the table (issue 37 §3): seats a bot holds from the game's creation, of a level
chosen by the creator; a bot plays as soon as its decision comes, in a worker; it is sent no
email; a result it played in says so; the seed reproduces each of its moves; a vote hands a
late seat to a bot of the level its voters chose."""

from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy import select

from service.audit import checks
from service.mail.reply_commands import bot_level
from service.present import presentation
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow, OutboxRow, SeatRow
from tests.helpers import play_now, submit_new_game

pytestmark = pytest.mark.usefixtures("regulars")


def new_game(client, players, game="tictactoe"):
    response = client.post("/api/games", json={"game": game, "players": players})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def loaded(settings, game_id):
    with sessions(settings.database_url)() as s:
        return eventstore.load(s, game_id)


def payloads(settings, game_id, kind):
    with sessions(settings.database_url)() as s:
        rows = s.scalars(
            select(EventRow).where(EventRow.game_id == game_id, EventRow.type == kind)
        ).all()
        return [r.payload for r in rows]


def outbox_seats(settings, game_id) -> set[str]:
    with sessions(settings.database_url)() as s:
        return set(s.scalars(select(OutboxRow.seat).where(OutboxRow.game_id == game_id)))


def ann_plays(settings, game_id, work):
    """Ann (p1) places her mark in the first free cell, once the bot has played if it was
    its turn; then the worker runs what her move queued."""
    work()
    with sessions(settings.database_url).begin() as s:
        game = eventstore.load(s, game_id)
        move = game.game.legal_moves(game.state, "p1")[0]
        play_now(s, game_id, "p1", move, game.turn_seq)
    work()


def ann_plays_to_the_end(settings, game_id, work):
    """Ann's moves and the bot's answers until the game of tic-tac-toe is over."""
    for _turn in range(9):
        if loaded(settings, game_id).row.over:
            return
        ann_plays(settings, game_id, work)


def test_a_bot_seated_at_creation_has_no_address_its_level_in_the_log_and_a_name_that_says_so(
    client, settings
):
    game_id = new_game(client, ["Ann <ann@example.org>", {"bot": "strong"}])
    with sessions(settings.database_url)() as s:
        seats = {r.seat: r for r in s.scalars(select(SeatRow).where(SeatRow.game_id == game_id))}
    assert seats["p2"].email is None and seats["p2"].bot == "strong"
    assert seats["p1"].bot is None
    (seated,) = payloads(settings, game_id, "table.bot_seated")
    assert seated == {"type": "table.bot_seated", "seat": "p2", "level": "strong",
                      "iterations": 6}  # fmt: skip
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Bot 2 (strong)" in page
    answer = client.get(f"/api/games/{game_id}?lang=ru").get_json()
    assert answer["bots"] == {"p2": "strong"}
    assert any("Бот 2 (сильный)" in str(p) for p in answer["players"]), answer["players"]


def test_a_bot_plays_as_soon_as_its_decision_comes_and_is_never_emailed(client, settings, work):
    game_id = new_game(client, ["Ann <ann@example.org>", {"bot": "casual"}])
    ann_plays(settings, game_id, work)  # her move queued the bot's turn: no tick needed
    after = loaded(settings, game_id)
    assert after.game.to_act(after.state) == {"p1"}, "the bot answered at once"
    moves = [e for e in payloads(settings, game_id, "mark_placed") if e.get("seat") == "p2"]
    assert len(moves) in (1, 2), "the bot placed a mark for each of Ann's (and first if it starts)"
    assert "p2" not in outbox_seats(settings, game_id), "nobody to write to at a bot's seat"


def test_a_game_with_bots_plays_to_its_end_and_its_result_says_bots_played(client, settings, work):
    game_id = new_game(client, ["Ann <ann@example.org>", {"bot": "strong"}])
    ann_plays_to_the_end(settings, game_id, work)
    assert loaded(settings, game_id).row.over
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Played with bots: Bot 2 (strong)." in page
    said = client.get(f"/api/games/{game_id}").get_json()["said"]["result"]
    assert "Played with bots: Bot 2 (strong)." in said
    from service import words
    from service.notify import notice

    with words.speaking("uk"), words.naming(presentation.seat_names(loaded(settings, game_id))):
        told = str(words.text(notice._game_over(loaded(settings, game_id))))
    assert told.endswith("(за участі ботів: Бот 2 (сильний))"), told
    assert "p2" not in outbox_seats(settings, game_id)


def test_every_bot_move_is_the_one_its_level_chooses_with_the_revealed_seed(client, settings, work):
    game_id = new_game(client, ["Ann <ann@example.org>", {"bot": "strong"}])
    for _turn in range(3):
        if loaded(settings, game_id).row.over:  # the bot may win before Ann's third move
            break
        ann_plays(settings, game_id, work)
    with sessions(settings.database_url)() as s:
        log = checks.from_store(s, game_id)
    report = checks.verify(log)
    assert report.ok and report.chance_checked, report.failures
    # Another legal move in the bot's place: the seed does not choose it.
    at = next(i for i, e in enumerate(log.events) if e.seat == "p2" and e.move is not None)
    played = log.events[at].move
    other = next(
        {"type": "place", "cell": c} for c in range(9) if {"type": "place", "cell": c} != played
        and all(e.payload.get("cell") != c for e in log.events[:at] if e.type == "mark_placed")
    )  # fmt: skip
    events = list(log.events)
    events[at] = dataclasses.replace(events[at], move=other)
    failures = checks.verify(dataclasses.replace(log, events=events)).failures
    assert any("the bot's recorded move is not the one its level chooses" in f for f in failures)


def test_a_table_of_bots_alone_or_a_bot_of_no_known_level_is_refused(client, settings):
    for players, said in (
        ([{"bot": "strong"}, {"bot": "casual"}], "at least one person"),
        (["ann@example.org", {"bot": "grandmaster"}], "a bot's level is one of"),
        (["ann@example.org", {"bot": "strong", "email": "b@example.org"}], "no address"),
    ):
        response = client.post("/api/games", json={"game": "tictactoe", "players": players})
        assert response.status_code == 400, response.get_json()
        assert said in response.get_json()["message"], response.get_json()


def test_the_new_game_form_seats_a_bot_in_the_row_that_chooses_one(client, settings):
    response = submit_new_game(
        client,
        {
            "game": "origin",
            "player": ["Ann <ann@example.org>", "", "Cy <cy@example.org>"],
            "seat_as": ["", "strong", ""],
        },
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    game_id = response.headers["Location"].split("/games/")[1].split("?")[0]
    with sessions(settings.database_url)() as s:
        seats = s.scalars(
            select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.position)
        ).all()
    assert [(r.email, r.bot) for r in seats] == [
        ("ann@example.org", None), (None, "strong"), ("cy@example.org", None)
    ]  # fmt: skip
    form = client.get("/").get_data(as_text=True)
    assert 'name="seat_as"' in form and 'value="strong"' in form


def test_the_form_refuses_a_bots_row_with_an_address_and_bots_at_an_open_table(client, settings):
    wrong = submit_new_game(
        client,
        {"game": "tictactoe", "player": ["ann@example.org", "bob@example.org"],
         "seat_as": ["", "casual"]},
    )  # fmt: skip
    assert wrong.status_code == 400
    assert "a bot&#39;s seat has no address" in wrong.get_data(as_text=True)
    open_table = submit_new_game(
        client,
        {"game": "origin", "player": ["ann@example.org", ""], "seat_as": ["", "casual"],
         "open_seats": "1"},
    )  # fmt: skip
    assert open_table.status_code == 400
    assert "not at a table left open" in open_table.get_data(as_text=True)


@pytest.mark.parametrize(
    ("said", "level"),
    [("strong", "strong"), ("Сильный", "strong"), ("сильний", "strong"), ("fuerte", "strong"),
     ("強い", "strong"), ("casual", "casual"), ("обычный", "casual"), ("普通", "casual"),
     ("stand-in", "stand-in"), ("suplente", "stand-in"), ("grandmaster", None)],
)  # fmt: skip
def test_a_bots_level_is_read_in_every_language_we_speak(said, level):
    assert bot_level(said) == level


def test_a_rematch_seats_the_tables_bots_again_at_their_level(client, settings, work):
    game_id = new_game(client, ["Ann <ann@example.org>", {"bot": "casual"}])
    ann_plays_to_the_end(settings, game_id, work)
    from service.play import rematch

    with sessions(settings.database_url).begin() as s:
        wanted = rematch.want(s, settings, game_id, "p1", 0)
    assert wanted.started, "Ann alone confirms: the bot needs no asking"
    with sessions(settings.database_url)() as s:
        new_id = rematch.linked(s, eventstore.get_row(s, game_id))["rematch"]
        seats = s.scalars(select(SeatRow).where(SeatRow.game_id == new_id)).all()
    assert sorted((r.email or "", r.bot or "") for r in seats) == [
        ("", "casual"), ("ann@example.org", "")
    ]  # fmt: skip


@pytest.mark.parametrize("by", ["page", "reply"])
def test_a_vote_hands_a_late_seat_to_a_bot_of_the_level_its_voter_named(client, settings, work, by):
    from service.links import tokens
    from service.play import slowplay
    from tests.service.hostile import overdue_game

    game_id, voter = overdue_game(client, settings, work)
    late = "p2" if voter == "p1" else "p1"
    if by == "page":
        seat = f"/seat/{tokens.seat_token(settings.secret_key, game_id, voter)}"
        page = client.get(seat).get_data(as_text=True)
        assert 'name="level"' in page and "If a bot plays, how strong:" in page
        form = {"ballot": "1", "choice": "bot", "level": "strong"}
        assert client.post(f"{seat}/vote", data=form).status_code == 303
    else:
        with sessions(settings.database_url).begin() as s:
            slowplay.cast_vote(s, game_id, voter, 0, 1, "bot", None, bot_level("сильный"))
    (decided,) = payloads(settings, game_id, "table.vote_decided")
    assert decided["choice"] == "bot" and decided["level"] == "strong"
    assert decided["iterations"] == 120, "a vote's bot searches with the level's whole budget"
    after = loaded(settings, game_id)
    assert after.table.level(late) == "strong"
    history = client.get(f"/games/{game_id}/history?all=1").get_data(as_text=True)
    assert "a bot (strong) plays for" in history


def test_a_bot_voted_in_without_a_level_is_the_stand_in(client, settings, work):
    from service.links import tokens
    from tests.service.hostile import overdue_game

    game_id, voter = overdue_game(client, settings, work)
    seat = f"/seat/{tokens.seat_token(settings.secret_key, game_id, voter)}"
    assert client.post(f"{seat}/vote", data={"ballot": "1", "choice": "bot"}).status_code == 303
    (decided,) = payloads(settings, game_id, "table.vote_decided")
    assert (decided["level"], decided["iterations"]) == ("stand-in", 0)


def test_a_move_made_on_a_page_leaves_the_bots_search_to_a_worker(client, settings, work):
    """Issue 37 §1: a bot never searches in a web request: Ann's POST answers before the bot
    has moved, and the worker her move woke plays it."""
    from service.links import urls as links
    from tests.helpers import path

    game_id = new_game(client, ["Ann <ann@example.org>", {"bot": "strong"}])
    work()  # the bot's first move if it starts
    before = loaded(settings, game_id)
    move = before.game.legal_moves(before.state, "p1")[0]
    url = links.decision_url(settings, before, "p1", move)
    assert client.post(path(url)).status_code == 303
    answered = loaded(settings, game_id)
    assert answered.game.to_act(answered.state) == {"p2"}, "the page did not search"
    work()
    assert loaded(settings, game_id).game.to_act(loaded(settings, game_id).state) == {"p1"}
