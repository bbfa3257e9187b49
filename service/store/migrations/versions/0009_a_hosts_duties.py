"""a host's duties to its players (issue 30 §5): names beside the chain, players who can be
forgotten, blocked addresses

Revision ID: 0009
Revises: 0008

- A player given without a name was named after their address's local part, which the
  public pages and API then published. A name that is exactly its address's local part is
  taken as none given and blanked: readers now see "Player 2". A player who typed their
  local part as their name on purpose loses it for "Player 2"; no address can be told from
  such a name, so keeping them would keep publishing everyone else's (the safe way round).
- Who held a seat before it was handed on was named only in the ``table.seat_claimed``
  event's payload, which cannot change without breaking the chain. Each hand-over's
  replaced player is copied into ``seat_holders`` (with their address when an earlier
  hand-over's offer knows it), where the history now reads them and forgetting can reach
  them; the events keep their names as recorded, and every reader reads them away.
- Snapshots of the table's older shape held those names too: they are deleted (a snapshot
  is only a cache; the next ones are written as games move, without names).
- A seat whose player asked to be forgotten keeps no address (``seats.email`` may be null)
  and notes when (``left_at``); so do a forgotten newcomer's offer and a past holder.
- Each sign-in notes whose it is, so that forgetting ends them all; ``blocked`` holds the
  addresses and domains the operator blocked.
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def _local(email: str | None) -> str | None:
    """What older servers named a player given without a name."""
    return None if email is None else email.split("@")[0]


def upgrade() -> None:
    # SQLite rebuilds the table and cannot carry an index on an expression across: it is
    # made again after.
    op.drop_index("ix_seats_email_lower", table_name="seats")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.alter_column("email", existing_type=sa.String(320), nullable=True)
        batch_op.add_column(sa.Column("left_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_seats_email_lower", "seats", [sa.text("lower(email)")])
    with op.batch_alter_table("seat_offers", schema=None) as batch_op:
        batch_op.alter_column("email", existing_type=sa.String(320), nullable=True)
    with op.batch_alter_table("sign_ins", schema=None) as batch_op:
        batch_op.add_column(sa.Column("address", sa.String(320), nullable=True))
    op.create_index("ix_sign_ins_address", "sign_ins", ["address"])
    op.create_table(
        "seat_holders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=16), nullable=False),
        sa.Column("seat", sa.String(length=8), nullable=False),
        sa.Column("until_seq", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=True),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("left_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seat", "until_seq"),
    )
    op.create_index("ix_seat_holders_email", "seat_holders", ["email"])
    op.create_table(
        "blocked",
        sa.Column("pattern", sa.String(length=320), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("pattern"),
    )
    _names_beside_the_chain()
    op.execute(sa.text("DELETE FROM snapshots"))


def _names_beside_the_chain() -> None:
    conn = op.get_bind()
    seats = sa.table(
        "seats", sa.column("id"), sa.column("email"), sa.column("name"), sa.column("game_id")
    )
    offers = sa.table(
        "seat_offers",
        sa.column("id"),
        sa.column("game_id"),
        sa.column("seat"),
        sa.column("email"),
        sa.column("name"),
        sa.column("claimed_at"),
    )
    events = sa.table(
        "events",
        sa.column("game_id"),
        sa.column("seq"),
        sa.column("type"),
        sa.column("payload", sa.JSON),
    )
    holders = sa.table(
        "seat_holders",
        sa.column("game_id"),
        sa.column("seat"),
        sa.column("until_seq"),
        sa.column("email"),
        sa.column("name"),
    )
    for table in (seats, offers):
        for row_id, email, name in conn.execute(sa.select(table.c.id, table.c.email, table.c.name)):
            if name and name == _local(email):
                conn.execute(sa.update(table).where(table.c.id == row_id).values(name=""))
    claimed: dict[tuple[str, str], list[str | None]] = {}
    for game_id, seat, email in conn.execute(
        sa.select(offers.c.game_id, offers.c.seat, offers.c.email)
        .where(offers.c.claimed_at.is_not(None))
        .order_by(offers.c.claimed_at, offers.c.id)
    ):
        claimed.setdefault((game_id, seat), []).append(email)
    hand_overs: dict[tuple[str, str], int] = {}
    rows = []
    for game_id, seq, payload in conn.execute(
        sa.select(events.c.game_id, events.c.seq, events.c.payload)
        .where(events.c.type == "table.seat_claimed")
        .order_by(events.c.game_id, events.c.seq)
    ):
        seat = str(payload.get("seat"))
        number = hand_overs.get((game_id, seat), 0)
        hand_overs[(game_id, seat)] = number + 1
        # Whom the n-th hand-over replaced is whoever claimed the seat at the one before.
        before = claimed.get((game_id, seat), [])
        email = before[number - 1] if 0 < number <= len(before) else None
        name = str(payload.get("replaced") or "")[:120]
        if name == _local(email):
            name = ""
        rows.append(
            {"game_id": game_id, "seat": seat, "until_seq": seq, "email": email, "name": name}
        )
    if rows:
        op.bulk_insert(holders, rows)


def downgrade() -> None:
    op.drop_table("blocked")
    op.drop_index("ix_seat_holders_email", table_name="seat_holders")
    op.drop_table("seat_holders")
    op.drop_index("ix_sign_ins_address", table_name="sign_ins")
    with op.batch_alter_table("sign_ins", schema=None) as batch_op:
        batch_op.drop_column("address")
    # Forgotten players have no address to restore: their seats keep an empty one.
    op.execute(sa.text("UPDATE seats SET email = '' WHERE email IS NULL"))
    op.execute(sa.text("UPDATE seat_offers SET email = '' WHERE email IS NULL"))
    with op.batch_alter_table("seat_offers", schema=None) as batch_op:
        batch_op.alter_column("email", existing_type=sa.String(320), nullable=False)
    op.drop_index("ix_seats_email_lower", table_name="seats")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("left_at")
        batch_op.alter_column("email", existing_type=sa.String(320), nullable=False)
    op.create_index("ix_seats_email_lower", "seats", [sa.text("lower(email)")])
