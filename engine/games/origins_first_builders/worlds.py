"""A world the seat cannot tell from the real one (issue 37 §1): for now the real one."""

from __future__ import annotations

import random

from engine.contract import State


def sample_world(state: State, seat: str, rng: random.Random) -> State:
    return state
