"""Every game this service serves, named once (DESIGN.md §10.3). Adding a game is adding
its folder under ``engine/games/`` and one line here."""

from __future__ import annotations

from engine.contract import Game
from engine.games.orichalk import GAME as ORICHALK
from engine.games.origin import GAME as ORIGIN
from engine.games.origins_first_builders import GAME as ORIGINS_FIRST_BUILDERS

CATALOGUE: tuple[Game, ...] = (
    ORIGIN,
    ORIGINS_FIRST_BUILDERS,
    ORICHALK,
)
