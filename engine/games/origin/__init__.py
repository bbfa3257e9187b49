"""Origin (Andrea Mainini), 2-4 players: ruleset ``origin-2`` (``origin-1`` games still replay).

Rules: ``rules/origin.ru.txt`` (authoritative), ``origin.ja.txt`` (Board Game Arena help),
``origin.es.txt``. Component data and its provenance: :mod:`.components`; the player-facing
data page and the rulings on vague or conflicting rules: :mod:`.datapage`, :mod:`.rulings`.
"""

from __future__ import annotations

from engine.games.origin.words import p_
from engine.kit import Packaged

GAME = Packaged.from_package(__name__, name="origin", title=p_("game", "Origin"))

__all__ = ["GAME"]
