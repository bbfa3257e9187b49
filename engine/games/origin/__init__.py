"""Origin (Andrea Mainini), 2-4 players: ruleset ``origin-2`` (``origin-1`` games still replay).

Rules: ``rules/origin.ru.txt`` (authoritative), ``origin.ja.txt`` (Board Game Arena help),
``origin.es.txt``. Component data and its provenance: :mod:`.components`; the player-facing
data page and the rulings on vague or conflicting rules: :mod:`.datapage`, :mod:`.rulings`.
"""

from __future__ import annotations

from engine.games.origin import (
    board,
    bot,
    datapage,
    events,
    fold,
    inventory,
    moves,
    narration,
    reveals,
    rules,
    rulings,
    scoring,
    setup,
    state,
    view,
)
from engine.games.origin.words import p_
from engine.kit import Packaged

GAME = Packaged(
    name="origin",
    title=p_("game", "Origin"),
    ruleset=state.RULESET,
    rulesets=state.RULESETS,
    min_players=setup.MIN_PLAYERS,
    max_players=setup.MAX_PLAYERS,
    setup=setup.setup,
    apply=fold.apply,
    to_act=rules.to_act,
    legal_moves=rules.legal_moves,
    decide=rules.decide,
    view=view.view,
    describe=moves.describe,
    narrate=narration.narrate,
    outcome=scoring.outcome,
    standing=scoring.standing,
    bot_move=bot.bot_move,
    reveals=reveals.reveals,
    events=events.EVENTS,
    board=board.BOARD,
    data_page=datapage.DATA_PAGE,
    rulings=rulings.RULINGS,
    inventory=inventory.inventory,
)

__all__ = ["GAME"]
