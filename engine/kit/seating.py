"""What every game's ``setup`` settles first (DESIGN.md §3): who may sit at the table, each
refusal an ``IllegalMove`` in the game's own words, and the ruleset its opening records."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.contract import Event, IllegalMove


@dataclass(frozen=True)
class Table:
    """How many players a game seats, and what it says to a table it cannot seat."""

    low: int
    high: int
    no_options: str
    """Options given to a game that has none."""
    wrong_count: str
    """Fewer than :attr:`low` players, or more than :attr:`high`."""
    shared_seat: str
    """One seat named twice."""

    def check(self, seats: Sequence[str], options: Mapping[str, Any]) -> None:
        if options:
            raise IllegalMove(self.no_options)
        if not self.low <= len(seats) <= self.high:
            raise IllegalMove(self.wrong_count)
        if len(set(seats)) != len(seats):
            raise IllegalMove(self.shared_seat)


def opening(event: Event, ruleset: str, first: str) -> Event:
    """``event``, a game's first, naming the ruleset it is set up under; a game of the
    ``first`` ruleset names none (its games were set up before rulesets were recorded)."""
    return event if ruleset == first else {**event, "ruleset": ruleset}
