"""The schema the migrations build is the one the models describe (issue 17, issue 19), and
the sweeper's query reads the partial index of rows still to send, not the whole outbox.

The sweepers' partial indexes are read back from the database the suite runs on (SQLite, or
PostgreSQL when ``DATABASE_URL`` names one, as CI runs it; issue 34 §4): a predicate weakened
in its migration (``sent_at IS NULL`` alone, say) still finds the right rows, only slower,
and the models' comparison above does not read predicates."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, inspect, text

from service.mail.queue import pending
from service.store.db import alembic_config, engine_for
from service.store.eventstore import now
from service.store.models import Base
from tests.helpers import query_plan


def test_the_migrated_database_has_every_table_column_and_index_of_the_models(settings):
    with engine_for(settings.database_url).connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    kinds = [d[0] if isinstance(d, tuple) else d[0][0] for d in diffs]
    # Types and defaults are written alike but read back per backend: only shape counts.
    shape = [d for d, k in zip(diffs, kinds, strict=True) if k.startswith(("add_", "remove_"))]
    assert shape == [], shape


def test_the_sweeper_finds_unsent_rows_by_the_index_of_rows_still_to_send(settings):
    query = pending(now(), timedelta(seconds=60), timedelta(minutes=10))  # the sweep's own
    plan = query_plan(settings.database_url, query)
    assert "ix_outbox_pending" in plan, plan


def predicate(engine: Engine, index: str) -> str:
    """The index's WHERE clause as the database keeps it, lower case, without brackets."""
    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            made = conn.scalar(
                text("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = :n"),
                {"n": index},
            )
            assert made is not None, f"{index} exists"
            where = re.split(r"\bwhere\b", made, maxsplit=1, flags=re.IGNORECASE)[1]
        else:
            where = conn.scalar(
                text(
                    "SELECT pg_get_expr(indpred, indrelid) FROM pg_index"
                    " WHERE indexrelid = CAST(:n AS regclass)"
                ),
                {"n": index},
            )
            assert where is not None, f"{index} is partial"
    return " ".join(where.replace("(", " ").replace(")", " ").lower().split())


@pytest.mark.parametrize(
    ("index", "rows"),
    [
        ("ix_outbox_pending", "sent_at is null and skipped is null"),  # migration 0005
        ("ix_inbox_pending", "processed_at is null"),  # migration 0006
    ],
)
def test_a_sweepers_index_holds_exactly_the_rows_still_to_handle(database_url, index, rows):
    assert predicate(engine_for(database_url), index) == rows


@pytest.mark.parametrize(
    ("table", "before", "columns"),
    [
        ("notes", "0012", {"game_id", "seat", "text", "updated_at"}),  # issue 35 §3
        ("talk", "0014", {"game_id", "seq", "seat", "said_at", "salt", "text"}),  # §2
        ("mutes", "0015", {"game_id", "seat", "muted"}),  # §2
        *(  # issue 35 §1: open tables, their seats and their invitations
            (
                table,
                "0017",
                {
                    "open_tables": {
                        "id",
                        "game",
                        "options",
                        "pace",
                        "language",
                        "seats",
                        "languages",
                        "listed",
                        "private_talk_after",
                        "created_at",
                        "closes_at",
                        "state",
                        "ended_at",
                    },
                    "open_seats": {
                        "id",
                        "table_id",
                        "email",
                        "name",
                        "language",
                        "time_zone",
                        "asked_at",
                        "confirmed_at",
                        "left_at",
                        "invitation",
                        "host",
                    },
                    "table_invitations": {"nonce", "table_id", "used_by"},
                }[table],
            )
            for table in ("open_tables", "open_seats", "table_invitations")
        ),
        (  # issue 36: channels beyond email
            "channels",
            "0018",
            {
                "id",
                "email",
                "game_id",
                "kind",
                "flavour",
                "target",
                "keys",
                "secret",
                "label",
                "created_at",
                "failures",
                "disabled_at",
                "disabled_reason",
            },
        ),
        (
            "notifications",
            "0018",
            {
                "id",
                "channel_id",
                "game_id",
                "outbox_id",
                "seq",
                "kind",
                "seat",
                "created_at",
                "sent_at",
                "claimed_at",
                "attempts",
                "skipped",
                "last_error",
            },
        ),
    ],
)
def test_a_migration_adds_its_table_and_takes_it_away_again(new_database, table, before, columns):
    url = new_database(table)
    config = alembic_config(url)
    command.upgrade(config, "head")
    assert table in inspect(engine_for(url)).get_table_names()
    command.downgrade(config, before)
    assert table not in inspect(engine_for(url)).get_table_names()
    command.upgrade(config, "head")
    assert {c["name"] for c in inspect(engine_for(url)).get_columns(table)} == columns


@pytest.mark.parametrize(
    ("column", "before", "default"),
    [
        ("private_talk_after", "0016", False),  # issue 35 §2: the table's choice
        ("channels", "0018", False),  # issue 36: no table channel (0)
    ],
)
def test_a_migration_adds_its_column_to_games_with_its_default_for_games_before_it(
    new_database, column, before, default
):
    url = new_database(column)
    config = alembic_config(url)
    command.upgrade(config, before)
    with engine_for(url).begin() as conn:
        conn.execute(
            text(
                "INSERT INTO games (id, game, ruleset, options, seed, commitment, created_at,"
                " last_seq, head_hash, over) VALUES ('older001', 'tictactoe', 'tictactoe/1',"
                " '{}', '', '', :at, 0, '', :over)"
            ),
            {"at": now(), "over": False},
        )
    command.upgrade(config, "head")
    with engine_for(url).connect() as conn:
        kept = conn.scalar(text(f"SELECT {column} FROM games WHERE id = 'older001'"))
    assert kept is not None and bool(kept) is default, "a game from before keeps the default"
    command.downgrade(config, before)
    assert column not in {c["name"] for c in inspect(engine_for(url)).get_columns("games")}
    command.upgrade(config, "head")
    assert column in {c["name"] for c in inspect(engine_for(url)).get_columns("games")}
