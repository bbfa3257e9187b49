"""the player's desk (issue 20): sign-in links used once, "sign out everywhere", seats by
address in any case

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op


revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sign_ins",
        sa.Column("nonce", sa.String(length=32), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("nonce"),
    )
    op.create_index("ix_sign_ins_used_at", "sign_ins", ["used_at"])
    with op.batch_alter_table("people", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("signed_out_before", sa.DateTime(timezone=True), nullable=True)
        )
    op.create_index("ix_seats_email_lower", "seats", [sa.text("lower(email)")])


def downgrade() -> None:
    op.drop_index("ix_seats_email_lower", table_name="seats")
    with op.batch_alter_table("people", schema=None) as batch_op:
        batch_op.drop_column("signed_out_before")
    op.drop_index("ix_sign_ins_used_at", table_name="sign_ins")
    op.drop_table("sign_ins")
