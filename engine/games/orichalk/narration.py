"""``narrate``: each Orichalk event in one sentence a player reads in an email (engine
contract), from the event and the state before it.

What is hidden in Orichalk is the order of the face-down land tile stacks and action deck
and what lies in the bags (uk «Приготування до гри»); every hand, island and board is face
up (see :mod:`.view`). The sentences therefore name only what lies face up once the event
is folded: a shuffle tells how many, never the order; a card, tile, creature or building
is named when it turns face up. Every reader, each seat and spectators alike, reads the
same sentence. Events that only keep the engine's books (whose turn starts or ends, which
step comes next, the end of a round before its refills) narrate as "".
"""

from __future__ import annotations

from collections.abc import Callable

from engine.contract import Event
from engine.games.orichalk import events as E
from engine.games.orichalk.components import (
    CARD,
    CREATURE,
    ISLAND,
    SIZES,
    SKULL,
    TITAN,
    TITAN_OF_ACTION,
)
from engine.games.orichalk.moves import card_words, tile_words
from engine.games.orichalk.state import State
from engine.games.orichalk.words import (
    ACTION_NAME,
    BUILDING_NAME,
    CREATURE_NAME,
    FAVOUR,
    FAVOUR_OF,
    ISLAND_NAME,
    TERRAIN,
    TITAN_NAME,
    TITAN_TITLE,
    Listing,
    Msg,
    _,
    commas,
    hoplites,
    n_,
    orichalcum,
    p_,
)
from engine.kit.words import Seat

Teller = Callable[[State | None, Event], str]

BOOKKEEPING: dict[str, Msg] = {
    E.TURN_STARTED: p_("event", "turn started"),
    E.TURN_ENDED: p_("event", "turn ended"),
    E.AWAITING: p_("event", "waiting for a decision"),
    E.ROUND_ENDED: p_("event", "round ended"),
}
"""Whose turn or step comes next, and the end of a round: the view's turn and the next
round's sentences show them; the history names them (issue 32 §2)."""


# ---------------------------------------------------------------- words


def _gains(hoplite_count: int, orichalcum_count: int) -> Listing | None:
    parts = []
    if hoplite_count:
        parts.append(hoplites(hoplite_count))
    if orichalcum_count:
        parts.append(orichalcum(orichalcum_count))
    return Listing(tuple(parts)) if parts else None


def _the_creatures(creatures: list[str]) -> Listing | None:
    """ "the Gorgon and the Hydra": the creatures that go back into the bag."""
    names = [_("the {creature}", creature=CREATURE_NAME[c]) for c in creatures if c]
    return Listing(tuple(names)) if names else None


_NO_TILE = {
    "single": _("no tile (no single tile left)"),
    "double": _("no tile (no double tile left)"),
    "triple": _("no tile (no triple tile left)"),
}


def _card_tile(card: str, tile: int, creatures: list[str]) -> str:
    """What comes with a card: "the forest–volcano tile and a Gorgon"."""
    if not tile:
        return _NO_TILE[CARD[card].size]
    text = tile_words(tile)
    for c in creatures:
        if c:
            text = _("{tile} and a {creature}", tile=text, creature=CREATURE_NAME[c])
    if any(not c for c in creatures):
        text = _("{tile} (the creature bag was empty)", tile=text)
    return text


def _dice(dice: list[int]) -> str:
    return commas([_("skull") if d == SKULL else str(d) for d in dice])


def _most_hoplites(state: State | None) -> tuple[int, list[str]]:
    if state is None:
        return 0, []
    most = max(p.hoplites for p in state.players)
    return most, [p.seat for p in state.players if p.hoplites == most]


# ---------------------------------------------------------------- setup


def _game_set_up(state: State | None, e: Event) -> str:
    seats = list(e["seats"])
    return n_(
        "A game of Orichalk began for {n} player: {seats}",
        "A game of Orichalk began for {n} players: {seats}",
        n=len(seats),
        seats=Listing(tuple(Seat(s) for s in seats)),
    )


def _islands_dealt(state: State | None, e: Event) -> str:
    dealt = [
        _("{island} to {seat}", island=ISLAND_NAME[board], seat=Seat(seat))
        for seat, board in e["boards"].items()
    ]
    return _("Islands dealt at random: {dealt}", dealt=Listing(tuple(dealt)))


def _land_tiles_shuffled(state: State | None, e: Event) -> str:
    single, double, triple = (len(e[size]) for size in SIZES)
    return _(
        "The land tiles were shuffled face down into stacks of {single} single, {double} "
        "double and {triple} triple tiles",
        single=single,
        double=double,
        triple=triple,
    )


def _action_cards_shuffled(state: State | None, e: Event) -> str:
    return n_(
        "The {n} action card was shuffled into a face-down deck",
        "The {n} action cards were shuffled into a face-down deck",
        n=len(e["deck"]),
    )


def _card_dealt(state: State | None, e: Event) -> str:
    # uk «Поповніть планшет дій», «Покладіть плитку земель»: a tile of the card's size on
    # it, a creature from the bag on each volcano.
    card = e["card"]
    return _(
        "Card {slot} turned up on the action board: {card}, with {tile}",
        slot=e["slot"] + 1,
        card=card_words(card),
        tile=_card_tile(card, e["tile"], e["creatures"]),
    )


def _building_drawn(state: State | None, e: Event) -> str:
    building = BUILDING_NAME[e["building"]]
    slot = TERRAIN[e["slot"]]
    # uk «Поповніть планшет створення»: 1 hoplite on a new camp, 1 orichalcum on a new mine.
    if e["building"] == "mine":
        return _(
            "From the building bag: {building}, on the {slot} slot of the construction board, "
            "with 1 orichalcum on it",
            building=building,
            slot=slot,
        )
    if e["building"] == "training_camp":
        return _(
            "From the building bag: {building}, on the {slot} slot of the construction board, "
            "with 1 hoplite on it",
            building=building,
            slot=slot,
        )
    return _(
        "From the building bag: {building}, on the {slot} slot of the construction board",
        building=building,
        slot=slot,
    )


def _first_player_chosen(state: State | None, e: Event) -> str:
    return _(
        "{seat} was drawn at random to take the initiative and play first", seat=Seat(e["seat"])
    )


def _hoplites_gained(state: State | None, e: Event) -> str:
    gained = hoplites(e["hoplites"])
    if e.get("reason") == "initiative":
        # uk «Передайте жетон ініціативи»: the player right of the holder takes 1 hoplite.
        return _(
            "{seat} took {hoplites}, sitting right of the initiative (playing last)",
            seat=Seat(e["seat"]),
            hoplites=gained,
        )
    return _("{seat} took {hoplites}", seat=Seat(e["seat"]), hoplites=gained)


def _side_chosen(state: State | None, e: Event) -> str:
    seat, easy = e["seat"], e["side"] == "easy"
    board = state.player(seat).island.board if state is not None else ""
    if board not in ISLAND:
        if easy:
            return _("{seat} chose the easier side of their island", seat=Seat(seat))
        return _("{seat} chose the harder side of their island", seat=Seat(seat))
    if easy:
        return _(
            "{seat} chose the easier side of {island}", seat=Seat(seat), island=ISLAND_NAME[board]
        )
    return _("{seat} chose the harder side of {island}", seat=Seat(seat), island=ISLAND_NAME[board])


# ---------------------------------------------------------------- rounds


def _round_started(state: State | None, e: Event) -> str:
    return _(
        "Round {round} began; the order of play: {order}",
        round=e["round"],
        order=commas([Seat(s) for s in e["order"]]),
    )


def _action_deck_reshuffled(state: State | None, e: Event) -> str:
    # uk «Якщо колода карток дій закінчилася, перемішайте скид».
    return n_(
        "The action deck ran out: the {n} discarded card were shuffled into a new deck",
        "The action deck ran out: the {n} discarded cards were shuffled into a new deck",
        n=len(e["deck"]),
    )


def _initiative_tied(state: State | None, e: Event) -> str:
    most, _tied = _most_hoplites(state)
    # uk «У разі нічиєї гравець, який наразі володіє жетоном ініціативи, вирішує».
    return _(
        "{tied} tied for the most hoplites ({most}): {holder}, who holds the initiative, "
        "chooses who takes it",
        tied=Listing(tuple(Seat(s) for s in e["candidates"])),
        most=most,
        holder=Seat(e["holder"]),
    )


def _initiative_taken(state: State | None, e: Event) -> str:
    seat, chooser = e["seat"], e.get("chosen_by")
    if chooser:
        return _("{chooser} gave the initiative to {seat}", chooser=Seat(chooser), seat=Seat(seat))
    most, tied = _most_hoplites(state)
    holder = state.initiative if state is not None else ""
    if len(tied) > 1 and holder in tied:
        # uk: the holder settles a tie, but may not keep the initiative if tied too.
        return _(
            "{seat} took the initiative, tied for the most hoplites ({most}) with {holder}, "
            "who may not keep it",
            seat=Seat(seat),
            most=most,
            holder=Seat(holder),
        )
    return _(
        "{seat} took the initiative with the most hoplites ({most})", seat=Seat(seat), most=most
    )


def _game_won(state: State | None, e: Event) -> str:
    # uk «Кінець гри та перемога»: 5 victory points and no creature left on the island.
    return n_(
        "{seat} won with {n} victory point and no creature left on their island",
        "{seat} won with {n} victory points and no creature left on their island",
        n=e["points"],
        seat=Seat(e["seat"]),
    )


# ---------------------------------------------------------------- phases 1 and 2


def _metropolis_placed(state: State | None, e: Event) -> str:
    gains = _gains(e["hoplites"], e["orichalcum"])
    if gains:
        return _(
            "{seat} placed their metropolis on the port at {cell} and took {gains}",
            seat=Seat(e["seat"]),
            cell=e["cell"],
            gains=gains,
        )
    return _(
        "{seat} placed their metropolis on the port at {cell}", seat=Seat(e["seat"]), cell=e["cell"]
    )


def _card_taken(state: State | None, e: Event) -> str:
    words = {
        "seat": Seat(e["seat"]),
        "slot": e["slot"] + 1,
        "card": card_words(e["card"]),
        "tile": _card_tile(e["card"], e["tile"], e["creatures"]),
    }
    if e["cost"] == 0:
        return _("{seat} took card {slot} ({card}) with {tile}, for free", **words)
    return _(
        "{seat} took card {slot} ({card}) with {tile}, paying {cost}",
        cost=hoplites(e["cost"]),
        **words,
    )


def _tile_placed(state: State | None, e: Event) -> str:
    on = [
        _("the {creature} on {cell}", creature=CREATURE_NAME[c], cell=cell)
        for cell, c in zip(e["cells"], e["creatures"], strict=True)
        if c
    ]
    words = {
        "seat": Seat(e["seat"]),
        "tile": tile_words(e["tile"]),
        "cells": Listing(tuple(e["cells"])),
    }
    if on:
        return _(
            "{seat} placed {tile} on {cells}, {creatures}", creatures=Listing(tuple(on)), **words
        )
    return _("{seat} placed {tile} on {cells}", **words)


def _port_covered(state: State | None, e: Event) -> str:
    # uk «він дійде порту»: the port's bonus, once.
    return _(
        "{seat} reached the port at {cell} and took {gains}",
        seat=Seat(e["seat"]),
        cell=e["cell"],
        gains=_gains(e["hoplites"], e["orichalcum"]) or _("nothing"),
    )


def _tile_returned(state: State | None, e: Event) -> str:
    # uk фаза 2: a tile that cannot be placed goes under its stack.
    names = _the_creatures(e["creatures"])
    tile = tile_words(e["tile"])
    if names:
        return _(
            "{seat} could not place {tile}: it went under its stack, {creatures} back into the bag",
            seat=Seat(e["seat"]),
            tile=tile,
            creatures=names,
        )
    return _(
        "{seat} could not place {tile}: it went under its stack", seat=Seat(e["seat"]), tile=tile
    )


def _titan_claimed(state: State | None, e: Event) -> str:
    # uk «він приверне увагу титана»: from wherever the titan is, active side up.
    titan = TITAN_TITLE[e["titan"]]
    if e.get("from"):
        return _(
            "{seat} attracted {titan}, away from {holder}",
            seat=Seat(e["seat"]),
            titan=titan,
            holder=Seat(e["from"]),
        )
    return _("{seat} attracted {titan}, from the centre", seat=Seat(e["seat"]), titan=titan)


def _titan_returned(state: State | None, e: Event) -> str:
    # uk «Кілька титанів»: the old titan goes back to the centre to make room, active side up.
    return _(
        "{seat} sent {titan} back to the centre to make room",
        seat=Seat(e["seat"]),
        titan=TITAN_NAME[e["titan"]],
    )


def _titan_refreshed(state: State | None, e: Event) -> str:
    # uk «Милість титанів»: a grown area of the titan's terrain turns it active again.
    titan = TITAN[e["titan"]]
    return _(
        "{seat} grew a {terrain} area: {favour} is ready again",
        seat=Seat(e["seat"]),
        terrain=TERRAIN[titan.terrain],
        favour=FAVOUR_OF[titan.id],
    )


def _favour_used(state: State | None, e: Event) -> str:
    return _(
        "{seat} used {favour} ({effect})",
        seat=Seat(e["seat"]),
        favour=FAVOUR_OF[e["titan"]],
        effect=FAVOUR[e["titan"]],
    )


# ---------------------------------------------------------------- phases 3 to 5


def _card_discarded(state: State | None, e: Event) -> str:
    return _(
        "{seat} laid their card ({card}) face up on the discard pile",
        seat=Seat(e["seat"]),
        card=card_words(e["card"]),
    )


def _mined(state: State | None, e: Event) -> str:
    mined = orichalcum(e["orichalcum"])
    if e["favour"]:
        titan = TITAN_NAME[TITAN_OF_ACTION["mine"]]
        return _(
            "{seat} mined {orichalcum}, doubled by {titan}",
            seat=Seat(e["seat"]),
            orichalcum=mined,
            titan=titan,
        )
    return _("{seat} mined {orichalcum}", seat=Seat(e["seat"]), orichalcum=mined)


def _recruited(state: State | None, e: Event) -> str:
    recruited = hoplites(e["hoplites"])
    if e["favour"]:
        titan = TITAN_NAME[TITAN_OF_ACTION["recruit"]]
        return _(
            "{seat} recruited {hoplites}, doubled by {titan}",
            seat=Seat(e["seat"]),
            hoplites=recruited,
            titan=titan,
        )
    return _("{seat} recruited {hoplites}", seat=Seat(e["seat"]), hoplites=recruited)


def _creature_fought(state: State | None, e: Event) -> str:
    creature = CREATURE[e["creature"]]
    words = {
        "seat": Seat(e["seat"]),
        "creature": CREATURE_NAME[creature.id],
        "strength": creature.strength,
        "cell": e["cell"],
    }
    if e["favour"]:
        return _(
            "{seat} fought the {creature} (strength {strength}) at {cell} with Kronos's "
            "favour: won without rolling",
            **words,
        )
    left = e["fighting"] - e["hoplites"]
    if e["hoplites"] and left:
        who = _(
            "{seat} fought the {creature} (strength {strength}) at {cell} with {hoplites} "
            "(and {left} already there)",
            hoplites=hoplites(e["hoplites"]),
            left=left,
            **words,
        )
    elif e["hoplites"]:
        who = _(
            "{seat} fought the {creature} (strength {strength}) at {cell} with {hoplites}",
            hoplites=hoplites(e["hoplites"]),
            **words,
        )
    elif left:
        who = _(
            "{seat} fought the {creature} (strength {strength}) at {cell} with no hoplite "
            "(and {left} already there)",
            left=left,
            **words,
        )
    else:
        who = _(
            "{seat} fought the {creature} (strength {strength}) at {cell} with no hoplite",
            **words,
        )
    rolled = {"fight": who, "dice": _dice(e["dice"]), "total": sum(e["dice"])}
    if e["won"]:
        # uk «Захоплення істот»: a skull wins whatever the total.
        if SKULL in e["dice"] and sum(e["dice"]) < creature.strength:
            return _("{fight}: rolled {dice} = {total}, won by the skull", **rolled)
        return _("{fight}: rolled {dice} = {total}, won", **rolled)
    # uk «У разі поразки»: the hoplites stay on the creature; the action ends.
    staying = e["fighting"]
    if staying:
        return n_(
            "{fight}: rolled {dice} = {total}, lost; {n} hoplite stays on it",
            "{fight}: rolled {dice} = {total}, lost; {n} hoplites stay on it",
            n=staying,
            **rolled,
        )
    return _("{fight}: rolled {dice} = {total}, lost", **rolled)


def _creature_captured(state: State | None, e: Event) -> str:
    words = {"seat": Seat(e["seat"]), "creature": CREATURE_NAME[e["creature"]], "cell": e["cell"]}
    treasure = _gains(e["hoplites"], e["orichalcum"])
    if treasure:
        text = _(
            "{seat} captured the {creature} at {cell} and its treasure of {treasure}",
            treasure=treasure,
            **words,
        )
    else:
        text = _("{seat} captured the {creature} at {cell}", **words)
    freed = e["freed"]
    if not freed:
        return text
    # uk «У разі перемоги»: the hoplites that fought go back to the general supply (to the
    # player's own with a Hospital, PROVISIONAL).
    if e["to_supply"]:
        return _(
            "{capture}; {hoplites} went back to {seat}'s supply (Hospital)",
            capture=text,
            hoplites=hoplites(freed),
            seat=Seat(e["seat"]),
        )
    return _(
        "{capture}; {hoplites} went back to the general supply",
        capture=text,
        hoplites=hoplites(freed),
    )


def _building_built(state: State | None, e: Event) -> str:
    words = {
        "seat": Seat(e["seat"]),
        "building": BUILDING_NAME[e["building"]],
        "slot": TERRAIN[e["slot"]],
        "cell": e["cell"],
    }
    # uk «Створення»: the hoplite or orichalcum lying on a new camp or mine comes with it.
    if e["hoplites"]:
        return _(
            "{seat} built the {building} from the {slot} slot at {cell}, taking the hoplite on it",
            **words,
        )
    if e["orichalcum"]:
        return _(
            "{seat} built the {building} from the {slot} slot at {cell}, taking the orichalcum "
            "on it",
            **words,
        )
    return _("{seat} built the {building} from the {slot} slot at {cell}", **words)


def _temple_built(state: State | None, e: Event) -> str:
    return _(
        "{seat} built a temple on {cells}: a victory point",
        seat=Seat(e["seat"]),
        cells=Listing(tuple(e["cells"])),
    )


def _medallion_forged(state: State | None, e: Event) -> str:
    return _(
        "{seat} forged an orichalcum medallion for {orichalcum}: a victory point",
        seat=Seat(e["seat"]),
        orichalcum=orichalcum(e["orichalcum"]),
    )


def _extra_action_bought(state: State | None, e: Event) -> str:
    words = {"seat": Seat(e["seat"]), "action": ACTION_NAME[e["action"]]}
    if e["pay"] == "creature":
        # uk фаза 4: «Витрачених істот повертають до мішка з істотами».
        return _(
            "{seat} bought an extra action, {action}, returning a {creature} to the bag",
            creature=CREATURE_NAME[e["creature"]],
            **words,
        )
    cost = hoplites(e["cost"]) if e["pay"] == "hoplites" else orichalcum(e["cost"])
    return _("{seat} bought an extra action, {action}, for {cost}", cost=cost, **words)


def _board_card_discarded(state: State | None, e: Event) -> str:
    # uk фаза 5 (two players): the card to the discard, its tile under its stack, its
    # creature back into the bag.
    words = {"seat": Seat(e["seat"]), "slot": e["slot"] + 1, "card": card_words(e["card"])}
    names = _the_creatures(e["creatures"])
    if e["tile"] and names:
        return _(
            "{seat} discarded card {slot} ({card}) from the action board; {tile} went under "
            "its stack, {creatures} back into the bag",
            tile=tile_words(e["tile"]),
            creatures=names,
            **words,
        )
    if e["tile"]:
        return _(
            "{seat} discarded card {slot} ({card}) from the action board; {tile} went under "
            "its stack",
            tile=tile_words(e["tile"]),
            **words,
        )
    if names:
        return _(
            "{seat} discarded card {slot} ({card}) from the action board, {creatures} back "
            "into the bag",
            creatures=names,
            **words,
        )
    return _("{seat} discarded card {slot} ({card}) from the action board", **words)


def _to_everyone(teller: Teller) -> Callable[[State | None, Event, str | None], str]:
    """A sentence every reader reads alike, each seat and spectators (nothing told is
    hidden: see above)."""

    def told(state: State | None, event: Event, seat: str | None) -> str:
        return teller(state, event)

    return told


narrate = E.EVENTS.narration(
    {
        kind: _to_everyone(teller)
        for kind, teller in {
            E.GAME_SET_UP: _game_set_up,
            E.ISLANDS_DEALT: _islands_dealt,
            E.LAND_TILES_SHUFFLED: _land_tiles_shuffled,
            E.ACTION_CARDS_SHUFFLED: _action_cards_shuffled,
            E.CARD_DEALT: _card_dealt,
            E.BUILDING_DRAWN: _building_drawn,
            E.FIRST_PLAYER_CHOSEN: _first_player_chosen,
            E.HOPLITES_GAINED: _hoplites_gained,
            E.SIDE_CHOSEN: _side_chosen,
            E.ROUND_STARTED: _round_started,
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
            E.TITAN_REFRESHED: _titan_refreshed,
            E.FAVOUR_USED: _favour_used,
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
        }.items()
    },
    bookkeeping=BOOKKEEPING,
)
"""``narrate`` (engine contract): the event in words for ``seat`` (``None``: a spectator);
"" for bookkeeping; an event Orichalk never declared raises."""
