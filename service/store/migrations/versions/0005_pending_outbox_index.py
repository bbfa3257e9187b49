"""the sweeper's index holds only rows still to send; seats by address (issue 19)

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op


revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

PENDING = sa.text("sent_at IS NULL AND skipped IS NULL")


def upgrade() -> None:
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_index("ix_outbox_unsent")
    op.create_index(
        "ix_outbox_pending", "outbox", ["id"], postgresql_where=PENDING, sqlite_where=PENDING
    )
    op.create_index("ix_seats_email", "seats", ["email"])


def downgrade() -> None:
    op.drop_index("ix_seats_email", table_name="seats")
    op.drop_index("ix_outbox_pending", table_name="outbox")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.create_index("ix_outbox_unsent", ["sent_at", "created_at"], unique=False)
