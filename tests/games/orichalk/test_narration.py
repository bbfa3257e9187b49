"""Engine contract ``narrate``: every Orichalk event told in one sentence, from real events of
real game states; nothing face down (the stacks' and the deck's order, the bags) is ever
told."""

from __future__ import annotations

import random

import pytest

from engine import Event
from engine.contract import humanise
from engine.games.orichalk import GAME
from engine.games.orichalk.components import CARD, SIZES
from engine.games.orichalk.events import (
    ACTION_CARDS_SHUFFLED,
    ACTION_DECK_RESHUFFLED,
    AWAITING,
    BOARD_CARD_DISCARDED,
    BUILDING_BUILT,
    BUILDING_DRAWN,
    CARD_DEALT,
    CARD_TAKEN,
    CREATURE_FOUGHT,
    EXTRA_ACTION_BOUGHT,
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
    RECRUITED,
    ROUND_ENDED,
    TEMPLE_BUILT,
    TILE_PLACED,
    TILE_RETURNED,
    TITAN_CLAIMED,
    TITAN_REFRESHED,
    TURN_ENDED,
    TURN_STARTED,
)
from engine.games.orichalk.moves import card_words, tile_words
from engine.games.orichalk.state import ACTION, DISCARD, EXTRA, PLACE, TAKE, Site, State
from engine.games.orichalk.state import replace as changed
from engine.kit import UnknownEvent
from tests.engine.playout import play_random
from tests.games.orichalk.helpers import (
    Dice,
    act,
    at_step,
    fresh_island,
    land,
    moves_of,
    new_game,
    with_island,
    with_offers,
    with_player,
)


def told(state: State | None, events: list[Event], seat: str | None = None) -> list[str]:
    """Each event's sentence, as ``seat`` reads it, each from the state before it."""
    lines = []
    for event in events:
        lines.append(GAME.narrate(state, event, seat))
        state = GAME.apply(state, event)
    return lines


def told_of(state: State, events: list[Event], kind: str) -> list[str]:
    return [t for t, e in zip(told(state, events), events, strict=True) if e["type"] == kind]


def tell(state: State, events: list[Event], kind: str) -> str:
    (line,) = told_of(state, events, kind)
    return line


# ---------------------------------------------------------------- setup


def test_the_opening_tells_the_islands_dealt_the_shuffles_by_count_and_the_first_player():
    events = GAME.setup(["p1", "p2", "p3"], {}, random.Random(5))
    lines = dict(zip((e["type"] for e in events), told(None, events), strict=False))
    boards = {"1": "Kerne", "2": "Ogygia", "3": "Scheria", "4": "Thera"}
    dealt = next(e for e in events if e["type"] == ISLANDS_DEALT)["boards"]
    assert lines[GAME_SET_UP] == "A game of Orichalk began for 3 players: p1, p2 and p3"
    assert lines[ISLANDS_DEALT] == (
        f"Islands dealt at random: {boards[dealt['p1']]} to p1, {boards[dealt['p2']]} to p2 "
        f"and {boards[dealt['p3']]} to p3"
    )
    assert lines[LAND_TILES_SHUFFLED] == (
        "The land tiles were shuffled face down into stacks of 25 single, 23 double and "
        "17 triple tiles"
    )
    assert lines[ACTION_CARDS_SHUFFLED] == "The 12 action cards were shuffled into a face-down deck"
    first = next(e for e in events if e["type"] == FIRST_PLAYER_CHOSEN)["seat"]
    right = {"p1": "p3", "p2": "p1", "p3": "p2"}[first]
    assert lines[FIRST_PLAYER_CHOSEN] == (
        f"{first} was drawn at random to take the initiative and play first"
    )
    assert lines[HOPLITES_GAINED] == (
        f"{right} took 1 hoplite, sitting right of the initiative (playing last)"
    )


def test_a_side_chosen_is_told_with_the_name_of_the_island():
    state = GAME.replay(GAME.setup(["p1", "p2"], {}, random.Random(2)))
    name = {"1": "Kerne", "2": "Ogygia", "3": "Scheria", "4": "Thera"}
    board = state.player("p2").island.board
    _, events = act(state, "p2", {"type": "choose_side", "side": "hard"})
    assert told(state, events) == [f"p2 chose the harder side of {name[board]}"]


# ---------------------------------------------------------------- the end of a round


def _last_turn(players: int = 3, hoplites: tuple[int, ...] = (0, 0, 0, 0), **changes):
    """The last player of round 1 at phase 4, holding a creature to pay with: skipping the
    extra action ends the round."""
    state = new_game(players, seed=7)
    last = state.order[-1]
    for i, seat in enumerate(state.seats):
        state = with_island(state, seat, fresh_island())
        creatures = ("cerberus",) if seat == last else ()
        state = with_player(state, seat, orichalcum=0, creatures=creatures, hoplites=hoplites[i])
    state = changed(state, **changes)
    return at_step(state, last, EXTRA), last


def _on_top(deck: tuple[str, ...], card: str) -> tuple[str, ...]:
    return (card, *(c for c in deck if c != card))


def test_a_card_dealt_names_its_action_its_tile_and_the_creature_drawn_for_its_volcano():
    state, last = _last_turn()
    doubles = state.stacks[SIZES.index("double")]
    state = changed(
        state,
        offers=state.offers[:4],
        deck=_on_top(state.deck, "capture-double"),
        stacks=(state.stacks[0], (46, *(t for t in doubles if t != 46)), state.stacks[2]),
        creature_bag=(0, 0, 3, 0, 0),  # gorgons only
    )
    _, events = act(state, last, {"type": "skip"})
    assert tell(state, events, CARD_DEALT) == (
        "Card 5 turned up on the action board: Capture creatures, double tile, with the "
        "desert–volcano tile and a Gorgon"
    )


def test_a_card_dealt_says_when_no_tile_of_its_size_or_no_creature_was_left():
    state, last = _last_turn()
    doubles = state.stacks[SIZES.index("double")]
    deck = _on_top(_on_top(state.deck, "mine-triple"), "recruit-double")
    doubles = (46, *(t for t in doubles if t != 46))
    state = changed(state, offers=state.offers[:3], deck=deck, creature_bag=(0, 0, 0, 0, 0),
                    stacks=(state.stacks[0], doubles, ()))  # fmt: skip
    _, events = act(state, last, {"type": "skip"})
    assert told_of(state, events, CARD_DEALT) == [
        "Card 4 turned up on the action board: Recruit hoplites, double tile, with the "
        "desert–volcano tile (the creature bag was empty)",
        "Card 5 turned up on the action board: Mine orichalcum, triple tile, with no tile "
        "(no triple tile left)",
    ]


def test_a_building_drawn_names_its_slot_and_the_orichalcum_laid_on_a_new_mine():
    state, last = _last_turn(sites=(Site("forest"), *new_game(3, seed=7).sites[1:]),
                             building_bag=(0, 5, 0, 0, 0, 0, 0, 0, 0, 0))  # fmt: skip
    _, events = act(state, last, {"type": "skip"})
    assert tell(state, events, BUILDING_DRAWN) == (
        "From the building bag: Mine, on the forest slot of the construction board, with 1 "
        "orichalcum on it"
    )


def test_a_reshuffle_tells_how_many_discarded_cards_make_the_new_deck_never_their_order():
    state, last = _last_turn()
    kept = state.offers[:3]
    discard = tuple(c for c in CARD if c not in {o.card for o in kept})[:8]
    state = changed(state, offers=kept, deck=(), discard=discard)
    _, events = act(state, last, {"type": "skip"})
    assert tell(state, events, ACTION_DECK_RESHUFFLED) == (
        "The action deck ran out: the 8 discarded cards were shuffled into a new deck"
    )


def test_the_player_with_most_hoplites_is_told_taking_the_initiative_then_the_new_round():
    state, last = _last_turn(hoplites=(1, 4, 2))
    _, events = act(state, last, {"type": "skip"})
    lines = [t for t in told(state, events) if t and not t.startswith(("Card", "From"))]
    assert lines == [
        "p2 took the initiative with the most hoplites (4)",
        "p1 took 1 hoplite, sitting right of the initiative (playing last)",
        "Round 2 began; the order of play: p2, p3, p1",
    ]


def test_a_tie_for_the_initiative_is_told_and_so_is_the_holders_choice():
    state, last = _last_turn(4, hoplites=(3, 3, 3, 0), initiative="p1")
    tied, events = act(state, last, {"type": "skip"})
    assert tell(state, events, INITIATIVE_TIED) == (
        "p2 and p3 tied for the most hoplites (3): p1, who holds the initiative, chooses who "
        "takes it"
    )
    _, events = act(tied, "p1", {"type": "give_initiative", "seat": "p3"})
    assert tell(tied, events, INITIATIVE_TAKEN) == "p1 gave the initiative to p3"


def test_a_holder_tied_with_one_other_player_is_told_passing_the_initiative_to_them():
    state, last = _last_turn(3, hoplites=(2, 2, 0), initiative="p1")
    _, events = act(state, last, {"type": "skip"})
    assert tell(state, events, INITIATIVE_TAKEN) == (
        "p2 took the initiative, tied for the most hoplites (2) with p1, who may not keep it"
    )


# ---------------------------------------------------------------- the metropolis, phases 1-2


def test_the_metropolis_is_told_with_the_port_it_covers_and_its_bonus():
    state = new_game(2, seed=3)
    seat = state.turn.seat
    state = with_island(state, seat, fresh_island(metropolis=None))
    _, events = act(state, seat, {"type": "place_metropolis", "cell": "A5"})
    assert tell(state, events, METROPOLIS_PLACED) == (
        f"{seat} placed their metropolis on the port at A5 and took 1 hoplite and 1 orichalcum"
    )


def test_a_card_taken_is_told_with_its_tile_its_creature_and_its_price():
    state = new_game(2, seed=3)
    seat = state.turn.seat
    state = with_island(state, seat, fresh_island())
    state = with_player(state, seat, hoplites=2)
    state = at_step(state, seat, TAKE)
    state = with_offers(state, ("mine-single", 1, []), ("create-single", 2, []),
                        ("capture-double", 46, ["hydra"]))  # fmt: skip
    taken, events = act(state, seat, {"type": "take_card", "slot": 2, "card": "capture-double"})
    assert tell(state, events, CARD_TAKEN) == (
        f"{seat} took card 3 (Capture creatures, double tile) with the desert–volcano tile and "
        "a Hydra, paying 1 hoplite"
    )
    move = next(m for m in moves_of(taken, seat) if m["cells"] == ["C2", "D2"])
    _, events = act(taken, seat, move)
    assert tell(taken, events, TILE_PLACED) == (
        f"{seat} placed the desert–volcano tile on C2 and D2, the Hydra on D2"
    )
    _, events = act(state, seat, {"type": "take_card", "slot": 0, "card": "mine-single"})
    assert tell(state, events, CARD_TAKEN).endswith("with the forest tile, for free")


def test_covering_a_port_is_told_with_its_bonus():
    state = new_game(2, seed=3)
    seat = state.turn.seat
    state = with_island(state, seat, land(fresh_island(), {"E5": "F", "E6": "F"}))
    state = at_step(state, seat, PLACE, card="mine-single", tile=6)
    _, events = act(state, seat, {"type": "place_tile", "cell": "F6", "rotation": 0,
                                  "cells": ["F6"]})  # fmt: skip
    assert told(state, events)[:2] == [
        f"{seat} placed the lagoon tile on F6",
        f"{seat} reached the port at F6 and took 2 orichalcum",
    ]


def test_a_tile_that_cannot_be_placed_is_told_going_under_its_stack_with_its_creature_to_the_bag():
    from engine.games.orichalk.geometry import layout

    state = new_game(2, seed=3)
    seat = state.turn.seat
    labels = layout("1", "easy").labels
    state = with_island(
        state, seat, land(fresh_island(), {s: "F" for s in labels if s not in ("D1", "G3", "G4")})
    )
    state = at_step(state, seat, TAKE)
    state = with_offers(state, ("create-triple", 65, ["gorgon"]), ("mine-single", 1, []))
    _, events = act(state, seat, {"type": "take_card", "slot": 0, "card": "create-triple"})
    assert tell(state, events, TILE_RETURNED) == (
        f"{seat} could not place the forest–desert–volcano tile: it went under its stack, the "
        "Gorgon back into the bag"
    )


# ---------------------------------------------------------------- titans


def _at_place(island, tile: int):
    state = new_game(2, seed=2)
    seat = state.turn.seat
    state = with_island(state, seat, island)
    return at_step(state, seat, PLACE, card="mine-single", tile=tile), seat


def _place(state, seat, *cells: str):
    move = next(m for m in moves_of(state, seat, "place_tile") if m["cells"] == list(cells))
    return act(state, seat, move)


def test_a_titan_is_told_attracted_from_the_centre_or_away_from_its_holder():
    state, seat = _at_place(land(fresh_island(), {"D2": "D", "D3": "D"}), tile=11)
    _, events = _place(state, seat, "D4")
    assert tell(state, events, TITAN_CLAIMED) == (
        f"{seat} attracted Kronos, titan of the deserts, from the centre"
    )
    other = next(s for s in state.seats if s != seat)
    state = with_player(state, other, titans=(("kronos", False),))
    state = changed(state, centre=("theia", "themis", "hyperion"))
    _, events = _place(state, seat, "D4")
    assert tell(state, events, TITAN_CLAIMED) == (
        f"{seat} attracted Kronos, titan of the deserts, away from {other}"
    )


def test_a_titan_sent_back_to_make_room_and_a_titan_woken_again_are_told():
    state, seat = _at_place(land(fresh_island(), {"D2": "F", "D3": "F"}), tile=1)
    state = with_player(state, seat, titans=(("hyperion", False),))
    state = changed(state, centre=("theia", "themis", "kronos"))
    _, events = _place(state, seat, "D4")
    assert told(state, events)[1:3] == [
        f"{seat} sent Hyperion back to the centre to make room",
        f"{seat} attracted Theia, titan of the forests, from the centre",
    ]
    state = with_player(state, seat, titans=(("theia", False),))
    state = changed(state, centre=("themis", "kronos", "hyperion"))
    _, events = _place(state, seat, "D4")
    assert tell(state, events, TITAN_REFRESHED) == (
        f"{seat} grew a forest area: Theia's favour is ready again"
    )


# ---------------------------------------------------------------- phase 3: mine and recruit


def _at_action(action: str, island, players: int = 3, **player):
    state = new_game(players, seed=4)
    seat = state.turn.seat
    state = with_island(state, seat, island)
    state = with_player(state, seat, **player)
    return at_step(state, seat, ACTION, card=f"{action}-single", action=action), seat


def test_mining_with_hyperions_favour_is_told_as_the_favour_used_and_the_orichalcum_doubled():
    island = land(fresh_island(), {"C2": "F"}, buildings={"C2": "mine"})
    state, seat = _at_action("mine", island, titans=(("hyperion", True),))
    _, events = act(state, seat, {"type": "mine", "favour": True})
    assert told(state, events)[:3] == [
        f"{seat} used Hyperion's favour (doubles the orichalcum mined)",
        f"{seat} mined 4 orichalcum, doubled by Hyperion",
        f"{seat} laid their card (Mine orichalcum, single tile) face up on the discard pile",
    ]


def test_recruiting_is_told_with_the_hoplites_recruited():
    island = land(fresh_island(), {"C2": "F"}, buildings={"C2": "training_camp"})
    state, seat = _at_action("recruit", island)
    _, events = act(state, seat, {"type": "recruit", "favour": False})
    assert tell(state, events, RECRUITED) == f"{seat} recruited 2 hoplites"


# ---------------------------------------------------------------- phase 3: fights


def _fight(state, seat, cell: str, hoplites: int, *dice: int, favour: bool = False):
    move = {"type": "fight", "cell": cell, "hoplites": hoplites, "favour": favour}
    return act(state, seat, move, Dice(*dice))


def test_a_fight_won_by_the_skull_is_told_with_its_dice_and_the_capture_with_its_treasure():
    island = land(fresh_island(), {"C3": "V", "D2": "F"}, creatures={"C3": "cyclops"})
    state, seat = _at_action("capture", island, hoplites=2)
    _, events = _fight(state, seat, "C3", 2, 1, 2, 6)
    assert told(state, events)[:2] == [
        f"{seat} fought the Cyclops (strength 10) at C3 with 2 hoplites: rolled 1, 2, skull = "
        "9, won by the skull",
        f"{seat} captured the Cyclops at C3 and its treasure of 3 orichalcum; 2 hoplites went "
        "back to the general supply",
    ]


def test_a_fight_lost_is_told_with_the_hoplites_left_on_the_creature():
    island = land(fresh_island(), {"C3": "V"}, creatures={"C3": "gorgon"}, guards={"C3": 2})
    state, seat = _at_action("capture", island, hoplites=5)
    _, events = _fight(state, seat, "C3", 1, 1, 1, 1, 4)
    assert tell(state, events, CREATURE_FOUGHT) == (
        f"{seat} fought the Gorgon (strength 8) at C3 with 1 hoplite (and 2 already there): "
        "rolled 1, 1, 1, 4 = 7, lost; 3 hoplites stay on it"
    )
    island = land(fresh_island(), {"C3": "V"}, creatures={"C3": "cerberus"})
    state, seat = _at_action("capture", island, hoplites=0)
    _, events = _fight(state, seat, "C3", 0, 3)
    assert tell(state, events, CREATURE_FOUGHT) == (
        f"{seat} fought the Cerberus (strength 4) at C3 with no hoplite: rolled 3 = 3, lost"
    )


def test_kronos_and_a_hospital_are_told_in_the_fight_they_change():
    island = land(fresh_island(), {"C3": "V", "C2": "L"}, creatures={"C3": "hydra"},
                  buildings={"C2": "hospital"}, guards={"C3": 1})  # fmt: skip
    state, seat = _at_action("capture", island, hoplites=0, titans=(("kronos", True),))
    _, events = _fight(state, seat, "C3", 0, favour=True)
    assert told(state, events)[:3] == [
        f"{seat} used Kronos's favour (wins a fight before rolling)",
        f"{seat} fought the Hydra (strength 12) at C3 with Kronos's favour: won without rolling",
        f"{seat} captured the Hydra at C3 and its treasure of 2 hoplites and 3 orichalcum; "
        f"1 hoplite went back to {seat}'s supply (Hospital)",
    ]


# ---------------------------------------------------------------- phase 3: create


SITES = (Site("forest", "mine", True), Site("lagoon", "training_camp", True), Site("desert"),
         Site("mountain", "arch"))  # fmt: skip


def _at_create(island, **player):
    state, seat = _at_action("create", island, **player)
    return changed(state, sites=SITES), seat


def test_a_building_is_told_with_its_slot_its_space_and_what_lay_on_it():
    state, seat = _at_create(land(fresh_island(), {"C2": "F", "C3": "M"}))
    _, events = act(state, seat, {"type": "build", "slot": "forest", "building": "mine",
                                  "cell": "C2"})  # fmt: skip
    assert tell(state, events, BUILDING_BUILT) == (
        f"{seat} built the Mine from the forest slot at C2, taking the orichalcum on it"
    )
    _, events = act(state, seat, {"type": "build", "slot": "mountain", "building": "arch",
                                  "cell": "C3"})  # fmt: skip
    assert tell(state, events, BUILDING_BUILT) == (
        f"{seat} built the Arch from the mountain slot at C3"
    )


def test_a_temple_and_a_medallion_are_told_as_victory_points():
    island = land(fresh_island(), {"C4": "V", "C5": "V", "B4": "M", "D4": "D"})
    state, seat = _at_create(island, orichalcum=6)
    temple = next(m for m in moves_of(state, seat, "temple"))
    _, events = act(state, seat, temple)
    cells = temple["cells"]
    assert tell(state, events, TEMPLE_BUILT) == (
        f"{seat} built a temple on {cells[0]}, {cells[1]}, {cells[2]} and {cells[3]}: "
        "a victory point"
    )
    _, events = act(state, seat, {"type": "medallion"})
    assert tell(state, events, MEDALLION_FORGED) == (
        f"{seat} forged an orichalcum medallion for 5 orichalcum: a victory point"
    )


# ---------------------------------------------------------------- phases 4 and 5, the win


def test_an_extra_action_is_told_with_its_action_and_what_paid_for_it():
    state = new_game(3, seed=4)
    seat = state.turn.seat
    island = land(fresh_island(), {"C2": "F"}, buildings={"C2": "mine"})
    state = with_island(state, seat, island)
    state = with_player(state, seat, hoplites=3, orichalcum=3, creatures=("cerberus",))
    state = at_step(state, seat, EXTRA)
    paid = {
        ("creature", "mine"): "returning a Cerberus to the bag",
        ("hoplites", "mine"): "for 2 hoplites",
        ("orichalcum", "recruit"): "for 2 orichalcum",
    }
    names = {
        "recruit": "Recruit hoplites",
        "mine": "Mine orichalcum",
        "capture": "Capture creatures",
    }
    for (pay, action), price in paid.items():
        move = {"type": "extra", "pay": pay, "action": action}
        if pay == "creature":
            move["creature"] = "cerberus"
        _, events = act(state, seat, move)
        assert tell(state, events, EXTRA_ACTION_BOUGHT) == (
            f"{seat} bought an extra action, {names[action]}, {price}"
        )


def test_the_two_player_discard_is_told_with_the_tile_and_creature_it_sends_back():
    state = new_game(2, seed=3)
    seat = state.turn.seat
    state = with_island(state, seat, fresh_island())
    state = at_step(state, seat, DISCARD)
    state = with_offers(state, ("mine-single", 1, []), ("capture-double", 46, ["hydra"]))
    _, events = act(state, seat, {"type": "discard_card", "slot": 1, "card": "capture-double"})
    assert tell(state, events, BOARD_CARD_DISCARDED) == (
        f"{seat} discarded card 2 (Capture creatures, double tile) from the action board; the "
        "desert–volcano tile went under its stack, the Hydra back into the bag"
    )


def test_the_win_is_told_with_the_points_and_the_island_cleared():
    state = new_game(3, seed=8)
    seat = state.turn.seat
    state = with_player(state, seat, orichalcum=5, tokens=("temple",) * 4)
    state = with_island(state, seat, fresh_island())
    state = at_step(state, seat, ACTION, card="create-single", action="create")
    _, events = act(state, seat, {"type": "medallion"})
    assert tell(state, events, GAME_WON) == (
        f"{seat} won with 5 victory points and no creature left on their island"
    )


# ---------------------------------------------------------------- bookkeeping, shape, secrecy


def test_whose_turn_or_step_comes_next_and_the_end_of_a_round_are_bookkeeping_told_as_nothing():
    run = play_random(GAME, 3, seed=29)
    before = [None, *run.states[:-1]]
    kinds = {TURN_STARTED, TURN_ENDED, AWAITING, ROUND_ENDED}
    assert kinds <= {e["type"] for e in run.events}
    for state, event in zip(before, run.events, strict=True):
        line = GAME.narrate(state, event, None)
        assert (line == "") == (event["type"] in kinds), event


def test_an_event_type_orichalk_never_declared_is_refused_not_told_or_folded():
    state = new_game(2)
    with pytest.raises(UnknownEvent, match="harbour_flooded"):
        GAME.narrate(state, {"type": "harbour_flooded"}, None)
    with pytest.raises(UnknownEvent, match="harbour_flooded"):
        GAME.apply(state, {"type": "harbour_flooded"})


@pytest.fixture(scope="module", params=[2, 3, 4], ids=lambda n: f"{n} players")
def playout(request):
    return play_random(GAME, request.param, seed=23)


def _with_hidden_reshuffled(state: State | None) -> State | None:
    """The same table with everything face down in another order: each land tile stack and
    the action deck reversed, each bag's contents rotated (as many tokens)."""
    if state is None:
        return None
    return changed(
        state,
        stacks=tuple(tuple(reversed(stack)) for stack in state.stacks),
        deck=tuple(reversed(state.deck)),
        creature_bag=state.creature_bag[1:] + state.creature_bag[:1],
        building_bag=state.building_bag[1:] + state.building_bag[:1],
    )


def _with_order_reshuffled(event: Event) -> Event:
    """The same event with the face-down order it writes reversed (a shuffle's outcome)."""
    if event["type"] == LAND_TILES_SHUFFLED:
        return {**event, **{size: list(reversed(event[size])) for size in SIZES}}
    if event["type"] in (ACTION_CARDS_SHUFFLED, ACTION_DECK_RESHUFFLED):
        return {**event, "deck": list(reversed(event["deck"]))}
    return event


def test_no_sentence_changes_with_what_lies_face_down_or_tells_a_card_still_in_the_deck(playout):
    before = [None, *playout.states[:-1]]
    checked = 0
    for state, event, after in zip(before, playout.events, playout.states, strict=True):
        other_state, other_event = _with_hidden_reshuffled(state), _with_order_reshuffled(event)
        face_down = [card_words(c) for c in after.deck]
        for seat in [*playout.seats, None]:
            line = GAME.narrate(state, event, seat)
            assert GAME.narrate(other_state, other_event, seat) == line, event
            assert not any(card in line for card in face_down), line
            checked += 1
    assert checked > 1000


def test_every_reader_reads_the_same_one_line_sentence_as_every_seat_sees_the_same_board(playout):
    before = [None, *playout.states[:-1]]
    for state, event in zip(before, playout.events, strict=True):
        lines = {GAME.narrate(state, event, seat) for seat in [*playout.seats, None]}
        assert len(lines) == 1, event
        (line,) = lines
        assert "\n" not in line and not line.endswith(".") and len(line) <= 200, line


def test_hardly_any_event_is_told_by_its_type():
    """The check the lead adds to the contract suite once every game narrates."""
    run = play_random(GAME, GAME.max_players, seed=17)
    before = [None, *run.states[:-1]]
    told_ = [GAME.narrate(s, e, None) for s, e in zip(before, run.events, strict=True)]
    typed = [t for t, e in zip(told_, run.events, strict=True) if t == humanise(e["type"])]
    assert typed == [], "not one event of a whole game of four is told by its type"


def test_every_offer_of_a_fresh_game_is_told_as_it_lies_on_the_board():
    events = GAME.setup(["p1", "p2"], {}, random.Random(11))
    state = GAME.replay(events)
    dealt = [t for t in told(None, events) if t.startswith("Card ")]
    assert len(dealt) == len(state.offers) == 5
    for line, offer in zip(dealt, state.offers, strict=True):
        assert card_words(offer.card) in line and tile_words(offer.tile) in line
