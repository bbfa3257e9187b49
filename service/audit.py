"""Checking a game's log: the hash chain and a full replay through the engine (DESIGN.md §4)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import codec, registry
from service import hashchain
from service.eventstore import header
from service.models import EventRow, GameRow, SnapshotRow
from service.upcast import upcast


@dataclass
class Report:
    events: int = 0
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def verify(row: GameRow, events: list[EventRow], snapshots: list[SnapshotRow]) -> Report:
    report = Report(events=len(events))
    prev = hashchain.header_hash(header(row))
    for expected_seq, event in enumerate(events, start=1):
        if event.seq != expected_seq:
            report.failures.append(f"event {expected_seq}: missing (found {event.seq} instead)")
            break
        if event.prev_hash != prev:
            report.failures.append(f"event {event.seq}: does not follow the event before it")
        digest = hashchain.event_hash(
            event.prev_hash, event.seq, event.seat, event.recorded_at, event.payload, event.move
        )
        if digest != event.hash:
            report.failures.append(f"event {event.seq}: its contents do not match its hash")
        if event.type != event.payload.get("type"):
            report.failures.append(f"event {event.seq}: type column differs from its payload")
        prev = event.hash
    if events and row.head_hash != events[-1].hash:
        report.failures.append(f"event {events[-1].seq}: the game's head hash differs")
    if row.last_seq != len(events):
        report.failures.append(
            f"event {row.last_seq}: the game expects {row.last_seq} events, "
            f"the log has {len(events)}"
        )
    report.failures.extend(_replay(row, events, snapshots))
    return report


def _replay(row: GameRow, events: list[EventRow], snapshots: list[SnapshotRow]) -> list[str]:
    try:
        game = registry.get(row.game)
    except KeyError as exc:
        return [str(exc)]
    cached = {s.seq: s for s in snapshots if s.ruleset == game.ruleset}
    failures = []
    state: Any = None
    for event in events:
        try:
            state = game.apply(state, upcast(row.game, event.schema_version, event.payload))
        except Exception as exc:  # a log the engine cannot fold is what this tool reports
            return [*failures, f"event {event.seq}: the engine cannot apply it ({exc!r})"]
        if event.seq in cached:
            try:
                if codec.decode(cached[event.seq].state) != state:
                    failures.append(f"event {event.seq}: the snapshot differs from the replay")
            except codec.CodecError as exc:
                failures.append(f"event {event.seq}: the snapshot cannot be read ({exc})")
    if state is not None and (game.outcome(state) is not None) != row.over:
        failures.append(f"event {row.last_seq}: the replay and the game disagree on the end")
    return failures
