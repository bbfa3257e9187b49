"""Origins: First Builders (Adam Kwapiński), 1-4 players (1: the solo training mode):
ruleset ``ofb-2`` (``ofb-1`` games still replay).

Rules: ``rules/origins-first-builders.ru.txt``. Component data and its provenance:
:mod:`.components`; the player-facing data page and the rulings where the rulebook is
silent or incomplete: :mod:`.datapage`, :mod:`.rulings`; its events: :mod:`.events`; how
its board is shown: :mod:`.board`.
"""

from __future__ import annotations

from engine.games.origins_first_builders import (
    bot,
    events,
    fold,
    inventory,
    moves,
    narration,
    reveals,
    rules,
    scoring,
    setup,
    state,
    view,
)
from engine.games.origins_first_builders.board import BOARD
from engine.games.origins_first_builders.datapage import DATA_PAGE
from engine.games.origins_first_builders.rulings import RULINGS
from engine.games.origins_first_builders.words import p_
from engine.kit import Packaged

GAME = Packaged(
    name="origins-first-builders",
    title=p_("game", "Origins: First Builders"),
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
    board=BOARD,
    data_page=DATA_PAGE,
    rulings=RULINGS,
    inventory=inventory.inventory,
)

__all__ = ["DATA_PAGE", "GAME", "RULINGS"]
