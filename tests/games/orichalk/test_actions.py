"""uk фаза 3: «Видобуток орихалка», «Наймання гоплітів», «Захоплення істот»."""

from __future__ import annotations

from engine.games.orichalk import GAME
from engine.games.orichalk.events import (
    CARD_DISCARDED,
    CREATURE_CAPTURED,
    CREATURE_FOUGHT,
    FAVOUR_USED,
    MINED,
)
from engine.games.orichalk.state import ACTION, EXTRA
from tests.games.orichalk.helpers import (
    Dice,
    act,
    at_step,
    cell,
    event,
    fresh_island,
    land,
    moves_of,
    new_game,
    types,
    with_island,
    with_offers,
    with_player,
)


def _at_action(action: str, island, players: int = 3, **player):
    state = new_game(players, seed=4)
    seat = state.turn.seat
    state = with_island(state, seat, island)
    state = with_player(state, seat, **player)
    return at_step(state, seat, ACTION, card=f"{action}-single", action=action), seat


# ---------------------------------------------------------------- mine and recruit


def test_three_mines_produce_three_orichalcum():
    # uk: «У нього 3 шахти (включно з шахтою в метрополії), тож він додає … 3 самородки».
    island = land(fresh_island(), {"C2": "F", "C3": "L"}, buildings={"C2": "mine", "C3": "mine"})
    state, seat = _at_action("mine", island, orichalcum=0)
    assert moves_of(state, seat) == [{"type": "mine", "favour": False}, {"type": "skip"}]
    state, events = act(state, seat, {"type": "mine", "favour": False})
    assert event(events, MINED)["orichalcum"] == 3
    assert state.player(seat).orichalcum == 3


def test_hyperion_doubles_the_mining_once_and_turns_inactive():
    # uk: Тарас … 2 шахти … «Тарас отримає 4 самородки оріхалка, а не 2».
    island = land(fresh_island(), {"C2": "F"}, buildings={"C2": "mine"})
    state, seat = _at_action("mine", island, orichalcum=0, titans=(("hyperion", True),))
    move = {"type": "mine", "favour": True}
    assert move in moves_of(state, seat)
    assert GAME.describe(state, move) == "Mine orichalcum with Hyperion's favour (+4 orichalcum)"
    state, _ = act(state, seat, move)
    assert state.player(seat).orichalcum == 4
    assert state.player(seat).titans == (("hyperion", False),)
    assert state.player(seat).points == 1, "an inactive titan still gives its point"


def test_recruiting_gives_a_hoplite_per_camp_the_metropolis_included():
    # uk: «У нього 2 тренувальні табори (включно з табором у метрополії), тож він бере 2».
    island = land(fresh_island(), {"C2": "F"}, buildings={"C2": "training_camp"})
    state, seat = _at_action("recruit", island, hoplites=0)
    state, _ = act(state, seat, {"type": "recruit", "favour": False})
    assert state.player(seat).hoplites == 2


def test_themis_doubles_the_hoplites_recruited():
    state, seat = _at_action("recruit", fresh_island(), hoplites=0, titans=(("themis", True),))
    state, _ = act(state, seat, {"type": "recruit", "favour": True})
    assert state.player(seat).hoplites == 2
    assert state.player(seat).titans == (("themis", False),)


# ---------------------------------------------------------------- fights


def _fight_island(**creatures: str):
    spaces = {label: "V" for label in creatures}
    spaces |= {"D2": "F"}
    return land(fresh_island(), spaces, creatures=creatures)


def test_the_cyclops_is_captured_with_a_skull_whatever_the_total():
    # uk: «Сила циклопа — 10 … залучити 2 гоплітів і кидає 3 кубики. Він викидає …
    # Загальне число менше за силу циклопа, але він викинув [череп]».
    state, seat = _at_action("capture", _fight_island(C3="cyclops"), hoplites=2, orichalcum=0)
    move = {"type": "fight", "cell": "C3", "hoplites": 2, "favour": False}
    assert GAME.describe(state, move) == (
        "Fight the Cyclops (strength 10) at C3 with 2 hoplites: 3 dice"
    )
    state, events = act(state, seat, move, Dice(1, 2, 6))
    fought = event(events, CREATURE_FOUGHT)
    assert (fought["dice"], fought["won"]) == ([1, 2, 6], True)
    player = state.player(seat)
    assert player.orichalcum == 3, "the cyclops's treasure: 3 orichalcum"
    assert player.creatures == ("cyclops",)
    assert player.hoplites == 0, "the hoplites go back to the general supply"
    assert not player.island.creature[cell(state, seat, "C3")]


def test_the_cerberus_fought_with_one_hoplite_rolling_2_and_1_is_not_captured():
    # uk: «Цербер має силу всього 4, тож Тарас залучає 1 гопліта й може кинути 2 кубики. Він
    # викидає 2 та 1 і програє … Його залучені гопліти лишаються на ділянці із цербером».
    island = _fight_island(C3="cerberus", C4="hydra")
    state, seat = _at_action("capture", island, hoplites=3)
    state, events = act(state, seat, {"type": "fight", "cell": "C3", "hoplites": 1,
                                      "favour": False}, Dice(2, 1))  # fmt: skip
    assert event(events, CREATURE_FOUGHT)["won"] is False
    island = state.player(seat).island
    assert island.creature[cell(state, seat, "C3")] == "cerberus"
    assert island.guards[cell(state, seat, "C3")] == 1
    assert state.player(seat).hoplites == 2
    # «Він більше не може битися з істотами в цьому ході»: phase 3 is over.
    assert state.turn.seat == seat and state.turn.step == EXTRA
    assert CARD_DISCARDED in types(events)


def test_hoplites_left_on_a_creature_fight_again_and_count_among_the_three():
    island = land(fresh_island(), {"C3": "V"}, creatures={"C3": "gorgon"}, guards={"C3": 2})
    state, seat = _at_action("capture", island, hoplites=5)
    fights = [m for m in moves_of(state, seat, "fight")]
    assert [m["hoplites"] for m in fights] == [0, 1]
    assert GAME.describe(state, fights[1]).endswith("1 hoplite (and 2 already there): 4 dice")
    state, events = act(state, seat, fights[1], Dice(1, 1, 1, 4))
    assert event(events, CREATURE_FOUGHT)["fighting"] == 3
    assert state.player(seat).island.guards[cell(state, seat, "C3")] == 3


def test_after_a_win_the_player_may_fight_another_creature_or_stop():
    state, seat = _at_action("capture", _fight_island(C3="cerberus", C4="hydra"), hoplites=3)
    state, _ = act(state, seat, {"type": "fight", "cell": "C3", "hoplites": 0,
                                 "favour": False}, Dice(4))  # fmt: skip
    assert state.turn.step == ACTION and state.turn.fought
    moves = moves_of(state, seat)
    assert {m["cell"] for m in moves if m["type"] == "fight"} == {"C4"}
    assert GAME.describe(state, {"type": "skip"}) == "Stop fighting"
    assert state.player(seat).hoplites == 4, "the cerberus's treasure: 1 hoplite"


def test_kronos_wins_a_fight_before_rolling():
    island = land(fresh_island(), {"C3": "V"}, creatures={"C3": "hydra"}, guards={"C3": 1})
    state, seat = _at_action("capture", island, hoplites=0, titans=(("kronos", True),))
    move = {"type": "fight", "cell": "C3", "hoplites": 0, "favour": True}
    assert move in moves_of(state, seat)
    state, events = act(state, seat, move, Dice())
    assert types(events)[:3] == [FAVOUR_USED, CREATURE_FOUGHT, CREATURE_CAPTURED]
    assert event(events, CREATURE_FOUGHT)["dice"] == []
    assert state.player(seat).titans == (("kronos", False),)
    assert state.player(seat).creatures == ("hydra",)


def test_a_hospital_sends_the_hoplites_of_a_won_fight_back_to_the_players_supply():
    island = _fight_island(C3="minotaur")
    island = land(island, {"C2": "L"}, buildings={"C2": "hospital"})
    state, seat = _at_action("capture", island, hoplites=2, orichalcum=0)
    state, _ = act(state, seat, {"type": "fight", "cell": "C3", "hoplites": 2,
                                 "favour": False}, Dice(3, 3, 3))  # fmt: skip
    assert state.player(seat).hoplites == 2 + 1, "its own two back, and the treasure"


def test_siege_engines_roll_one_more_die():
    island = _fight_island(C3="hydra")
    island = land(island, {"C2": "L"}, buildings={"C2": "siege_engines"})
    state, seat = _at_action("capture", island, hoplites=0)
    state, events = act(state, seat, {"type": "fight", "cell": "C3", "hoplites": 0,
                                      "favour": False}, Dice(1, 2))  # fmt: skip
    assert event(events, CREATURE_FOUGHT)["dice"] == [1, 2]


def test_capture_is_skipped_when_no_creature_is_on_the_island():
    state = new_game(3, seed=4)
    seat = state.turn.seat
    state = with_island(state, seat, land(fresh_island(), {"D2": "F"}))
    state = with_player(state, seat, hoplites=0, orichalcum=0, creatures=())
    state = at_step(state, seat, "take")
    state = with_offers(state, ("capture-single", 1, []), ("mine-single", 2, []))
    state, _ = act(state, seat, {"type": "take_card", "slot": 0, "card": "capture-single"})
    state, events = act(state, seat, moves_of(state, seat)[0])
    assert CARD_DISCARDED in types(events)
    assert state.turn.seat != seat, "nothing else to do: the turn passed on"


def test_a_bought_capture_fights_at_least_once():
    state, seat = _at_action("capture", _fight_island(C3="cerberus"), hoplites=3)
    state = at_step(state, seat, ACTION, action="capture", extra=True)
    assert {"type": "skip"} not in moves_of(state, seat)
    assert state.turn.step != EXTRA
