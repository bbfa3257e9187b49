"""seats a bot holds from the game's creation (issue 37 §3)

Revision ID: 0020
Revises: 0019

- ``seats.bot``: the level of the bot seated when the game was made (``stand-in``,
  ``casual``, ``strong``); null for a seat a person holds, as every seat before. The log
  says the same (``table.bot_seated``); the row lets a name be shown without a fold.
"""

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bot", sa.String(length=16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("bot")
