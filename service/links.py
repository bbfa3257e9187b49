"""Absolute URLs for emails and pages, built from ``BASE_URL``."""

from __future__ import annotations

from typing import Any

from service import tokens
from service.config import Settings


def game_url(settings: Settings, game_id: str) -> str:
    return f"{settings.base_url.rstrip('/')}/games/{game_id}"


def action_url(
    settings: Settings, game_id: str, seat: str, seq: int, move: dict[str, Any] | None = None
) -> str:
    token = tokens.action_token(settings.secret_key, game_id, seat, seq, move)
    return f"{settings.base_url.rstrip('/')}/act/{token}"


def unsubscribe_url(settings: Settings, game_id: str, seat: str) -> str:
    token = tokens.unsubscribe_token(settings.secret_key, game_id, seat)
    return f"{settings.base_url.rstrip('/')}/unsubscribe/{token}"
