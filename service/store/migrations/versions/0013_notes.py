"""a player's private notes on their seat (issue 35 §3)

Revision ID: 0013
Revises: 0012

- ``notes``: one per seat of a game at most, its player's own words, beside the game and
  never in its log.
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notes",
        sa.Column("game_id", sa.String(length=16), nullable=False),
        sa.Column("seat", sa.String(length=8), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("game_id", "seat"),
    )


def downgrade() -> None:
    op.drop_table("notes")
