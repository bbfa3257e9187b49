"""Origins: First Builders (Adam Kwapiński), 1-4 players (1: the solo training mode):
ruleset ``ofb-2`` (``ofb-1`` games still replay).

Rules: ``rules/origins-first-builders.ru.txt``. Component data and its provenance:
:mod:`.components`; the player-facing data page and the rulings where the rulebook is
silent or incomplete: :mod:`.datapage`, :mod:`.rulings`; its events: :mod:`.events`; how
its board is shown: :mod:`.board`.
"""

from __future__ import annotations

from engine.games.origins_first_builders.words import p_
from engine.kit import Packaged

GAME = Packaged.from_package(
    __name__, name="origins-first-builders", title=p_("game", "Origins: First Builders")
)

__all__ = ["GAME"]
