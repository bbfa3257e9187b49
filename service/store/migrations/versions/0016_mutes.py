"""a player mutes another player's talk (issue 35 §2)

Revision ID: 0016
Revises: 0015

- ``mutes``: which seat's talk a seat's player reads no more, in one game.
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mutes",
        sa.Column("game_id", sa.String(length=16), nullable=False),
        sa.Column("seat", sa.String(length=8), nullable=False),
        sa.Column("muted", sa.String(length=8), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("game_id", "seat", "muted"),
    )


def downgrade() -> None:
    op.drop_table("mutes")
