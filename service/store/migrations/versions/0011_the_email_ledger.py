"""the ledger of every email sent, and what mail that came back says of each address
(issue 31 §1, §2)

Revision ID: 0011
Revises: 0010

- ``emails``: one row per email handed to the relay (docs/mail.md), its bytes signed once
  and kept until the relay takes them, its id named by the bounce address it goes out
  with, and the verdict of what came back about it.
- ``addresses``: an address that no longer receives our emails, or whose player called one
  spam, and its newest sign of life.
- ``inbox.email_id``: the email a delivery report or a complaint is about.

Emails sent before have no row: a report about one names no email we know, and is kept
unread as any report about a stranger's email.
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

WITH_OUTBOX = sa.text("outbox_id IS NOT NULL")
WITH_KEY = sa.text("key IS NOT NULL")
UNREACHABLE = sa.text("unreachable_at IS NOT NULL")
REPORTED = sa.text("email_id IS NOT NULL")


def upgrade() -> None:
    op.create_table(
        "emails",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("outbox_id", sa.Integer(), nullable=True),
        sa.Column("key", sa.String(length=64), nullable=True),
        sa.Column("game_id", sa.String(length=16), nullable=True),
        sa.Column("seat", sa.String(length=8), nullable=True),
        sa.Column("address", sa.String(length=320), nullable=True),
        sa.Column("address_key", sa.String(length=320), nullable=True),
        sa.Column("message_id", sa.String(length=255), nullable=False),
        sa.Column("raw", sa.LargeBinary(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("verdict", sa.String(length=16), nullable=True),
        sa.Column("verdict_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["outbox_id"], ["outbox.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        "uq_emails_outbox",
        "emails",
        ["outbox_id"],
        unique=True,
        postgresql_where=WITH_OUTBOX,
        sqlite_where=WITH_OUTBOX,
    )
    op.create_index(
        "uq_emails_key",
        "emails",
        ["key"],
        unique=True,
        postgresql_where=WITH_KEY,
        sqlite_where=WITH_KEY,
    )
    op.create_index("ix_emails_address", "emails", ["address_key", "created_at"])
    op.create_table(
        "addresses",
        sa.Column("key", sa.String(length=320), nullable=False),
        sa.Column("unreachable_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("complained_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("heard_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_index(
        "ix_addresses_unreachable",
        "addresses",
        ["key"],
        postgresql_where=UNREACHABLE,
        sqlite_where=UNREACHABLE,
    )
    with op.batch_alter_table("inbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("email_id", sa.Integer(), nullable=True))
    op.create_index(
        "ix_inbox_email", "inbox", ["email_id"], postgresql_where=REPORTED, sqlite_where=REPORTED
    )


def downgrade() -> None:
    op.drop_index("ix_inbox_email", table_name="inbox")
    with op.batch_alter_table("inbox", schema=None) as batch_op:
        batch_op.drop_column("email_id")
    op.drop_index("ix_addresses_unreachable", table_name="addresses")
    op.drop_table("addresses")
    op.drop_index("ix_emails_address", table_name="emails")
    op.drop_index("uq_emails_key", table_name="emails")
    op.drop_index("uq_emails_outbox", table_name="emails")
    op.drop_table("emails")
