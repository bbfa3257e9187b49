"""no one is flooded, no one is spammed through us (issue 31 §3)

Revision ID: 0012
Revises: 0011

- ``outbox.held_for``, ``held_until``: an email held for its address, while the address's
  hourly cap is full or while it has not answered its invitation; ``bundle_id`` and the
  table ``bundles``: the one email that then carried the held ones, and each of its
  sections' game, seat and decision (what a reply to it names).
- ``addresses.acted_at``, ``invited_at``, ``reminded_at``: whether the address ever acted on
  an email of ours, and when a newcomer's invitation and its one reminder went.
- ``suppressed``: addresses whose owner asked never to be emailed again, as digests.

Every address holding a seat now (or held one before a hand-over) is taken as having
acted: its player was invited under the rules before, and hears from their games as then.
"""

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op
from email_validator import EmailNotValidError, validate_email

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

HELD = sa.text("held_for IS NOT NULL AND sent_at IS NULL AND skipped IS NULL")


def _normal(address: str) -> str | None:
    """An address as the service compares it (``service.addresses.normal`` when this was
    written: the local part case-folded, the domain in IDNA), kept here as it was."""
    try:
        checked = validate_email(
            address.strip().strip("<>"), check_deliverability=False, allow_smtputf8=True
        )
    except (EmailNotValidError, ValueError, TypeError):
        return None
    domain = checked.ascii_domain or checked.domain
    return f"{checked.local_part.casefold()}@{domain.casefold()}"


def upgrade() -> None:
    op.create_table(
        "bundles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("parts", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("held_for", sa.String(length=320), nullable=True))
        batch_op.add_column(sa.Column("held_until", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("bundle_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key("fk_outbox_bundle_id", "bundles", ["bundle_id"], ["id"])
    op.create_index(
        "ix_outbox_held_for", "outbox", ["held_for"], postgresql_where=HELD, sqlite_where=HELD
    )
    op.create_index(
        "ix_outbox_held_until", "outbox", ["held_until"], postgresql_where=HELD, sqlite_where=HELD
    )
    with op.batch_alter_table("addresses", schema=None) as batch_op:
        batch_op.add_column(sa.Column("acted_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("invited_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("reminded_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "suppressed",
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("digest"),
    )
    _players_before(op.get_bind())


def _players_before(connection: sa.Connection) -> None:
    """Every address holding a seat, or holding one before a hand-over, has acted."""
    found = connection.execute(
        sa.text(
            "SELECT email FROM seats WHERE email IS NOT NULL "
            "UNION SELECT email FROM seat_holders WHERE email IS NOT NULL"
        )
    ).scalars()
    keys = {key for key in map(_normal, found) if key is not None}
    if not keys:
        return
    moment = datetime.now(UTC)
    known = set(connection.execute(sa.text("SELECT key FROM addresses")).scalars())
    addresses = sa.table(
        "addresses", sa.column("key", sa.String), sa.column("acted_at", sa.DateTime(True))
    )
    fresh = sorted(keys - known)
    for start in range(0, len(fresh), 500):
        connection.execute(
            addresses.insert(), [{"key": k, "acted_at": moment} for k in fresh[start : start + 500]]
        )
    old = sorted(keys & known)
    for start in range(0, len(old), 500):
        connection.execute(
            addresses.update()
            .where(addresses.c.key.in_(old[start : start + 500]))
            .values(acted_at=moment)
        )


def downgrade() -> None:
    op.drop_table("suppressed")
    with op.batch_alter_table("addresses", schema=None) as batch_op:
        batch_op.drop_column("reminded_at")
        batch_op.drop_column("invited_at")
        batch_op.drop_column("acted_at")
    op.drop_index("ix_outbox_held_until", table_name="outbox")
    op.drop_index("ix_outbox_held_for", table_name="outbox")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_constraint("fk_outbox_bundle_id", type_="foreignkey")
        batch_op.drop_column("bundle_id")
        batch_op.drop_column("held_until")
        batch_op.drop_column("held_for")
    op.drop_table("bundles")
