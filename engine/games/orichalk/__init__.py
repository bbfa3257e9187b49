"""Orichalk (Orichalcum; Bruno Cathala, Johannes Goupy), 2-4 players: ruleset ``orichalk-2``
(``orichalk-1`` games still replay).

Rules: ``rules/orichalk.uk.txt``. Component data and its provenance: :mod:`.components`; the
player-facing data page and the rulings where the rulebook is silent: :mod:`.datapage`,
:mod:`.rulings`. Its events: :mod:`.events`; its board (picture, panels, text): :mod:`.board`.
"""

from __future__ import annotations

from engine.games.orichalk import (
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
from engine.games.orichalk.words import _
from engine.kit import Packaged

GAME = Packaged(
    name="orichalk",
    title=_("Orichalk"),
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

DATA_PAGE = datapage.DATA_PAGE
RULINGS = rulings.RULINGS

__all__ = ["DATA_PAGE", "GAME", "RULINGS"]
