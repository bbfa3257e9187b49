"""The game's chance: citizen and speaker dice. Drawn only in ``setup`` and ``decide`` from
the rng they are given, and written into events (DESIGN.md §3)."""

from __future__ import annotations

import random

from engine.games.origins_first_builders.components import CITIZEN_ROLL_MAX, SPEAKER_FACES


def citizen(rng: random.Random) -> int:
    """ru step 8, «Получить кубик жителя»: a citizen die; a 6 is rolled again."""
    return rng.randint(1, CITIZEN_ROLL_MAX)


def speaker(rng: random.Random) -> int:
    """A speaker die: faces 2/2/3/3/4/5."""
    return rng.choice(SPEAKER_FACES)
