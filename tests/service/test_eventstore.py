"""The event log (DESIGN.md §4): expected-seq appends, the hash chain, snapshots as a cache."""

from __future__ import annotations

import itertools
import random

import pytest
from sqlalchemy import delete, select, update

from engine import registry
from service import eventstore
from service.audit import from_store, verify
from service.db import sessions
from service.errors import Conflict
from service.models import EventRow, SnapshotRow
from service.play import create_game, make_move

PLAYERS = ["ann@example.org", "bob@example.org"]


def play(settings, moves: int, seed: int = 1, **options) -> str:
    """A game with ``moves`` random moves made through the service."""
    rng = random.Random(seed)
    with sessions(settings.database_url).begin() as s:
        game_id = create_game(s, "tictactoe", PLAYERS, options).loaded.row.id
    for _ in range(moves):
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            acting = sorted(loaded.game.to_act(loaded.state))
            if not acting:
                break
            move = rng.choice(loaded.game.legal_moves(loaded.state, acting[0]))
            make_move(s, game_id, acting[0], loaded.turn_seq, move, None, settings.snapshot_every)
    return game_id


def audit(settings, game_id):
    with sessions(settings.database_url)() as s:
        return verify(from_store(s, game_id))


def test_an_append_that_expects_an_old_sequence_gets_a_conflict_not_a_fork(settings):
    game_id = play(settings, 1)
    with sessions(settings.database_url)() as s, s.begin():
        row = eventstore.get_row(s, game_id)
        with pytest.raises(Conflict):
            eventstore.append(s, row, [{"type": "game_drawn"}], None, expected_seq=2)
    with sessions(settings.database_url)() as s:
        assert [e.seq for e in eventstore.events_of(s, game_id)] == [1, 2, 3, 4, 5]


def test_events_are_numbered_from_one_and_chained_by_hash(settings):
    game_id = play(settings, 4)
    with sessions(settings.database_url)() as s:
        events = eventstore.events_of(s, game_id)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert all(b.prev_hash == a.hash for a, b in itertools.pairwise(events))
    assert audit(settings, game_id).ok


def test_a_changed_payload_breaks_the_chain_at_that_event(settings):
    game_id = play(settings, 4)
    with sessions(settings.database_url).begin() as s:
        s.execute(
            update(EventRow)
            .where(EventRow.game_id == game_id, EventRow.seq == 3)
            .values(payload={"type": "mark_placed", "seat": "p1", "cell": 8})
        )
    failures = audit(settings, game_id).failures
    assert any(f.startswith("event 3:") for f in failures)


def test_a_snapshot_is_written_every_n_events_and_loading_uses_it(settings):
    game_id = play(settings, 9, seed=3)  # snapshot_every is 10 in tests
    with sessions(settings.database_url)() as s:
        snaps = list(s.scalars(select(SnapshotRow).where(SnapshotRow.game_id == game_id)))
        assert snaps, "at least one snapshot after more than ten events"
        loaded = eventstore.load(s, game_id)
        full = registry.get("tictactoe").replay(
            eventstore.payloads(eventstore.events_of(s, game_id), "tictactoe")
        )
    assert loaded.state == full


def test_deleting_every_snapshot_changes_nothing(settings):
    game_id = play(settings, 9, seed=4)
    with sessions(settings.database_url)() as s:
        before = eventstore.load(s, game_id).state
    with sessions(settings.database_url).begin() as s:
        s.execute(delete(SnapshotRow).where(SnapshotRow.game_id == game_id))
    with sessions(settings.database_url)() as s:
        assert eventstore.load(s, game_id).state == before


def test_a_corrupt_snapshot_is_ignored_on_load_and_reported_by_verify(settings):
    game_id = play(settings, 9, seed=5)
    with sessions(settings.database_url)() as s:
        before = eventstore.load(s, game_id).state
    with sessions(settings.database_url).begin() as s:
        s.execute(
            update(SnapshotRow)
            .where(SnapshotRow.game_id == game_id)
            .values(state={"__dc__": "nowhere:Nothing", "f": {}})
        )
    with sessions(settings.database_url)() as s:
        assert eventstore.load(s, game_id).state == before
    assert not audit(settings, game_id).ok


def test_the_move_is_recorded_on_the_first_event_of_its_decision(settings):
    game_id = play(settings, 3)
    with sessions(settings.database_url)() as s:
        events = eventstore.events_of(s, game_id)
    assert [e.move for e in events[:2]] == [None, None], "setup has no move"
    decisions = [e for e in events if e.move is not None]
    assert len(decisions) == 3
    assert all(
        e.type == "mark_placed" and e.move == {"type": "place", "cell": e.payload["cell"]}
        for e in decisions
    )


def test_a_changed_move_breaks_the_chain_at_that_event(settings):
    game_id = play(settings, 3)
    with sessions(settings.database_url).begin() as s:
        s.execute(
            update(EventRow)
            .where(EventRow.game_id == game_id, EventRow.seq == 3)
            .values(move={"type": "place", "cell": 99})
        )
    assert any(f.startswith("event 3:") for f in audit(settings, game_id).failures)
