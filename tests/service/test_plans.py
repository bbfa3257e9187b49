"""Plans ahead (issue 38 §2): a plan plays its seat's move only at a decision begun after it
was set, only a legal move, as an ordinary move after ``table.plan_set`` and
``table.plan_fired``; a list of moves acts once, or is dropped with its reason when none is
legal; a takeback, a seat handed over and the game's end stop plans, and the finished log
tells every plan. Played with tic-tac-toe, whose last cell is a single legal option."""

from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy import select, update

from service.audit import checks
from service.errors import BadRequest, Illegal, Stale, TooMany
from service.mail import news
from service.play import plans, slowplay
from service.store import eventstore
from service.store.db import sessions
from service.store.models import EventRow, OutboxRow, PlanRow
from tests.helpers import play_now

pytestmark = pytest.mark.usefixtures("regulars")


def new_game(client):
    response = client.post(
        "/api/games",
        json={"game": "tictactoe", "players": ["Ann <ann@example.org>", "Bob <bob@example.org>"]},
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def loaded(settings, game_id):
    with sessions(settings.database_url)() as s:
        return eventstore.load(s, game_id)


def acting(settings, game_id) -> str:
    return sorted(loaded(settings, game_id).game.to_act(loaded(settings, game_id).state))[0]


def place(settings, game_id, seat, cell):
    with sessions(settings.database_url).begin() as s:
        now = eventstore.load(s, game_id)
        play_now(s, game_id, seat, {"type": "place", "cell": cell}, now.turn_seq)


def plan(settings, game_id, seat, body):
    with sessions(settings.database_url).begin() as s:
        return plans.set_plan(s, game_id, seat, 0, body).number


def rows(settings, game_id) -> list[PlanRow]:
    with sessions(settings.database_url)() as s:
        return list(s.scalars(select(PlanRow).where(PlanRow.game_id == game_id)))


def log(settings, game_id) -> list[tuple[str | None, str, dict]]:
    with sessions(settings.database_url)() as s:
        found = s.scalars(
            select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq)
        ).all()
        return [(e.seat, e.type, e.payload) for e in found]


def turn_emails(settings, game_id, seat) -> list[int]:
    with sessions(settings.database_url)() as s:
        return list(
            s.scalars(
                select(OutboxRow.seq).where(
                    OutboxRow.game_id == game_id, OutboxRow.seat == seat, OutboxRow.kind == "turn"
                )
            )
        )


def cells(*numbers: int) -> dict:
    """A list of moves: these cells, in this order."""
    return {"kind": "first", "moves": [{"type": "place", "cell": n} for n in numbers]}


def fill(settings, game_id, cells):
    """Each seat in turn marks the next of ``cells``."""
    for cell in cells:
        place(settings, game_id, acting(settings, game_id), cell)


def test_a_list_plays_the_first_legal_of_its_moves_at_the_next_decision_and_acts_once(
    client, settings
):
    game_id = new_game(client)
    first = acting(settings, game_id)
    other = "p2" if first == "p1" else "p1"
    seq = loaded(settings, game_id).seq
    # The first player plans, while deciding: their next decision, not this one.
    number = plan(settings, game_id, first, cells(4, 8))
    assert loaded(settings, game_id).seq == seq, "a plan waits beside the log, not in it"
    place(settings, game_id, first, 0)
    emails_before = turn_emails(settings, game_id, first)
    place(settings, game_id, other, 4)  # the plan's first move is taken: it plays its second
    board = loaded(settings, game_id).state.board
    assert board[8] == first and acting(settings, game_id) == other
    kinds = [(seat, kind) for seat, kind, _ in log(settings, game_id)]
    at = kinds.index((first, "table.plan_set"))
    assert kinds[at + 1 : at + 3] == [(first, "table.plan_fired"), (first, "mark_placed")]
    assert turn_emails(settings, game_id, first) == emails_before, "no email for its decision"
    with sessions(settings.database_url)() as s:
        told = news.since_last_decision(s, eventstore.load(s, game_id), other).lines
    name = "Ann" if first == "p1" else "Bob"
    assert told[0] == f"{name} planned the next move ahead:", "the others read it was planned"
    (row,) = rows(settings, game_id)
    assert (row.number, row.live, row.reason, row.fired) == (number, False, "played", 1)
    # The audit plays the plan again where it was played: another move there is caught.
    with sessions(settings.database_url)() as s:
        audited = checks.from_store(s, game_id)
    assert checks.verify(audited).ok
    at = next(i for i, e in enumerate(audited.events) if e.type == "table.plan_fired") + 1
    events = list(audited.events)
    events[at] = dataclasses.replace(events[at], move={"type": "place", "cell": 5})
    failures = checks.verify(dataclasses.replace(audited, events=events)).failures
    assert any("not the one its plan plays there" in f for f in failures), failures


def test_a_list_none_of_whose_moves_is_legal_is_dropped_and_its_player_is_asked(client, settings):
    game_id = new_game(client)
    first = acting(settings, game_id)
    other = "p2" if first == "p1" else "p1"
    plan(settings, game_id, first, cells(4))
    place(settings, game_id, first, 0)
    place(settings, game_id, other, 4)
    (row,) = rows(settings, game_id)
    assert (row.live, row.reason, row.fired) == (False, "none_legal", 0)
    assert loaded(settings, game_id).state.board.count(None) == 7, "nothing was played for it"
    assert acting(settings, game_id) == first
    assert turn_emails(settings, game_id, first), "its player is asked as without a plan"
    assert not [k for _, k, _ in log(settings, game_id) if k.startswith("table.plan")]


def test_a_single_legal_option_is_played_by_a_standing_plan_and_the_end_tells_every_plan(
    client, settings
):
    game_id = new_game(client)
    first = acting(settings, game_id)
    other = "p2" if first == "p1" else "p1"
    plan(settings, game_id, first, {"kind": "single"})
    plan(settings, game_id, other, {"kind": "single"})
    with sessions(settings.database_url).begin() as s:
        plans.cancel(s, game_id, other, 0)
    # A draw: X O X / X O O / O X _ ; the first player's last mark is the only cell left.
    fill(settings, game_id, [0, 1, 2, 4, 3, 5, 7, 6])
    assert loaded(settings, game_id).row.over
    state = loaded(settings, game_id).state
    assert state.board[8] == first
    kinds = [(seat, kind, payload.get("reason")) for seat, kind, payload in log(settings, game_id)]
    planned = [k for k in kinds if k[1].startswith("table.plan")]
    assert sorted(k[1] for k in planned) == [
        "table.plan_dropped", "table.plan_dropped", "table.plan_fired", "table.plan_set",
        "table.plan_set",
    ]  # fmt: skip
    assert planned[:2] == [(first, "table.plan_set", None), (first, "table.plan_fired", None)]
    reasons = {
        p["seat"]: p["reason"] for _, kind, p in log(settings, game_id)
        if kind == "table.plan_dropped"
    }  # fmt: skip
    assert reasons == {first: "over", other: "cancelled"}
    assert all(r.closed and not r.live for r in rows(settings, game_id))
    assert loaded(settings, game_id).row.plans == 0
    with sessions(settings.database_url)() as s:
        report = checks.verify(checks.from_store(s, game_id))
    assert report.ok, report.failures
    # The finished game's history tells every plan, and marks the move a plan played.
    page = client.get(f"/games/{game_id}/history?all=1").get_data(as_text=True)
    assert "had planned ahead (plan 1): When I have a single legal option, play it" in page
    assert "(planned)" in page and "stopped at event" in page and "its player cancelled it" in page


def test_events_before_a_plan_was_set_never_fire_it(client, settings):
    game_id = new_game(client)
    first = acting(settings, game_id)
    other = "p2" if first == "p1" else "p1"
    fill(settings, game_id, [0, 1, 2, 4, 3, 5, 7])  # the other player has 6 and 8 left
    plan(settings, game_id, other, cells(6))
    with sessions(settings.database_url).begin() as s:
        slowplay.nudge(s, game_id, first, 0, other)  # a table event: the same decision
    assert loaded(settings, game_id).state.board[6] is None
    assert acting(settings, game_id) == other
    assert rows(settings, game_id)[0].live


def test_a_takeback_drops_every_waiting_plan(client, settings):
    game_id = new_game(client)
    first = acting(settings, game_id)
    other = "p2" if first == "p1" else "p1"
    place(settings, game_id, first, 0)
    plan(settings, game_id, other, {"kind": "single"})
    plan(settings, game_id, first, {"kind": "single"})
    with sessions(settings.database_url).begin() as s:
        slowplay.request_takeback(s, game_id, first, 0)
    with sessions(settings.database_url).begin() as s:
        slowplay.answer_takeback(s, game_id, other, 0, approve=True)
    assert {(r.live, r.reason) for r in rows(settings, game_id)} == {(False, "takeback")}


def test_a_plan_the_game_does_not_offer_a_move_not_among_the_options_or_one_too_many_is_refused(
    client, settings
):
    game_id = new_game(client)
    first = acting(settings, game_id)
    with sessions(settings.database_url).begin() as s, pytest.raises(BadRequest):
        plans.set_plan(s, game_id, first, 0, {"kind": "answer", "key": "resign"})
    with sessions(settings.database_url).begin() as s, pytest.raises(Illegal):
        plans.set_plan(s, game_id, first, 0, cells(9))
    for cell in range(plans.MOST_PLANS):
        plan(
            settings, game_id, first, {"kind": "first", "moves": [{"type": "place", "cell": cell}]}
        )
    with sessions(settings.database_url).begin() as s, pytest.raises(TooMany):
        plans.set_plan(s, game_id, first, 0, {"kind": "single"})
    with sessions(settings.database_url).begin() as s, pytest.raises(BadRequest):
        plans.set_plan(s, game_id, first, 0, cells(0))
    assert len(rows(settings, game_id)) == plans.MOST_PLANS
    with sessions(settings.database_url).begin() as s:
        plans.cancel(s, game_id, first, 0)
    with sessions(settings.database_url).begin() as s, pytest.raises(Stale):
        plans.cancel(s, game_id, first, 0)


def test_a_move_made_from_a_row_cached_before_the_plan_was_set_still_wakes_the_plan(
    client, settings
):
    from service.store import statecache

    game_id = new_game(client)
    first = acting(settings, game_id)
    other = "p2" if first == "p1" else "p1"
    place(settings, game_id, first, 0)
    place(settings, game_id, other, 1)
    before_plan = statecache.recall_row(game_id)
    assert before_plan is not None and dict(before_plan[0].game)["plans"] == 0
    plan(settings, game_id, other, cells(8))
    # Another process set the plan: this one still knows the row as it was before.
    facts, folded = before_plan
    statecache._STATES.store(game_id, loaded(settings, game_id).game.ruleset, folded, facts)
    with sessions(settings.database_url).begin() as s:
        now = eventstore.load(s, game_id)
        play_now(s, game_id, first, {"type": "place", "cell": 4}, now.turn_seq, unread=True)
    assert loaded(settings, game_id).state.board[8] == other, "the plan played"


def test_plans_survive_a_restart_of_every_process(client, settings):
    from service.store import statecache

    game_id = new_game(client)
    first = acting(settings, game_id)
    other = "p2" if first == "p1" else "p1"
    place(settings, game_id, first, 0)
    plan(settings, game_id, first, cells(8))
    statecache._STATES.clear()  # nothing of this process's memory is left
    place(settings, game_id, other, 1)
    assert loaded(settings, game_id).state.board[8] == first


def test_a_seat_whose_player_goes_drops_its_plans_and_the_end_tells_why(client, settings):
    from service.play import resigning

    game_id = new_game(client)
    first = acting(settings, game_id)
    plan(settings, game_id, first, {"kind": "single"})
    with sessions(settings.database_url).begin() as s:
        resigning.resign(s, game_id, first, 0)
    (row,) = rows(settings, game_id)
    assert (row.live, row.reason, row.closed) == (False, "seat", True)
    dropped = [p for _, kind, p in log(settings, game_id) if kind == "table.plan_dropped"]
    assert [p["reason"] for p in dropped] == ["seat"]


def test_a_plan_made_under_other_rules_is_dropped_not_played(client, settings):
    game_id = new_game(client)
    first = acting(settings, game_id)
    other = "p2" if first == "p1" else "p1"
    plan(settings, game_id, first, cells(8))
    with sessions(settings.database_url).begin() as s:
        s.execute(update(PlanRow).where(PlanRow.game_id == game_id).values(ruleset="older-1"))
    place(settings, game_id, first, 0)
    place(settings, game_id, other, 1)
    (row,) = rows(settings, game_id)
    assert (row.live, row.reason) == (False, "ruleset")
    assert loaded(settings, game_id).state.board[8] is None
