"""Checking a game's log (DESIGN.md §4, §6): the hash chain, a full replay through the
engine and, once the seed is known, every chance outcome decided again from it.

Works on a stored game or on an exported file alike: both become a :class:`Log`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from engine import IllegalMove, codec, registry
from engine.chance import commitment, rng_for
from service import hashchain
from service.upcast import upcast


@dataclass(frozen=True)
class LogEvent:
    seq: int
    seat: str | None
    recorded_at: datetime
    type: str
    payload: dict[str, Any]
    move: dict[str, Any] | None
    schema_version: int
    prev_hash: str
    hash: str


@dataclass
class Log:
    header: dict[str, Any]
    """game, ruleset, seats, options, commitment: what the chain is anchored on."""
    events: list[LogEvent]
    seed: bytes | None = None
    head_hash: str | None = None
    last_seq: int | None = None
    over: bool | None = None
    snapshots: dict[int, Any] = field(default_factory=dict)


@dataclass
class Report:
    events: int = 0
    chance_checked: bool = False
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def from_file_lines(lines: list[str]) -> Log:
    """A log exported by ``pbem export`` (JSON lines: a header, then every event)."""
    records = [json.loads(line) for line in lines if line.strip()]
    if not records or records[0].get("format") != "pbem-log/1":
        raise ValueError("not a pbem-log/1 export: the first line must be its header")
    head = records[0]
    events = [
        LogEvent(
            seq=r["seq"],
            seat=r["seat"],
            recorded_at=datetime.fromisoformat(r["recorded_at"]),
            type=r["type"],
            payload=r["payload"],
            move=r.get("move"),
            schema_version=r["schema_version"],
            prev_hash=r["prev_hash"],
            hash=r["hash"],
        )
        for r in records[1:]
    ]
    header = {k: head[k] for k in ("game", "ruleset", "seats", "options", "commitment")}
    seed = bytes.fromhex(head["seed"]) if head.get("seed") else None
    return Log(header=header, events=events, seed=seed)


def verify(log: Log) -> Report:
    report = Report(events=len(log.events))
    report.failures.extend(_chain(log))
    report.failures.extend(_replay(log))
    if log.seed is not None:
        report.chance_checked = True
        if commitment(log.seed) != log.header["commitment"]:
            report.failures.append("event 1: the seed does not match the game's commitment")
        else:
            report.failures.extend(_chance(log))
    return report


def _chain(log: Log) -> list[str]:
    failures = []
    prev = hashchain.header_hash(log.header)
    for expected_seq, event in enumerate(log.events, start=1):
        if event.seq != expected_seq:
            failures.append(f"event {expected_seq}: missing (found {event.seq} in its place)")
            break
        if event.prev_hash != prev:
            failures.append(f"event {event.seq}: does not follow the event before it")
        digest = hashchain.event_hash(
            event.prev_hash, event.seq, event.seat, event.recorded_at, event.payload, event.move
        )
        if digest != event.hash:
            failures.append(f"event {event.seq}: its contents do not match its hash")
        if event.type != event.payload.get("type"):
            failures.append(f"event {event.seq}: its type differs from its payload's")
        prev = event.hash
    if log.events and log.head_hash is not None and log.head_hash != log.events[-1].hash:
        failures.append(f"event {log.events[-1].seq}: the game's head hash differs")
    if log.last_seq is not None and log.last_seq != len(log.events):
        failures.append(
            f"event {log.last_seq}: the game expects {log.last_seq} events, "
            f"the log has {len(log.events)}"
        )
    return failures


def _replay(log: Log) -> list[str]:
    name = log.header["game"]
    try:
        game = registry.get(name)
    except KeyError as exc:
        return [str(exc)]
    failures = []
    state: Any = None
    for event in log.events:
        try:
            state = game.apply(state, upcast(name, event.schema_version, event.payload))
        except Exception as exc:  # a log the engine cannot fold is what this tool reports
            return [*failures, f"event {event.seq}: the engine cannot apply it ({exc!r})"]
        if event.seq in log.snapshots:
            try:
                if codec.decode(log.snapshots[event.seq]) != state:
                    failures.append(f"event {event.seq}: the snapshot differs from the replay")
            except codec.CodecError as exc:
                failures.append(f"event {event.seq}: the snapshot cannot be read ({exc})")
    if state is not None and log.over is not None and (game.outcome(state) is not None) != log.over:
        failures.append(f"event {len(log.events)}: the replay and the game disagree on the end")
    return failures


def _chance(log: Log) -> list[str]:
    """Decide every recorded move again with the rng of its ``seq``: the same events must come
    out, so no shuffle or roll was chosen after the fact."""
    assert log.seed is not None
    game = registry.get(log.header["game"])
    events = log.events
    expected = _plain(
        game.setup(list(log.header["seats"]), log.header["options"], rng_for(log.seed, 1))
    )
    if [e.payload for e in events[: len(expected)]] != expected:
        return ["event 1: the opening events differ from those the seed gives"]
    state = game.replay(expected)
    i = len(expected)
    while i < len(events):
        first = events[i]
        if first.move is None or first.seat is None:
            return [f"event {first.seq}: no recorded move to decide again"]
        try:
            produced = _plain(
                game.decide(state, first.seat, first.move, rng_for(log.seed, first.seq))
            )
        except IllegalMove as exc:
            return [f"event {first.seq}: its recorded move is not legal there ({exc})"]
        batch = [e.payload for e in events[i : i + len(produced)]]
        if batch != produced:
            return [f"event {first.seq}: the seed gives different events for this move"]
        for payload in produced:
            state = game.apply(state, payload)
        i += len(produced)
    return []


def _plain(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return json.loads(json.dumps(events))


def from_store(session: Session, game_id: str) -> Log:
    """A stored game's log; the server holds the seed, so chance is checked too."""
    from sqlalchemy import select

    from service import eventstore
    from service.models import SnapshotRow

    row = eventstore.get_row(session, game_id)
    events = [
        LogEvent(
            seq=e.seq,
            seat=e.seat,
            recorded_at=e.recorded_at,
            type=e.type,
            payload=e.payload,
            move=e.move,
            schema_version=e.schema_version,
            prev_hash=e.prev_hash,
            hash=e.hash,
        )
        for e in eventstore.events_of(session, game_id)
    ]
    snapshots = {
        s.seq: s.state
        for s in session.scalars(
            select(SnapshotRow).where(
                SnapshotRow.game_id == game_id, SnapshotRow.ruleset == row.ruleset
            )
        )
    }
    return Log(
        header=eventstore.header(row),
        events=events,
        seed=bytes.fromhex(row.seed),
        head_hash=row.head_hash,
        last_seq=row.last_seq,
        over=row.over,
        snapshots=snapshots,
    )
