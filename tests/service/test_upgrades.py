"""Upgrades that lose nothing (issue 30 §3): ``pbem init-db`` on a database made by every
earlier schema brings it to the newest, and then every game verifies, every email it had not
sent is sent once, every reply it had not read is read once, and the scheduler does each
game's due work.

Each earlier revision is taken from Alembic's script directory (a new migration is tested
with no change here). Its database is made by the migrations up to it, then filled with
real games recorded through the service at today's schema and written into that revision's
tables as it held them (reflected, through SQLAlchemy Core): only the columns it had, and,
before 0002 recorded each decision's move, events without their move, chained as they were
hashed then. Outbox rows are written at every revision, received replies from 0006, which
made the inbox."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import MetaData, Table, insert, select

from service import create_app
from service.audit import checks as audit
from service.cli.commands import main
from service.config import Settings
from service.play.games import create_game
from service.store import eventstore, hashchain
from service.store.db import alembic_config, engine_for, schema_state, sessions
from service.store.models import Base, InboxRow, OutboxRow
from tests.faults.checks import assert_every_email_sent_once
from tests.fixtures import run_queue_dry
from tests.helpers import play_now
from tests.service.recorded_games import email
from tests.service.replying import codes_of, reply_message
from workers.jobs import sweep_inbox_job, sweep_outbox
from workers.schedule import tick

SCRIPTS = ScriptDirectory.from_config(alembic_config("sqlite://"))
REVISIONS = [script.revision for script in reversed(list(SCRIPTS.walk_revisions()))]
"""Every revision, the first first."""
EARLIER = REVISIONS[:-1]
MOVES_RECORDED = "0002"
"""The revision that began recording each decision's move on its first event (and hashing
it): events written before it have none."""


def before(revision: str, other: str) -> bool:
    return REVISIONS.index(revision) < REVISIONS.index(other)


def played(settings: Settings, name: str, players: list[str], moves: int, seed: int) -> str:
    """A game of ``name`` with ``moves`` random moves made through the service (to its end
    if it ends first); its emails are not sent."""
    rng = random.Random(seed)
    with sessions(settings.database_url).begin() as session:
        game_id = create_game(session, name, players).loaded.row.id
    for _ in range(moves):
        with sessions(settings.database_url).begin() as session:
            loaded = eventstore.load(session, game_id)
            acting = sorted(loaded.game.to_act(loaded.state))
            if not acting:
                break
            move = rng.choice(loaded.game.legal_moves(loaded.state, acting[0]))
            play_now(session, game_id, acting[0], move, loaded.turn_seq, 10)
    return game_id


def games_at_head(settings: Settings) -> dict[str, str]:
    """Real games played through the service at today's schema: a tic-tac-toe and an Origin
    going on, and a tic-tac-toe finished, none of their emails sent yet."""
    return {
        "going": played(settings, "tictactoe", ["ann@example.org", "bob@example.org"], 2, 1),
        "origin": played(settings, "origin", ["cy@example.org", "di@example.org"], 6, 2),
        "done": played(settings, "tictactoe", ["eve@example.org", "fay@example.org"], 20, 3),
    }


def a_reply_waiting(settings: Settings, game_id: str) -> dict[str, Any]:
    """The reply the deciding player of ``game_id`` sends to their turn email, choosing its
    first option, as the inbound server stores it: received, not yet read."""
    with sessions(settings.database_url)() as session:
        row = session.scalars(
            select(OutboxRow)
            .where(OutboxRow.game_id == game_id, OutboxRow.kind == "turn")
            .order_by(OutboxRow.id.desc())
        ).first()
        assert row is not None
        outgoing = email(session, settings, row.id)
    assert not isinstance(outgoing, str), outgoing
    reply = reply_message(outgoing.message, codes_of(outgoing.message)[0][0])
    return {
        "message_key": str(reply["Message-ID"]),
        "received_at": eventstore.now(),
        "mail_from": reply["From"].addresses[0].addr_spec,
        "rcpt_to": str(reply["To"]),
        "raw": reply.as_bytes(),
    }


def write_as_of(revision: str, source: str, target: str) -> None:
    """Copy every row of ``source`` (today's schema) that ``target``'s tables (at
    ``revision``) could hold, as they held them."""
    old = MetaData()
    old.reflect(engine_for(target))
    moveless = "move" not in old.tables["events"].c
    with engine_for(source).connect() as read, engine_for(target).begin() as write:
        rows = {}
        for table in old.sorted_tables:
            # Snapshots are a cache, of another shape at older revisions: none is written.
            if table.name in Base.metadata.tables and table.name != "snapshots":
                today = Base.metadata.tables[table.name]
                kept = [today.c[c.name] for c in table.columns if c.name in today.c]
                rows[table.name] = [dict(r._mapping) for r in read.execute(select(*kept))]
        if moveless:
            rows["events"], heads = without_moves(rows["events"])
            rows["games"] = [{**r, "head_hash": heads[r["id"]]} for r in rows["games"]]
        for table in old.sorted_tables:
            if rows.get(table.name):
                write.execute(insert(table), rows[table.name])


def without_moves(rows: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Events as written before moves were recorded: no move, so hashed without one; and
    each game's head hash then."""
    chained: list[dict[str, Any]] = []
    heads: dict[str, str] = {}
    for row in sorted(rows, key=lambda r: (r["game_id"], r["seq"])):
        prev = row["prev_hash"] if row["seq"] == 1 else chained[-1]["hash"]
        digest = hashchain.event_hash(
            prev, row["seq"], row["seat"], row["recorded_at"], row["payload"], None
        )
        chained.append({k: v for k, v in row.items() if k != "move"} | {"prev_hash": prev})
        chained[-1]["hash"] = heads[row["game_id"]] = digest
    return chained, heads


@pytest.fixture
def upgraded(settings, new_database, monkeypatch, request):
    """A database made at ``request.param``'s revision, holding real games as it would
    have, then upgraded by ``pbem init-db``; the settings of a host on it."""
    revision = request.param
    games = games_at_head(settings)
    reply = a_reply_waiting(settings, games["going"])
    url = new_database(f"from_{revision}")
    command.upgrade(alembic_config(url), revision)
    write_as_of(revision, settings.database_url, url)
    received = not before(revision, "0006")
    if received:
        with engine_for(url).begin() as conn:
            conn.execute(insert(Table("inbox", MetaData(), autoload_with=conn)), reply)
    host = replace(settings, database_url=url)
    result = create_app(host).test_cli_runner().invoke(main, ["init-db"])
    assert result.exit_code == 0 and result.output == "database is up to date\n", result.output
    monkeypatch.setenv("DATABASE_URL", url)  # the jobs' own settings, as in production
    return host, games, received


def run_workers(host: Settings) -> None:
    """What the scheduler's sweeps and a worker do once the release is out."""
    sweep_outbox(older_than=0)
    sweep_inbox_job(older_than=0)
    run_queue_dry(host)


def test_every_earlier_revision_is_tested():
    assert EARLIER and EARLIER[0] == "0001" and REVISIONS[-1] == SCRIPTS.get_current_head()


@pytest.mark.parametrize("upgraded", EARLIER, ids=[f"from {r}" for r in EARLIER], indirect=True)
def test_init_db_brings_a_database_of_an_earlier_schema_to_the_newest_losing_nothing(
    upgraded, smtp
):
    host, games, received = upgraded
    current, head = schema_state(host.database_url)
    assert current == head
    with engine_for(host.database_url).connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    kinds = [d[0] if isinstance(d, tuple) else d[0][0] for d in diffs]
    shape = [d for d, k in zip(diffs, kinds, strict=True) if k.startswith(("add_", "remove_"))]
    assert shape == [], shape
    with sessions(host.database_url)() as session:
        for game_id in games.values():
            report = audit.verify(audit.from_store(session, game_id))
            assert report.ok, (game_id, report.failures)
        unsent = len(session.scalars(select(OutboxRow).where(OutboxRow.sent_at.is_(None))).all())
    assert unsent > 0
    run_workers(host)
    run_workers(host)  # a second pass sends nothing more
    assert_every_email_sent_once(host, smtp)
    with sessions(host.database_url)() as session:
        inbox = session.scalars(select(InboxRow)).all()
        assert [row.outcome for row in inbox] == (["applied"] if received else [])
        for game_id in games.values():
            assert audit.verify(audit.from_store(session, game_id)).ok, game_id


@pytest.mark.parametrize("upgraded", EARLIER, ids=[f"from {r}" for r in EARLIER], indirect=True)
def test_after_the_upgrade_the_scheduler_does_every_games_due_work(upgraded, smtp):
    """Each game's due time is a cache of its log (DESIGN.md §4) that schemas before 0003
    had no column for: the upgrade must leave none of them unscheduled."""
    host, games, _ = upgraded
    run_workers(host)
    later = eventstore.now() + timedelta(days=2)  # past the first reminder of every pace
    assert tick(later)["games"] == 2
    run_workers(host)
    with sessions(host.database_url)() as session:
        reminded = session.scalars(select(OutboxRow.game_id).where(OutboxRow.kind == "reminder"))
        assert sorted(reminded) == sorted([games["going"], games["origin"]])
    assert_every_email_sent_once(host, smtp)
