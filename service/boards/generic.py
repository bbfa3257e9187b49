"""The fallback for a game without a renderer of its own: the view as a listing."""

from __future__ import annotations

from html import escape
from typing import Any

from service.boards import Board, Picture

HIDDEN_KEYS = {"you", "prompt"}


def render(view: dict[str, Any], picture: Picture = None) -> Board:
    items = [(k, v) for k, v in view.items() if k not in HIDDEN_KEYS]
    text = "\n".join(f"{_label(k)}: {_plain(v)}" for k, v in items)
    rows = "".join(
        f"<tr><th style='text-align:left;padding-right:1em'>{escape(_label(k))}</th>"
        f"<td>{escape(_plain(v))}</td></tr>"
        for k, v in items
    )
    return Board(text=text, html=f"<table class='view'>{rows}</table>")


def _label(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _plain(value: Any) -> str:
    if isinstance(value, list):
        return " | ".join(_plain(v) or "·" for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_plain(v)}" for k, v in value.items())
    if value is None:
        return ""
    return str(value)
