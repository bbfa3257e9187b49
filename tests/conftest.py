"""Shared fixtures. The platform's test game is registered here, and only here."""

from __future__ import annotations

from engine import registry
from tests.games.tictactoe import GAME as TICTACTOE

registry.register(TICTACTOE)

pytest_plugins = ["tests.fixtures"]
