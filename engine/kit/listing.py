"""The board of a game that has none of its own: its view as a listing, one row per key."""

from __future__ import annotations

from typing import Any

from engine.kit.game import Board
from engine.kit.panels import Column, Panels, Table

HIDDEN_KEYS = frozenset({"you", "prompt"})


def _label(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _plain(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " | ".join(_plain(v) or "·" for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_plain(v)}" for k, v in value.items())
    if value is None:
        return ""
    return str(value)


def _items(view: dict[str, Any]) -> list[tuple[str, str]]:
    return [(_label(k), _plain(v)) for k, v in view.items() if k not in HIDDEN_KEYS]


def panels(view: dict[str, Any]) -> Panels:
    rows = tuple(((label,), (value,)) for label, value in _items(view))
    return Panels((Table(columns=(Column(), Column()), rows=rows, labels=True),))


def text(view: dict[str, Any]) -> str:
    return "\n".join(f"{label}: {value}" for label, value in _items(view))


LISTING = Board(panels=panels, text=text)
