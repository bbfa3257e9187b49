"""Takebacks at tables of three and four (issue 4, issue 15): a decision is undone only once
every other player has approved it; one approval among several undoes nothing, one refusal
keeps the decision, and a seat a bot plays is neither asked nor waited for.

Played with ``tests.games.claims`` (every seat decides at once, so a decision can be taken
back while the others still decide), emails through the real SMTP server."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import select

from service.errors import BadRequest, Stale
from service.play import slowplay
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow, OutboxRow
from tests.helpers import headline, play_now

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")

NAMES = {"p1": "Ann", "p2": "Bob", "p3": "Cy", "p4": "Dee"}
EMAILS = {seat: f"{name.lower()}@example.org" for seat, name in NAMES.items()}
ASKED = "asks to take back"


def new_game(client, game: str, seats: int) -> str:
    players = [f"{NAMES[s]} <{EMAILS[s]}>" for s in list(NAMES)[:seats]]
    response = client.post("/api/games", json={"game": game, "players": players})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["id"]


def claims_made(client, game_id: str) -> list[list[object]]:
    return client.get(f"/api/games/{game_id}").get_json()["view"]["claims"]


def claim(settings, game_id: str, seat: str, cell: int) -> None:
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        move = {"type": "claim", "cell": cell}
        play_now(s, game_id, seat, move, loaded.turn_seq)


def ask(settings, game_id: str, seat: str) -> None:
    with sessions(settings.database_url).begin() as s:
        slowplay.request_takeback(s, game_id, seat, 0)


def answer(settings, game_id: str, seat: str, approve: bool) -> None:
    with sessions(settings.database_url).begin() as s:
        slowplay.answer_takeback(s, game_id, seat, 0, approve=approve)


def asked(smtp) -> set[str]:
    """The addresses that received a takeback request."""
    return {
        address
        for message in smtp.messages
        if ASKED in headline(message)
        for address in [a.addr_spec for a in message["To"].addresses]
    }


@pytest.mark.parametrize("seats", [3, 4])
def test_a_takeback_waits_for_every_other_player_and_one_approval_never_undoes_it(
    client, smtp, work, settings, claims, seats
):
    game_id = new_game(client, claims, seats)
    claim(settings, game_id, "p1", 0)
    ask(settings, game_id, "p1")
    work()
    others = [s for s in list(NAMES)[1:seats]]
    assert asked(smtp) == {EMAILS[s] for s in others}, "every other player is asked, once"
    for approver in others[:-1]:
        answer(settings, game_id, approver, approve=True)
        assert claims_made(client, game_id) == [["p1", 0]], f"undone after {approver} only"
    answer(settings, game_id, others[-1], approve=True)
    assert claims_made(client, game_id) == [], "the last approval undoes the decision"
    work()
    for other in others:
        assert [m for m in smtp.to(EMAILS[other]) if "taken back" in headline(m)] != []
    assert "your turn" in headline(smtp.to(EMAILS["p1"])[-1]), "p1 decides afresh"


@pytest.mark.parametrize("seats", [3, 4])
def test_one_refusal_among_approvals_keeps_the_decision(
    client, smtp, work, settings, claims, seats
):
    game_id = new_game(client, claims, seats)
    claim(settings, game_id, "p2", 1)
    ask(settings, game_id, "p2")
    others = [s for s in list(NAMES)[:seats] if s != "p2"]
    for approver in others[:-1]:
        answer(settings, game_id, approver, approve=True)
    answer(settings, game_id, others[-1], approve=False)
    assert claims_made(client, game_id) == [["p2", 1]]
    with sessions(settings.database_url)() as s:
        assert eventstore.load(s, game_id).table.takeback is None, "the request is closed"
    (refusal,) = [
        e for e in table_events(settings, game_id) if e["type"] == "table.takeback_refused"
    ]
    assert refusal["seat"] == others[-1], "the refusal is the refuser's act"
    work()
    assert any("refused" in headline(m) for m in smtp.to(EMAILS["p2"]))


def test_a_seat_played_by_a_bot_is_neither_asked_nor_waited_for(
    client, smtp, work, settings, claims
):
    game_id = new_game(client, claims, 4)
    with sessions(settings.database_url).begin() as s:
        slowplay.open_ballot(s, eventstore.load(s, game_id), "p4")
    for voter in ("p1", "p2"):  # two of three voters: the ballot is decided
        with sessions(settings.database_url).begin() as s:
            slowplay.cast_vote(s, game_id, voter, 0, 1, "bot")
    with sessions(settings.database_url).begin() as s:
        slowplay.advance(s, game_id, eventstore.load(s, game_id).row.created_at)
        assert eventstore.load(s, game_id).table.bots == ("p4",)
    assert [seat for seat, _ in claims_made(client, game_id)] == ["p4"], "the bot decided"
    work()
    smtp.clear()
    claim(settings, game_id, "p1", 3 if claims_made(client, game_id)[0][1] != 3 else 2)
    ask(settings, game_id, "p1")
    work()
    assert asked(smtp) == {EMAILS["p2"], EMAILS["p3"]}, "the bot's seat is not asked"
    with sessions(settings.database_url)() as s:
        kinds = s.scalars(
            select(OutboxRow.seat).where(
                OutboxRow.game_id == game_id, OutboxRow.kind == "takeback_request"
            )
        ).all()
    assert sorted(kinds) == ["p2", "p3"]
    answer(settings, game_id, "p2", approve=True)
    answer(settings, game_id, "p3", approve=True)
    assert [seat for seat, _ in claims_made(client, game_id)] == ["p4"], "p1's claim undone"


def test_an_answer_with_no_takeback_waiting_is_refused_saying_so(client, settings):
    game_id = new_game(client, "tictactoe", 2)
    with sessions(settings.database_url).begin() as s, pytest.raises(Stale) as refused:
        slowplay.answer_takeback(s, game_id, "p2", 0, approve=True)
    assert refused.value.message == "There is no takeback waiting for an answer."
    assert refused.value.context == {"game_id": game_id, "seat": "p2"}


def test_the_last_approval_hands_every_email_of_the_takeback_to_the_queue_at_once(
    client, settings, claims
):
    """Issue 15 (mutants of ``_take_back`` that survived): the result goes to the others
    only, the requester's fresh decision to the requester, and all of it is returned to be
    enqueued straight away, not left for the sweeper a minute later."""
    game_id = new_game(client, claims, 3)
    claim(settings, game_id, "p1", 0)
    ask(settings, game_id, "p1")
    answer(settings, game_id, "p2", approve=True)
    with sessions(settings.database_url).begin() as s:
        returned = slowplay.answer_takeback(s, game_id, "p3", 0, approve=True)
    with sessions(settings.database_url)() as s:
        rows = s.scalars(select(OutboxRow).where(OutboxRow.id.in_(returned))).all()
        written = s.scalars(
            select(OutboxRow).where(
                OutboxRow.game_id == game_id, OutboxRow.kind.in_(["takeback_result", "turn"])
            )
        ).all()
    got = sorted((r.kind, r.seat) for r in rows)
    assert got == [("takeback_result", "p2"), ("takeback_result", "p3"), ("turn", "p1")]
    assert {r.id for r in written if r.kind == "takeback_result"} <= set(returned)


def test_a_player_back_from_a_bot_is_recorded_as_their_act_and_the_others_are_told(
    client, settings, claims
):
    """Issue 15 (mutants of ``come_back`` that survived)."""
    from service.store.models import EventRow

    game_id = new_game(client, claims, 3)
    with sessions(settings.database_url).begin() as s:
        slowplay.open_ballot(s, eventstore.load(s, game_id), "p3")
    for voter in ("p1", "p2"):
        with sessions(settings.database_url).begin() as s:
            slowplay.cast_vote(s, game_id, voter, 0, 1, "bot")
    with sessions(settings.database_url).begin() as s:
        slowplay.advance(s, game_id, eventstore.load(s, game_id).row.created_at)
        assert eventstore.load(s, game_id).table.bots == ("p3",)
        returned = slowplay.come_back(s, game_id, "p3", 0)
    with sessions(settings.database_url)() as s:
        told = s.scalars(select(OutboxRow).where(OutboxRow.id.in_(returned))).all()
        (back,) = s.scalars(
            select(EventRow).where(
                EventRow.game_id == game_id, EventRow.type == "table.player_returned"
            )
        ).all()
        assert eventstore.load(s, game_id).table.bots == ()
    assert sorted((r.kind, r.seat) for r in told) == [("returned", "p1"), ("returned", "p2")]
    assert (back.seat, back.payload["seat"]) == ("p3", "p3")


def table_events(settings, game_id: str) -> list[dict]:
    with sessions(settings.database_url)() as s:
        rows = s.scalars(
            select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq)
        ).all()
        return [
            {"seq": r.seq, "seat": r.seat, **p}
            for r, p in zip(rows, eventstore.payloads(list(rows), "tictactoe"), strict=True)
            if p["type"].startswith("table.")
        ]


def test_the_request_and_the_undoing_name_exactly_the_events_of_the_decision(
    client, settings, claims
):
    game_id = new_game(client, claims, 3)
    claim(settings, game_id, "p1", 0)
    with sessions(settings.database_url)() as s:
        first, last = eventstore.load(s, game_id).table.last_decision[1:]
    ask(settings, game_id, "p1")
    answer(settings, game_id, "p2", approve=True)
    answer(settings, game_id, "p3", approve=True)
    kinds = {"table.takeback_requested", "table.taken_back"}
    requested, undone = [e for e in table_events(settings, game_id) if e["type"] in kinds]
    assert (requested["type"], requested["seat"]) == ("table.takeback_requested", "p1")
    assert (requested["first_seq"], requested["last_seq"]) == (first, last)
    assert undone["seat"] is None, "the undoing is the table's act, no seat's"
    assert (undone["first_seq"], undone["last_seq"]) == (first, last)


def test_the_asker_cannot_answer_their_own_takeback_and_nothing_is_recorded(
    client, settings, claims
):
    game_id = new_game(client, claims, 2)
    claim(settings, game_id, "p1", 0)
    ask(settings, game_id, "p1")
    recorded = table_events(settings, game_id)
    with pytest.raises(BadRequest) as refused:
        answer(settings, game_id, "p1", approve=True)
    assert refused.value.message == "The others answer your request, not you."
    assert table_events(settings, game_id) == recorded
    assert claims_made(client, game_id) == [["p1", 0]]


def refused_request(settings, game_id: str, seat: str) -> Stale:
    """``seat`` asks to take back its last decision and is refused; nothing is recorded."""
    recorded = table_events(settings, game_id)
    with pytest.raises(Stale) as refused:
        ask(settings, game_id, seat)
    assert table_events(settings, game_id) == recorded
    assert refused.value.context == {"game_id": game_id, "seat": seat}
    return refused.value


def test_a_takeback_of_a_finished_game_is_refused_saying_it_is_over(client, settings):
    game_id = new_game(client, "tictactoe", 2)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        (first,) = loaded.game.to_act(loaded.state)
    second = "p2" if first == "p1" else "p1"
    for seat, cell in [(first, 0), (second, 3), (first, 1), (second, 4), (first, 2)]:
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            move = {"type": "place", "cell": cell}
            play_now(s, game_id, seat, move, loaded.turn_seq)
    assert refused_request(settings, game_id, first).message == "The game is over."


def test_a_second_request_while_one_waits_is_refused_saying_so(client, settings, claims):
    game_id = new_game(client, claims, 3)
    claim(settings, game_id, "p1", 0)
    ask(settings, game_id, "p1")
    refused = refused_request(settings, game_id, "p1")
    assert refused.message == "A takeback is already waiting for the others' answer."


def test_a_decision_the_engine_no_longer_accepts_cannot_be_taken_back(client, settings, claims):
    """A takeback decides the move again from the game before it, to see what it drew and
    revealed; a recorded move the engine refuses there (a log from an older engine, or one
    edited in the database) is not undone blindly."""
    game_id = new_game(client, claims, 3)
    claim(settings, game_id, "p1", 0)
    with sessions(settings.database_url).begin() as s:
        first = eventstore.load(s, game_id).table.last_decision[1]
        row = s.scalar(select(EventRow).where(EventRow.game_id == game_id, EventRow.seq == first))
        row.move = {"type": "claim", "cell": 99}
    eventstore.forget_states()
    refused = refused_request(settings, game_id, "p1")
    assert refused.message == "That decision cannot be decided again."


@pytest.mark.parametrize(
    "draw",
    [
        lambda rng: rng.random(),
        lambda rng: rng.getrandbits(8),
        lambda rng: rng.choice([1, 2, 3]),
        lambda rng: rng.shuffle([1, 2, 3]),
        lambda rng: rng.uniform(0, 1),
    ],
    ids=["random", "getrandbits", "choice", "shuffle", "uniform"],
)
def test_a_decision_that_draws_from_its_rng_in_any_way_is_seen_to_draw(draw):
    """A takeback is refused for a decision that used chance: whichever way a game draws,
    the traced rng notes it, and draws what the rng itself would have."""
    traced = slowplay._Traced(random.Random(5))
    assert not traced.used
    plain = random.Random(5)
    assert draw(traced) == draw(plain)
    assert traced.used
