"""rematches of finished games (issue 35 §4)

Revision ID: 0014
Revises: 0013

- ``rematches``: one per finished game at most, the new game it started once it did.
- ``rematch_players``: the seats asked (and the proposer's), each confirmed or not yet.
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rematches",
        sa.Column("game_id", sa.String(length=16), nullable=False),
        sa.Column("proposed_by", sa.String(length=8), nullable=False),
        sa.Column("proposed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("new_game_id", sa.String(length=16), nullable=True),
        sa.Column("lapsed", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.ForeignKeyConstraint(["new_game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("game_id"),
        sa.UniqueConstraint("new_game_id"),
    )
    op.create_index(op.f("ix_rematches_due_at"), "rematches", ["due_at"], unique=False)
    op.create_table(
        "rematch_players",
        sa.Column("game_id", sa.String(length=16), nullable=False),
        sa.Column("seat", sa.String(length=8), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("confirmed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["rematches.game_id"]),
        sa.PrimaryKeyConstraint("game_id", "seat"),
    )


def downgrade() -> None:
    op.drop_table("rematch_players")
    op.drop_index(op.f("ix_rematches_due_at"), table_name="rematches")
    op.drop_table("rematches")
