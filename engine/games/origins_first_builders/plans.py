"""Origins: First Builders' standing answers (issue 38 §1), each played only when the
engine offers it (``engine.kit.plans``)."""

from __future__ import annotations

from engine.games.origins_first_builders.words import _
from engine.kit.plans import Answer

ORDERS = (
    # rules/origins-first-builders.ru.txt, contact zones: the bonus action of a die of the
    # token's colour is optional ("можете дополнительно выполнить").
    Answer(
        key="no_bonus",
        label=_("When a contact zone offers me its bonus action, decline it"),
        asked=frozenset({"bonus", "done"}),
        answer={"type": "done"},
    ),
    # The action "Построить уровень башни": whenever the engine offers it, take it.
    Answer(
        key="tower",
        label=_("When I may build a tower level, build it"),
        asked=frozenset({"tower"}),
        answer={"type": "tower"},
    ),
)
