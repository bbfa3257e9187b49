"""The working state of one ``decide``: the events emitted so far (each folded at once, by
the kit's :class:`~engine.kit.Emitter`), the steps still waiting, the rng, and the small
verbs every rule uses (gain, pay, score)."""

from __future__ import annotations

import random

from engine.contract import Move
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.components import BASICS
from engine.games.origins_first_builders.events import EVENTS
from engine.games.origins_first_builders.fold import apply
from engine.games.origins_first_builders.state import Player, State, Step
from engine.kit import Emitter

Costs = dict[str, int]

SKIP: Move = {"type": "skip"}
DONE: Move = {"type": "done"}


def can_pay(player: Player, costs: Costs) -> bool:
    """ru «Базовые ресурсы и золото»: gold may stand in for any resource."""
    short = 0
    for r, amount in costs.items():
        if r == "gold":
            short += amount
        else:
            have = getattr(player, r)
            if amount > have:
                short += amount - have
    return short <= player.gold


def payment(player: Player, costs: Costs) -> dict[str, int]:
    """What a payment takes (as negative amounts): the named resource first, gold for the
    rest (ruling: gold is worth a point at the end and pays for anything)."""
    taken: dict[str, int] = {}
    gold = costs.get("gold", 0)
    for r in BASICS:
        amount = costs.get(r, 0)
        if amount:
            own = min(amount, player.amount(r))
            if own:
                taken[r] = -own
            gold += amount - own
    if gold:
        taken["gold"] = -gold
    return taken


class Ctx(Emitter[State]):
    """The kit's emitting context (``st``, ``events``, ``emit``), with the turn's queue of
    steps and the rng of the decision."""

    def __init__(self, state: State, rng: random.Random) -> None:
        super().__init__(state, EVENTS, apply)
        self.rng = rng
        self.queue: list[Step] = list(state.pending)

    @property
    def seat(self) -> str:
        """Whoever decides now: the player whose turn it is, or the next drafter."""
        if self.st.turn is not None:
            return self.st.turn.seat
        return self.st.draft_order[0] if self.st.draft_order else self.st.seats[0]

    @property
    def me(self) -> Player:
        return self.st.player(self.seat)

    def push(self, *steps: Step) -> None:
        """Put ``steps`` at the head of the queue, in order."""
        self.queue[0:0] = steps

    def gain(self, why: str, **amounts: int) -> None:
        amounts = {r: a for r, a in amounts.items() if a}
        if amounts:
            self.emit(E.RESOURCES, seat=self.seat, why=why, **amounts)

    def pay(self, why: str, costs: Costs) -> None:
        taken = payment(self.me, costs)
        if taken:
            self.emit(E.RESOURCES, seat=self.seat, why=why, **taken)

    def score(self, points: int, why: str) -> None:
        if points:
            self.emit(E.SCORED, seat=self.seat, points=points, why=why)
