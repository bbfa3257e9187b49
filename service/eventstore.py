"""Appending to and loading a game's event log (DESIGN.md §4).

Appends state the sequence number they expect; a second writer gets :class:`Conflict`,
never a fork. Rows are never updated or deleted. Snapshots are only a cache.
"""

from __future__ import annotations

import logging
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import bindparam, event, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from engine import Event, Game, State, codec, registry
from service import hashchain, logfold
from service import table as tables
from service.errors import Conflict, NotFound
from service.logfold import Folded
from service.models import EVENT_SCHEMA_VERSION, EventRow, GameRow, SnapshotRow
from service.table import Table
from service.upcast import upcast

log = logging.getLogger(__name__)


@dataclass
class Loaded:
    row: GameRow
    game: Game
    folded: Folded

    @property
    def state(self) -> State:
        return self.folded.state

    @property
    def table(self) -> Table:
        return self.folded.table

    @property
    def seq(self) -> int:
        return self.folded.seq

    @property
    def finished(self) -> bool:
        """Ended by its rules: only then is what was hidden shown (the seed, every payload,
        DESIGN.md §6). A game ended as abandoned may be revived, so it keeps its secrets."""
        return self.state is not None and self.game.outcome(self.state) is not None

    @property
    def turn_seq(self) -> int:
        """What a decision's links name: table events (a nudge, a vote) leave them valid."""
        return self.folded.table.turn_seq


def now() -> datetime:
    return datetime.now(UTC)


def header(row: GameRow) -> dict[str, Any]:
    """The immutable facts the chain is anchored on."""
    return {
        "game": row.game,
        "ruleset": row.ruleset,
        "seats": [s.seat for s in row.seats],
        "options": row.options,
        "commitment": row.commitment,
    }


_GAMES = GameRow.__table__
_ADVANCE = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("b_id"), _GAMES.c.last_seq == bindparam("b_expected"))
    .values(
        last_seq=bindparam("b_last_seq"),
        head_hash=bindparam("b_head_hash"),
        over=bindparam("b_over"),
        due_at=bindparam("b_due_at"),
    )
)
"""The guarded advance of the game row: built once, run as plain SQL (no ORM bookkeeping)."""
_INSERT_EVENTS = insert(EventRow.__table__)
_GAME_BY_ID = (
    select(GameRow)
    .where(GameRow.id == bindparam("game_id"))
    .execution_options(populate_existing=True)
)
_EVENTS_AFTER = (
    select(EventRow)
    .where(EventRow.game_id == bindparam("game_id"), EventRow.seq > bindparam("after"))
    .order_by(EventRow.seq)
)
_EVENTS_BETWEEN = _EVENTS_AFTER.where(EventRow.seq <= bindparam("upto"))
_NEWEST_SNAPSHOT = (
    select(SnapshotRow)
    .where(SnapshotRow.game_id == bindparam("game_id"))
    .order_by(SnapshotRow.seq.desc())
    .limit(1)
)
"""One step down the primary key (game, seq), however many snapshots the game has."""
_NEWEST_SNAPSHOT_OF_RULESET = (
    select(SnapshotRow)
    .where(SnapshotRow.game_id == bindparam("game_id"), SnapshotRow.ruleset == bindparam("ruleset"))
    .order_by(SnapshotRow.seq.desc())
    .limit(1)
)
"""After a ruleset change, the newest snapshot made under the ruleset in force."""
_SNAPSHOT_AT = _NEWEST_SNAPSHOT_OF_RULESET.where(SnapshotRow.seq <= bindparam("upto"))
"""The newest snapshot of the ruleset in force at or before a given event."""


def append(
    session: Session,
    row: GameRow,
    events: list[Event],
    seat: str | None,
    expected_seq: int,
    over: bool = False,
    *,
    move: dict[str, Any] | None = None,
    recorded_at: datetime | None = None,
    due_at: datetime | None = None,
) -> None:
    """Append ``events`` after ``expected_seq``; :class:`Conflict` if another writer won."""
    moment = recorded_at or now()
    prev = row.head_hash if expected_seq else hashchain.header_hash(header(row))
    rows = []
    for offset, payload in enumerate(events, start=1):
        seq = expected_seq + offset
        first_move = move if offset == 1 else None
        digest = hashchain.event_hash(prev, seq, seat, moment, payload, first_move)
        rows.append(
            {
                "game_id": row.id,
                "seq": seq,
                "type": payload["type"],
                "payload": payload,
                "move": first_move,
                "seat": seat,
                "recorded_at": moment,
                "schema_version": EVENT_SCHEMA_VERSION,
                "prev_hash": prev,
                "hash": digest,
            }
        )
        prev = digest
    moved = session.execute(
        _ADVANCE,
        {
            "b_id": row.id,
            "b_expected": expected_seq,
            "b_last_seq": expected_seq + len(events),
            "b_head_hash": prev,
            "b_over": over,
            "b_due_at": due_at,
        },
    )
    if moved.rowcount != 1:
        raise Conflict("Another move was recorded first.", game_id=row.id)
    try:
        session.execute(_INSERT_EVENTS, rows)
    except IntegrityError as exc:
        raise Conflict("Another move was recorded first.", game_id=row.id) from exc
    # The guarded UPDATE above already wrote these: set them without marking the row dirty,
    # so no second UPDATE is flushed.
    for name, value in (
        ("last_seq", expected_seq + len(events)),
        ("head_hash", prev),
        ("over", over),
        ("due_at", due_at),
    ):
        set_committed_value(row, name, value)


GAME_ID = re.compile(r"[a-z0-9]{1,16}")
"""What a game id may be (``play.new_game_id`` makes them): anything else names no game."""


def get_row(session: Session, game_id: str) -> GameRow:
    if not GAME_ID.fullmatch(game_id):
        raise NotFound(f"There is no game {game_id[:40]!r}.")
    row = session.scalars(_GAME_BY_ID, {"game_id": game_id}).one_or_none()
    if row is None:
        raise NotFound(f"There is no game {game_id!r}.")
    return row


def events_of(
    session: Session, game_id: str, after: int = 0, upto: int | None = None
) -> list[EventRow]:
    """The events after ``after`` (and up to ``upto``), in order."""
    if upto is None:
        return list(session.scalars(_EVENTS_AFTER, {"game_id": game_id, "after": after}))
    params = {"game_id": game_id, "after": after, "upto": upto}
    return list(session.scalars(_EVENTS_BETWEEN, params))


def payloads(rows: list[EventRow], game: str) -> list[Event]:
    return [upcast(game, r.schema_version, r.payload) for r in rows]


def load(session: Session, game_id: str) -> Loaded:
    """The game's current state: from this process's cache when it holds the newest state;
    a cached state a few events behind (another process made the newest moves) is caught
    up with those events; else the newest usable snapshot plus the events after it."""
    row = get_row(session, game_id)
    game = registry.get(row.game)
    cached = _STATES.recall(row.id, game.ruleset)
    if cached is not None and cached.seq == row.last_seq:
        return Loaded(row=row, game=game, folded=cached)
    if cached is not None and not 0 < row.last_seq - cached.seq <= CATCH_UP:
        cached = None
    folded = _fold(session, row, game, cached)
    remember(session, row.id, game.ruleset, folded)
    return Loaded(row=row, game=game, folded=folded)


def load_from_start(session: Session, row: GameRow, game: Game, upto: int | None = None) -> Folded:
    """The game folded from its first event up to ``upto``, or up to the row's ``last_seq``:
    never past the row, whose head hash the next append chains on."""
    rows = events_of(session, row.id, upto=row.last_seq if upto is None else upto)
    seats = [s.seat for s in row.seats]
    return logfold.fold(game, seats, zip(rows, payloads(rows, row.game), strict=True))


def folded_at(session: Session, row: GameRow, game: Game, seq: int) -> Folded | None:
    """The game as it stood after event ``seq`` (``None`` before the first): the newest
    snapshot at or before it, plus the events up to it."""
    if seq <= 0:
        return None
    start = _from_snapshot(session, row, game, upto=seq)
    rows = events_of(session, row.id, after=start.seq if start else 0, upto=seq)
    seats = [s.seat for s in row.seats] if start is None else start.table.seats
    return logfold.fold(game, seats, zip(rows, payloads(rows, row.game), strict=True), start)


def _fold(session: Session, row: GameRow, game: Game, start: Folded | None = None) -> Folded:
    # A young game folds from its first event at the cost of a catch-up: no snapshot query.
    if start is None and row.last_seq > CATCH_UP:
        start = _from_snapshot(session, row, game)
    # Up to the row read, not beyond: under READ COMMITTED a move committed since could be
    # seen here, and folding it would pair a newer seq with the row's older head hash.
    rows = events_of(session, row.id, after=start.seq if start else 0, upto=row.last_seq)
    # A start carries its table, seats included: only a fold from nothing reads the seats.
    seats = [s.seat for s in row.seats] if start is None else start.table.seats
    try:
        return logfold.fold(game, seats, zip(rows, payloads(rows, row.game), strict=True), start)
    except logfold.RewindUnknown:
        return load_from_start(session, row, game)


def record(
    session: Session,
    loaded: Loaded,
    events: list[Event],
    seat: str | None,
    *,
    move: dict[str, Any] | None = None,
    snapshot_every: int = 0,
    before: State | None = None,
) -> Loaded:
    """Fold ``events`` onto ``loaded`` and append them after its ``seq`` (:class:`Conflict` if
    another writer won); the game row's end flag and due time follow the log. ``before`` is
    the game before the decision a takeback undoes, when ``loaded`` does not know it."""
    moment = now()
    start = loaded.folded
    if before is not None and start.before_last is None:
        start = replace(start, before_last=before)
    folder = logfold.Folder(loaded.game, loaded.table.seats, start)
    for offset, payload in enumerate(events, start=1):
        first = move if offset == 1 else None
        folder.feed(_Pending(loaded.seq + offset, seat, moment, first), payload)
    folded = folder.done()
    over = logfold.over(loaded.game, folded)
    due_at = None if over else tables.next_due(folded.table, loaded.game.to_act(folded.state))
    append(
        session,
        loaded.row,
        events,
        seat,
        loaded.seq,
        over=over,
        move=move,
        recorded_at=moment,
        due_at=due_at,
    )
    after = Loaded(row=loaded.row, game=loaded.game, folded=folded)
    maybe_snapshot(session, after, loaded.seq, folded.seq, snapshot_every)
    remember(session, loaded.row.id, loaded.game.ruleset, folded)
    return after


@dataclass(frozen=True)
class _Pending:
    seq: int
    seat: str | None
    recorded_at: datetime
    move: dict[str, Any] | None


class _StateCache:
    """The newest known state of recent games, with its ``seq``: sound because a game's log
    only grows and ``seq`` is unique, so ``(game, seq)`` names one state forever, and the
    state at a later ``seq`` is that one with the events after it folded in."""

    def __init__(self, size: int = 1024) -> None:
        self._entries: OrderedDict[str, tuple[str, Folded]] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def recall(self, game_id: str, ruleset: str) -> Folded | None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None or entry[0] != ruleset:
                return None
            self._entries.move_to_end(game_id)
            return entry[1]

    def store(self, game_id: str, ruleset: str, state: Folded) -> None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None or entry[0] != ruleset or entry[1].seq <= state.seq:
                self._entries[game_id] = (ruleset, state)
            self._entries.move_to_end(game_id)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


_STATES = _StateCache()
_PENDING = "pbem.states"
CATCH_UP = 64
"""A cached state at most this many events behind is caught up by folding the newer events
(usually the one or two moves another web process recorded); further behind, the newest
snapshot is the cheaper start."""


def forget_states() -> None:
    """Empty this process's state cache (a cold start, as for a new process)."""
    _STATES.clear()


def remember(session: Session, game_id: str, ruleset: str, state: Folded) -> None:
    """Cache ``state`` once ``session`` commits (a rolled-back append is never cached)."""
    session.info.setdefault(_PENDING, []).append((game_id, ruleset, state))


@event.listens_for(Session, "after_commit")
def _publish_states(session: Session) -> None:
    for entry in session.info.pop(_PENDING, []):
        _STATES.store(*entry)


@event.listens_for(Session, "after_rollback")
def _drop_states(session: Session) -> None:
    session.info.pop(_PENDING, None)


def maybe_snapshot(
    session: Session, loaded: Loaded, old_seq: int, new_seq: int, every: int
) -> None:
    """Every ``every`` events, and after a takeback (so no later load has to rewind)."""
    rewound = loaded.table.undone and loaded.table.turn_seq == new_seq
    if every <= 0 or (new_seq // every == old_seq // every and not rewound):
        return
    session.add(
        SnapshotRow(
            game_id=loaded.row.id,
            seq=new_seq,
            ruleset=loaded.game.ruleset,
            state={"game": codec.encode(loaded.state), "table": codec.encode(loaded.table)},
        )
    )


def snapshot_state(data: dict[str, Any]) -> tuple[State, Table]:
    """A snapshot's game state and table; :class:`codec.CodecError` if it is not readable."""
    if not isinstance(data, dict) or set(data) != {"game", "table"}:
        raise codec.CodecError("not a snapshot of this version")
    table = codec.decode(data["table"])
    if not isinstance(table, Table):
        raise codec.CodecError("not a table")
    return codec.decode(data["game"]), table


def _from_snapshot(
    session: Session, row: GameRow, game: Game, upto: int | None = None
) -> Folded | None:
    if upto is not None:
        params = {"game_id": row.id, "ruleset": game.ruleset, "upto": upto}
        snap = session.scalars(_SNAPSHOT_AT, params).one_or_none()
    else:
        snap = session.scalars(_NEWEST_SNAPSHOT, {"game_id": row.id}).one_or_none()
    if snap is not None and snap.ruleset != game.ruleset:
        snap = session.scalars(
            _NEWEST_SNAPSHOT_OF_RULESET, {"game_id": row.id, "ruleset": game.ruleset}
        ).one_or_none()
    if snap is None:
        return None
    try:
        state, table = snapshot_state(snap.state)
    except (codec.CodecError, TypeError, KeyError) as exc:
        log.warning("ignoring snapshot %s@%s: %s", row.id, snap.seq, exc)
        return None
    return Folded(state=state, table=table, seq=snap.seq, before_last=None)
