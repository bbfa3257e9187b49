"""Orichalk's standing answers (issue 38 §1): the optional actions a player may settle
ahead, each played only when the engine offers it (``engine.kit.plans``)."""

from __future__ import annotations

from engine.games.orichalk.words import _
from engine.kit.plans import Answer

ORDERS = (
    # rules/orichalk.uk.txt, the turn's phase 4: the extra action is optional.
    Answer(
        key="no_extra",
        label=_("When offered an extra action in phase 4, take none"),
        asked=frozenset({"extra", "skip"}),
        answer={"type": "skip"},
    ),
    # Phase 3: the action a player chose may be skipped; mining and recruiting cost nothing.
    Answer(
        key="mine",
        label=_("When I may mine orichalcum in phase 3, mine it"),
        asked=frozenset({"mine", "skip"}),
        answer={"type": "mine"},
    ),
    Answer(
        key="recruit",
        label=_("When I may recruit hoplites in phase 3, recruit them"),
        asked=frozenset({"recruit", "skip"}),
        answer={"type": "recruit"},
    ),
)
