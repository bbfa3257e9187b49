"""Shared fixtures. The platform's test game is registered here, and only here."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

from engine import registry
from tests.games.tictactoe import GAME as TICTACTOE

registry.register(TICTACTOE)

pytest_plugins = ["tests.fixtures"]

# Property-based tests (issue 11): bounded and reproducible by default, since the suite runs
# twice in CI; HYPOTHESIS_PROFILE=deep searches longer and randomly.
settings.register_profile(
    "ci",
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
settings.register_profile(
    "deep",
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
