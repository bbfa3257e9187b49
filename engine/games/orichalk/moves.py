"""The shapes of Orichalk's moves, their one-line labels, and the prompt for each decision.

Moves (``type`` and fields):

- ``choose_side`` ``side``: "easy" or "hard" (setup, all players at once)
- ``place_metropolis`` ``cell``: a port space (first turn)
- ``take_card`` ``slot``, ``card``: phase 1
- ``place_tile`` ``cell``, ``rotation``, ``cells``: phase 2; ``cell`` is the tile's first
  space, ``rotation`` the index of :data:`geometry.DIRECTIONS` towards its second space,
  ``cells`` every space it covers, in the tile's order
- ``keep_titans`` ``titans``: which titans to end with, when more arrive than may be held
- ``mine`` / ``recruit`` ``favour``; ``fight`` ``cell``, ``hoplites``, ``favour``;
  ``build`` ``slot``, ``building``, ``cell``; ``temple`` ``cell``, ``rotation``, ``cells``;
  ``medallion``: phase 3 and bought extra actions
- ``extra`` ``pay``, ``action`` (and ``creature`` when paying with one): phase 4
- ``discard_card`` ``slot``, ``card``: phase 5 (two players)
- ``give_initiative`` ``seat``: the holder settles a tie at the end of a round
- ``skip``: decline the optional step (the action, more fights, Theia's extra Create, the
  extra action)
"""

from __future__ import annotations

from engine.contract import Move
from engine.games.orichalk.components import (
    ACTION_NAMES,
    BUILDING,
    CARD,
    CREATURE,
    ISLAND,
    TIER,
    TILE,
    TITAN,
)
from engine.games.orichalk.geometry import DIRECTIONS, layout
from engine.games.orichalk.island import camps, count, mines
from engine.games.orichalk.options import card_cost, tier_cost
from engine.games.orichalk.state import (
    ACTION,
    CREATE_MORE,
    DISCARD,
    EXTRA,
    INITIATIVE,
    METROPOLIS,
    OVER,
    PLACE,
    SIDES,
    TAKE,
    TITANS,
    State,
)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def tile_words(tile_id: int) -> str:
    """ "the forest–volcano tile"."""
    if tile_id not in TILE:
        return "the land tile"
    return f"the {'–'.join(TILE[tile_id].terrains)} tile"


def card_words(card: str) -> str:
    c = CARD[card]
    return f"{ACTION_NAMES[c.action]}, {c.size} tile"


def _names(titans: list[str]) -> str:
    names = [TITAN[t].name for t in titans]
    return " and ".join(names) if names else "no titan"


def _gains(hoplites: int, orichalcum: int) -> str:
    parts = []
    if hoplites:
        parts.append(f"+{plural(hoplites, 'hoplite')}")
    if orichalcum:
        parts.append(f"+{orichalcum} orichalcum")
    return ", ".join(parts) or "nothing"


def describe(state: State, move: Move) -> str:
    kind = move.get("type")
    turn = state.turn
    seat = turn.seat if turn else state.initiative
    if kind == "choose_side":
        return f"Play the {'easier' if move['side'] == 'easy' else 'harder'} side of your island"
    if kind == "place_metropolis":
        island = state.player(seat).island
        lay = layout(island.board, island.side)
        port = lay.port_of[lay.index[move["cell"]]]
        gains = _gains(port.hoplites, port.orichalcum)
        return f"Place your metropolis on the port at {move['cell']} ({gains})"
    if kind == "take_card":
        offer = state.offers[move["slot"]] if move["slot"] < len(state.offers) else None
        what = card_words(move["card"])
        if offer is not None and offer.tile:
            what += f": {tile_words(offer.tile)}"
            riders = [CREATURE[c].name for c in offer.creatures if c]
            if riders:
                what += " with a " + " and a ".join(riders)
        cost = _card_cost(state, seat, move["slot"])
        price = "free" if cost == 0 else f"for {plural(cost, 'hoplite')}"
        return f"Take card {move['slot'] + 1} ({what}), {price}"
    if kind == "place_tile":
        tile = turn.tile if turn else 0
        words = tile_words(tile) if tile else "the tile"
        if len(move["cells"]) == 1:
            return f"Place {words} at {move['cell']}"
        return f"Place {words} at {move['cell']}, pointing {DIRECTIONS[move['rotation']]}"
    if kind == "keep_titans":
        return f"Keep {_names(move['titans'])}"
    if kind in ("mine", "recruit"):
        return _produce(state, seat, kind, move["favour"])
    if kind == "fight":
        return _fight(state, seat, move)
    if kind in ("build", "temple", "medallion"):
        label = _create(move)
        if turn is not None and turn.step == CREATE_MORE:
            label += " (Theia's favour)"
        return label
    if kind == "extra":
        action = ACTION_NAMES[move["action"]]
        if move["pay"] == "creature":
            creature = CREATURE[move["creature"]].name
            return f"Extra action: {action}, returning a {creature} to the bag"
        cost = _tier_cost(state, seat, move["pay"])
        unit = plural(cost, "hoplite") if move["pay"] == "hoplites" else f"{cost} orichalcum"
        return f"Extra action: {action}, for {unit}"
    if kind == "discard_card":
        return f"Discard card {move['slot'] + 1} ({card_words(move['card'])})"
    if kind == "give_initiative":
        return f"Give the initiative to {move['seat']}"
    if kind == "skip":
        return _skip(state)
    return f"{seat} {kind}"


def _card_cost(state: State, seat: str, slot: int) -> int:
    return card_cost(state, state.player(seat), slot)


def _tier_cost(state: State, seat: str, pay: str) -> int:
    return tier_cost(state.player(seat), TIER[pay])


def dice_words(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


def _produce(state: State, seat: str, kind: str, favour: bool) -> str:
    island = state.player(seat).island
    n = (mines(island) if kind == "mine" else camps(island)) * (2 if favour else 1)
    gain = f"+{n} orichalcum" if kind == "mine" else f"+{plural(n, 'hoplite')}"
    if favour:
        titan = "Hyperion" if kind == "mine" else "Themis"
        return f"{ACTION_NAMES[kind]} with {titan}'s favour ({gain})"
    return f"{ACTION_NAMES[kind]} ({gain})"


def _fight(state: State, seat: str, move: Move) -> str:
    island = state.player(seat).island
    i = layout(island.board, island.side).index[move["cell"]]
    creature = CREATURE[island.creature[i]] if island.creature[i] else None
    name = f"the {creature.name} (strength {creature.strength})" if creature else "the creature"
    if move["favour"]:
        return f"Capture {name} at {move['cell']} with Kronos's favour, without rolling"
    guards = island.guards[i]
    dice = 1 + guards + move["hoplites"] + count(island, "siege_engines")
    with_ = plural(move["hoplites"], "hoplite")
    if guards:
        with_ += f" (and {guards} already there)"
    return f"Fight {name} at {move['cell']} with {with_}: {dice_words(dice)}"


def _create(move: Move) -> str:
    kind = move["type"]
    if kind == "build":
        name = BUILDING[move["building"]].name
        return f"Build the {name} from the {move['slot']} slot at {move['cell']}"
    if kind == "temple":
        return f"Build a temple on {', '.join(move['cells'])}"
    return "Forge an orichalcum medallion (5 orichalcum)"


def _skip(state: State) -> str:
    turn = state.turn
    if turn is None:
        return "Skip"
    if turn.step == ACTION:
        if turn.action == "capture" and turn.fought:
            return "Stop fighting"
        return f"Skip the action ({ACTION_NAMES[turn.action]})"
    if turn.step == CREATE_MORE:
        return "No second creation (keep Theia's favour)"
    if turn.step == EXTRA:
        return "No extra action"
    return "Skip"


def prompt(state: State, seat: str | None) -> str:
    """The current decision in words, as ``seat`` should read it."""
    if state.phase == OVER:
        return f"The game is over: {state.winner} won" if state.winner else "The game is over"
    if state.phase == SIDES:
        island = state.player(seat).island if seat in state.seats else None
        if island is not None and island.board and not island.side:
            return f"Choose the side of your island ({ISLAND[island.board].name}): easier or harder"
        return "Waiting for every player to choose the side of their island"
    if state.phase == INITIATIVE:
        if seat == state.initiative:
            return "Players are tied for the most hoplites: choose who takes the initiative"
        return f"Waiting for {state.initiative} to give the initiative"
    turn = state.turn
    if turn is None:
        return "Waiting for the next turn"
    if seat != turn.seat:
        return f"Waiting for {turn.seat}"
    step = turn.step
    if step == METROPOLIS:
        return "Your first turn: place your metropolis on one of the 3 ports"
    if step == TAKE:
        return "Phase 1: take an action card"
    if step == PLACE:
        return f"Phase 2: place {tile_words(turn.tile)} on your island"
    if step == TITANS:
        return f"{_names(list(turn.titans))} came to you: choose the titans you keep"
    if step == ACTION:
        name = ACTION_NAMES[turn.action]
        if turn.extra:
            return f"Extra action: {name}"
        if turn.action == "capture" and turn.fought:
            return "You won: fight another creature or stop"
        return f"Phase 3: {name}, or skip it"
    if step == CREATE_MORE:
        return "Theia's favour: create one more thing, or keep the favour"
    if step == EXTRA:
        return "Phase 4: buy an extra action, or end without one"
    if step == DISCARD:
        return "Phase 5: discard a card from the action board"
    return "Choose"
