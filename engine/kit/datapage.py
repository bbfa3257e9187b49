"""The rows of a game's data page (GAME-DATA.md): each component value with where it comes
from."""

from __future__ import annotations


def data_row(name: str, value: str, provenance: str, note: str = "") -> dict[str, str]:
    """One row of the data page: what it is, its value, its provenance, and a note."""
    return {"name": name, "value": value, "provenance": provenance, "note": note}
