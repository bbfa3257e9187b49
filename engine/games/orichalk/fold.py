"""``apply``: the fold of Orichalk's events into state. Total over its vocabulary
(:mod:`.events`: a type it never declared raises); never validates, never draws."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.contract import Event
from engine.games.orichalk import events as E
from engine.games.orichalk.components import (
    BUILDING_IDS,
    BUILDINGS,
    CONSTRUCTION_SLOTS,
    CREATURE_IDS,
    CREATURES,
    SIZES,
    START_HOPLITES,
    START_ORICHALCUM,
    TEMPLE_TILES,
    TILE,
    TITANS,
    VICTORY_TOKENS,
)
from engine.games.orichalk.geometry import layout
from engine.games.orichalk.state import (
    FIRST_RULESET,
    INITIATIVE,
    OVER,
    PLAY,
    Fight,
    Island,
    Offer,
    Player,
    Site,
    State,
    Turn,
    replace,
)
from engine.kit.frozen import add_at, set_at, with_player

_SIZE = {s: i for i, s in enumerate(SIZES)}
_CREATURE = {c: i for i, c in enumerate(CREATURE_IDS)}
_BUILDING = {b: i for i, b in enumerate(BUILDING_IDS)}
_SLOT = {t: i for i, t in enumerate(CONSTRUCTION_SLOTS)}
_TITAN_ORDER = {t.id: i for i, t in enumerate(TITANS)}
_RESOURCE_BUILDINGS = frozenset({"mine", "training_camp"})


def _game_set_up(event: Event) -> State:
    seats = tuple(event["seats"])
    return State(
        seats=seats,
        players=tuple(
            Player(s, Island(board=""), hoplites=START_HOPLITES, orichalcum=START_ORICHALCUM)
            for s in seats
        ),
        creature_bag=tuple(c.copies for c in CREATURES),
        building_bag=tuple(b.copies for b in BUILDINGS),
        sites=tuple(Site(t) for t in CONSTRUCTION_SLOTS),
        centre=tuple(t.id for t in TITANS),
        temples_left=TEMPLE_TILES,
        tokens_left=VICTORY_TOKENS,
        ruleset=event.get("ruleset", FIRST_RULESET),
    )


# ---------------------------------------------------------------- helpers


def _island(state: State, seat: str, **changes: Any) -> State:
    player = state.player(seat)
    return with_player(state, seat, island=replace(player.island, **changes))


def _cell(state: State, seat: str, label: str) -> int:
    island = state.player(seat).island
    return layout(island.board, island.side).index[label]


def _bag_add(bag: tuple[int, ...], creatures: list[str]) -> tuple[int, ...]:
    for c in creatures:
        if c:
            bag = add_at(bag, _CREATURE[c], 1)
    return bag


def _bag_take(bag: tuple[int, ...], creatures: list[str]) -> tuple[int, ...]:
    for c in creatures:
        if c:
            bag = add_at(bag, _CREATURE[c], -1)
    return bag


def _gain(state: State, seat: str, hoplites: int = 0, orichalcum: int = 0) -> State:
    p = state.player(seat)
    return with_player(
        state, seat, hoplites=p.hoplites + hoplites, orichalcum=p.orichalcum + orichalcum
    )


def _turn(state: State, **changes: Any) -> State:
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, **changes))


def _to_bottom(state: State, tile: int) -> State:
    if not tile:
        return state
    i = _SIZE[TILE[tile].size]
    return replace(state, stacks=set_at(state.stacks, i, (*state.stacks[i], tile)))


def _without_offer(offers: tuple[Offer, ...], slot: int) -> tuple[Offer, ...]:
    """uk фаза 1: the cards right of the one taken slide left."""
    return offers[:slot] + offers[slot + 1 :]


def _take_titan(state: State, titan: str) -> State:
    """The titan leaves the centre or whoever holds it."""
    if titan in state.centre:
        return replace(state, centre=tuple(t for t in state.centre if t != titan))
    for p in state.players:
        if any(t == titan for t, _ in p.titans):
            state = with_player(state, p.seat, titans=tuple(x for x in p.titans if x[0] != titan))
    return state


# ---------------------------------------------------------------- setup


def _islands_dealt(state: State, e: Event) -> State:
    for seat, board in e["boards"].items():
        state = with_player(state, seat, island=Island(board=board))
    return state


def _land_tiles_shuffled(state: State, e: Event) -> State:
    return replace(state, stacks=tuple(tuple(e[size]) for size in SIZES))


def _action_cards_shuffled(state: State, e: Event) -> State:
    return replace(state, deck=tuple(e["deck"]), discard=())


def _card_dealt(state: State, e: Event) -> State:
    deck = list(state.deck)
    deck.remove(e["card"])
    stacks = state.stacks
    if e["tile"]:
        i = _SIZE[TILE[e["tile"]].size]
        stack = list(stacks[i])
        stack.remove(e["tile"])
        stacks = set_at(stacks, i, tuple(stack))
    offer = Offer(e["card"], e["tile"], tuple(e["creatures"]))
    return replace(
        state,
        deck=tuple(deck),
        stacks=stacks,
        offers=(*state.offers, offer),
        creature_bag=_bag_take(state.creature_bag, e["creatures"]),
    )


def _building_drawn(state: State, e: Event) -> State:
    building = e["building"]
    site = Site(e["slot"], building, building in _RESOURCE_BUILDINGS)
    return replace(
        state,
        building_bag=add_at(state.building_bag, _BUILDING[building], -1),
        sites=set_at(state.sites, _SLOT[e["slot"]], site),
    )


def _first_player_chosen(state: State, e: Event) -> State:
    return replace(state, initiative=e["seat"])


def _hoplites_gained(state: State, e: Event) -> State:
    return _gain(state, e["seat"], hoplites=e["hoplites"])


def _side_chosen(state: State, e: Event) -> State:
    island = state.player(e["seat"]).island
    n = layout(island.board, e["side"]).size
    return with_player(
        state,
        e["seat"],
        island=Island(
            board=island.board,
            side=e["side"],
            terrain=("",) * n,
            tile=(0,) * n,
            creature=("",) * n,
            guards=(0,) * n,
            building=("",) * n,
            temple=(0,) * n,
        ),
    )


# ---------------------------------------------------------------- rounds and turns


def _round_started(state: State, e: Event) -> State:
    return replace(state, phase=PLAY, round=e["round"], order=tuple(e["order"]))


def _turn_started(state: State, e: Event) -> State:
    return replace(state, turn=Turn(seat=e["seat"], step=e["step"]))


def _awaiting(state: State, e: Event) -> State:
    return _turn(
        state,
        step=e["step"],
        action=e.get("action", ""),
        extra=e.get("extra", False),
        fought=e.get("fought", False),
        titans=tuple(e.get("titans", ())),
    )


def _turn_ended(state: State, e: Event) -> State:
    return replace(state, turn=None)


def _round_ended(state: State, e: Event) -> State:
    """uk «Кінець раунду»: nothing changes yet; the refills and the initiative that follow
    are events of their own."""
    return state


def _action_deck_reshuffled(state: State, e: Event) -> State:
    return replace(state, deck=tuple(e["deck"]), discard=())


def _initiative_tied(state: State, e: Event) -> State:
    return replace(state, phase=INITIATIVE, candidates=tuple(e["candidates"]))


def _initiative_taken(state: State, e: Event) -> State:
    return replace(state, phase=PLAY, initiative=e["seat"], candidates=())


def _game_won(state: State, e: Event) -> State:
    """uk «Кінець гри та перемога»: the turn is not finished; it stays as it was, so the card,
    tile and creatures it holds stay accounted for (orichalk-1 dropped it)."""
    turn = None if state.ruleset == FIRST_RULESET else state.turn
    return replace(state, phase=OVER, winner=e["seat"], turn=turn)


# ---------------------------------------------------------------- phases 1 and 2


def _metropolis_placed(state: State, e: Event) -> State:
    seat = e["seat"]
    i = _cell(state, seat, e["cell"])
    island = state.player(seat).island
    state = _island(
        state,
        seat,
        metropolis=i,
        occupied=island.occupied | (1 << i),
        ports_taken=(*island.ports_taken, i),
    )
    return _gain(state, seat, e["hoplites"], e["orichalcum"])


def _card_taken(state: State, e: Event) -> State:
    seat = e["seat"]
    state = replace(state, offers=_without_offer(state.offers, e["slot"]))
    state = _gain(state, seat, hoplites=-e["cost"])
    return _turn(state, card=e["card"], tile=e["tile"], creatures=tuple(e["creatures"]))


def _tile_placed(state: State, e: Event) -> State:
    seat = e["seat"]
    island = state.player(seat).island
    lay = layout(island.board, island.side)
    terrain, tile, creature = list(island.terrain), list(island.tile), list(island.creature)
    occupied = island.occupied
    for label, t, c in zip(e["cells"], e["terrains"], e["creatures"], strict=True):
        i = lay.index[label]
        terrain[i], tile[i], creature[i] = t, e["tile"], c
        occupied |= 1 << i
    state = _island(
        state,
        seat,
        terrain=tuple(terrain),
        tile=tuple(tile),
        creature=tuple(creature),
        occupied=occupied,
    )
    return _turn(state, tile=0, creatures=())


def _port_covered(state: State, e: Event) -> State:
    seat = e["seat"]
    island = state.player(seat).island
    state = _island(state, seat, ports_taken=(*island.ports_taken, _cell(state, seat, e["cell"])))
    return _gain(state, seat, e["hoplites"], e["orichalcum"])


def _tile_returned(state: State, e: Event) -> State:
    """uk фаза 2: a tile that cannot be placed goes under its stack (its creatures back in
    the bag, ruling)."""
    state = _to_bottom(state, e["tile"])
    state = replace(state, creature_bag=_bag_add(state.creature_bag, e["creatures"]))
    return _turn(state, tile=0, creatures=())


def _titan_claimed(state: State, e: Event) -> State:
    seat, titan = e["seat"], e["titan"]
    state = _take_titan(state, titan)
    return with_player(state, seat, titans=(*state.player(seat).titans, (titan, True)))


def _titan_returned(state: State, e: Event) -> State:
    state = _take_titan(state, e["titan"])
    centre = tuple(sorted((*state.centre, e["titan"]), key=_TITAN_ORDER.__getitem__))
    return replace(state, centre=centre)


def _titan_side(active: bool) -> Callable[[State, Event], State]:
    def handler(state: State, e: Event) -> State:
        seat = e["seat"]
        titans = tuple((t, active if t == e["titan"] else a) for t, a in state.player(seat).titans)
        return with_player(state, seat, titans=titans)

    return handler


# ---------------------------------------------------------------- phases 3 to 5


def _card_discarded(state: State, e: Event) -> State:
    """uk фаза 3: the card goes face up beside the deck."""
    state = replace(state, discard=(*state.discard, e["card"]))
    return _turn(state, card="")


def _mined(state: State, e: Event) -> State:
    return _gain(state, e["seat"], orichalcum=e["orichalcum"])


def _recruited(state: State, e: Event) -> State:
    return _gain(state, e["seat"], hoplites=e["hoplites"])


def _creature_fought(state: State, e: Event) -> State:
    seat = e["seat"]
    i = _cell(state, seat, e["cell"])
    island = state.player(seat).island
    state = _gain(state, seat, hoplites=-e["hoplites"])
    state = _island(state, seat, guards=add_at(island.guards, i, e["hoplites"]))
    fight = Fight(
        seat, e["cell"], e["creature"], e["fighting"], tuple(e["dice"]), e["won"], e["favour"]
    )
    return replace(state, last_fight=fight)


def _creature_captured(state: State, e: Event) -> State:
    seat = e["seat"]
    i = _cell(state, seat, e["cell"])
    island = state.player(seat).island
    player = state.player(seat)
    state = _island(
        state, seat, creature=set_at(island.creature, i, ""), guards=set_at(island.guards, i, 0)
    )
    state = with_player(state, seat, creatures=tuple(sorted((*player.creatures, e["creature"]))))
    back = e["freed"] if e["to_supply"] else 0
    return _gain(state, seat, e["hoplites"] + back, e["orichalcum"])


def _building_built(state: State, e: Event) -> State:
    seat = e["seat"]
    i = _cell(state, seat, e["cell"])
    island = state.player(seat).island
    state = replace(state, sites=set_at(state.sites, _SLOT[e["slot"]], Site(e["slot"])))
    state = _island(state, seat, building=set_at(island.building, i, e["building"]))
    return _gain(state, seat, e["hoplites"], e["orichalcum"])


def _temple_built(state: State, e: Event) -> State:
    seat = e["seat"]
    island = state.player(seat).island
    number = max(island.temple, default=0) + 1
    temple = list(island.temple)
    for label in e["cells"]:
        temple[_cell(state, seat, label)] = number
    state = _island(state, seat, temple=tuple(temple))
    state = with_player(state, seat, tokens=(*state.player(seat).tokens, "temple"))
    return replace(state, temples_left=state.temples_left - 1, tokens_left=state.tokens_left - 1)


def _medallion_forged(state: State, e: Event) -> State:
    seat = e["seat"]
    state = _gain(state, seat, orichalcum=-e["orichalcum"])
    state = with_player(state, seat, tokens=(*state.player(seat).tokens, "medallion"))
    return replace(state, tokens_left=state.tokens_left - 1)


def _extra_action_bought(state: State, e: Event) -> State:
    seat, pay = e["seat"], e["pay"]
    if pay == "hoplites":
        state = _gain(state, seat, hoplites=-e["cost"])
    elif pay == "orichalcum":
        state = _gain(state, seat, orichalcum=-e["cost"])
    else:
        creatures = list(state.player(seat).creatures)
        creatures.remove(e["creature"])
        state = with_player(state, seat, creatures=tuple(creatures))
        state = replace(state, creature_bag=_bag_add(state.creature_bag, [e["creature"]]))
    assert state.turn is not None
    return _turn(state, extras=state.turn.extras + 1)


def _board_card_discarded(state: State, e: Event) -> State:
    """uk фаза 5: the card to the discard, its tile under its stack, its creature in the bag."""
    state = replace(
        state,
        offers=_without_offer(state.offers, e["slot"]),
        discard=(*state.discard, e["card"]),
        creature_bag=_bag_add(state.creature_bag, e["creatures"]),
    )
    return _to_bottom(state, e["tile"])


apply = E.EVENTS.fold(
    {
        E.ISLANDS_DEALT: _islands_dealt,
        E.LAND_TILES_SHUFFLED: _land_tiles_shuffled,
        E.ACTION_CARDS_SHUFFLED: _action_cards_shuffled,
        E.CARD_DEALT: _card_dealt,
        E.BUILDING_DRAWN: _building_drawn,
        E.FIRST_PLAYER_CHOSEN: _first_player_chosen,
        E.HOPLITES_GAINED: _hoplites_gained,
        E.SIDE_CHOSEN: _side_chosen,
        E.ROUND_STARTED: _round_started,
        E.TURN_STARTED: _turn_started,
        E.AWAITING: _awaiting,
        E.TURN_ENDED: _turn_ended,
        E.ROUND_ENDED: _round_ended,
        E.ACTION_DECK_RESHUFFLED: _action_deck_reshuffled,
        E.INITIATIVE_TIED: _initiative_tied,
        E.INITIATIVE_TAKEN: _initiative_taken,
        E.GAME_WON: _game_won,
        E.METROPOLIS_PLACED: _metropolis_placed,
        E.CARD_TAKEN: _card_taken,
        E.TILE_PLACED: _tile_placed,
        E.PORT_COVERED: _port_covered,
        E.TILE_RETURNED: _tile_returned,
        E.TITAN_CLAIMED: _titan_claimed,
        E.TITAN_RETURNED: _titan_returned,
        E.TITAN_REFRESHED: _titan_side(True),
        E.FAVOUR_USED: _titan_side(False),
        E.CARD_DISCARDED: _card_discarded,
        E.MINED: _mined,
        E.RECRUITED: _recruited,
        E.CREATURE_FOUGHT: _creature_fought,
        E.CREATURE_CAPTURED: _creature_captured,
        E.BUILDING_BUILT: _building_built,
        E.TEMPLE_BUILT: _temple_built,
        E.MEDALLION_FORGED: _medallion_forged,
        E.EXTRA_ACTION_BOUGHT: _extra_action_bought,
        E.BOARD_CARD_DISCARDED: _board_card_discarded,
    },
    opening={E.GAME_SET_UP: _game_set_up},
)
"""``apply`` (engine contract): the first event sets the game up, each later one is folded
by its handler; an event Orichalk never declared raises."""
