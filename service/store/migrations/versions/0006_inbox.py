"""the inbox of received replies; the outbox answers a reply once per message (issue 18)

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op


revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

PENDING = sa.text("processed_at IS NULL")
ORDINARY = sa.text("inbox_id IS NULL")
ANSWER = sa.text("inbox_id IS NOT NULL")


def upgrade() -> None:
    op.create_table(
        "inbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("message_key", sa.String(length=255), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("mail_from", sa.String(length=320), nullable=False),
        sa.Column("rcpt_to", sa.String(length=320), nullable=False),
        sa.Column("raw", sa.LargeBinary(), nullable=False),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("processed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("outcome", sa.String(length=120), nullable=True),
        sa.Column("game_id", sa.String(length=16), nullable=True),
        sa.Column("seat", sa.String(length=8), nullable=True),
        sa.Column("answer", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("message_key"),
    )
    op.create_index(
        "ix_inbox_pending", "inbox", ["id"], postgresql_where=PENDING, sqlite_where=PENDING
    )
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("inbox_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key("fk_outbox_inbox_id_inbox", "inbox", ["inbox_id"], ["id"])
        batch_op.drop_constraint("uq_outbox_message", type_="unique")
    op.create_index(
        "uq_outbox_message",
        "outbox",
        ["game_id", "seq", "seat", "kind"],
        unique=True,
        postgresql_where=ORDINARY,
        sqlite_where=ORDINARY,
    )
    op.create_index(
        "uq_outbox_answer",
        "outbox",
        ["inbox_id"],
        unique=True,
        postgresql_where=ANSWER,
        sqlite_where=ANSWER,
    )


def downgrade() -> None:
    op.drop_index("uq_outbox_answer", table_name="outbox")
    op.drop_index("uq_outbox_message", table_name="outbox")
    op.execute("DELETE FROM outbox WHERE inbox_id IS NOT NULL")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.create_unique_constraint("uq_outbox_message", ["game_id", "seq", "seat", "kind"])
        batch_op.drop_constraint("fk_outbox_inbox_id_inbox", type_="foreignkey")
        batch_op.drop_column("inbox_id")
    op.drop_index("ix_inbox_pending", table_name="inbox")
    op.drop_table("inbox")
