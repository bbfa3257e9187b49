"""slow play: due times, people, digests, seat offers

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op


revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("due_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index("ix_games_due_at", ["due_at"])
    op.create_table(
        "people",
        sa.Column("email", sa.String(320), primary_key=True),
        sa.Column("notify", sa.String(16), nullable=False),
        sa.Column("digest_hour", sa.Integer(), nullable=False),
        sa.Column("next_digest_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_people_next_digest_at", "people", ["next_digest_at"])
    op.create_table(
        "digests",
        sa.Column("email", sa.String(320), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("games", sa.Integer(), nullable=False),
    )
    op.create_table(
        "seat_offers",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.String(8), nullable=False),
        sa.Column("ballot", sa.Integer(), nullable=False),
        sa.Column("proposed_by", sa.String(8), nullable=False),
        sa.Column("email", sa.String(320), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("game_id", "ballot", "proposed_by"),
    )


def downgrade() -> None:
    op.drop_table("seat_offers")
    op.drop_table("digests")
    op.drop_index("ix_people_next_digest_at", "people")
    op.drop_table("people")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index("ix_games_due_at")
        batch_op.drop_column("due_at")
