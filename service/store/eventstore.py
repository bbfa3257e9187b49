"""The event store (DESIGN.md §4): a game loaded as it stands, and new events recorded.

What callers use; each job lives in its own module:

- :mod:`service.store.eventlog`: the rows (the game row, its events, the guarded append);
- :mod:`service.store.snapshots`: the state every so many events, only a cache;
- :mod:`service.store.statecache`: this process's newest known state of recent games.

Loading starts from the cheapest sound place (the cache, a snapshot, the first event) and
folds the events after it (:mod:`service.table.logfold`); recording folds the new events,
appends them and, once the session commits, caches the result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from engine import Event, Game, State, registry
from service.store import planlog, snapshots, statecache
from service.store.eventlog import (
    GAME_ID,
    Ridden,
    Riders,
    abandoned,
    append,
    deciders,
    events_at,
    events_of,
    get_row,
    header,
    last_decision_seq,
    now,
    payloads,
)
from service.store.models import EventRow, GameRow
from service.store.statecache import forget_states, remember
from service.table import logfold, schedule
from service.table.logfold import Folded
from service.table.state import Table

# The log's own functions are named here too: callers need one module for a game's log.
__all__ = [
    "CATCH_UP",
    "GAME_ID",
    "Loaded",
    "Stretch",
    "abandoned",
    "append",
    "deciders",
    "events_at",
    "events_of",
    "folded_at",
    "forget_states",
    "get_row",
    "header",
    "last_decision_seq",
    "load",
    "load_from_start",
    "now",
    "payloads",
    "record",
    "record_with",
    "stretch",
]

CATCH_UP = 64
"""A cached state at most this many events behind is caught up by folding the newer events
(usually the one or two moves another web process recorded); further behind, the newest
snapshot is the cheaper start."""


BOTS_DUE = "pbem:bots_due"
"""Where a session keeps the games its transaction left waiting on a bot's move: queued at
once when it commits (:mod:`service.play.bots`)."""


@dataclass
class Loaded:
    row: GameRow
    game: Game
    folded: Folded
    unread: bool = False
    """Made from this process's cache without reading the row (:func:`load`)."""

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
        """The newest event that changed the game; table events (a nudge, a vote) leave it.
        A link names it with its seat's own decision (:mod:`service.links.decisions`)."""
        return self.folded.table.turn_seq


def load(session: Session, game_id: str, *, unread: bool = False) -> Loaded:
    """The game's current state: from this process's cache when it holds the newest state;
    a cached state a few events behind (another process made the newest moves) is caught
    up with those events; else the newest usable snapshot plus the events after it.

    ``unread``: when this process knows the game's row as of its newest known state, that
    row (detached) and state, without a query (issue 34 §1). Only for a write whose append
    names the row's facts it relied on (:attr:`service.store.eventlog.Riders.unchanged`):
    a stale row or state then makes the append a :class:`Conflict`."""
    if unread and GAME_ID.fullmatch(game_id):
        known = statecache.recall_row(game_id)
        if known is not None:
            facts, folded = known
            row = facts.row()
            return Loaded(row=row, game=registry.get(row.game), folded=folded, unread=True)
    # A state of it known: the events a catch-up would fold are read with the row.
    newest = statecache.newest_seq(game_id)
    row = get_row(session, game_id, None if newest is None else (newest, newest + CATCH_UP))
    game = registry.get(row.game)
    cached = statecache.recall(row.id, game.ruleset)
    if cached is not None and cached.seq == row.last_seq:
        remember(session, row.id, game.ruleset, cached, row)
        return Loaded(row=row, game=game, folded=cached)
    if cached is not None and not 0 < row.last_seq - cached.seq <= CATCH_UP:
        cached = None
    read = row.caught_up if cached is not None and cached.seq == newest else None
    folded = _fold(session, row, game, cached, read)
    remember(session, row.id, game.ruleset, folded, row)
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
    start = snapshots.newest(session, row, game, upto=seq)
    rows = events_of(session, row.id, after=start.seq if start else 0, upto=seq)
    seats = [s.seat for s in row.seats] if start is None else start.table.seats
    return logfold.fold(game, seats, zip(rows, payloads(rows, row.game), strict=True), start)


@dataclass
class Stretch:
    """Events ``first`` to ``last`` of a game, the game before them and after each of them:
    read from the newest snapshot before ``first``, so the cost is the stretch plus at most
    the events between two snapshots, however long the game (issue 19)."""

    before: Folded | None
    """The game before event ``first`` (None before the first event)."""
    events: list[EventRow]
    payloads: list[Event]
    steps: list[Folded]
    """The game after each of ``events``."""


def stretch(session: Session, row: GameRow, game: Game, first: int, last: int) -> Stretch:
    """Events ``first`` to ``last`` (``first`` >= 1) as they were folded. A takeback met after
    the snapshot, of a decision begun before it, needs the game before that decision: the
    fold starts again from a snapshot before the decision."""
    if first > last:
        return Stretch(before=None, events=[], payloads=[], steps=[])
    start_at = first - 1
    while True:
        start = snapshots.newest(session, row, game, upto=start_at) if start_at > 0 else None
        rows = events_of(session, row.id, after=start.seq if start else 0, upto=last)
        pays = payloads(rows, row.game)
        try:
            return _folded_stretch(row, game, start, rows, pays, first)
        except logfold.RewindUnknown as exc:
            if start is None:
                raise
            undone = next(p for e, p in zip(rows, pays, strict=True) if e.seq == exc.args[0])
            start_at = min(start.seq - 1, int(undone.get("first_seq", 1)) - 1)


def _folded_stretch(
    row: GameRow,
    game: Game,
    start: Folded | None,
    rows: list[EventRow],
    pays: list[Event],
    first: int,
) -> Stretch:
    """``rows`` folded onto ``start``, kept from ``first`` on; :class:`logfold.RewindUnknown`
    for a takeback of a decision begun before ``start``."""
    seats = [s.seat for s in row.seats] if start is None else start.table.seats
    folder = logfold.Folder(game, seats, start)
    before: Folded | None = None
    steps: list[Folded] = []
    for event, payload in zip(rows, pays, strict=True):
        if event.seq == first and first > 1:
            before = folder.now
        folder.feed(event, payload)
        if event.seq >= first:
            steps.append(folder.now)
    if first > 1 and before is None:  # ``first`` is past the log
        before = folder.now
    kept = [i for i, e in enumerate(rows) if e.seq >= first]
    return Stretch(
        before=before,
        events=[rows[i] for i in kept],
        payloads=[pays[i] for i in kept],
        steps=steps,
    )


def _fold(
    session: Session,
    row: GameRow,
    game: Game,
    start: Folded | None = None,
    read: list[EventRow] | None = None,
) -> Folded:
    """``start`` (or the newest snapshot, or nothing) and the events after it folded;
    ``read``: those events, read with the row (:func:`load`)."""
    # A young game folds from its first event at the cost of a catch-up: no snapshot query.
    if start is None and row.last_seq > CATCH_UP:
        start = snapshots.newest(session, row, game)
    # Up to the row read, not beyond: under READ COMMITTED a move committed since could be
    # seen here, and folding it would pair a newer seq with the row's older head hash.
    after = start.seq if start else 0
    if read is not None and start is not None:
        rows = [e for e in read if after < e.seq <= row.last_seq]
    else:
        rows = events_of(session, row.id, after=after, upto=row.last_seq)
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
    return record_with(
        session, loaded, events, seat, move=move, snapshot_every=snapshot_every, before=before
    )[0]


def record_with(
    session: Session,
    loaded: Loaded,
    events: list[Event],
    seat: str | None,
    riders: Callable[[Loaded], Riders] | None = None,
    *,
    move: dict[str, Any] | None = None,
    snapshot_every: int = 0,
    before: State | None = None,
) -> tuple[Loaded, Ridden]:
    """:func:`record`, with the rows ``riders`` makes of the game after the events written
    with them (:class:`service.store.eventlog.Riders`, issue 34 §1)."""
    moment = now()
    start = loaded.folded
    if before is not None and start.before_last is None:
        start = replace(start, before_last=before)
    folded = _folded(loaded, start, events, seat, moment, move)
    over = logfold.over(loaded.game, folded)
    if over and loaded.row.plans and not loaded.row.over:
        # Issue 38: the game ends, every plan of it is told (their events are table events,
        # folded after the ending ones: they change nothing of the game).
        events = [*events, *planlog.closing_events(session, loaded.row, folded.seq)]
        folded = _folded(loaded, start, events, seat, moment, move)
    acting = loaded.game.to_act(folded.state)
    due_at = None if over else schedule.next_due(folded.table, acting)
    if not over and acting & folded.table.bots_set and folded.table.abandoned is None:
        # Issue 37 §3: a bot answers as soon as its decision comes (service.play.bots).
        session.info.setdefault(BOTS_DUE, set()).add(loaded.row.id)
    after = Loaded(row=loaded.row, game=loaded.game, folded=folded)
    ridden = append(
        session,
        loaded.row,
        events,
        seat,
        loaded.seq,
        over=over,
        move=move,
        recorded_at=moment,
        due_at=due_at,
        riders=None if riders is None else riders(after),
    )
    snapshots.maybe_write(
        session, loaded.row.id, loaded.game.ruleset, folded, loaded.seq, snapshot_every
    )
    remember(session, loaded.row.id, loaded.game.ruleset, folded, loaded.row)
    return after, ridden


def _folded(
    loaded: Loaded,
    start: Folded,
    events: list[Event],
    seat: str | None,
    moment: datetime,
    move: dict[str, Any] | None,
) -> Folded:
    folder = logfold.Folder(loaded.game, loaded.table.seats, start)
    for offset, payload in enumerate(events, start=1):
        first = move if offset == 1 else None
        folder.feed(_Pending(loaded.seq + offset, seat, moment, first), payload)
    return folder.done()


@dataclass(frozen=True)
class _Pending:
    seq: int
    seat: str | None
    recorded_at: datetime
    move: dict[str, Any] | None
