"""A greedy bot for a seat the other players handed over (engine contract ``bot_move``).

Every decision is scored with what the seat may see (DESIGN.md §3 ``view``): the open map,
the reward board, its own hand, and the hand a Tribal war shows it. It never reads the order
of a deck, the face-down tile reserve or another player's hand. Ties go to the first move in
``legal_moves`` order, so the same state and seat always give the same move.

At rest the bot completes the objective worth most, then plays the cards worth playing, then
takes the action (evolve, migrate or swap) whose landing is worth most; it ends its turn only
when nothing of that is left. A landing is worth the hunting token it takes, the strait
tokens it wins, the reward of its colour, and the progress it makes on the objectives in
hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.contract import IllegalMove, Move
from engine.games.origin import events as ev
from engine.games.origin.components import (
    CARDS,
    COLOUR,
    CONTINENT,
    INDEX,
    KINDS,
    PAWN_COLOURS,
    STRAIT_ENDS,
    STRAIT_INDEX,
    TERRITORY_IDS,
    TURN_EFFECT_CARDS,
    kind_index,
    tile_points,
)
from engine.games.origin.fold import apply
from engine.games.origin.movement import (
    evolution_targets,
    kinds_in,
    migration_targets,
    movers,
    swap_targets,
)
from engine.games.origin.objectives import Held, _adjacent_group, met
from engine.games.origin.rewards import (
    ANY_COLUMN,
    ONE_ANY,
    THREE_CARDS,
    TILE_AND_CARD,
    TWO_BROWN,
    reward_options,
    tile_choices,
)
from engine.games.origin.rules import legal_moves
from engine.games.origin.state import SETUP, State, Step
from engine.games.origin.words import _
from engine.kit.words import Seat

REWARD_POINTS = 2.0
"""ru «Фаза награждения»: a coloured territory gives a tile and a card, or two brown tiles;
each is worth about a point at the end (ru «Конец игры»)."""

EVOLVE_BONUS = 1.0
"""A new pawn on the map (ru «Эволюция») is preferred to moving one around for nothing: it
adds presence for objectives, and placing villages moves the game towards its end."""

CARD_IN_HAND = 1.0
"""ru «Конец игры»: «Каждая карта …, оставшаяся в руке, приносит игроку одно очко»."""

ACTION_CARD_VALUE: dict[str, float] = {
    "hunter": 5.0,  # a hunting token, 4 to 8 points (ru «Охотничьи угодья»)
    "sailor": 4.0,  # a strait token, 3 to 5 points (ru «Проливы»)
    "tribal_war_straits": 3.0,  # the displaced player's lowest strait token (card text)
    "inventor": 2.0,  # «Вытяните любую карту или возьмите любой тайл» (card text)
}
"""What keeping an action card is worth, beyond its point in hand."""

Chooser = Callable[[State, str, Step, list[Move]], Move]


def bot_move(state: State, seat: str) -> Move:
    moves = legal_moves(state, seat)
    if not moves:
        raise IllegalMove(_("{seat} has nothing to decide now.", seat=Seat(seat)))
    if state.phase == SETUP:
        return _best(moves, lambda m: _card_value(state, seat, m["card"]))
    if not state.pending:
        return _at_rest(state, seat, moves)
    step = state.pending[0]
    return _CHOOSERS[step.kind](state, seat, step, moves)


def _best(moves: list[Move], value: Callable[[Move], float]) -> Move:
    """The first move of highest value (``max`` keeps the first of equals)."""
    return max(moves, key=value)


# ---------------------------------------------------------------- the turn at rest


def _at_rest(state: State, seat: str, moves: list[Move]) -> Move:
    """ru «Фаза действия»: one compulsory action, and up to one card of each colour at any
    moment of the turn; objectives first, while their condition holds."""
    completes = [m for m in moves if m["type"] == "complete"]
    if completes:
        return _best(completes, lambda m: CARDS[m["card"]].points)
    actions = [m for m in moves if m["type"] in ("evolve", "migrate", "swap")]
    for move in moves:
        if move["type"] == "play" and _worth_playing(state, seat, move["card"], actions):
            return move
    if actions:
        return _best(actions, lambda m: _action_value(state, seat, m["type"]))
    return next(m for m in moves if m["type"] in ("pass", "end_turn"))


def _worth_playing(state: State, seat: str, card: str, actions: list[Move]) -> bool:
    player = state.player(seat)
    if card in TURN_EFFECT_CARDS:
        # ru card texts: Great shaman frees an evolution («поставить любую фишку»), Navigator
        # a migration across the sea, Control a swap «независимо от соотношения сил»; each is
        # worth its card only when no action of that kind is open without it.
        if card == "great_shaman":
            return not any(m["type"] == "evolve" for m in actions)
        return not actions
    if CARDS[card].deck == "permanent" and state.last_round:
        # ru «Конец игры»: in hand it is a point; in play it has no turn left to work,
        # except Treasure, one more point for each card still in hand.
        return card == "treasure" and player.hand_size >= 3
    return True


def _action_value(state: State, seat: str, kind: str) -> float:
    if kind == "evolve":
        values = _evolutions(state, seat).values()
    else:
        values = _moves(state, seat, swap=kind == "swap").values()
    return max(values, default=float("-inf"))


# ---------------------------------------------------------------- landings


def _evolutions(state: State, seat: str) -> dict[tuple[int, int], float]:
    """ru «Эволюция»: every (territory, pawn kind) the seat may place, with its worth."""
    values: dict[tuple[int, int], float] = {}
    for t, mask in evolution_targets(state, seat).items():
        for k in kinds_in(mask):
            pawn = KINDS[k]
            after = apply(
                state,
                {
                    "type": ev.PAWN_PLACED, "seat": seat, "territory": TERRITORY_IDS[t],
                    "height": pawn.height, "strength": pawn.strength, "colour": pawn.colour,
                },
            )  # fmt: skip
            # Taller pawns go further (ru «Миграция»), stronger ones displace more («Обмен»).
            tie = (pawn.height + pawn.strength) / 100
            values[t, k] = _landing(after, seat, t) + EVOLVE_BONUS + tie
    return values


def _moves(state: State, seat: str, swap: bool) -> dict[tuple[int, int], float]:
    """ru «Миграция», «Обмен»: every (from, to) the seat may move, with its worth."""
    values: dict[tuple[int, int], float] = {}
    for a in movers(state, seat, swap=swap):
        for b in swap_targets(state, seat, a) if swap else migration_targets(state, seat, a):
            event = {"seat": seat, "from": TERRITORY_IDS[a], "to": TERRITORY_IDS[b]}
            if swap:
                pawn = state.board[b]
                assert pawn is not None
                after = apply(state, {"type": ev.PAWNS_SWAPPED, "victim": pawn.owner, **event})
            else:
                after = apply(state, {"type": ev.PAWN_MIGRATED, **event})
            values[a, b] = _landing(after, seat, b)
    return values


def _landing(after: State, seat: str, landing: int) -> float:
    """ru «Фаза награждения»: the reward of the territory landed on, the strait tokens won
    («Проливы»), and the objectives in hand as they now stand."""
    value = _potential(after, seat) + _straits_held(after, seat)
    colour = COLOUR[landing]
    if colour == "green":
        value += after.hunting[landing] or 0
    elif colour is not None and reward_options(after, seat, colour):
        value += REWARD_POINTS
    return value


def _straits_held(state: State, seat: str) -> int:
    """Tokens still on straits with the seat on both sides; ru «Проливы»: it takes them."""
    total = 0
    for s, (a, b) in enumerate(STRAIT_ENDS):
        value = state.straits[s]
        pa, pb = state.board[a], state.board[b]
        if value is not None and pa is not None and pb is not None and pa.owner == pb.owner == seat:
            total += value
    return total


# ---------------------------------------------------------------- objectives


def _potential(state: State, seat: str) -> float:
    """The objectives in hand, each worth its points times the share of it already met."""
    return sum(CARDS[c].points * _progress(state, seat, c) for c in state.player(seat).objectives)


def _progress(state: State, seat: str, card: str) -> float:
    """How much of an objective's condition the seat meets, from 0 to 1 (1: met)."""
    if met(state, seat, card):
        return 1.0
    condition = CARDS[card].condition
    tally = _TALLIES.get(condition[0])
    if tally is None:
        raise ValueError(f"unknown objective condition {condition[0]!r}")
    mine = [(t, p) for t, p in enumerate(state.board) if p is not None and p.owner == seat]
    have, need = tally(state, seat, mine, condition[1:])
    return min(have, need - 1) / need


def _each_colour(mine: Held, n: int) -> tuple[int, int]:
    have = sum(min(sum(p.colour == c for _, p in mine), n) for c in PAWN_COLOURS)
    return have, n * len(PAWN_COLOURS)


def _adjacent(mine: Held, need: int, continents: int) -> tuple[int, int]:
    """The largest group short of ``need``, on one continent or spanning ``continents``."""
    territories = frozenset(t for t, _ in mine)
    have = max(
        (
            k
            for k in range(1, need)
            if _adjacent_group(territories, k, 1) or _adjacent_group(territories, k, continents)
        ),
        default=0,
    )
    return have, need


Tally = Callable[[State, str, Held, tuple[Any, ...]], tuple[int, int]]
"""How much of an objective condition of these values the seat has, and how much it needs."""

_TALLIES: dict[str, Tally] = {
    "continent": lambda st, seat, mine, a: (sum(CONTINENT[t] == a[0] for t, _ in mine), a[1]),
    "territory_colour": lambda st, seat, mine, a: (sum(COLOUR[t] == a[0] for t, _ in mine), a[1]),
    "strength": lambda st, seat, mine, a: (sum(p.strength == a[0] for _, p in mine), a[1]),
    "height": lambda st, seat, mine, a: (sum(p.height == a[0] for _, p in mine), a[1]),
    "each_colour": lambda st, seat, mine, a: _each_colour(mine, a[0]),
    "continents": lambda st, seat, mine, a: (len({CONTINENT[t] for t, _ in mine}), a[0]),
    "tiles": lambda st, seat, mine, a: (st.player(seat).tiles[a[0] - 1], a[1]),
    "strait_tokens": lambda st, seat, mine, a: (len(st.player(seat).straits), a[0]),
    "adjacent": lambda st, seat, mine, a: _adjacent(mine, a[0], a[1]),
}
"""The bot's measure of each kind of objective condition (``objectives.met`` says met)."""


def _card_value(state: State, seat: str, card: str) -> float:
    """What a card in hand is worth to the seat (ru «Конец игры»: a point in hand, plus)."""
    info = CARDS[card]
    player = state.player(seat)
    if info.deck == "objective":
        return CARD_IN_HAND + info.points * _progress(state, seat, card)
    if info.deck == "action":
        return CARD_IN_HAND + ACTION_CARD_VALUE.get(card, 0.0)
    if card in player.in_play:
        return CARD_IN_HAND
    # ru «Постоянные карты»: playable with an innovation tile of the level shown.
    return CARD_IN_HAND + (1.0 if player.tiles[info.level - 1] else 0.5)


# ---------------------------------------------------------------- tiles


def _tile_value(state: State, seat: str, column: str, level: int) -> float:
    """ru «Конец игры»: a tile is a point, level 5 five; a higher level opens the next
    («Ограничения для тайлов инновации») and the permanent cards of that level."""
    after = apply(state, {"type": ev.TILE_TAKEN, "seat": seat, "column": column, "level": level})
    return tile_points(level) + _potential(after, seat) + level / 10


def _best_tile_points(state: State, seat: str, column: str) -> int:
    return max((tile_points(level) for _, level in tile_choices(state, seat, column)), default=0)


# ---------------------------------------------------------------- the decisions of a turn


def _evolve_where(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    values = _evolutions(state, seat)
    return _best(
        moves,
        lambda m: max(v for (t, _), v in values.items() if t == INDEX[m["territory"]]),
    )


def _evolve_which(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    values = _evolutions(state, seat)
    t = INDEX[step.arg]
    return _best(moves, lambda m: values[t, kind_index(m["height"], m["strength"], m["colour"])])


def _which(swap: bool) -> Chooser:
    def choose(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
        values = _moves(state, seat, swap=swap)
        return _best(
            moves,
            lambda m: max(v for (a, _), v in values.items() if a == INDEX[m["territory"]]),
        )

    return choose


def _where(swap: bool) -> Chooser:
    def choose(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
        values = _moves(state, seat, swap=swap)
        a = INDEX[step.arg]
        return _best(moves, lambda m: values[a, INDEX[m["territory"]]])

    return choose


def _reward(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    """ru «Фаза награждения». Brown: two brown tiles, or one tile of any column when that
    one is worth more (a level-5 tile). Other colours: a tile and the top card when a tile
    can be laid, else three cards to keep the best of."""
    colour = step.arg
    if colour == "brown":
        worth = {
            TWO_BROWN: _best_tile_points(state, seat, "brown") + 1,
            ONE_ANY: _best_tile_points(state, seat, ANY_COLUMN),
        }
    else:
        worth = {
            TILE_AND_CARD: 2 if tile_choices(state, seat, colour) else 0,
            THREE_CARDS: 1,
        }
    return _best(moves, lambda m: worth[m["option"]])


def _take_tile(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    return _best(moves, lambda m: _tile_value(state, seat, m["column"], m["level"]))


def _keep(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    return _best(moves, lambda m: _card_value(state, seat, m["card"]))


def _return_objective(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    """ru «Очень важно!»: over the limit, the objective worth least goes under the deck."""
    return _best(moves, lambda m: -_card_value(state, seat, m["card"]))


def _hunt(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    return _best(moves, lambda m: state.hunting[INDEX[m["territory"]]] or 0)


def _invent(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    """ru Inventor: a tile (at least a point, laid face up) or the top card of a deck (a
    point in hand)."""
    return _best(
        moves,
        lambda m: (
            CARD_IN_HAND if "deck" in m else _tile_value(state, seat, m["column"], m["level"])
        ),
    )


def _sail(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    return _best(moves, lambda m: state.straits[STRAIT_INDEX[m["strait"]]] or 0)


def _steal_tile(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    return _best(moves, lambda m: tile_points(m["level"]) + m["level"] / 10)


def _first(state: State, seat: str, step: Step, moves: list[Move]) -> Move:
    """ru War trophies: every pawn taken is worth the same 2 points."""
    return moves[0]


_CHOOSERS: dict[str, Chooser] = {
    "evolve_where": _evolve_where,
    "evolve_which": _evolve_which,
    "migrate_which": _which(swap=False),
    "migrate_where": _where(swap=False),
    "swap_which": _which(swap=True),
    "swap_whom": _where(swap=True),
    "reward": _reward,
    "take_tile": _take_tile,
    "keep": _keep,
    "limit": _return_objective,
    "hunt": _hunt,
    "eruption": _keep,
    "invent": _invent,
    "sail": _sail,
    "steal_card": _keep,
    "steal_tile": _steal_tile,
    "trophy": _first,
}
