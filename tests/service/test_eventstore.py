"""The event log (DESIGN.md §4): expected-seq appends, the hash chain, snapshots as a cache."""

from __future__ import annotations

import itertools
import json
import logging
import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import delete, select, update
from sqlalchemy import event as sa_event

from engine import codec, registry
from service import words
from service.audit.checks import from_store, verify
from service.errors import Conflict
from service.play.games import create_game
from service.store import eventstore
from service.store.db import engine_for, sessions
from service.store.models import EventRow, SnapshotRow
from tests.helpers import play_now

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
            play_now(s, game_id, acting[0], move, loaded.turn_seq, settings.snapshot_every)
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


def test_an_append_that_expects_a_sequence_ahead_of_the_last_is_refused_leaving_no_gap(settings):
    game_id = play(settings, 1)
    with sessions(settings.database_url)() as s:
        last = eventstore.get_row(s, game_id).last_seq
    for ahead in (last + 1, last + 5):
        with sessions(settings.database_url)() as s, s.begin():
            row = eventstore.get_row(s, game_id)
            with pytest.raises(Conflict):
                eventstore.append(s, row, [{"type": "game_drawn"}], None, expected_seq=ahead)
    with sessions(settings.database_url)() as s:
        assert [e.seq for e in eventstore.events_of(s, game_id)] == list(range(1, last + 1))
        assert eventstore.get_row(s, game_id).last_seq == last
    assert audit(settings, game_id).ok


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
        seqs = sorted(s.scalars(select(SnapshotRow.seq).where(SnapshotRow.game_id == game_id)))
    failures = audit(settings, game_id).failures
    assert [f.split(" (")[0] for f in failures] == [
        f"event {seq}: the snapshot cannot be read" for seq in seqs
    ]


def test_a_snapshot_other_than_the_replay_is_named_by_verify(settings):
    game_id = play(settings, 9, seed=5)
    with sessions(settings.database_url).begin() as s:
        snap = s.scalars(select(SnapshotRow).where(SnapshotRow.game_id == game_id)).first()
        row = eventstore.get_row(s, game_id)
        earlier = eventstore.load_from_start(s, row, registry.get("tictactoe"), upto=snap.seq - 1)
        snap.state = {**snap.state, "game": codec.encode(earlier.state)}
        seq = snap.seq
    assert audit(settings, game_id).failures == [
        f"event {seq}: the snapshot differs from the replay"
    ]


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


def append_elsewhere(settings, game_id: str, moves: int, seed: int = 7) -> None:
    """Moves appended as another web process would: to the log, never through this
    process's state cache."""
    rng = random.Random(seed)
    for _ in range(moves):
        with sessions(settings.database_url).begin() as s:
            row = eventstore.get_row(s, game_id)
            game = registry.get(row.game)
            state = eventstore.load_from_start(s, row, game).state
            seat = sorted(game.to_act(state))[0]
            move = rng.choice(game.legal_moves(state, seat))
            events = game.decide(state, seat, move, random.Random(0))
            eventstore.append(s, row, events, seat, row.last_seq, move=move)


@contextmanager
def sql_seen(settings) -> Iterator[list[str]]:
    """Every SQL statement sent to the database inside the block."""
    seen: list[str] = []
    engine = engine_for(settings.database_url)

    def _seen(conn, cursor, statement, parameters, context, executemany):
        seen.append(statement)

    sa_event.listen(engine, "before_cursor_execute", _seen)
    try:
        yield seen
    finally:
        sa_event.remove(engine, "before_cursor_execute", _seen)


def full_replay(settings, game_id: str):
    with sessions(settings.database_url)() as s:
        row = eventstore.get_row(s, game_id)
        return eventstore.load_from_start(s, row, registry.get(row.game))


@pytest.mark.parametrize(
    ("length", "behind"),
    [(0, "one event"), (0, "two moves"), (0, "CATCH_UP events"), (70, "one event")],
)
def test_a_cached_state_behind_another_process_s_moves_is_caught_up_with_only_those_events(
    settings, length, behind
):
    """Up to ``CATCH_UP`` events behind, however long the game already is."""
    from tests.service.test_history_pages import event_rows_loaded, long_game

    game_id = long_game(settings, length) if length else play(settings, 2, seed=6)
    cached = full_replay(settings, game_id).seq
    if behind == "two moves":
        append_elsewhere(settings, game_id, 2)
    else:
        count = eventstore.CATCH_UP if behind == "CATCH_UP events" else 1
        with sessions(settings.database_url).begin() as s:
            row = eventstore.get_row(s, game_id)
            reminder = {"type": "table.reminded", "seat": "p1", "number": 1}
            eventstore.append(s, row, [reminder] * count, None, row.last_seq)
    with (
        sql_seen(settings) as seen,
        sessions(settings.database_url).begin() as s,
        event_rows_loaded() as read,
    ):
        loaded = eventstore.load(s, game_id)
    full = full_replay(settings, game_id)
    assert (loaded.seq, loaded.state, loaded.table) == (full.seq, full.state, full.table)
    assert not any("snapshots" in sql for sql in seen), "the cached state was the start"
    assert read == list(range(cached + 1, full.seq + 1)), "only the events after it"


def test_the_caught_up_state_is_cached_once_its_session_commits(settings):
    game_id = play(settings, 2, seed=8)
    append_elsewhere(settings, game_id, 1)
    with sessions(settings.database_url).begin() as s:
        eventstore.load(s, game_id)
    full = full_replay(settings, game_id)
    with sql_seen(settings) as seen, sessions(settings.database_url)() as s:
        assert eventstore.load(s, game_id).state == full.state
    assert not any("FROM events" in sql for sql in seen), "no event left to fold"


def test_a_move_this_process_recorded_is_cached_so_the_next_load_reads_no_event(settings):
    game_id = play(settings, 3, seed=8)  # each move recorded, then loaded for the next
    with sql_seen(settings) as seen, sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
    full = full_replay(settings, game_id)
    assert (loaded.seq, loaded.state, loaded.table) == (full.seq, full.state, full.table)
    assert not any("FROM events" in sql or "snapshots" in sql for sql in seen)


def test_an_event_already_at_the_next_number_makes_the_append_a_conflict_that_writes_nothing(
    settings,
):
    """The guarded update is the first line; the events' own key (game, seq) the second: an
    event row written around the guard still stops a second event of that number."""
    game_id = play(settings, 2, seed=3)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        head = (loaded.row.last_seq, loaded.row.head_hash)
        stray = {"type": "table.reminded", "seat": "p1", "number": 1}
        s.add(EventRow(game_id=game_id, seq=loaded.seq + 1, type="table.reminded",
                       payload=stray, seat=None, recorded_at=eventstore.now(),
                       prev_hash="0" * 64, hash="1" * 64))  # fmt: skip
        s.flush()
        with pytest.raises(Conflict) as refused:
            eventstore.record(s, loaded, [stray], None)
        s.rollback()
    assert words.text(refused.value.message) == "Another move was recorded first. Try again."
    assert refused.value.context["game_id"] == game_id
    with sessions(settings.database_url)() as s:
        row = eventstore.get_row(s, game_id)
        assert (row.last_seq, row.head_hash) == head
        assert verify(from_store(s, game_id)).ok


def test_a_cold_process_loads_an_older_game_from_its_newest_snapshot(settings):
    game_id = play(settings, 3, seed=3)
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        seat = sorted(loaded.game.to_act(loaded.state))[0]
        reminders = [{"type": "table.reminded", "seat": seat, "number": 1}] * (
            eventstore.CATCH_UP + 5
        )
        eventstore.record(s, loaded, reminders, None, snapshot_every=settings.snapshot_every)
    eventstore.forget_states()
    with sql_seen(settings) as seen, sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
    full = full_replay(settings, game_id)
    assert (loaded.seq, loaded.state, loaded.table) == (full.seq, full.state, full.table)
    assert any("FROM snapshots" in sql for sql in seen)


def test_a_rolled_back_append_is_never_cached(settings):
    game_id = play(settings, 2, seed=9)
    with sessions(settings.database_url)() as s:
        before = eventstore.load(s, game_id)
    with pytest.raises(RuntimeError), sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        seat = sorted(loaded.game.to_act(loaded.state))[0]
        move = loaded.game.legal_moves(loaded.state, seat)[0]
        events = loaded.game.decide(loaded.state, seat, move, random.Random(0))
        eventstore.record(s, loaded, events, seat, move=move)
        raise RuntimeError("the request failed after the append")
    with sessions(settings.database_url)() as s:
        after = eventstore.load(s, game_id)
    assert (after.seq, after.state) == (before.seq, before.state)


def test_a_young_game_is_folded_from_its_first_event_without_reading_snapshots(settings):
    game_id = play(settings, 9, seed=3)  # a snapshot exists (every 10 events in tests)
    eventstore.forget_states()
    with sql_seen(settings) as seen, sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
    assert loaded.seq <= eventstore.CATCH_UP
    assert loaded.state == full_replay(settings, game_id).state
    assert not any("FROM snapshots" in sql for sql in seen)


def test_a_snapshot_made_under_another_ruleset_is_passed_over_for_an_older_one(settings):
    game_id = play(settings, 3, seed=3)
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        seat = sorted(loaded.game.to_act(loaded.state))[0]
        reminders = [{"type": "table.reminded", "seat": seat, "number": 1}] * (
            eventstore.CATCH_UP + 5
        )
        loaded = eventstore.record(s, loaded, reminders[:30], None, snapshot_every=10)
        eventstore.record(s, loaded, reminders[30:], None, snapshot_every=10)
    with sessions(settings.database_url).begin() as s:
        older, newest = s.scalars(
            select(SnapshotRow).where(SnapshotRow.game_id == game_id).order_by(SnapshotRow.seq)
        ).all()[-2:]
        # What an earlier ruleset left: used, it would skip every event since the older one.
        newest.ruleset, newest.state = "tictactoe-0", older.state
    eventstore.forget_states()
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
    full = full_replay(settings, game_id)
    assert (loaded.seq, loaded.table) == (full.seq, full.table)
    assert audit(settings, game_id).ok, "verify passes over what another ruleset left too"


def test_verify_compares_a_game_with_its_own_snapshots_only(settings):
    one, other = play(settings, 9, seed=3), play(settings, 9, seed=7)
    with sessions(settings.database_url)() as s:
        seqs = [
            set(s.scalars(select(SnapshotRow.seq).where(SnapshotRow.game_id == g)))
            for g in (one, other)
        ]
        assert seqs[0] & seqs[1], "both games hold a snapshot at the same point"
    assert audit(settings, one).ok and audit(settings, other).ok


def test_a_load_folds_no_event_past_the_game_row_it_read(settings):
    """Under READ COMMITTED another process's move may commit between reading the game row
    and reading its events; folding it would pair a newer seq with the row's older head hash,
    and the next append would chain on the wrong hash."""
    game_id = play(settings, 2, seed=12)
    with sessions(settings.database_url)() as s:
        row = eventstore.get_row(s, game_id)
        s.expunge(row)  # the row as read before the other process's move
    append_elsewhere(settings, game_id, 1)
    eventstore.forget_states()
    with sessions(settings.database_url)() as s:
        s.add(row)
        folded = eventstore._fold(s, row, registry.get(row.game))
        from_start = eventstore.load_from_start(s, row, registry.get(row.game))
    assert folded.seq == from_start.seq == row.last_seq


OLD_TABLE_MODULES = ["service.table", "service.table.rules"]  # restructure: keep
"""How snapshots written before issue 16, then before issue 33, name the module of the
table's dataclasses."""


def game_with_snapshots_of_an_old_layout(settings, old_module: str) -> str:
    """A game older than CATCH_UP events whose snapshots name the table's dataclasses as they
    were named before a move (``old_module``)."""
    game_id = play(settings, 3, seed=3)
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        seat = sorted(loaded.game.to_act(loaded.state))[0]
        reminders = [{"type": "table.reminded", "seat": seat, "number": 1}] * (
            eventstore.CATCH_UP + 5
        )
        eventstore.record(s, loaded, reminders, None, snapshot_every=settings.snapshot_every)
    with sessions(settings.database_url).begin() as s:
        snaps = s.scalars(select(SnapshotRow).where(SnapshotRow.game_id == game_id)).all()
        assert snaps
        for snap in snaps:
            text = json.dumps(snap.state)
            assert '"service.table.state:Table"' in text
            snap.state = json.loads(text.replace('"service.table.state:', f'"{old_module}:'))
    eventstore.forget_states()
    return game_id


@pytest.mark.parametrize("old_module", OLD_TABLE_MODULES)
def test_a_snapshot_written_before_the_table_rules_moved_still_starts_the_load(
    settings, caplog, old_module
):
    game_id = game_with_snapshots_of_an_old_layout(settings, old_module)
    caplog.set_level(logging.WARNING)
    with sql_seen(settings) as seen, sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
    full = full_replay(settings, game_id)
    assert (loaded.seq, loaded.state, loaded.table) == (full.seq, full.state, full.table)
    assert any("FROM snapshots" in sql for sql in seen)
    assert "ignoring snapshot" not in caplog.text


@pytest.mark.parametrize("old_module", OLD_TABLE_MODULES)
def test_a_game_whose_snapshots_were_written_before_the_table_rules_moved_still_verifies(
    settings, old_module
):
    game_id = game_with_snapshots_of_an_old_layout(settings, old_module)
    report = audit(settings, game_id)
    assert report.ok, report.failures


def test_the_newest_decision_is_the_last_move_s_event_and_none_is_zero(settings):
    fresh = play(settings, 0)
    finished = play(settings, 9)
    with sessions(settings.database_url)() as s:
        assert eventstore.last_decision_seq(s, fresh) == 0
        moved = s.scalars(
            select(EventRow.seq)
            .where(EventRow.game_id == finished, ~EventRow.type.like("table.%"))
            .order_by(EventRow.seq)
        ).all()
        rows = {r.seq: r for r in s.scalars(select(EventRow).where(EventRow.game_id == finished))}
        with_moves = [seq for seq in moved if rows[seq].move is not None]
        assert with_moves, "the game was played"
        assert eventstore.last_decision_seq(s, finished) == with_moves[-1]
        assert eventstore.last_decision_seq(s, finished) < max(rows), "the end follows the move"


def test_an_event_stored_under_an_older_schema_is_upcast_by_its_games_upcaster(
    settings, monkeypatch
):
    """DESIGN.md §4: a payload is read through the upcasters of its game, from the version
    it was stored under to today's; a load from the first event meets it as today's."""
    from service.store import upcast

    game_id = play(settings, 3)
    with sessions(settings.database_url)() as s:
        row = eventstore.get_row(s, game_id)
        today = eventstore.load_from_start(s, row, registry.get("tictactoe"))
    with sessions(settings.database_url).begin() as s:
        first_move = s.scalars(
            select(EventRow)
            .where(EventRow.game_id == game_id, EventRow.type == "mark_placed")
            .order_by(EventRow.seq)
            .limit(1)
        ).one()
        old = dict(first_move.payload)
        old["square"] = old.pop("cell")
        s.execute(
            update(EventRow)
            .where(EventRow.id == first_move.id)
            .values(schema_version=0, payload=old)
        )

    def renamed(payload):
        payload = dict(payload)
        if "square" in payload:
            payload["cell"] = payload.pop("square")
        return payload

    monkeypatch.setitem(upcast.UPCASTERS, ("tictactoe", 0), renamed)
    eventstore.forget_states()
    with sessions(settings.database_url)() as s:
        row = eventstore.get_row(s, game_id)
        again = eventstore.load_from_start(s, row, registry.get("tictactoe"))
        steps = eventstore.stretch(s, row, registry.get("tictactoe"), 1, row.last_seq).steps
        loaded = eventstore.load(s, game_id)
        at = eventstore.folded_at(s, row, registry.get("tictactoe"), row.last_seq)
    assert again.state == today.state
    assert loaded.state == today.state, "and so does a cold load"
    assert at is not None and at.state == today.state, "and the game at any event"
    assert steps[-1].state == today.state, "a history page reads it as today's too"
    monkeypatch.delitem(upcast.UPCASTERS, ("tictactoe", 0))
    with sessions(settings.database_url)() as s, pytest.raises(ValueError, match="no upcaster"):
        eventstore.load_from_start(s, eventstore.get_row(s, game_id), registry.get("tictactoe"))


def test_an_empty_stretch_of_events_has_no_steps(settings):
    game_id = play(settings, 3)
    with sessions(settings.database_url)() as s:
        row = eventstore.get_row(s, game_id)
        empty = eventstore.stretch(s, row, registry.get("tictactoe"), 3, 2)
    assert (empty.before, empty.events, empty.payloads, empty.steps) == (None, [], [], [])


def test_a_stretch_holds_the_game_before_its_first_event_and_after_each_of_its_own(settings):
    """Issue 19: a history page or a replay step folds from the newest snapshot before it;
    what it holds must be what the whole log replayed gives, at any start and across a
    snapshot."""
    game = registry.get("tictactoe")
    game_id = play(settings, 9, seed=3)  # a snapshot at 10 events (snapshot_every is 10)
    with sessions(settings.database_url)() as s:
        row = eventstore.get_row(s, game_id)
        everything = eventstore.payloads(eventstore.events_of(s, game_id), "tictactoe")
        game_events = [p for p in everything if not p["type"].startswith("table.")]
        assert s.scalars(select(SnapshotRow.seq).where(SnapshotRow.game_id == game_id)).all()

        def replayed(upto: int):
            return game.replay([p for p in everything[:upto] if not p["type"].startswith("table.")])

        last = len(everything)
        for first, final in [(1, 3), (2, 4), (5, 5), (11, last), (last, last)]:
            part = eventstore.stretch(s, row, game, first, final)
            assert [e.seq for e in part.events] == list(range(first, final + 1))
            assert part.payloads == everything[first - 1 : final]
            if first == 1:
                assert part.before is None
            else:
                assert part.before is not None and part.before.state == replayed(first - 1)
            assert [step.state for step in part.steps] == [
                replayed(seq) for seq in range(first, final + 1)
            ]
        beyond = eventstore.stretch(s, row, game, last + 3, last + 9)
        assert beyond.events == [] and beyond.steps == []
        assert beyond.before is not None and beyond.before.state == game.replay(game_events)


def test_the_game_as_it_stood_after_any_event_is_the_log_replayed_that_far(settings):
    """``folded_at`` (what a desk and "Since your last turn" compare with): nothing before
    the first event, then the game after each event, from the newest snapshot at or before
    it and no earlier."""
    from tests.service.test_history_pages import event_rows_loaded

    game = registry.get("tictactoe")
    game_id = play(settings, 9, seed=3)
    with sessions(settings.database_url)() as s:
        row = eventstore.get_row(s, game_id)
        everything = eventstore.payloads(eventstore.events_of(s, game_id), "tictactoe")
        (snapshot,) = s.scalars(select(SnapshotRow.seq).where(SnapshotRow.game_id == game_id))
        assert eventstore.folded_at(s, row, game, 0) is None
        assert eventstore.folded_at(s, row, game, -3) is None
        for seq in range(1, len(everything) + 1):
            at = eventstore.folded_at(s, row, game, seq)
            assert at is not None and at.seq == seq
            assert at.state == game.replay(
                [p for p in everything[:seq] if not p["type"].startswith("table.")]
            )
        with event_rows_loaded() as seqs:
            eventstore.folded_at(s, row, game, len(everything))
    assert snapshot < len(everything) and min(seqs) > snapshot, "from the snapshot"


@pytest.mark.parametrize(("extra", "reads_snapshots"), [(0, False), (1, True)])
def test_a_game_of_up_to_catch_up_events_is_folded_whole_and_a_longer_one_from_a_snapshot(
    settings, extra, reads_snapshots
):
    game_id = play(settings, 2)
    with sessions(settings.database_url).begin() as s:
        loaded = eventstore.load(s, game_id)
        seat = sorted(loaded.game.to_act(loaded.state))[0]
        reminders = [{"type": "table.reminded", "seat": seat, "number": 1}]
        eventstore.record(s, loaded, reminders * (eventstore.CATCH_UP + extra - loaded.seq), None)
    eventstore.forget_states()
    with sql_seen(settings) as seen, sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
    assert loaded.seq == eventstore.CATCH_UP + extra
    assert loaded.state == full_replay(settings, game_id).state
    assert any("FROM snapshots" in sql for sql in seen) is reads_snapshots


def test_a_takeback_approved_on_a_game_loaded_from_a_snapshot_after_its_decision_undoes_it(
    settings,
):
    """Loaded from a snapshot taken after the decision (here on the request itself), the game
    does not know its state before that decision: the takeback finds it from the log, up to
    the event just before the decision (here the other player's move), and records it with
    the undoing."""
    from service.play import slowplay
    from service.store import snapshots
    from tests.service.test_history import decide
    from tests.service.test_history_pages import last_seq, long_game

    game_id = long_game(settings, eventstore.CATCH_UP + 1)
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        (other,) = loaded.game.to_act(loaded.state)
        waiting = "p1" if other == "p2" else "p2"
    decide(settings, game_id, other)
    decided = last_seq(settings, game_id)
    decide(settings, game_id, waiting)
    with sessions(settings.database_url).begin() as s:
        slowplay.request_takeback(s, game_id, waiting, 0)
    with sessions(settings.database_url).begin() as s:
        asked = eventstore.load(s, game_id)
        snapshots.maybe_write(s, game_id, asked.game.ruleset, asked.folded, asked.seq - 1, 1)
    eventstore.forget_states()
    with sessions(settings.database_url)() as s:
        assert eventstore.load(s, game_id).folded.before_last is None, "from the snapshot"
        before = eventstore.load_from_start(
            s, eventstore.get_row(s, game_id), registry.get("tictactoe"), upto=decided
        )
        assert (
            before.state
            != eventstore.load_from_start(
                s, eventstore.get_row(s, game_id), registry.get("tictactoe"), upto=decided - 1
            ).state
        ), "the event before the decision is a move"
    with sessions(settings.database_url).begin() as s:
        slowplay.answer_takeback(s, game_id, other, 0, True)
    eventstore.forget_states()
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        undone = s.scalar(
            select(EventRow).where(EventRow.game_id == game_id, EventRow.seq == loaded.seq)
        )
        assert undone is not None and undone.payload["type"] == "table.taken_back"
        assert verify(from_store(s, game_id)).ok
    assert loaded.state == full_replay(settings, game_id).state == before.state
    assert sorted(loaded.game.to_act(loaded.state)) == [waiting], "the decision is back"


def test_a_cold_load_past_a_snapshot_inside_a_decision_taken_back_folds_the_whole_log(settings):
    """The newest snapshot falls inside the decision a takeback undid (the takeback's own
    snapshot missing): it cannot tell the game before that decision, so a cold load of a
    game past ``CATCH_UP`` events folds the log from its first event instead."""
    from service.play import slowplay
    from tests.service.test_history import decide
    from tests.service.test_history_pages import last_seq, remind

    every = settings.snapshot_every
    ends = every * -(-(eventstore.CATCH_UP + 1) // every)  # a snapshot past CATCH_UP
    game_id = play(settings, 2)
    remind(settings, game_id, ends - 2 - last_seq(settings, game_id))
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        (waiting,) = loaded.game.to_act(loaded.state)
    decide(settings, game_id, waiting)  # two events, the second on the snapshot
    with sessions(settings.database_url).begin() as s:
        slowplay.request_takeback(s, game_id, waiting, 0)
    with sessions(settings.database_url).begin() as s:
        slowplay.answer_takeback(s, game_id, "p1" if waiting == "p2" else "p2", 0, True)
    # The takeback writes a snapshot of its own; snapshots are a cache, and without that
    # one (lost, or a game imported) the newest is the one inside the decision undone.
    with sessions(settings.database_url)() as s:
        own = s.scalars(
            select(SnapshotRow.seq).where(SnapshotRow.game_id == game_id, SnapshotRow.seq > ends)
        ).all()
    assert own == [last_seq(settings, game_id)], "the takeback's own, whatever its number"
    with sessions(settings.database_url).begin() as s:
        s.execute(delete(SnapshotRow).where(SnapshotRow.game_id == game_id, SnapshotRow.seq > ends))
        newest = max(s.scalars(select(SnapshotRow.seq).where(SnapshotRow.game_id == game_id)))
    assert newest == ends and last_seq(settings, game_id) > eventstore.CATCH_UP
    eventstore.forget_states()
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
    assert loaded.state == full_replay(settings, game_id).state
    assert sorted(loaded.game.to_act(loaded.state)) == [waiting], "the decision is back"
