"""the table's choice to show private talk in the finished game's log (issue 35 §2)

Revision ID: 0017
Revises: 0016

- ``games.private_talk_after``: chosen at creation, never changed; false for every game
  created before (private talk stays private even after the game).
"""

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "private_talk_after", sa.Boolean(), nullable=False, server_default=sa.false()
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("private_talk_after")
