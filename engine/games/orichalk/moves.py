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

from collections.abc import Callable

from engine.contract import Move
from engine.games.orichalk.components import (
    CARD,
    CREATURE,
    TIER,
    TILE,
)
from engine.games.orichalk.geometry import layout
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
    Turn,
)
from engine.games.orichalk.words import (
    ACTION_NAME,
    BUILDING_NAME,
    CREATURE_NAME,
    DIRECTION,
    ISLAND_NAME,
    SIZE_TILE,
    TERRAIN,
    TITAN_NAME,
    _,
    dice,
    hoplites,
    orichalcum,
    tile_terrains,
)
from engine.kit.words import Seat


def tile_words(tile_id: int) -> str:
    """ "the forest–volcano tile"."""
    if tile_id not in TILE:
        return _("the land tile")
    return _("the {terrains} tile", terrains=tile_terrains(TILE[tile_id].terrains))


def card_words(card: str) -> str:
    c = CARD[card]
    return _("{action}, {tile}", action=ACTION_NAME[c.action], tile=SIZE_TILE[c.size])


def _names(titans: list[str]) -> str:
    if not titans:
        return _("no titan")
    names = [TITAN_NAME[t] for t in titans]
    if len(names) == 1:
        return names[0]
    joined = names[-1]
    for name in reversed(names[:-1]):
        joined = _("{titan} and {more}", titan=name, more=joined)
    return joined


def _gains(hoplite_count: int, orichalcum_count: int) -> str:
    if hoplite_count and orichalcum_count:
        return _(
            "+{hoplites}, +{orichalcum}",
            hoplites=hoplites(hoplite_count),
            orichalcum=orichalcum(orichalcum_count),
        )
    if hoplite_count:
        return _("+{hoplites}", hoplites=hoplites(hoplite_count))
    if orichalcum_count:
        return _("+{orichalcum}", orichalcum=orichalcum(orichalcum_count))
    return _("nothing")


Label = Callable[[State, Move, str], str]
"""A move's one-line label, from the state, the move and the seat deciding."""


def describe(state: State, move: Move) -> str:
    kind = move.get("type")
    seat = state.turn.seat if state.turn else state.initiative
    label = _LABELS.get(kind) if isinstance(kind, str) else None
    if label is None:
        return f"{seat} {kind}"
    return label(state, move, seat)


def _choose_side(state: State, move: Move, seat: str) -> str:
    if move["side"] == "easy":
        return _("Play the easier side of your island")
    return _("Play the harder side of your island")


def _place_metropolis(state: State, move: Move, seat: str) -> str:
    island = state.player(seat).island
    lay = layout(island.board, island.side)
    port = lay.port_of[lay.index[move["cell"]]]
    gains = _gains(port.hoplites, port.orichalcum)
    return _(
        "Place your metropolis on the port at {cell} ({gains})", cell=move["cell"], gains=gains
    )


def _take_card(state: State, move: Move, seat: str) -> str:
    what = _offered(state, move["slot"], move["card"])
    cost = _card_cost(state, seat, move["slot"])
    if cost == 0:
        return _("Take card {slot} ({card}), free", slot=move["slot"] + 1, card=what)
    return _(
        "Take card {slot} ({card}), for {cost}",
        slot=move["slot"] + 1,
        card=what,
        cost=hoplites(cost),
    )


def _offered(state: State, slot: int, card: str) -> str:
    """The card of an action board slot, with the tile and the creatures riding on it."""
    offer = state.offers[slot] if slot < len(state.offers) else None
    what = card_words(card)
    if offer is None or not offer.tile:
        return what
    what = _("{card}: {tile}", card=what, tile=tile_words(offer.tile))
    riders = [CREATURE_NAME[c] for c in offer.creatures if c]
    for rider in riders[:1]:
        what = _("{card} with a {creature}", card=what, creature=rider)
    for rider in riders[1:]:
        what = _("{tile} and a {creature}", tile=what, creature=rider)
    return what


def _place_tile(state: State, move: Move, seat: str) -> str:
    tile = state.turn.tile if state.turn else 0
    words = tile_words(tile) if tile else _("the tile")
    if len(move["cells"]) == 1:
        return _("Place {tile} at {cell}", tile=words, cell=move["cell"])
    return _(
        "Place {tile} at {cell}, {pointing}",
        tile=words,
        cell=move["cell"],
        pointing=DIRECTION[move["rotation"]],
    )


def _creation(state: State, move: Move, seat: str) -> str:
    label = _CREATIONS[move["type"]](move)
    if state.turn is not None and state.turn.step == CREATE_MORE:
        return _("{choice} (Theia's favour)", choice=label)
    return label


def _extra(state: State, move: Move, seat: str) -> str:
    action = ACTION_NAME[move["action"]]
    if move["pay"] == "creature":
        return _(
            "Extra action: {action}, returning a {creature} to the bag",
            action=action,
            creature=CREATURE_NAME[move["creature"]],
        )
    cost = _tier_cost(state, seat, move["pay"])
    unit = hoplites(cost) if move["pay"] == "hoplites" else orichalcum(cost)
    return _("Extra action: {action}, for {cost}", action=action, cost=unit)


_LABELS: dict[str, Label] = {
    "choose_side": _choose_side,
    "place_metropolis": _place_metropolis,
    "take_card": _take_card,
    "place_tile": _place_tile,
    "keep_titans": lambda state, move, seat: _("Keep {titans}", titans=_names(move["titans"])),
    "mine": lambda state, move, seat: _produce(state, seat, "mine", move["favour"]),
    "recruit": lambda state, move, seat: _produce(state, seat, "recruit", move["favour"]),
    "fight": lambda state, move, seat: _fight(state, seat, move),
    "build": _creation,
    "temple": _creation,
    "medallion": _creation,
    "extra": _extra,
    "discard_card": lambda state, move, seat: _(
        "Discard card {slot} ({card})", slot=move["slot"] + 1, card=card_words(move["card"])
    ),
    "give_initiative": lambda state, move, seat: _(
        "Give the initiative to {seat}", seat=Seat(move["seat"])
    ),
    "skip": lambda state, move, seat: _skip(state),
}


def _card_cost(state: State, seat: str, slot: int) -> int:
    return card_cost(state, state.player(seat), slot)


def _tier_cost(state: State, seat: str, pay: str) -> int:
    return tier_cost(state.player(seat), TIER[pay])


def _produce(state: State, seat: str, kind: str, favour: bool) -> str:
    island = state.player(seat).island
    n = (mines(island) if kind == "mine" else camps(island)) * (2 if favour else 1)
    gain = orichalcum(n) if kind == "mine" else hoplites(n)
    if favour and kind == "mine":
        return _("{action} with Hyperion's favour (+{gain})", action=ACTION_NAME[kind], gain=gain)
    if favour:
        return _("{action} with Themis's favour (+{gain})", action=ACTION_NAME[kind], gain=gain)
    return _("{action} (+{gain})", action=ACTION_NAME[kind], gain=gain)


def _fight(state: State, seat: str, move: Move) -> str:
    island = state.player(seat).island
    i = layout(island.board, island.side).index[move["cell"]]
    creature = CREATURE[island.creature[i]] if island.creature[i] else None
    if creature:
        name = _(
            "the {creature} (strength {strength})",
            creature=CREATURE_NAME[creature.id],
            strength=creature.strength,
        )
    else:
        name = _("the creature")
    if move["favour"]:
        return _(
            "Capture {creature} at {cell} with Kronos's favour, without rolling",
            creature=name,
            cell=move["cell"],
        )
    guards = island.guards[i]
    rolled = dice(1 + guards + move["hoplites"] + count(island, "siege_engines"))
    words = {"creature": name, "cell": move["cell"], "hoplites": hoplites(move["hoplites"])}
    if guards:
        return _(
            "Fight {creature} at {cell} with {hoplites} (and {guards} already there): {dice}",
            guards=guards,
            dice=rolled,
            **words,
        )
    return _("Fight {creature} at {cell} with {hoplites}: {dice}", dice=rolled, **words)


_CREATIONS: dict[str, Callable[[Move], str]] = {
    "build": lambda move: _(
        "Build the {building} from the {slot} slot at {cell}",
        building=BUILDING_NAME[move["building"]],
        slot=TERRAIN[move["slot"]],
        cell=move["cell"],
    ),
    "temple": lambda move: _("Build a temple on {cells}", cells=", ".join(move["cells"])),
    "medallion": lambda move: _("Forge an orichalcum medallion (5 orichalcum)"),
}
"""uk «Створення»: what each kind of creation builds."""


def _skip(state: State) -> str:
    turn = state.turn
    if turn is None:
        return _("Skip")
    if turn.step == ACTION:
        if turn.action == "capture" and turn.fought:
            return _("Stop fighting")
        return _("Skip the action ({action})", action=ACTION_NAME[turn.action])
    if turn.step == CREATE_MORE:
        return _("No second creation (keep Theia's favour)")
    if turn.step == EXTRA:
        return _("No extra action")
    return _("Skip")


def prompt(state: State, seat: str | None) -> str:
    """The current decision in words, as ``seat`` should read it."""
    phase = _PHASE_PROMPTS.get(state.phase)
    if phase is not None:
        return phase(state, seat)
    turn = state.turn
    if turn is None:
        return _("Waiting for the next turn")
    if seat != turn.seat:
        return _("Waiting for {seat}", seat=Seat(turn.seat))
    step = _STEP_PROMPTS.get(turn.step)
    return step(turn) if step is not None else _("Choose")


def _over(state: State, seat: str | None) -> str:
    if state.winner:
        return _("The game is over: {seat} won", seat=Seat(state.winner))
    return _("The game is over")


def _sides(state: State, seat: str | None) -> str:
    island = state.player(seat).island if seat in state.seats else None
    if island is not None and island.board and not island.side:
        return _(
            "Choose the side of your island ({island}): easier or harder",
            island=ISLAND_NAME[island.board],
        )
    return _("Waiting for every player to choose the side of their island")


def _initiative(state: State, seat: str | None) -> str:
    if seat == state.initiative:
        return _("Players are tied for the most hoplites: choose who takes the initiative")
    return _("Waiting for {seat} to give the initiative", seat=Seat(state.initiative))


_PHASE_PROMPTS: dict[str, Callable[[State, str | None], str]] = {
    OVER: _over,
    SIDES: _sides,
    INITIATIVE: _initiative,
}
"""The phases outside the turns, each with its prompt."""


def _action(turn: Turn) -> str:
    name = ACTION_NAME[turn.action]
    if turn.extra:
        return _("Extra action: {action}", action=name)
    if turn.action == "capture" and turn.fought:
        return _("You won: fight another creature or stop")
    return _("Phase 3: {action}, or skip it", action=name)


_STEP_PROMPTS: dict[str, Callable[[Turn], str]] = {
    METROPOLIS: lambda turn: _("Your first turn: place your metropolis on one of the 3 ports"),
    TAKE: lambda turn: _("Phase 1: take an action card"),
    PLACE: lambda turn: _("Phase 2: place {tile} on your island", tile=tile_words(turn.tile)),
    TITANS: lambda turn: _(
        "{titans} came to you: choose the titans you keep", titans=_names(list(turn.titans))
    ),
    ACTION: _action,
    CREATE_MORE: lambda turn: _("Theia's favour: create one more thing, or keep the favour"),
    EXTRA: lambda turn: _("Phase 4: buy an extra action, or end without one"),
    DISCARD: lambda turn: _("Phase 5: discard a card from the action board"),
}
"""The player to play's prompt at each step of a turn."""
