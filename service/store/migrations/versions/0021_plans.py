"""plans ahead (issue 38)

Revision ID: 0021
Revises: 0020

- ``plans``: each seat's standing orders, kept beside the log while they wait (private to
  their seat); their events enter the log when they fire or when the game ends.
- ``games.plans``: how many wait in the game, read with the game row (a move in a game
  without plans asks nothing more).
"""

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "plans",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=16), nullable=False),
        sa.Column("seat", sa.String(length=8), nullable=False),
        sa.Column("generation", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.Column("ruleset", sa.String(length=64), nullable=False),
        sa.Column("set_seq", sa.Integer(), nullable=False),
        sa.Column("set_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("live", sa.Boolean(), nullable=False),
        sa.Column("fired", sa.Integer(), nullable=False),
        sa.Column("logged", sa.Boolean(), nullable=False),
        sa.Column("reason", sa.String(length=32), nullable=True),
        sa.Column("ended_seq", sa.Integer(), nullable=True),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("closed", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_plans_game", "plans", ["game_id", "live"])
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("plans", sa.Integer(), server_default="0", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("plans")
    op.drop_index("ix_plans_game", table_name="plans")
    op.drop_table("plans")
