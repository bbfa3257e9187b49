"""open tables: games waiting for players (issue 35 §1)

Revision ID: 0018
Revises: 0017

- ``open_tables``: a table waiting for its players; its game is created under its id when
  the last seat is taken.
- ``open_seats``: the players seated at it, and those asked to confirm joining.
- ``table_invitations``: the creator's private invitation links, each good once.
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "open_tables",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("pace", sa.JSON(), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("languages", sa.JSON(), nullable=False),
        sa.Column("listed", sa.Boolean(), nullable=False),
        sa.Column("private_talk_after", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closes_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_open_tables_created_at"), "open_tables", ["created_at"])
    op.create_index(op.f("ix_open_tables_closes_at"), "open_tables", ["closes_at"])
    op.create_table(
        "open_seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("time_zone", sa.String(length=64), nullable=True),
        sa.Column("asked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("confirmed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("left_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("invitation", sa.String(length=32), nullable=True),
        sa.Column("host", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["open_tables.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_open_seats_table_id"), "open_seats", ["table_id"])
    op.create_index(op.f("ix_open_seats_email"), "open_seats", ["email"])
    op.create_index(op.f("ix_open_seats_asked_at"), "open_seats", ["asked_at"])
    op.create_table(
        "table_invitations",
        sa.Column("nonce", sa.String(length=32), nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("used_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["open_tables.id"]),
        sa.ForeignKeyConstraint(["used_by"], ["open_seats.id"]),
        sa.PrimaryKeyConstraint("nonce"),
    )
    op.create_index(op.f("ix_table_invitations_table_id"), "table_invitations", ["table_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_table_invitations_table_id"), table_name="table_invitations")
    op.drop_table("table_invitations")
    for column in ("asked_at", "email", "table_id"):
        op.drop_index(op.f(f"ix_open_seats_{column}"), table_name="open_seats")
    op.drop_table("open_seats")
    op.drop_index(op.f("ix_open_tables_closes_at"), table_name="open_tables")
    op.drop_index(op.f("ix_open_tables_created_at"), table_name="open_tables")
    op.drop_table("open_tables")
