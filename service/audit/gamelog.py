"""A game's log as the audit reads it, from the store or from an export, and what checking
it found (issue 33 §5): the data both :mod:`service.audit.checks` and
:mod:`service.audit.provenance` speak of, below them both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


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


@dataclass(frozen=True)
class Words:
    """What a ``table.said`` event said (issue 35 §2), as an export carries it beside the
    event: the words and the salt of the digest the event's payload holds, so that anyone
    can check them (HMAC-SHA256 of the words, keyed by the salt)."""

    salt: str
    text: str


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
    meta: dict[str, Any] = field(default_factory=dict)
    """What an export carries beside the chain: the original id, names, creation time and,
    in a private export, the players' addresses and settings (none of it is hashed; all but
    the addresses and settings is signed)."""
    signature: dict[str, Any] | None = None
    """An export's ``signature`` record (:mod:`service.audit.provenance`), when it has one."""
    words: dict[int, Words] = field(default_factory=dict)
    """The words an export carries beside its ``table.said`` events, by seq (issue 35 §2):
    not covered by the chain nor the signature, each checked against its event's digest.
    Erased words, and words the export does not show, are absent."""


@dataclass
class Report:
    events: int = 0
    chance_checked: bool = False
    failures: list[str] = field(default_factory=list)
    over: bool | None = None
    """Whether the replay reached the game's end (None when it could not replay)."""

    @property
    def ok(self) -> bool:
        return not self.failures
