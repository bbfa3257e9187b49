"""Names and addresses stay beside the hash chain (issue 30 §5): no event names a player,
so forgetting one changes no event and every log still verifies. A seat handed over keeps
whom it replaced in ``seat_holders``; events recorded with names before (schema version 1)
are read without them, though their stored payload, which the chain covers, keeps them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

from alembic import command
from sqlalchemy import create_engine, delete, make_url, select, text
from sqlalchemy.pool import NullPool

from service.cli.commands import main
from service.store import eventstore, hashchain
from service.store.db import alembic_config, sessions
from service.store.models import SeatHolderRow
from service.store.upcast import upcast
from tests.service.test_eventstore import play
from tests.service.test_history import hand_over, page

SECRETS = ("Cy Young", "cy@example.org", "Mallory")


def handed_over(settings) -> tuple[str, str]:
    """A game whose seat that must move goes quiet and is handed to Cy Young, who takes it:
    the game's id, and that seat."""
    game_id = play(settings, 2)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        (late,) = loaded.game.to_act(loaded.state)
    hand_over(settings, game_id, late, ("cy@example.org", "Cy Young"))
    return game_id, late


def test_no_event_of_a_seat_handed_over_names_the_newcomer_or_whom_they_replaced(settings):
    game_id, late = handed_over(settings)
    with sessions(settings.database_url)() as s:
        rows = eventstore.events_of(s, game_id)
        (holder,) = s.scalars(select(SeatHolderRow).where(SeatHolderRow.game_id == game_id))
        seated = [x.email for x in eventstore.get_row(s, game_id).seats]
    assert [r.schema_version for r in rows] == [2] * len(rows)
    stored = json.dumps([r.payload for r in rows], ensure_ascii=False)
    assert not [x for x in SECRETS if x in stored]
    claim = next(r for r in rows if r.type == "table.seat_claimed")
    assert (holder.seat, holder.until_seq, holder.name) == (late, claim.seq, "")
    assert holder.email in ("ann@example.org", "bob@example.org"), "beside the chain"
    assert holder.email not in seated, "and no longer seated"


def recorded_by_an_older_server(settings, game_id: str) -> None:
    """The game's hand-over as version 1 wrote it, names in its events, the chain made
    again over them as that server made it."""
    old = {
        "table.vote_cast": {"newcomer": "Mallory"},
        "table.seat_offered": {"name": "Mallory"},
        "table.seat_claimed": {"name": "Mallory", "replaced": "Mallory's victim"},
    }
    with sessions(settings.database_url).begin() as s:
        row = eventstore.get_row(s, game_id)
        rows = eventstore.events_of(s, game_id)
        prev = rows[0].prev_hash
        for e in rows:
            if e.type in old:
                e.payload = {**e.payload, **old[e.type]}
            e.schema_version = 1
            e.prev_hash = prev
            e.hash = prev = hashchain.event_hash(
                prev, e.seq, e.seat, e.recorded_at, e.payload, e.move
            )
        row.head_hash = prev
    eventstore.forget_states()


def test_names_an_older_server_wrote_into_events_are_never_read_again(app, client, settings):
    game_id, late = handed_over(settings)
    recorded_by_an_older_server(settings, game_id)
    with sessions(settings.database_url)() as s:
        rows = eventstore.events_of(s, game_id)
        read = [upcast("tictactoe", r.schema_version, r.payload) for r in rows]
    assert "Mallory" not in json.dumps(read)
    history = page(client, f"/games/{game_id}/history?all=1")
    assert "Mallory" not in history
    number = late.removeprefix("p")
    assert f"Cy Young took over the seat of Player {number}" in history, "names beside"
    verified = app.test_cli_runner().invoke(main, ["verify", game_id])
    assert verified.exit_code == 0, verified.output
    # What cannot change without breaking the chain: the stored payload, in the export.
    exported = app.test_cli_runner().invoke(main, ["export", game_id]).output
    assert "Mallory" in exported


@contextmanager
def scratch_database(url: str, tmp_path) -> Iterator[str]:
    """A new, empty database beside ``url``'s: a file, or a PostgreSQL database of its own."""
    given = make_url(url)
    if given.get_backend_name() == "sqlite":
        yield f"sqlite:///{tmp_path / 'scratch.sqlite3'}"
        return
    name = f"{given.database}_m0009"
    maintenance = create_engine(given, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with maintenance.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        conn.execute(text(f'CREATE DATABASE "{name}" TEMPLATE template0'))
    try:
        yield given.set(database=name).render_as_string(hide_password=False)
    finally:
        with maintenance.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        maintenance.dispose()


def test_migration_0009_blanks_names_made_of_addresses_and_keeps_whom_each_claim_replaced(
    settings, tmp_path
):
    """Names equal to their address's local part were made by older servers from an
    address given alone: blanked. A name the player typed stays. Each hand-over's
    replaced player goes to ``seat_holders``, with the address an earlier offer knew;
    snapshots of the older table (with names) go."""
    with scratch_database(settings.database_url, tmp_path) as url:
        config = alembic_config(url)
        command.upgrade(config, "0008")
        engine = create_engine(url, poolclass=NullPool)
        meta = {"schema_version": 1, "prev_hash": "", "hash": ""}
        with engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO games (id, game, ruleset, options, seed, commitment, "
                    "created_at, last_seq, head_hash, over) VALUES ('g1', 'tictactoe', 't-1', "
                    "'{}', '00', 'c', '2025-01-01 00:00:00', 3, '', false)"
                )
            )
            for seat, position, email, name in [
                ("p1", 0, "ann.lee@example.org", "ann.lee"),
                ("p2", 1, "dee@example.org", "Dee"),
                ("p3", 2, "max@example.org", "Max"),
            ]:
                conn.execute(
                    text(
                        "INSERT INTO seats (game_id, seat, position, email, name, language) "
                        "VALUES ('g1', :seat, :position, :email, :name, 'en')"
                    ),
                    {"seat": seat, "position": position, "email": email, "name": name},
                )
            for seq, payload in [
                (1, {"type": "table.seat_claimed", "seat": "p2", "name": "eve", "replaced": "bo"}),
                (2, {"type": "table.seat_claimed", "seat": "p2", "name": "Dee", "replaced": "eve"}),
                (3, {"type": "table.seat_claimed", "seat": "p3", "name": "Max", "replaced": "Zed"}),
            ]:
                conn.execute(
                    text(
                        "INSERT INTO events (game_id, seq, type, payload, seat, recorded_at, "
                        "schema_version, prev_hash, hash) VALUES ('g1', :seq, :type, :payload, "
                        ":seat, '2025-01-01 00:00:00', :schema_version, :prev_hash, :hash)"
                    ),
                    {
                        "seq": seq,
                        "type": payload["type"],
                        "payload": json.dumps(payload),
                        "seat": payload["seat"],
                        **meta,
                    },
                )
            for ballot, email, name, claimed in [
                (1, "eve@example.org", "eve", "2025-01-02 00:00:00"),
                (2, "dee@example.org", "Dee", "2025-01-03 00:00:00"),
            ]:
                conn.execute(
                    text(
                        "INSERT INTO seat_offers (game_id, seat, ballot, proposed_by, email, "
                        "name, created_at, claimed_at) VALUES ('g1', 'p2', :ballot, 'p1', "
                        ":email, :name, '2025-01-01 00:00:00', :claimed)"
                    ),
                    {"ballot": ballot, "email": email, "name": name, "claimed": claimed},
                )
            conn.execute(
                text(
                    "INSERT INTO snapshots (game_id, seq, ruleset, state) "
                    "VALUES ('g1', 3, 't-1', '{}')"
                )
            )
        command.upgrade(config, "head")
        with engine.connect() as conn:
            seats = conn.execute(text("SELECT seat, email, name FROM seats ORDER BY seat")).all()
            offers = conn.execute(text("SELECT name FROM seat_offers ORDER BY ballot")).all()
            holders = conn.execute(
                text("SELECT seat, until_seq, email, name FROM seat_holders ORDER BY until_seq")
            ).all()
            snapshots = conn.execute(text("SELECT count(*) FROM snapshots")).scalar()
        engine.dispose()
    assert seats == [
        ("p1", "ann.lee@example.org", ""),
        ("p2", "dee@example.org", "Dee"),
        ("p3", "max@example.org", "Max"),
    ]
    assert offers == [("",), ("Dee",)]
    assert holders == [
        ("p2", 1, None, "bo"),
        ("p2", 2, "eve@example.org", ""),
        ("p3", 3, None, "Zed"),
    ], "eve, known by her offer's address, was named by it: blanked too"
    assert snapshots == 0


def test_a_holder_kept_nowhere_is_shown_by_the_seats_number(client, settings):
    """A hand-over whose replaced player no row keeps (none could be found for it) reads
    as the seat's number, never as a name from the event."""
    game_id, late = handed_over(settings)
    with sessions(settings.database_url).begin() as s:
        s.execute(delete(SeatHolderRow).where(SeatHolderRow.game_id == game_id))
    history = page(client, f"/games/{game_id}/history?all=1")
    number = late.removeprefix("p")
    assert f"Cy Young took over the seat of Player {number}" in history
