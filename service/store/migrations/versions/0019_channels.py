"""channels beyond email (issue 36)

Revision ID: 0019
Revises: 0018

- ``channels``: a player's (or a table's) webhook, Web Push subscription or Atom feed.
- ``notifications``: each notification owed to a channel, keyed so it is sent once.
- ``addresses.channels`` and ``games.channels``: how many working channels an address (a
  player's) and a game (its table's) have, read with the rows an email's job already reads,
  so that a job for a player without channels asks nothing more (issue 34 §2).
"""

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "channels",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=True),
        sa.Column("game_id", sa.String(length=16), nullable=True),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("flavour", sa.String(length=16), nullable=False),
        sa.Column("target", sa.Text(), nullable=False),
        sa.Column("keys", sa.JSON(), nullable=True),
        sa.Column("secret", sa.String(length=64), nullable=False),
        sa.Column("label", sa.String(length=120), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("disabled_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("disabled_reason", sa.String(length=120), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_channels_email"), "channels", ["email"])
    op.create_index(op.f("ix_channels_game_id"), "channels", ["game_id"])
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("channel_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=16), nullable=True),
        sa.Column("outbox_id", sa.Integer(), nullable=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.String(length=8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("skipped", sa.String(length=120), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(["channel_id"], ["channels.id"]),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("channel_id", "game_id", "seq", "kind", "seat", name="uq_notifications"),
    )
    op.create_index(op.f("ix_notifications_channel_id"), "notifications", ["channel_id"])
    op.create_index(op.f("ix_notifications_sent_at"), "notifications", ["sent_at"])
    for table in ("addresses", "games"):
        op.add_column(
            table, sa.Column("channels", sa.Integer(), nullable=False, server_default="0")
        )


def downgrade() -> None:
    for table in ("games", "addresses"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("channels")
    op.drop_index(op.f("ix_notifications_sent_at"), table_name="notifications")
    op.drop_index(op.f("ix_notifications_channel_id"), table_name="notifications")
    op.drop_table("notifications")
    op.drop_index(op.f("ix_channels_game_id"), table_name="channels")
    op.drop_index(op.f("ix_channels_email"), table_name="channels")
    op.drop_table("channels")
