"""What a move asks of the database (issue 34 §1): counted in statements, not in time, on
the suite's database (SQLite, or PostgreSQL when ``DATABASE_URL`` names one). A move on a
game this process knows reads nothing (its append refuses a stale row, and the move is
then made again from the row read); the player's act is heard in one statement; on
PostgreSQL the guarded advance, the events, the used link, the outbox rows and the act are
one statement."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import event, update

from service.store import statecache
from service.store.db import engine_for, sessions
from service.store.models import AddressRow, SeatRow
from tests.fixtures import PLAYED_BEFORE
from tests.helpers import act_token, option_links, path
from tests.service.test_action_links import event_count, start
from tests.workers.test_slow_play import opponent

# Players of earlier games: a newcomer's first act also releases what was held for it (issue
# 31 §3), one statement more, once.
pytestmark = pytest.mark.usefixtures("regulars")


def kind(sql: str) -> str:
    """A statement by its verb and first table: ``INSERT events``; ``WITH`` for a CTE."""
    verb = sql.split()[0].upper()
    if verb == "WITH":
        return verb
    table = re.search(r"\b(?:FROM|INTO|UPDATE)\s+\"?(\w+)", sql, re.IGNORECASE)
    return f"{verb} {table.group(1)}" if table else verb


@contextmanager
def statements(database_url: str) -> Iterator[list[str]]:
    engine = engine_for(database_url)
    seen: list[str] = []

    def count(_conn, _cursor, sql: str, *_args) -> None:
        seen.append(kind(sql))

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


def expected(database_url: str, *, email: bool) -> list[str]:
    if database_url.startswith("postgresql"):
        return ["WITH"]
    writes = ["UPDATE games", "INSERT events", "UPDATE addresses", "INSERT used_links"]
    return ["BEGIN", *writes, *(["INSERT outbox"] if email else [])]


def test_a_move_that_passes_the_turn_reads_nothing_and_writes_in_few_statements(
    client, smtp, work, settings
):
    _game_id, _seat, options = start(client, smtp, work)
    with statements(settings.database_url) as seen:
        assert client.post(path(options[4][1])).status_code == 303
    assert seen == expected(settings.database_url, email=True)


def test_a_move_that_emails_no_one_reads_nothing_and_writes_in_few_statements(
    client, smtp, work, settings
):
    game_id, _first, options = start(client, smtp, work, marks_per_turn=2)
    client.post(path(options[0][1]))  # the very first turn is one mark; the next are two
    work()
    second = client.get(f"/api/games/{game_id}").get_json()["to_act"][0]
    turn = smtp.to({"p1": "ann@example.org", "p2": "bob@example.org"}[second])[-1]
    with statements(settings.database_url) as seen:
        response = client.post(path(option_links(turn)[1][1]))  # the first of two marks
    assert response.status_code == 303
    assert seen == expected(settings.database_url, email=False)
    token = act_token(response.headers["Location"])
    with statements(settings.database_url) as seen:
        done = client.post(f"/act/{token}", data={"move": '{"type": "place", "cell": 8}'})
    assert done.status_code == 303
    assert seen == expected(settings.database_url, email=True)


def test_a_seat_whose_address_changed_unseen_by_this_process_is_read_and_heard_at_the_new(
    client, smtp, work, settings
):
    """An address change writes no event, so this process's cached row still names the old
    one: the append refuses it, the move is made from the row read, and the new address is
    the one heard from."""
    game_id, seat, options = start(client, smtp, work)
    before = event_count(settings, game_id)
    with sessions(settings.database_url).begin() as session:
        session.execute(
            update(SeatRow)
            .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
            .values(email="cy@example.org")  # one of the regulars: no newcomer's release
        )
    with statements(settings.database_url) as seen:
        assert client.post(path(options[4][1])).status_code == 303
    assert "SELECT games" in seen, "read once the cached row was refused"
    with sessions(settings.database_url)() as session:
        cy = session.get(AddressRow, "cy@example.org")
        assert cy is not None and cy.heard_at is not None and cy.heard_at > PLAYED_BEFORE
    assert event_count(settings, game_id) == before + 2, "the move (a mark, the turn passed), once"
    assert client.get(f"/api/games/{game_id}").get_json()["view"]["board"][4] is not None


def test_a_move_after_one_another_process_made_reads_the_row_and_the_events_since_at_once(
    client, smtp, work, settings
):
    """The other web process made the game's last move: this one's cached state does not
    know the link's decision, so the row is read, with the events since, in one statement
    (issue 34 §1), and the move is judged on them."""
    game_id, first, options = start(client, smtp, work)
    behind = statecache.recall_row(game_id)
    assert behind is not None
    assert client.post(path(options[4][1])).status_code == 303
    work()
    statecache.forget_states()  # as the other process knows it: one move behind
    facts, folded = behind
    ruleset = statecache.RowFacts.row(facts).ruleset
    statecache._STATES.store(game_id, ruleset, folded, facts)
    second = {"p1": "ann@example.org", "p2": "bob@example.org"}[opponent(first)]
    before = event_count(settings, game_id)
    with statements(settings.database_url) as seen:
        response = client.post(path(option_links(smtp.to(second)[-1])[0][1]))
    assert response.status_code == 303
    assert event_count(settings, game_id) == before + 2
    if settings.database_url.startswith("postgresql"):
        assert seen == ["SELECT games", "WITH"]
    else:
        assert seen == ["BEGIN", "SELECT games", *expected(settings.database_url, email=True)[1:]]
