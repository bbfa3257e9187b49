"""Which decision a link names, and whether it is still that seat's to take (issue 14).

A link names the game's ``turn_seq`` when it was made, where the seat's decision began
(:attr:`service.table.state.Clock.decision_seq`) and a digest of that decision's options. It
stays good while the seat still has that decision: another seat's move leaves it valid (a
simultaneous choice, a turn elsewhere), unless it changed this seat's options. Links made
before this (no digest) are judged as they always were, by ``turn_seq`` alone.
"""

from __future__ import annotations

import enum
import hashlib
import json
from dataclasses import dataclass

from engine import Move
from service.store.eventstore import Loaded
from service.words import _

NO_DECISION = ""
"""The digest a link carries when made for a seat with nothing to decide."""


class Verdict(enum.Enum):
    CURRENT = "current"
    STALE = "stale"
    """The seat has a decision, but not the one the link names."""
    NOT_YOURS = "not yours"
    """The seat has nothing to decide now."""
    OVER = "over"


MESSAGES = {
    Verdict.STALE: _("The game has moved on since this link was sent."),
    Verdict.NOT_YOURS: _("It is not your decision any more."),
    Verdict.OVER: _("The game is over."),
}


@dataclass(frozen=True)
class Named:
    """What a link made now for a seat names."""

    turn_seq: int
    began: int | None
    digest: str

    @classmethod
    def by_turn(cls, turn_seq: int) -> Named:
        """A decision named by the game's ``turn_seq`` alone (a bot's, or a link made before
        digests): still the seat's only while nothing has changed the game since."""
        return cls(turn_seq, None, NO_DECISION)


def digest(moves: list[Move]) -> str:
    """A short digest of a decision's options, whatever order the engine lists them in
    (an engine may list from a set, whose order differs between processes)."""
    keys = sorted(json.dumps(m, sort_keys=True, separators=(",", ":")) for m in moves)
    return hashlib.blake2b("\n".join(keys).encode(), digest_size=8).hexdigest()


def deciding(loaded: Loaded, seat: str) -> bool:
    return not loaded.row.over and seat in loaded.game.to_act(loaded.state)


def named(loaded: Loaded, seat: str, moves: list[Move] | None = None) -> Named:
    """What a link made now for ``seat``'s current decision names; ``moves`` are its options
    when the caller has them already (``legal_moves`` is computed once)."""
    if not deciding(loaded, seat):
        return Named(loaded.turn_seq, None, NO_DECISION)
    if moves is None:
        moves = loaded.game.legal_moves(loaded.state, seat)
    return Named(loaded.turn_seq, loaded.table.decision_seq(seat), digest(moves))


def judge(loaded: Loaded, seat: str, named: Named) -> Verdict:
    """Whether a link or reply naming ``named`` is for ``seat``'s current decision."""
    turn_seq, began, decision = named.turn_seq, named.began, named.digest
    if loaded.row.over:
        return Verdict.OVER
    if seat not in loaded.game.to_act(loaded.state):
        return Verdict.NOT_YOURS
    if turn_seq == loaded.turn_seq:
        # Nothing has changed the game since the link was made (a takeback moves turn_seq
        # too): the same decision, and no need to list its options again.
        return Verdict.CURRENT
    if not decision or began is None or began != loaded.table.decision_seq(seat):
        return Verdict.STALE
    if digest(loaded.game.legal_moves(loaded.state, seat)) != decision:
        return Verdict.STALE  # another seat's move changed this seat's options
    return Verdict.CURRENT
