"""The hash chain over a game's events (DESIGN.md §4).

Each event's hash is SHA-256 over the previous hash and the canonical JSON of the event
(its number, seat, time and payload). The chain starts from the hash of the game's header
(game, ruleset, seats, options, seed commitment), so the header cannot change either.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import Any


def canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def header_hash(header: dict[str, Any]) -> str:
    return hashlib.sha256(canonical(header)).hexdigest()


def timestamp(moment: datetime) -> str:
    """The recorded time as hashed and exported: UTC, microseconds, ISO 8601."""
    if moment.tzinfo is None:
        raise ValueError("a recorded time must carry its time zone")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def event_hash(
    prev_hash: str,
    seq: int,
    seat: str | None,
    recorded_at: datetime,
    payload: dict[str, Any],
    move: dict[str, Any] | None = None,
) -> str:
    """The event's hash; ``move`` (the choice that produced this event and those after it
    in one decision, recorded on the first of them) is covered too."""
    body: dict[str, Any] = {
        "seq": seq,
        "seat": seat,
        "recorded_at": timestamp(recorded_at),
        "event": payload,
    }
    if move is not None:
        body["move"] = move
    return hashlib.sha256(prev_hash.encode("ascii") + canonical(body)).hexdigest()
