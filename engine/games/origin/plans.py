"""Origin's standing answers (issue 38 §1), each played only when the engine offers it
(``engine.kit.plans``)."""

from __future__ import annotations

from engine.games.origin.words import _
from engine.kit.plans import Answer

ORDERS = (
    # rules/origin.ru.txt, "Карты цели": an objective met may be laid down at once, and a
    # card laid down can no longer be lost or stolen.
    Answer(
        key="complete",
        label=_("When I can complete an objective, complete it"),
        asked=frozenset({"complete"}),
        answer={"type": "complete"},
    ),
)
