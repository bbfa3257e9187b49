"""Snapshots (DESIGN.md §4): a game's state and table every so many events, so loading
costs the same however long the game grows. A snapshot is only a cache: one that cannot be
read is passed over, and deleting every snapshot changes nothing.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from engine import Game, State, codec
from service.store.models import GameRow, SnapshotRow
from service.table.logfold import Folded
from service.table.state import Table

log = logging.getLogger(__name__)

MOVED_MODULES = {
    "service.table": "service.table.state",  # restructure: keep
    "service.table.rules": "service.table.state",  # restructure: keep
}
"""Where the dataclasses a snapshot names (``module:Class``) live now, by the module that
held them when older snapshots were written: issue 16 moved the table's rules into the
``service/table/`` package, and issue 33 named their module for its job (the table's
state). Without this, every snapshot written before a move would be passed over (each load
folding the whole log) and ``pbem verify`` would fail every game that has one."""

_NEWEST = (
    select(SnapshotRow)
    .where(SnapshotRow.game_id == bindparam("game_id"))
    .order_by(SnapshotRow.seq.desc())
    .limit(1)
)
"""One step down the primary key (game, seq), however many snapshots the game has."""
_NEWEST_OF_RULESET = (
    select(SnapshotRow)
    .where(SnapshotRow.game_id == bindparam("game_id"), SnapshotRow.ruleset == bindparam("ruleset"))
    .order_by(SnapshotRow.seq.desc())
    .limit(1)
)
"""After a ruleset change, the newest snapshot made under the ruleset in force."""
_AT = _NEWEST_OF_RULESET.where(SnapshotRow.seq <= bindparam("upto"))
"""The newest snapshot of the ruleset in force at or before a given event."""


SNAPSHOT_FORMAT = 5
"""The folded table's shape in a snapshot. 2: each seat's clock holds where its decision
began (issue 14). 3: no name in the table (issue 30): a seat handed over names the ballot
and voter of its newcomer, and seats whose player left are folded. 4: seats whose address
no longer receives our emails are folded (issue 31). 5: seats whose player resigned are
folded, and a seat's absence replaces the earlier one it overlaps (issue 32). A snapshot
of another format is passed over, never read into today's table with a field missing: a
snapshot is only a cache (migration 0009 deleted those of format 2, which held names)."""


class OlderSnapshot(codec.CodecError):
    """A snapshot written before the table's present shape: unused, and no sign of damage."""


def maybe_write(
    session: Session, game_id: str, ruleset: str, folded: Folded, old_seq: int, every: int
) -> None:
    """Every ``every`` events since ``old_seq``, and after a takeback (so no later load has
    to rewind)."""
    rewound = bool(folded.table.undone) and folded.table.turn_seq == folded.seq
    if every <= 0 or (folded.seq // every == old_seq // every and not rewound):
        return
    session.add(
        SnapshotRow(
            game_id=game_id,
            seq=folded.seq,
            ruleset=ruleset,
            state={
                "game": codec.encode(folded.state),
                "table": codec.encode(folded.table),
                "format": SNAPSHOT_FORMAT,
            },
        )
    )


def read(data: dict[str, Any]) -> tuple[State, Table]:
    """A snapshot's game state and table; :class:`codec.CodecError` if it is not readable,
    :class:`OlderSnapshot` if an older version of the service wrote it."""
    if isinstance(data, dict) and set(data) == {"game", "table"}:
        raise OlderSnapshot("written before each seat's decision was folded (format 1)")
    if not isinstance(data, dict) or set(data) != {"game", "table", "format"}:
        raise codec.CodecError("not a snapshot of this version")
    if data["format"] != SNAPSHOT_FORMAT:
        raise OlderSnapshot(f"of format {data['format']!r}, not {SNAPSHOT_FORMAT}")
    table = _decode(data["table"])
    if not isinstance(table, Table):
        raise codec.CodecError("not a table")
    return _decode(data["game"]), table


def _decode(data: Any) -> Any:
    """As written; a snapshot that names a moved module is read again with its new name (a
    walk over the whole state, paid only by snapshots older than the move)."""
    try:
        return codec.decode(data)
    except codec.CodecError:
        return codec.decode(_moved(data))


def _moved(data: Any) -> Any:
    """``data`` with every dataclass named where it lives now (:data:`MOVED_MODULES`)."""
    if isinstance(data, list):
        return [_moved(v) for v in data]
    if not isinstance(data, dict):
        return data
    moved = {k: _moved(v) for k, v in data.items()}
    path = moved.get("__dc__")
    if isinstance(path, str):
        module, colon, name = path.partition(":")
        if module in MOVED_MODULES:
            moved["__dc__"] = f"{MOVED_MODULES[module]}{colon}{name}"
    return moved


def newest(session: Session, row: GameRow, game: Game, upto: int | None = None) -> Folded | None:
    """The newest readable snapshot of the game's ruleset in force (at or before ``upto``),
    as the start of a fold; None when there is none."""
    if upto is not None:
        params = {"game_id": row.id, "ruleset": game.ruleset, "upto": upto}
        snap = session.scalars(_AT, params).one_or_none()
    else:
        snap = session.scalars(_NEWEST, {"game_id": row.id}).one_or_none()
    if snap is not None and snap.ruleset != game.ruleset:
        snap = session.scalars(
            _NEWEST_OF_RULESET, {"game_id": row.id, "ruleset": game.ruleset}
        ).one_or_none()
    if snap is None:
        return None
    try:
        state, table = read(snap.state)
    except OlderSnapshot as exc:
        log.info("passing over snapshot %s@%s: %s", row.id, snap.seq, exc)
        return None
    except (codec.CodecError, TypeError, KeyError) as exc:
        log.warning("ignoring snapshot %s@%s: %s", row.id, snap.seq, exc)
        return None
    return Folded(state=state, table=table, seq=snap.seq, before_last=None)
