"""Orichalk (Orichalcum; Bruno Cathala, Johannes Goupy), 2-4 players: ruleset ``orichalk-2``
(``orichalk-1`` games still replay).

Rules: ``rules/orichalk.uk.txt``. Component data and its provenance: :mod:`.components`; the
player-facing data page and the rulings where the rulebook is silent: :mod:`.datapage`,
:mod:`.rulings`. Its events: :mod:`.events`; its board (picture, panels, text): :mod:`.board`.
"""

from __future__ import annotations

from engine.games.orichalk.words import _
from engine.kit import Packaged

GAME = Packaged.from_package(__name__, name="orichalk", title=_("Orichalk"))

__all__ = ["GAME"]
