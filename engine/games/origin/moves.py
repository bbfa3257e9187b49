"""The shapes of Origin's moves, their one-line labels, and the prompt for each decision."""

from __future__ import annotations

from collections.abc import Callable

from engine.contract import Move
from engine.games.origin.components import CARDS, COLOUR, INDEX, KINDS, STRAIT_INDEX
from engine.games.origin.names import (
    COLOUR_WORDS,
    COLUMN_WORDS,
    HEIGHT_WORDS,
    STRENGTH_WORDS,
    TERRITORY_COLOUR_WORDS,
    a_pawn,
    card_name,
    points,
    strait_name,
    territory_name,
)
from engine.games.origin.names import pawn_words as properties
from engine.games.origin.state import OVER, SETUP, Pawn, State, Step
from engine.games.origin.words import _
from engine.kit.words import Msg, Seat

__all__ = ["HEIGHT_WORDS", "STRENGTH_WORDS", "describe", "pawn_words", "prompt"]

pawn_words = a_pawn
"""A pawn named on its own: "short slender white pawn"."""


def _pawn(pawn: Pawn | None) -> Msg | None:
    if pawn is None:
        return None
    kind = KINDS[pawn.kind]
    return properties(kind.height, kind.strength, kind.colour)


def _step(state: State) -> Step | None:
    return state.pending[0] if state.pending else None


_SIMPLE: dict[str, Msg] = {
    "evolve": _("Evolve: place a new pawn"),
    "migrate": _("Migrate one of your pawns"),
    "swap": _("Swap one of your pawns with a weaker pawn"),
    "pass": _("Pass (no action is possible)"),
    "end_turn": _("End your turn"),
}

_DRAW_TOP: dict[str, Msg] = {
    "action": _("Draw the top action card"),
    "permanent": _("Draw the top permanent card"),
    "objective": _("Draw the top objective card"),
}


Label = Callable[[State, Move, str], str]
"""A move's one-line label, from the state, the move and the pending step's argument."""


def _simple(label: Msg) -> Label:
    return lambda state, move, arg: label


def _keep_objective(state: State, move: Move, arg: str) -> str:
    card = CARDS[move["card"]]
    return _("Keep the objective “{card}” ({points})", card=card.name, points=points(card.points))


def _play(state: State, move: Move, arg: str) -> str:
    card = CARDS[move["card"]]
    return _("Play {card}: {text}", card=card.name, text=card.text)


def _complete(state: State, move: Move, arg: str) -> str:
    card = CARDS[move["card"]]
    return _(
        "Complete the objective “{card}” (+{points})", card=card.name, points=points(card.points)
    )


def _evolve_on(state: State, move: Move, arg: str) -> str:
    t = move["territory"]
    return _(
        "Evolve onto {territory} ({colour})",
        territory=territory_name(t),
        colour=COLOUR_WORDS.get(COLOUR[INDEX[t]] or "", str(COLOUR[INDEX[t]])),
    )


def _evolve_pawn(state: State, move: Move, arg: str) -> str:
    words = properties(move["height"], move["strength"], move["colour"])
    return _("Place a {pawn} pawn on {territory}", pawn=words, territory=territory_name(arg))


def _migrate_from(state: State, move: Move, arg: str) -> str:
    t = move["territory"]
    pawn = _pawn(state.board[INDEX[t]])
    if pawn is None:
        return _("Migrate the pawn from {territory}", territory=territory_name(t))
    return _("Migrate the {pawn} pawn from {territory}", pawn=pawn, territory=territory_name(t))


def _swap_from(state: State, move: Move, arg: str) -> str:
    t = move["territory"]
    pawn = _pawn(state.board[INDEX[t]])
    if pawn is None:
        return _("Swap the pawn from {territory}", territory=territory_name(t))
    return _("Swap the {pawn} pawn from {territory}", pawn=pawn, territory=territory_name(t))


def _migrate_to(state: State, move: Move, arg: str) -> str:
    pawn = _pawn(state.board[INDEX[arg]]) if arg in INDEX else None
    places = {"origin": territory_name(arg), "destination": territory_name(move["territory"])}
    if pawn is None:
        return _("Migrate the pawn from {origin} to {destination}", **places)
    return _("Migrate the {pawn} pawn from {origin} to {destination}", pawn=pawn, **places)


def _swap_with(state: State, move: Move, arg: str) -> str:
    t = move["territory"]
    other = state.board[INDEX[t]]
    owner = Seat(other.owner if other else "?")
    theirs = _pawn(other)
    mine = _pawn(state.board[INDEX[arg]]) if arg in INDEX else None
    if mine is None or theirs is None:
        return _(
            "Swap your pawn with {owner}'s pawn on {territory}",
            owner=owner,
            territory=territory_name(t),
        )
    return _(
        "Swap your {pawn} pawn with {owner}'s {other} pawn on {territory}",
        pawn=mine,
        owner=owner,
        other=theirs,
        territory=territory_name(t),
    )


def _reward(state: State, move: Move, arg: str) -> str:
    return _reward_label(arg, move["option"])


def _take_tile(state: State, move: Move, arg: str) -> str:
    return _(
        "Take a level-{level} innovation tile from the {column} column",
        level=move["level"],
        column=COLUMN_WORDS.get(move["column"], move["column"]),
    )


def _invent(state: State, move: Move, arg: str) -> str:
    # ru «Изобретатель»: draw the top card of a deck, or take a tile as take_tile does.
    if "deck" in move:
        return _DRAW_TOP[move["deck"]]
    return _take_tile(state, move, arg)


def _keep(state: State, move: Move, arg: str) -> str:
    return _("Keep {card}", card=card_name(move["card"]))


def _return_objective(state: State, move: Move, arg: str) -> str:
    return _("Put “{card}” under the objective deck", card=card_name(move["card"]))


def _hunt(state: State, move: Move, arg: str) -> str:
    t = move["territory"]
    return _(
        "Take the hunting token ({value}) of {territory}",
        value=state.hunting[INDEX[t]],
        territory=territory_name(t),
    )


def _take_discard(state: State, move: Move, arg: str) -> str:
    return _("Take {card} from the discard pile", card=card_name(move["card"]))


def _sail(state: State, move: Move, arg: str) -> str:
    return _(
        "Take the token of the {strait} ({value})",
        strait=strait_name(move["strait"]),
        value=state.straits[STRAIT_INDEX[move["strait"]]],
    )


def _steal_card(state: State, move: Move, arg: str) -> str:
    return _("Take {card} from {seat}'s hand", card=card_name(move["card"]), seat=Seat(arg))


def _steal_tile(state: State, move: Move, arg: str) -> str:
    return _(
        "Take a level-{level} innovation tile from {seat}", level=move["level"], seat=Seat(arg)
    )


def _trophy(state: State, move: Move, arg: str) -> str:
    words = properties(move["height"], move["strength"], move["colour"])
    return _("Take a {pawn} pawn from the reserve as a war trophy", pawn=words)


_LABELS: dict[str, Label] = {
    **{kind: _simple(label) for kind, label in _SIMPLE.items()},
    "keep_objective": _keep_objective,
    "play": _play,
    "complete": _complete,
    "evolve_on": _evolve_on,
    "evolve_pawn": _evolve_pawn,
    "migrate_from": _migrate_from,
    "swap_from": _swap_from,
    "migrate_to": _migrate_to,
    "swap_with": _swap_with,
    "reward": _reward,
    "take_tile": _take_tile,
    "invent": _invent,
    "keep": _keep,
    "return_objective": _return_objective,
    "hunt": _hunt,
    "take_discard": _take_discard,
    "sail": _sail,
    "steal_card": _steal_card,
    "steal_tile": _steal_tile,
    "trophy": _trophy,
}


def describe(state: State, move: Move) -> str:
    kind = move.get("type")
    label = _LABELS.get(kind) if isinstance(kind, str) else None
    if label is None:
        seat = state.turn.seat if state.turn else ""
        return f"{seat} {kind}"
    step = _step(state)
    return label(state, move, step.arg if step else "")


# ru «Фаза награждения»: the two rewards of each colour.
_TILE_AND_CARD: dict[str, Msg] = {
    "yellow": _("Take a yellow innovation tile and the top action card"),
    "orange": _("Take an orange innovation tile and the top permanent card"),
    "purple": _("Take a purple innovation tile and the top objective card"),
}
_THREE_CARDS: dict[str, Msg] = {
    "yellow": _("Draw three action cards and keep one"),
    "orange": _("Draw three permanent cards and keep one"),
    "purple": _("Draw three objective cards and keep one"),
}


def _reward_label(colour: str, option: str) -> str:
    if option == "two_brown_tiles":
        return _("Take two innovation tiles from the brown column")
    if option == "one_tile_any_column":
        return _("Take one innovation tile from any column")
    if option == "tile_and_card":
        return _TILE_AND_CARD[colour]
    return _THREE_CARDS[colour]


_PROMPTS: dict[str, Msg] = {
    "evolve_where": _("Choose the territory for your new pawn"),
    "migrate_which": _("Choose the pawn to migrate"),
    "swap_which": _("Choose your pawn that will swap"),
    "keep": _("Choose the card to keep; the others go under the deck"),
    "limit": _("You hold too many objectives: choose one to put under the deck"),
    "hunt": _("Hunter: choose the hunting token to take"),
    "eruption": _("Volcanic eruption: choose a card from the discard pile"),
    "invent": _("Inventor: draw a card or take an innovation tile"),
    "sail": _("Sailor: choose the strait token to take"),
    "trophy": _("War trophies: choose a pawn from the reserve"),
}


def prompt(state: State, seat: str | None) -> str:
    """The current decision in words, as ``seat`` should read it."""
    if state.phase == OVER:
        return _("The game is over")
    if state.phase == SETUP:
        if seat is not None and state.player(seat).dealt:
            return _("Choose the objective card to keep")
        return _("Waiting for every player to keep an objective")
    turn = state.turn
    if turn is None:
        return _("Waiting for the next turn")
    if seat != turn.seat:
        return _("Waiting for {seat}", seat=Seat(turn.seat))
    step = _step(state)
    if step is None:
        if turn.acted:
            return _("Play a card, complete an objective, or end your turn")
        return _("Choose an action: evolve, migrate or swap (you may play cards first)")
    if step.kind in _PROMPTS:
        return _PROMPTS[step.kind]
    told = _PROMPTS_OF_ARG.get(step.kind)
    return told(step.arg) if told is not None else _("Choose")


def _tile_prompt(column: str) -> str:
    if column == "any":
        return _("Choose an innovation tile from any column")
    return _(
        "Choose an innovation tile from the {column} column",
        column=COLUMN_WORDS.get(column, column),
    )


_PROMPTS_OF_ARG: dict[str, Callable[[str], str]] = {
    "evolve_which": lambda t: _(
        "Choose the pawn to place on {territory}", territory=territory_name(t)
    ),
    "migrate_where": lambda t: _(
        "Choose where the pawn on {territory} migrates", territory=territory_name(t)
    ),
    "swap_whom": lambda t: _(
        "Choose the pawn the one on {territory} swaps with", territory=territory_name(t)
    ),
    "reward": lambda colour: _(
        "Choose your reward for the {colour} territory",
        colour=TERRITORY_COLOUR_WORDS.get(colour, colour),
    ),
    "take_tile": _tile_prompt,
    "steal_card": lambda seat: _(
        "Tribal war: choose a card to take from {seat}'s hand", seat=Seat(seat)
    ),
    "steal_tile": lambda seat: _(
        "Tribal war: choose an innovation tile to take from {seat}", seat=Seat(seat)
    ),
}
"""The prompts that name the step's argument: a territory, a colour, a column, a seat."""
