"""A measured figure beside its target: met, MISSED, or not judged when the run was invalid."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Figure:
    name: str
    value: float
    unit: str
    target: str = ""
    """The target as a sentence (``>= 0.4``); empty for a figure shown for context only."""
    met: bool | None = None
    valid: bool = True
    """False when the run that produced it had failed requests or jobs: not judged."""

    @property
    def verdict(self) -> str:
        if not self.target:
            return ""
        if not self.valid:
            return "INVALID (failures in the run): not judged"
        return "met" if self.met else "MISSED"

    def line(self) -> str:
        text = f"{self.name}: {self.value:,.{_digits(self.value)}f} {self.unit}".rstrip()
        if self.target:
            text += f"  (target {self.target}: {self.verdict})"
        return text

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "verdict": self.verdict}


def at_least(name: str, value: float, unit: str, minimum: float, valid: bool = True) -> Figure:
    return Figure(name, value, unit, f">= {minimum:g} {unit}".rstrip(), value >= minimum, valid)


def at_most(name: str, value: float, unit: str, maximum: float, valid: bool = True) -> Figure:
    return Figure(name, value, unit, f"<= {maximum:g} {unit}".rstrip(), value <= maximum, valid)


def shown(name: str, value: float, unit: str, valid: bool = True) -> Figure:
    return Figure(name, value, unit, valid=valid)


def _digits(value: float) -> int:
    return 0 if abs(value) >= 100 else 1 if abs(value) >= 10 else 2 if abs(value) >= 1 else 3
