"""uk «Ігролад», «Хід гравця», «Кінець раунду», «Кінець гри та перемога»: who acts, what
they may choose, and the events each choice produces.

A turn is a run of decisions (DESIGN.md §3), its step held in ``State.turn``: the metropolis
(first turn), phase 1 take a card, phase 2 place its tile (and keep titans, rarely), phase 3
the card's action, phase 4 extra actions, phase 5 the two-player discard. Steps with nothing
to choose are passed over at once; the win is checked the moment it can happen.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.contract import Event, Move
from engine.games.orichalk import events as E
from engine.games.orichalk.components import (
    BUILDING_IDS,
    CARD,
    CARDS_FACE_UP,
    CONSTRUCTION_SLOTS,
    CREATURE,
    CREATURE_IDS,
    INITIATIVE_HOPLITES,
    MEDALLION_COST,
    SIZES,
    SKULL,
    TIER,
    TILE,
    TITAN_OF_ACTION,
    VOLCANO,
    WIN_POINTS,
)
from engine.games.orichalk.fold import apply
from engine.games.orichalk.island import (
    attracted,
    camps,
    count,
    has_creatures,
    lay,
    mines,
    titan_capacity,
)
from engine.games.orichalk.moves import prompt
from engine.games.orichalk.options import (
    SKIP,
    action_options,
    card_action,
    card_cost,
    create_options,
    discard_options,
    extra_options,
    favour_ready,
    keep_sets,
    metropolis_options,
    place_options,
    side_options,
    take_options,
    tier_cost,
    titan_options,
)
from engine.games.orichalk.state import (
    ACTION,
    CREATE_MORE,
    DISCARD,
    EXTRA,
    INITIATIVE,
    METROPOLIS,
    PLACE,
    PLAY,
    SIDES,
    TAKE,
    TITANS,
    Player,
    State,
)
from engine.games.orichalk.words import _
from engine.kit import Emitter, last_answer
from engine.kit.deciding import checked_move

_WINNING_EVENTS = frozenset(
    {E.TITAN_CLAIMED, E.CREATURE_CAPTURED, E.TEMPLE_BUILT, E.MEDALLION_FORGED}
)
"""uk «Кінець гри та перемога»: the events that can bring a player's fifth victory point or
take the last creature off their island."""

# ---------------------------------------------------------------- who acts


def to_act(state: State) -> frozenset[str]:
    if state.phase == SIDES:
        # uk «Рівень складності острова»: every player chooses a side, all at once.
        return frozenset(p.seat for p in state.players if not p.island.side)
    if state.phase == INITIATIVE:
        return frozenset((state.initiative,))
    if state.phase == PLAY and state.turn is not None:
        return frozenset((state.turn.seat,))
    return frozenset()


def legal_moves(state: State, seat: str) -> list[Move]:
    """Every complete option of the seat's next decision (copies: the caller may change
    them)."""
    return [dict(m) for m in _remembered(state, seat)]


@last_answer
def _remembered(state: State, seat: str) -> list[Move]:
    """The options, remembered for the very same state: ``decide`` checks a move against
    the list the player was just shown. Read-only."""
    return _legal_moves(state, seat)


def _legal_moves(state: State, seat: str) -> list[Move]:
    if seat not in to_act(state):
        return []
    if state.phase == SIDES:
        return side_options()
    if state.phase == INITIATIVE:
        return [{"type": "give_initiative", "seat": s} for s in state.candidates]
    turn = state.turn
    assert turn is not None
    player = state.player(seat)
    step = turn.step
    if step == METROPOLIS:
        return metropolis_options(player)
    if step == TAKE:
        return take_options(state, player)
    if step == PLACE:
        return place_options(player, turn.tile)
    if step == TITANS:
        return titan_options(player, turn.titans)
    if step == ACTION:
        return action_options(state, player, turn.action, turn.extra, turn.fought)
    if step == CREATE_MORE:
        return [*create_options(state, player), SKIP]
    if step == EXTRA:
        return extra_options(state, player, turn.extras)
    if step == DISCARD:
        return discard_options(state)
    raise ValueError(f"unknown step {step!r}")


# ---------------------------------------------------------------- the working state


class Ctx(Emitter[State]):
    """One ``decide``: events emitted so far, folded as they go; the game stops at a win."""

    def __init__(self, state: State, rng: random.Random) -> None:
        super().__init__(state, E.EVENTS, apply)
        self.rng = rng
        self.over = False

    @property
    def seat(self) -> str:
        assert self.st.turn is not None
        return self.st.turn.seat

    @property
    def player(self) -> Player:
        return self.st.player(self.seat)

    def emit(self, kind: str, /, **fields: Any) -> Event:
        """Emit and fold the event; once the game is won, nothing more happens (uk «Кінець
        гри та перемога»: the turn is not finished), so the event is neither kept nor
        folded."""
        if self.over:
            return {"type": E.EVENTS.check({"type": kind}), **fields}
        event = super().emit(kind, **fields)
        if kind in _WINNING_EVENTS:
            self._check_win(fields["seat"])
        return event

    def _check_win(self, seat: str) -> None:
        """uk «Кінець гри та перемога»: at least 5 victory points and no creature left on the
        island: that player wins at once, the turn is not finished."""
        player = self.st.player(seat)
        if player.points >= WIN_POINTS and not has_creatures(player.island):
            self.emit(E.GAME_WON, seat=seat, points=player.points)
            self.over = True

    def await_step(self, step: str, **fields: Any) -> None:
        self.emit(E.AWAITING, seat=self.seat, step=step, **fields)


# ---------------------------------------------------------------- deciding


WAITING = {SIDES: _("You have already chosen your island's side; wait for the others.")}
"""What a seat that has chosen is told while the others choose their island's side."""


def decide(state: State, seat: str, move: Move, rng: random.Random) -> list[Event]:
    waiting = WAITING.get(state.phase, _("It is not your turn."))
    move = dict(checked_move(state, seat, move, to_act, _remembered, prompt, waiting))
    ctx = Ctx(state, rng)
    if state.phase == SIDES:
        _choose_side(ctx, seat, move)
    elif state.phase == INITIATIVE:
        _give_initiative(ctx, move["seat"], chosen_by=seat)
    else:
        assert state.turn is not None
        _HANDLERS[state.turn.step](ctx, move)
    return ctx.events


# ---------------------------------------------------------------- setup and rounds


def _choose_side(ctx: Ctx, seat: str, move: Move) -> None:
    ctx.emit(E.SIDE_CHOSEN, seat=seat, side=move["side"])
    if not to_act(ctx.st):
        _start_round(ctx, 1)


def round_order(seats: tuple[str, ...], first: str) -> list[str]:
    """uk «Ігролад»: clockwise (seat order) from the initiative holder."""
    i = seats.index(first)
    return [seats[(i + k) % len(seats)] for k in range(len(seats))]


def right_of(seats: tuple[str, ...], seat: str) -> str:
    """The player on ``seat``'s right: the one before it clockwise, who plays last."""
    return seats[(seats.index(seat) - 1) % len(seats)]


def _start_round(ctx: Ctx, number: int) -> None:
    order = round_order(ctx.st.seats, ctx.st.initiative)
    ctx.emit(E.ROUND_STARTED, round=number, order=order)
    _start_turn(ctx, order[0])


def _start_turn(ctx: Ctx, seat: str) -> None:
    # uk «Перший хід гравця»: the metropolis at the start of the first turn.
    first = ctx.st.player(seat).island.metropolis < 0
    ctx.emit(E.TURN_STARTED, seat=seat, step=METROPOLIS if first else TAKE)


def _end_turn(ctx: Ctx) -> None:
    seat = ctx.seat
    ctx.emit(E.TURN_ENDED, seat=seat)
    order = ctx.st.order
    i = order.index(seat)
    if i + 1 < len(order):
        _start_turn(ctx, order[i + 1])
    else:
        _end_round(ctx)


def _end_round(ctx: Ctx) -> None:
    """uk «Кінець раунду»: refill the action board and the construction board, then pass the
    initiative."""
    ctx.emit(E.ROUND_ENDED, round=ctx.st.round)
    _refill_action_board(ctx)
    _refill_construction_board(ctx)
    hoplites = {p.seat: p.hoplites for p in ctx.st.players}
    most = max(hoplites.values())
    tied = [s for s in ctx.st.seats if hoplites[s] == most]
    holder = ctx.st.initiative
    if len(tied) == 1:
        _give_initiative(ctx, tied[0], chosen_by=None)
        return
    # uk: a tie is settled by the holder, who cannot keep it if tied themself.
    candidates = [s for s in tied if s != holder]
    if len(candidates) == 1:
        _give_initiative(ctx, candidates[0], chosen_by=None)
    else:
        ctx.emit(E.INITIATIVE_TIED, holder=holder, candidates=candidates)


def _give_initiative(ctx: Ctx, seat: str, chosen_by: str | None) -> None:
    ctx.emit(E.INITIATIVE_TAKEN, seat=seat, chosen_by=chosen_by)
    right = right_of(ctx.st.seats, seat)
    ctx.emit(E.HOPLITES_GAINED, seat=right, hoplites=INITIATIVE_HOPLITES, reason="initiative")
    _start_round(ctx, ctx.st.round + 1)


def draw_creature(bag: tuple[int, ...], rng: random.Random) -> str:
    """A creature drawn from the bag; "" when the bag is empty (ruling)."""
    pool = [c for c, n in zip(CREATURE_IDS, bag, strict=True) for _ in range(n)]
    return rng.choice(pool) if pool else ""


def deal_card(state: State, rng: random.Random) -> Event:
    """The top action card onto the next slot, with the top land tile of its size and a
    creature from the bag on each volcano (uk «Приготування до гри», «Поповніть планшет дій»)."""
    card = state.deck[0]
    stack = state.stacks[SIZES.index(CARD[card].size)]
    tile = stack[0] if stack else 0
    bag = state.creature_bag
    creatures = []
    if tile:
        for terrain in TILE[tile].terrains:
            if terrain == VOLCANO:
                creature = draw_creature(bag, rng)
                creatures.append(creature)
                if creature:
                    i = CREATURE_IDS.index(creature)
                    bag = (*bag[:i], bag[i] - 1, *bag[i + 1 :])
    return {
        "type": E.CARD_DEALT,
        "slot": len(state.offers),
        "card": card,
        "tile": tile,
        "creatures": creatures,
    }


def draw_building(bag: tuple[int, ...], rng: random.Random) -> str:
    pool = [b for b, n in zip(BUILDING_IDS, bag, strict=True) for _ in range(n)]
    return rng.choice(pool) if pool else ""


def _refill_action_board(ctx: Ctx) -> None:
    wanted = CARDS_FACE_UP[len(ctx.st.seats)]
    while len(ctx.st.offers) < wanted:
        if not ctx.st.deck:
            # uk: «Якщо колода карток дій закінчилася, перемішайте скид».
            deck = list(ctx.st.discard)
            ctx.rng.shuffle(deck)
            ctx.emit(E.ACTION_DECK_RESHUFFLED, deck=deck)
        event = deal_card(ctx.st, ctx.rng)
        ctx.emit(event.pop("type"), **event)


def _refill_construction_board(ctx: Ctx) -> None:
    """uk «Поповніть планшет створення»: a token from the bag on each empty slot; the
    orichalcum or hoplite goes on a new mine or camp (the fold lays it)."""
    for slot, site in zip(CONSTRUCTION_SLOTS, ctx.st.sites, strict=True):
        if not site.building:
            building = draw_building(ctx.st.building_bag, ctx.rng)
            if building:
                ctx.emit(E.BUILDING_DRAWN, slot=slot, building=building)


# ---------------------------------------------------------------- the metropolis, phases 1-2


def _place_metropolis(ctx: Ctx, move: Move) -> None:
    island = ctx.player.island
    port = lay(island).port_of[lay(island).index[move["cell"]]]
    ctx.emit(
        E.METROPOLIS_PLACED, seat=ctx.seat, cell=move["cell"],
        hoplites=port.hoplites, orichalcum=port.orichalcum,
    )  # fmt: skip
    ctx.await_step(TAKE)


def _take_card(ctx: Ctx, move: Move) -> None:
    slot = move["slot"]
    offer = ctx.st.offers[slot]
    ctx.emit(
        E.CARD_TAKEN, seat=ctx.seat, slot=slot, card=offer.card,
        cost=card_cost(ctx.st, ctx.player, slot), tile=offer.tile,
        creatures=list(offer.creatures),
    )  # fmt: skip
    turn = ctx.st.turn
    assert turn is not None
    if not turn.tile:
        _go_action(ctx)
    elif place_options(ctx.player, turn.tile):
        ctx.await_step(PLACE)
    else:
        # uk фаза 2: a tile that cannot be placed goes under its stack.
        ctx.emit(E.TILE_RETURNED, seat=ctx.seat, tile=turn.tile, creatures=list(turn.creatures))
        _go_action(ctx)


def _place_tile(ctx: Ctx, move: Move) -> None:
    turn = ctx.st.turn
    assert turn is not None
    tile = TILE[turn.tile]
    riding = iter(turn.creatures)
    creatures = [next(riding, "") if t == VOLCANO else "" for t in tile.terrains]
    ctx.emit(
        E.TILE_PLACED, seat=ctx.seat, tile=tile.id, cells=list(move["cells"]),
        rotation=move["rotation"], terrains=list(tile.terrains), creatures=creatures,
    )  # fmt: skip
    island = ctx.player.island
    lay_ = lay(island)
    cells = tuple(lay_.index[label] for label in move["cells"])
    for i in cells:
        port = lay_.port_of.get(i)
        if port is not None and i not in island.ports_taken:
            # uk «він дійде порту»: the port's bonus, once.
            ctx.emit(
                E.PORT_COVERED, seat=ctx.seat, cell=lay_.labels[i],
                hoplites=port.hoplites, orichalcum=port.orichalcum,
            )  # fmt: skip
    if _attract_titans(ctx, cells):
        _go_action(ctx)


def _attract_titans(ctx: Ctx, cells: tuple[int, ...]) -> bool:
    """uk «він приверне увагу титана»: titans already held flip active; new ones are claimed
    (from the centre or another player, active). False when the player must choose which to
    keep."""
    player = ctx.player
    found = attracted(player.island, cells)
    held = [t for t, _ in player.titans]
    for titan in found:
        if titan in held and (titan, False) in player.titans:
            ctx.emit(E.TITAN_REFRESHED, seat=ctx.seat, titan=titan)
    new = [t for t in found if t not in held]
    if not new:
        return True
    sets = keep_sets(held, new, titan_capacity(player))
    if len(sets) == 1:
        _keep_titans(ctx, sets[0], new)
        return not ctx.over
    ctx.await_step(TITANS, titans=new)
    return False


def _keep_titans(ctx: Ctx, kept: list[str], new: list[str]) -> None:
    seat = ctx.seat
    for titan, _active in ctx.player.titans:
        if titan not in kept:
            ctx.emit(E.TITAN_RETURNED, seat=seat, titan=titan)
    for titan in new:
        if titan in kept:
            holder = next(
                (p.seat for p in ctx.st.players if any(t == titan for t, _ in p.titans)), None
            )
            ctx.emit(E.TITAN_CLAIMED, seat=seat, titan=titan, **{"from": holder})


def _choose_titans(ctx: Ctx, move: Move) -> None:
    turn = ctx.st.turn
    assert turn is not None
    _keep_titans(ctx, move["titans"], list(turn.titans))
    if not ctx.over:
        _go_action(ctx)


# ---------------------------------------------------------------- phases 3 and 4


def _go_action(ctx: Ctx) -> None:
    turn = ctx.st.turn
    assert turn is not None
    _start_action(ctx, card_action(turn.card), extra=False)


def _start_action(ctx: Ctx, action: str, extra: bool) -> None:
    options = action_options(ctx.st, ctx.player, action, extra, fought=False)
    if options == [SKIP] or not options:
        _finish_action(ctx)
    elif extra and len(options) == 1 and action in ("mine", "recruit"):
        _action(ctx, options[0])  # a bought mine or recruit without a favour to choose
    else:
        ctx.await_step(ACTION, action=action, extra=extra)


def _finish_action(ctx: Ctx) -> None:
    if ctx.over:
        return
    turn = ctx.st.turn
    assert turn is not None
    if turn.card:
        # uk фаза 3: the card goes face up beside the deck, used or not.
        ctx.emit(E.CARD_DISCARDED, seat=ctx.seat, card=turn.card)
    _go_extra(ctx)


def _go_extra(ctx: Ctx) -> None:
    turn = ctx.st.turn
    assert turn is not None
    if extra_options(ctx.st, ctx.player, turn.extras):
        ctx.await_step(EXTRA)
    else:
        _go_discard(ctx)


def _go_discard(ctx: Ctx) -> None:
    # uk фаза 5: only with two players.
    if len(ctx.st.seats) == 2 and ctx.st.offers:
        ctx.await_step(DISCARD)
    else:
        _end_turn(ctx)


def _use_favour(ctx: Ctx, action: str) -> None:
    ctx.emit(E.FAVOUR_USED, seat=ctx.seat, titan=TITAN_OF_ACTION[action])


def _action(ctx: Ctx, move: Move) -> None:
    kind = move["type"]
    if kind == "skip":
        _finish_action(ctx)
    elif kind == "mine":
        # uk «Видобуток орихалка»: 1 per mine; Hyperion doubles.
        amount = mines(ctx.player.island) * (2 if move["favour"] else 1)
        if move["favour"]:
            _use_favour(ctx, "mine")
        ctx.emit(E.MINED, seat=ctx.seat, orichalcum=amount, favour=move["favour"])
        _finish_action(ctx)
    elif kind == "recruit":
        # uk «Наймання гоплітів»: 1 per camp; Themis doubles.
        amount = camps(ctx.player.island) * (2 if move["favour"] else 1)
        if move["favour"]:
            _use_favour(ctx, "recruit")
        ctx.emit(E.RECRUITED, seat=ctx.seat, hoplites=amount, favour=move["favour"])
        _finish_action(ctx)
    elif kind == "fight":
        _fight(ctx, move)
    else:
        _create(ctx, move)
        _after_create(ctx)


def _fight(ctx: Ctx, move: Move) -> None:
    """uk «Захоплення істот»: 1 die and 1 per hoplite (and per Siege engines, PROVISIONAL);
    the total reaching the strength, or any skull, wins."""
    seat = ctx.seat
    island = ctx.player.island
    i = lay(island).index[move["cell"]]
    creature = CREATURE[island.creature[i]]
    fighting = island.guards[i] + move["hoplites"]
    if move["favour"]:
        # uk Kronos: the favour is used before the roll, the fight is won.
        _use_favour(ctx, "capture")
        dice: list[int] = []
        won = True
    else:
        n = 1 + fighting + count(island, "siege_engines")
        dice = [ctx.rng.randint(1, 6) for _ in range(n)]
        won = SKULL in dice or sum(dice) >= creature.strength
    ctx.emit(
        E.CREATURE_FOUGHT, seat=seat, cell=move["cell"], creature=creature.id,
        strength=creature.strength, hoplites=move["hoplites"], fighting=fighting,
        dice=dice, favour=move["favour"], won=won,
    )  # fmt: skip
    if not won:
        # uk «У разі поразки»: the hoplites stay on the creature; the action and phase end.
        _finish_action(ctx)
        return
    # uk «У разі перемоги»: treasure, the creature to the supply, the hoplites freed.
    ctx.emit(
        E.CREATURE_CAPTURED, seat=seat, cell=move["cell"], creature=creature.id,
        freed=fighting, to_supply=count(island, "hospital") > 0,
        hoplites=creature.hoplites, orichalcum=creature.orichalcum,
    )  # fmt: skip
    if ctx.over:
        return
    turn = ctx.st.turn
    assert turn is not None
    if action_options(ctx.st, ctx.player, "capture", turn.extra, fought=True) == [SKIP]:
        _finish_action(ctx)
    else:
        ctx.await_step(ACTION, action="capture", extra=turn.extra, fought=True)


def _create(ctx: Ctx, move: Move) -> None:
    seat = ctx.seat
    kind = move["type"]
    if kind == "build":
        site = ctx.st.sites[CONSTRUCTION_SLOTS.index(move["slot"])]
        # uk: the hoplite or orichalcum lying on a new camp or mine comes with it.
        gain = 1 if site.resource else 0
        ctx.emit(
            E.BUILDING_BUILT, seat=seat, slot=move["slot"], building=move["building"],
            cell=move["cell"], hoplites=gain if site.building == "training_camp" else 0,
            orichalcum=gain if site.building == "mine" else 0,
        )  # fmt: skip
    elif kind == "temple":
        ctx.emit(E.TEMPLE_BUILT, seat=seat, cells=list(move["cells"]))
    else:
        ctx.emit(E.MEDALLION_FORGED, seat=seat, orichalcum=MEDALLION_COST)


def _after_create(ctx: Ctx) -> None:
    """Theia: one more Create, at the player's choice."""
    if ctx.over:
        return
    if favour_ready(ctx.player, "create") and create_options(ctx.st, ctx.player):
        turn = ctx.st.turn
        assert turn is not None
        ctx.await_step(CREATE_MORE, action="create", extra=turn.extra)
    else:
        _finish_action(ctx)


def _create_more(ctx: Ctx, move: Move) -> None:
    if move["type"] != "skip":
        _use_favour(ctx, "create")
        _create(ctx, move)
    _finish_action(ctx)


def _extra(ctx: Ctx, move: Move) -> None:
    if move["type"] == "skip":
        _go_discard(ctx)
        return
    tier = TIER[move["pay"]]
    ctx.emit(
        E.EXTRA_ACTION_BOUGHT, seat=ctx.seat, pay=tier.pay, cost=tier_cost(ctx.player, tier),
        creature=move.get("creature", ""), action=move["action"],
    )  # fmt: skip
    _start_action(ctx, move["action"], extra=True)


def _discard(ctx: Ctx, move: Move) -> None:
    offer = ctx.st.offers[move["slot"]]
    ctx.emit(
        E.BOARD_CARD_DISCARDED, seat=ctx.seat, slot=move["slot"], card=offer.card,
        tile=offer.tile, creatures=list(offer.creatures),
    )  # fmt: skip
    _end_turn(ctx)


_HANDLERS: dict[str, Callable[[Ctx, Move], None]] = {
    METROPOLIS: _place_metropolis,
    TAKE: _take_card,
    PLACE: _place_tile,
    TITANS: _choose_titans,
    ACTION: _action,
    CREATE_MORE: _create_more,
    EXTRA: _extra,
    DISCARD: _discard,
}
