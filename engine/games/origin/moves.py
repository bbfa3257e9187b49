"""The shapes of Origin's moves, their one-line labels, and the prompt for each decision."""

from __future__ import annotations

from engine.contract import Move
from engine.games.origin.components import (
    CARDS,
    COLOUR,
    DECK_OF_COLOUR,
    INDEX,
    KINDS,
    STRAIT_INDEX,
    STRAITS,
    TERRITORIES,
)
from engine.games.origin.state import OVER, SETUP, Pawn, State, Step

HEIGHT_WORDS = {1: "short", 2: "medium", 3: "tall"}
STRENGTH_WORDS = {1: "slender", 2: "stout", 3: "broad"}
DECK_WORDS = {"action": "action", "permanent": "permanent", "objective": "objective"}


def pawn_words(height: int, strength: int, colour: str) -> str:
    return f"{HEIGHT_WORDS[height]} {STRENGTH_WORDS[strength]} {colour} pawn"


def _pawn(pawn: Pawn | None) -> str:
    if pawn is None:
        return "pawn"
    kind = KINDS[pawn.kind]
    return pawn_words(kind.height, kind.strength, kind.colour)


def _name(territory: str) -> str:
    return TERRITORIES[INDEX[territory]].name if territory in INDEX else str(territory)


def _card(card: str) -> str:
    return CARDS[card].name if card in CARDS else str(card)


def _step(state: State) -> Step | None:
    return state.pending[0] if state.pending else None


def describe(state: State, move: Move) -> str:
    kind = move.get("type")
    step = _step(state)
    arg = step.arg if step else ""
    seat = state.turn.seat if state.turn else ""
    if kind == "keep_objective":
        card = CARDS[move["card"]]
        return f"Keep the objective “{card.name}” ({card.points} points)"
    if kind == "evolve":
        return "Evolve: place a new pawn"
    if kind == "migrate":
        return "Migrate one of your pawns"
    if kind == "swap":
        return "Swap one of your pawns with a weaker pawn"
    if kind == "pass":
        return "Pass (no action is possible)"
    if kind == "end_turn":
        return "End your turn"
    if kind == "play":
        card = CARDS[move["card"]]
        return f"Play {card.name}: {card.text}"
    if kind == "complete":
        card = CARDS[move["card"]]
        return f"Complete the objective “{card.name}” (+{card.points} points)"
    if kind == "evolve_on":
        t = move["territory"]
        return f"Evolve onto {_name(t)} ({COLOUR[INDEX[t]]})"
    if kind == "evolve_pawn":
        words = pawn_words(move["height"], move["strength"], move["colour"])
        return f"Place a {words} on {_name(arg)}"
    if kind in ("migrate_from", "swap_from"):
        t = move["territory"]
        verb = "Migrate" if kind == "migrate_from" else "Swap"
        return f"{verb} the {_pawn(state.board[INDEX[t]])} from {_name(t)}"
    if kind == "migrate_to":
        pawn = _pawn(state.board[INDEX[arg]]) if arg in INDEX else "pawn"
        return f"Migrate the {pawn} from {_name(arg)} to {_name(move['territory'])}"
    if kind == "swap_with":
        t = move["territory"]
        other = state.board[INDEX[t]]
        owner = other.owner if other else "?"
        mine = _pawn(state.board[INDEX[arg]]) if arg in INDEX else "pawn"
        return f"Swap your {mine} with {owner}'s {_pawn(other)} on {_name(t)}"
    if kind == "reward":
        return _reward_label(arg, move["option"])
    if kind == "take_tile":
        return f"Take a level-{move['level']} innovation tile from the {move['column']} column"
    if kind == "keep":
        return f"Keep {_card(move['card'])}"
    if kind == "return_objective":
        return f"Put “{_card(move['card'])}” under the objective deck"
    if kind == "hunt":
        t = move["territory"]
        return f"Take the hunting token ({state.hunting[INDEX[t]]}) of {_name(t)}"
    if kind == "take_discard":
        return f"Take {_card(move['card'])} from the discard pile"
    if kind == "invent":
        if "deck" in move:
            return f"Draw the top {move['deck']} card"
        return f"Take a level-{move['level']} innovation tile from the {move['column']} column"
    if kind == "sail":
        s = STRAIT_INDEX[move["strait"]]
        return f"Take the token of the {STRAITS[s].name} ({state.straits[s]})"
    if kind == "steal_card":
        return f"Take {_card(move['card'])} from {arg}'s hand"
    if kind == "steal_tile":
        return f"Take a level-{move['level']} innovation tile from {arg}"
    if kind == "trophy":
        words = pawn_words(move["height"], move["strength"], move["colour"])
        return f"Take a {words} from the reserve as a war trophy"
    return f"{seat} {kind}"


def _reward_label(colour: str, option: str) -> str:
    if option == "two_brown_tiles":
        return "Take two innovation tiles from the brown column"
    if option == "one_tile_any_column":
        return "Take one innovation tile from any column"
    deck = DECK_OF_COLOUR.get(colour, "")
    if option == "tile_and_card":
        return f"Take a {colour} innovation tile and the top {deck} card"
    return f"Draw three {deck} cards and keep one"


_PROMPTS = {
    "evolve_where": "Choose the territory for your new pawn",
    "migrate_which": "Choose the pawn to migrate",
    "swap_which": "Choose your pawn that will swap",
    "keep": "Choose the card to keep; the others go under the deck",
    "limit": "You hold too many objectives: choose one to put under the deck",
    "hunt": "Hunter: choose the hunting token to take",
    "eruption": "Volcanic eruption: choose a card from the discard pile",
    "invent": "Inventor: draw a card or take an innovation tile",
    "sail": "Sailor: choose the strait token to take",
    "trophy": "War trophies: choose a pawn from the reserve",
}


def prompt(state: State, seat: str | None) -> str:
    """The current decision in words, as ``seat`` should read it."""
    if state.phase == OVER:
        return "The game is over"
    if state.phase == SETUP:
        if seat is not None and state.player(seat).dealt:
            return "Choose the objective card to keep"
        return "Waiting for every player to keep an objective"
    turn = state.turn
    if turn is None:
        return "Waiting for the next turn"
    if seat != turn.seat:
        return f"Waiting for {turn.seat}"
    step = _step(state)
    if step is None:
        if turn.acted:
            return "Play a card, complete an objective, or end your turn"
        return "Choose an action: evolve, migrate or swap (you may play cards first)"
    if step.kind in _PROMPTS:
        return _PROMPTS[step.kind]
    if step.kind == "evolve_which":
        return f"Choose the pawn to place on {_name(step.arg)}"
    if step.kind == "migrate_where":
        return f"Choose where the pawn on {_name(step.arg)} migrates"
    if step.kind == "swap_whom":
        return f"Choose the pawn the one on {_name(step.arg)} swaps with"
    if step.kind == "reward":
        return f"Choose your reward for the {step.arg} territory"
    if step.kind == "take_tile":
        where = "any column" if step.arg == "any" else f"the {step.arg} column"
        return f"Choose an innovation tile from {where}"
    if step.kind == "steal_card":
        return f"Tribal war: choose a card to take from {step.arg}'s hand"
    if step.kind == "steal_tile":
        return f"Tribal war: choose an innovation tile to take from {step.arg}"
    return "Choose"
