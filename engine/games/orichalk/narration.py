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
from engine.games.orichalk.components import (
    ACTION_NAMES,
    BUILDING,
    CARD,
    CREATURE,
    ISLAND,
    SIZES,
    SKULL,
    TITAN,
    TITAN_OF_ACTION,
)
from engine.games.orichalk.events import (
    ACTION_CARDS_SHUFFLED,
    ACTION_DECK_RESHUFFLED,
    AWAITING,
    BOARD_CARD_DISCARDED,
    BUILDING_BUILT,
    BUILDING_DRAWN,
    CARD_DEALT,
    CARD_DISCARDED,
    CARD_TAKEN,
    CREATURE_CAPTURED,
    CREATURE_FOUGHT,
    EVENTS,
    EXTRA_ACTION_BOUGHT,
    FAVOUR_USED,
    FIRST_PLAYER_CHOSEN,
    GAME_SET_UP,
    GAME_WON,
    HOPLITES_GAINED,
    INITIATIVE_TAKEN,
    INITIATIVE_TIED,
    ISLANDS_DEALT,
    LAND_TILES_SHUFFLED,
    MEDALLION_FORGED,
    METROPOLIS_PLACED,
    MINED,
    PORT_COVERED,
    RECRUITED,
    ROUND_ENDED,
    ROUND_STARTED,
    SIDE_CHOSEN,
    TEMPLE_BUILT,
    TILE_PLACED,
    TILE_RETURNED,
    TITAN_CLAIMED,
    TITAN_REFRESHED,
    TITAN_RETURNED,
    TURN_ENDED,
    TURN_STARTED,
)
from engine.games.orichalk.moves import card_words, plural, tile_words
from engine.games.orichalk.state import State

Teller = Callable[[State | None, Event], str]

BOOKKEEPING: frozenset[str] = frozenset({TURN_STARTED, TURN_ENDED, AWAITING, ROUND_ENDED})
"""Whose turn or step comes next, and the end of a round: the view's turn and the next
round's sentences show them."""


# ---------------------------------------------------------------- words


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _gains(hoplites: int, orichalcum: int) -> str:
    parts = []
    if hoplites:
        parts.append(plural(hoplites, "hoplite"))
    if orichalcum:
        parts.append(f"{orichalcum} orichalcum")
    return _and(parts)


def _creatures(creatures: list[str]) -> list[str]:
    return [CREATURE[c].name for c in creatures if c]


def _riders(creatures: list[str]) -> str:
    """ " and a Gorgon" for the creatures riding on a tile."""
    names = _creatures(creatures)
    return "".join(f" and a {name}" for name in names)


def _card_tile(card: str, tile: int, creatures: list[str]) -> str:
    """What comes with a card: "the forest–volcano tile and a Gorgon"."""
    if not tile:
        return f"no tile (no {CARD[card].size} tile left)"
    text = tile_words(tile) + _riders(creatures)
    if any(not c for c in creatures):
        text += " (the creature bag was empty)"
    return text


def _titan(titan: str) -> str:
    return f"{TITAN[titan].name}, titan of the {TITAN[titan].terrain}s"


def _dice(dice: list[int]) -> str:
    return ", ".join("skull" if d == SKULL else str(d) for d in dice)


def _most_hoplites(state: State | None) -> tuple[int, list[str]]:
    if state is None:
        return 0, []
    most = max(p.hoplites for p in state.players)
    return most, [p.seat for p in state.players if p.hoplites == most]


# ---------------------------------------------------------------- setup


def _game_set_up(state: State | None, e: Event) -> str:
    seats = list(e["seats"])
    return f"A game of Orichalk began for {len(seats)} players: {_and(seats)}"


def _islands_dealt(state: State | None, e: Event) -> str:
    dealt = [f"{ISLAND[board].name} to {seat}" for seat, board in e["boards"].items()]
    return f"Islands dealt at random: {_and(dealt)}"


def _land_tiles_shuffled(state: State | None, e: Event) -> str:
    counts = [f"{len(e[size])} {size}" for size in SIZES]
    return f"The land tiles were shuffled face down into stacks of {_and(counts)} tiles"


def _action_cards_shuffled(state: State | None, e: Event) -> str:
    return f"The {len(e['deck'])} action cards were shuffled into a face-down deck"


def _card_dealt(state: State | None, e: Event) -> str:
    # uk «Поповніть планшет дій», «Покладіть плитку земель»: a tile of the card's size on
    # it, a creature from the bag on each volcano.
    card = e["card"]
    slot = e["slot"] + 1
    return (
        f"Card {slot} turned up on the action board: {card_words(card)}, "
        f"with {_card_tile(card, e['tile'], e['creatures'])}"
    )


def _building_drawn(state: State | None, e: Event) -> str:
    building = BUILDING[e["building"]].name
    text = f"From the building bag: {building}, on the {e['slot']} slot of the construction board"
    # uk «Поповніть планшет створення»: 1 hoplite on a new camp, 1 orichalcum on a new mine.
    if e["building"] == "mine":
        text += ", with 1 orichalcum on it"
    elif e["building"] == "training_camp":
        text += ", with 1 hoplite on it"
    return text


def _first_player_chosen(state: State | None, e: Event) -> str:
    return f"{e['seat']} was drawn at random to take the initiative and play first"


def _hoplites_gained(state: State | None, e: Event) -> str:
    gained = plural(e["hoplites"], "hoplite")
    if e.get("reason") == "initiative":
        # uk «Передайте жетон ініціативи»: the player right of the holder takes 1 hoplite.
        return f"{e['seat']} took {gained}, sitting right of the initiative (playing last)"
    return f"{e['seat']} took {gained}"


def _side_chosen(state: State | None, e: Event) -> str:
    side = "easier" if e["side"] == "easy" else "harder"
    if state is None:
        return f"{e['seat']} chose the {side} side of their island"
    board = state.player(e["seat"]).island.board
    name = ISLAND[board].name if board in ISLAND else "their island"
    return f"{e['seat']} chose the {side} side of {name}"


# ---------------------------------------------------------------- rounds


def _round_started(state: State | None, e: Event) -> str:
    return f"Round {e['round']} began; the order of play: {', '.join(e['order'])}"


def _action_deck_reshuffled(state: State | None, e: Event) -> str:
    # uk «Якщо колода карток дій закінчилася, перемішайте скид».
    cards = plural(len(e["deck"]), "discarded card")
    return f"The action deck ran out: the {cards} were shuffled into a new deck"


def _initiative_tied(state: State | None, e: Event) -> str:
    most, _ = _most_hoplites(state)
    tied = _and(list(e["candidates"]))
    # uk «У разі нічиєї гравець, який наразі володіє жетоном ініціативи, вирішує».
    return (
        f"{tied} tied for the most hoplites ({most}): "
        f"{e['holder']}, who holds the initiative, chooses who takes it"
    )


def _initiative_taken(state: State | None, e: Event) -> str:
    seat, chooser = e["seat"], e.get("chosen_by")
    if chooser:
        return f"{chooser} gave the initiative to {seat}"
    most, tied = _most_hoplites(state)
    holder = state.initiative if state is not None else ""
    if len(tied) > 1 and holder in tied:
        # uk: the holder settles a tie, but may not keep the initiative if tied too.
        return (
            f"{seat} took the initiative, tied for the most hoplites ({most}) with "
            f"{holder}, who may not keep it"
        )
    return f"{seat} took the initiative with the most hoplites ({most})"


def _game_won(state: State | None, e: Event) -> str:
    # uk «Кінець гри та перемога»: 5 victory points and no creature left on the island.
    points = plural(e["points"], "victory point")
    return f"{e['seat']} won with {points} and no creature left on their island"


# ---------------------------------------------------------------- phases 1 and 2


def _metropolis_placed(state: State | None, e: Event) -> str:
    text = f"{e['seat']} placed their metropolis on the port at {e['cell']}"
    gains = _gains(e["hoplites"], e["orichalcum"])
    return f"{text} and took {gains}" if gains else text


def _card_taken(state: State | None, e: Event) -> str:
    price = "for free" if e["cost"] == 0 else f"paying {plural(e['cost'], 'hoplite')}"
    return (
        f"{e['seat']} took card {e['slot'] + 1} ({card_words(e['card'])}) with "
        f"{_card_tile(e['card'], e['tile'], e['creatures'])}, {price}"
    )


def _tile_placed(state: State | None, e: Event) -> str:
    text = f"{e['seat']} placed {tile_words(e['tile'])} on {_and(list(e['cells']))}"
    on = [
        f"the {CREATURE[c].name} on {cell}"
        for cell, c in zip(e["cells"], e["creatures"], strict=True)
        if c
    ]
    return f"{text}, {_and(on)}" if on else text


def _port_covered(state: State | None, e: Event) -> str:
    # uk «він дійде порту»: the port's bonus, once.
    gains = _gains(e["hoplites"], e["orichalcum"]) or "nothing"
    return f"{e['seat']} reached the port at {e['cell']} and took {gains}"


def _tile_returned(state: State | None, e: Event) -> str:
    # uk фаза 2: a tile that cannot be placed goes under its stack.
    text = f"{e['seat']} could not place {tile_words(e['tile'])}: it went under its stack"
    names = _creatures(e["creatures"])
    if names:
        text += ", the " + " and the ".join(names) + " back into the bag"
    return text


def _titan_claimed(state: State | None, e: Event) -> str:
    # uk «він приверне увагу титана»: from wherever the titan is, active side up.
    source = f"away from {e['from']}" if e.get("from") else "from the centre"
    return f"{e['seat']} attracted {_titan(e['titan'])}, {source}"


def _titan_returned(state: State | None, e: Event) -> str:
    # uk «Кілька титанів»: the old titan goes back to the centre to make room, active side up.
    return f"{e['seat']} sent {TITAN[e['titan']].name} back to the centre to make room"


def _titan_refreshed(state: State | None, e: Event) -> str:
    # uk «Милість титанів»: a grown area of the titan's terrain turns it active again.
    titan = TITAN[e["titan"]]
    return f"{e['seat']} grew a {titan.terrain} area: {titan.name}'s favour is ready again"


def _favour_used(state: State | None, e: Event) -> str:
    titan = TITAN[e["titan"]]
    return f"{e['seat']} used {titan.name}'s favour ({titan.favour})"


# ---------------------------------------------------------------- phases 3 to 5


def _card_discarded(state: State | None, e: Event) -> str:
    return f"{e['seat']} laid their card ({card_words(e['card'])}) face up on the discard pile"


def _doubled(action: str, favour: bool) -> str:
    return f", doubled by {TITAN[TITAN_OF_ACTION[action]].name}" if favour else ""


def _mined(state: State | None, e: Event) -> str:
    return f"{e['seat']} mined {e['orichalcum']} orichalcum{_doubled('mine', e['favour'])}"


def _recruited(state: State | None, e: Event) -> str:
    hoplites = plural(e["hoplites"], "hoplite")
    return f"{e['seat']} recruited {hoplites}{_doubled('recruit', e['favour'])}"


def _creature_fought(state: State | None, e: Event) -> str:
    creature = CREATURE[e["creature"]]
    who = f"{e['seat']} fought the {creature.name} (strength {creature.strength}) at {e['cell']}"
    if e["favour"]:
        return f"{who} with Kronos's favour: won without rolling"
    left = e["fighting"] - e["hoplites"]
    who += f" with {plural(e['hoplites'], 'hoplite')}" if e["hoplites"] else " with no hoplite"
    if left:
        who += f" (and {left} already there)"
    rolled = f"rolled {_dice(e['dice'])} = {sum(e['dice'])}"
    if e["won"]:
        # uk «Захоплення істот»: a skull wins whatever the total.
        by = " by the skull" if SKULL in e["dice"] and sum(e["dice"]) < creature.strength else ""
        return f"{who}: {rolled}, won{by}"
    # uk «У разі поразки»: the hoplites stay on the creature; the action ends.
    staying = e["fighting"]
    if staying:
        stay = "stays" if staying == 1 else "stay"
        return f"{who}: {rolled}, lost; {plural(staying, 'hoplite')} {stay} on it"
    return f"{who}: {rolled}, lost"


def _creature_captured(state: State | None, e: Event) -> str:
    creature = CREATURE[e["creature"]].name
    text = f"{e['seat']} captured the {creature} at {e['cell']}"
    treasure = _gains(e["hoplites"], e["orichalcum"])
    text += f" and its treasure of {treasure}" if treasure else ""
    freed = e["freed"]
    if freed:
        # uk «У разі перемоги»: the hoplites that fought go back to the general supply
        # (to the player's own with a Hospital, PROVISIONAL).
        back = f"{e['seat']}'s supply (Hospital)" if e["to_supply"] else "the general supply"
        text += f"; {plural(freed, 'hoplite')} went back to {back}"
    return text


def _building_built(state: State | None, e: Event) -> str:
    name = BUILDING[e["building"]].name
    text = f"{e['seat']} built the {name} from the {e['slot']} slot at {e['cell']}"
    # uk «Створення»: the hoplite or orichalcum lying on a new camp or mine comes with it.
    if e["hoplites"]:
        return f"{text}, taking the hoplite on it"
    if e["orichalcum"]:
        return f"{text}, taking the orichalcum on it"
    return text


def _temple_built(state: State | None, e: Event) -> str:
    return f"{e['seat']} built a temple on {_and(list(e['cells']))}: a victory point"


def _medallion_forged(state: State | None, e: Event) -> str:
    return (
        f"{e['seat']} forged an orichalcum medallion for {e['orichalcum']} orichalcum: "
        "a victory point"
    )


def _extra_action_bought(state: State | None, e: Event) -> str:
    action = ACTION_NAMES[e["action"]]
    if e["pay"] == "creature":
        # uk фаза 4: «Витрачених істот повертають до мішка з істотами».
        price = f"returning a {CREATURE[e['creature']].name} to the bag"
    elif e["pay"] == "hoplites":
        price = f"for {plural(e['cost'], 'hoplite')}"
    else:
        price = f"for {e['cost']} orichalcum"
    return f"{e['seat']} bought an extra action, {action}, {price}"


def _board_card_discarded(state: State | None, e: Event) -> str:
    # uk фаза 5 (two players): the card to the discard, its tile under its stack, its
    # creature back into the bag.
    text = (
        f"{e['seat']} discarded card {e['slot'] + 1} ({card_words(e['card'])}) "
        "from the action board"
    )
    if e["tile"]:
        text += f"; {tile_words(e['tile'])} went under its stack"
    names = _creatures(e["creatures"])
    if names:
        text += ", the " + " and the ".join(names) + " back into the bag"
    return text


def _to_everyone(teller: Teller) -> Callable[[State | None, Event, str | None], str]:
    """A sentence every reader reads alike, each seat and spectators (nothing told is
    hidden: see above)."""

    def told(state: State | None, event: Event, seat: str | None) -> str:
        return teller(state, event)

    return told


narrate = EVENTS.narration(
    {
        kind: _to_everyone(teller)
        for kind, teller in {
            GAME_SET_UP: _game_set_up,
            ISLANDS_DEALT: _islands_dealt,
            LAND_TILES_SHUFFLED: _land_tiles_shuffled,
            ACTION_CARDS_SHUFFLED: _action_cards_shuffled,
            CARD_DEALT: _card_dealt,
            BUILDING_DRAWN: _building_drawn,
            FIRST_PLAYER_CHOSEN: _first_player_chosen,
            HOPLITES_GAINED: _hoplites_gained,
            SIDE_CHOSEN: _side_chosen,
            ROUND_STARTED: _round_started,
            ACTION_DECK_RESHUFFLED: _action_deck_reshuffled,
            INITIATIVE_TIED: _initiative_tied,
            INITIATIVE_TAKEN: _initiative_taken,
            GAME_WON: _game_won,
            METROPOLIS_PLACED: _metropolis_placed,
            CARD_TAKEN: _card_taken,
            TILE_PLACED: _tile_placed,
            PORT_COVERED: _port_covered,
            TILE_RETURNED: _tile_returned,
            TITAN_CLAIMED: _titan_claimed,
            TITAN_RETURNED: _titan_returned,
            TITAN_REFRESHED: _titan_refreshed,
            FAVOUR_USED: _favour_used,
            CARD_DISCARDED: _card_discarded,
            MINED: _mined,
            RECRUITED: _recruited,
            CREATURE_FOUGHT: _creature_fought,
            CREATURE_CAPTURED: _creature_captured,
            BUILDING_BUILT: _building_built,
            TEMPLE_BUILT: _temple_built,
            MEDALLION_FORGED: _medallion_forged,
            EXTRA_ACTION_BOUGHT: _extra_action_bought,
            BOARD_CARD_DISCARDED: _board_card_discarded,
        }.items()
    },
    bookkeeping=BOOKKEEPING,
)
"""``narrate`` (engine contract): the event in words for ``seat`` (``None``: a spectator);
"" for bookkeeping; an event Orichalk never declared raises."""
