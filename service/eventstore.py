"""Appending to and loading a game's event log (DESIGN.md §4).

Appends state the sequence number they expect; a second writer gets :class:`Conflict`,
never a fork. Rows are never updated or deleted. Snapshots are only a cache.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import event, insert, select, update
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
        update(GameRow)
        .where(GameRow.id == row.id, GameRow.last_seq == expected_seq)
        .values(last_seq=expected_seq + len(events), head_hash=prev, over=over, due_at=due_at)
        .execution_options(synchronize_session=False)
    )
    if moved.rowcount != 1:
        raise Conflict("Another move was recorded first.", game_id=row.id)
    try:
        session.execute(insert(EventRow), rows)
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


def get_row(session: Session, game_id: str) -> GameRow:
    query = select(GameRow).where(GameRow.id == game_id)
    row = session.scalars(query.execution_options(populate_existing=True)).one_or_none()
    if row is None:
        raise NotFound(f"There is no game {game_id!r}.")
    return row


def events_of(session: Session, game_id: str, after: int = 0) -> list[EventRow]:
    query = select(EventRow).where(EventRow.game_id == game_id, EventRow.seq > after)
    return list(session.scalars(query.order_by(EventRow.seq)))


def payloads(rows: list[EventRow], game: str) -> list[Event]:
    return [upcast(game, r.schema_version, r.payload) for r in rows]


def load(session: Session, game_id: str) -> Loaded:
    """The game's current state: from this process's cache when it holds the newest state,
    else the newest usable snapshot plus the events after it."""
    row = get_row(session, game_id)
    game = registry.get(row.game)
    folded = _STATES.recall(row.id, row.last_seq, game.ruleset)
    if folded is None:
        folded = _fold(session, row, game)
        remember(session, row.id, row.last_seq, game.ruleset, folded)
    return Loaded(row=row, game=game, folded=folded)


def load_from_start(session: Session, row: GameRow, game: Game, upto: int | None = None) -> Folded:
    rows = events_of(session, row.id)
    if upto is not None:
        rows = [r for r in rows if r.seq <= upto]
    seats = [s.seat for s in row.seats]
    return logfold.fold(game, seats, zip(rows, payloads(rows, row.game), strict=True))


def _fold(session: Session, row: GameRow, game: Game) -> Folded:
    start = _from_snapshot(session, row, game)
    rows = events_of(session, row.id, after=start.seq if start else 0)
    seats = [s.seat for s in row.seats]
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
    remember(session, loaded.row.id, folded.seq, loaded.game.ruleset, folded)
    return after


@dataclass(frozen=True)
class _Pending:
    seq: int
    seat: str | None
    recorded_at: datetime
    move: dict[str, Any] | None


class _StateCache:
    """Recent states by game, keyed by their ``seq``: sound because a game's log only grows
    and ``seq`` is unique, so ``(game, seq)`` names one state forever."""

    def __init__(self, size: int = 1024) -> None:
        self._entries: OrderedDict[str, tuple[int, str, Folded]] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def recall(self, game_id: str, seq: int, ruleset: str) -> Folded | None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None or entry[0] != seq or entry[1] != ruleset:
                return None
            self._entries.move_to_end(game_id)
            return entry[2]

    def store(self, game_id: str, seq: int, ruleset: str, state: Folded) -> None:
        with self._lock:
            self._entries[game_id] = (seq, ruleset, state)
            self._entries.move_to_end(game_id)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)


_STATES = _StateCache()
_PENDING = "pbem.states"


def remember(session: Session, game_id: str, seq: int, ruleset: str, state: Folded) -> None:
    """Cache ``state`` once ``session`` commits (a rolled-back append is never cached)."""
    session.info.setdefault(_PENDING, []).append((game_id, seq, ruleset, state))


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


def _from_snapshot(session: Session, row: GameRow, game: Game) -> Folded | None:
    snap = session.scalars(
        select(SnapshotRow)
        .where(SnapshotRow.game_id == row.id, SnapshotRow.ruleset == game.ruleset)
        .order_by(SnapshotRow.seq.desc())
        .limit(1)
    ).one_or_none()
    if snap is None:
        return None
    try:
        state, table = snapshot_state(snap.state)
    except (codec.CodecError, TypeError, KeyError) as exc:
        log.warning("ignoring snapshot %s@%s: %s", row.id, snap.seq, exc)
        return None
    return Folded(state=state, table=table, seq=snap.seq, before_last=None)
