"""The schema the migrations build is the one the models describe (issue 17, issue 19), and
the sweeper's query reads the partial index of rows still to send, not the whole outbox."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import select

from service.store.db import engine_for
from service.store.models import Base, OutboxRow
from tests.helpers import query_plan


def test_the_migrated_database_has_every_table_column_and_index_of_the_models(settings):
    with engine_for(settings.database_url).connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    kinds = [d[0] if isinstance(d, tuple) else d[0][0] for d in diffs]
    # Types and defaults are written alike but read back per backend: only shape counts.
    shape = [d for d, k in zip(diffs, kinds, strict=True) if k.startswith(("add_", "remove_"))]
    assert shape == [], shape


def test_the_sweeper_finds_unsent_rows_by_the_index_of_rows_still_to_send(settings):
    query = select(OutboxRow.id).where(OutboxRow.sent_at.is_(None), OutboxRow.skipped.is_(None))
    plan = query_plan(settings.database_url, query)
    assert "ix_outbox_pending" in plan, plan
