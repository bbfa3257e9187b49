"""each seat's language and time zone (issue 17)

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op


revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("language", sa.String(8), nullable=False, server_default="en")
        )
        batch_op.add_column(sa.Column("time_zone", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("time_zone")
        batch_op.drop_column("language")
