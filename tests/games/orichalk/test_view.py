"""DESIGN.md §3: the view shows only what lies face up; moves are labelled; the data page
lists every value with its provenance; decisions that show something hidden or roll dice
say so."""

from __future__ import annotations

import json
import random

import pytest

from engine.games.orichalk import GAME
from engine.games.orichalk.components import SIZES
from engine.games.orichalk.datapage import DATA_PAGE
from engine.games.orichalk.events import CARD_DEALT, CREATURE_FOUGHT
from engine.games.orichalk.rulings import RULINGS
from engine.games.orichalk.state import ACTION, PLACE
from engine.kit import UnknownEvent
from service.present.presentation import game_data
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
)


def _face_down(state) -> tuple[set[int], tuple[str, ...]]:
    return {t for stack in state.stacks for t in stack}, state.deck


def _shown_tiles(view: dict) -> set[int]:
    """Every land tile id the view shows (on islands, cards, in hand)."""
    shown = set()
    for slot in view["action_board"]["slots"]:
        if slot["tile"]:
            shown.add(slot["tile"]["id"])
    for player in view["players"].values():
        for c in (player["island"] or {}).get("cells", []):
            if c["tile"]:
                shown.add(c["tile"])
    if view["turn"] and view["turn"]["tile"]:
        shown.add(view["turn"]["tile"]["id"])
    return shown


def test_no_view_ever_shows_a_face_down_tile_or_the_order_of_the_action_deck():
    for players in (2, 3, 4):
        run = play_random(GAME, players, seed=31)
        for state in run.states[::5]:
            hidden_tiles, deck = _face_down(state)
            for seat in [*run.seats, None]:
                view = GAME.view(state, seat)
                assert not _shown_tiles(view) & hidden_tiles
                text = json.dumps(view)
                assert view["stacks"] == {s: len(st) for s, st in zip(SIZES, state.stacks,
                                                                      strict=True)}  # fmt: skip
                assert view["action_board"]["deck"] == len(deck)
                for card in deck:
                    assert f'"id": "{card}"' not in text
                assert view["creature_bag"] == sum(state.creature_bag)


def test_every_seat_and_spectators_see_the_same_board():
    state = new_game(3, seed=9)
    views = [GAME.view(state, s) for s in [*state.seats, None]]
    for view in views:
        view.pop("you")
        view.pop("prompt")
    assert all(v == views[0] for v in views)


def test_the_view_draws_each_island_with_its_cells_creatures_buildings_and_ports():
    state = new_game(2, seed=9)
    seat = state.turn.seat
    island = land(fresh_island(), {"C3": "V", "C2": "F"}, creatures={"C3": "hydra"},
                  buildings={"C2": "mine"}, guards={"C3": 2})  # fmt: skip
    state = with_island(state, seat, island)
    view = GAME.view(state, seat)
    mine = view["players"][seat]
    cells = {c["id"]: c for c in mine["island"]["cells"]}
    assert len(cells) == 38
    assert cells["C3"]["creature"] == {"id": "hydra", "name": "Hydra", "strength": 12,
                                       "hoplites": 2}  # fmt: skip
    assert cells["C2"]["building"] == {"id": "mine", "name": "Mine"} and not cells["C2"]["land"]
    assert cells["D1"]["metropolis"] and cells["D1"]["port"]["covered"]
    assert (cells["C4"]["x"], cells["C4"]["y"]) == (3, 1.7321)
    assert sorted(cells["C4"]["neighbours"]) == ["B3", "B4", "C3", "C5", "D3", "D4"]
    assert mine["mines"] == 2 and mine["camps"] == 1
    assert mine["island"]["ports"] == [
        {"cell": "A5", "hoplites": 1, "orichalcum": 1, "covered": False},
        {"cell": "D1", "hoplites": 2, "orichalcum": 0, "covered": True},
        {"cell": "F6", "hoplites": 0, "orichalcum": 2, "covered": False},
    ]
    assert len(view["action_board"]["slots"]) == 5
    assert [s["cost"] for s in view["action_board"]["slots"]] == [0, 0, 1, 1, 2]
    assert len(view["construction_board"]["slots"]) == 4
    assert [t["name"] for t in view["titans_centre"]] == ["Theia", "Themis", "Kronos", "Hyperion"]


def test_before_the_side_is_chosen_the_view_shows_both_sides_of_the_island():
    seats = ["p1", "p2"]
    state = GAME.replay(GAME.setup(seats, {}, random.Random(2)))
    island = GAME.view(state, "p1")["players"]["p1"]["island"]
    assert set(island["sides"]) == {"easy", "hard"}
    assert len(island["sides"]["hard"]["cells"]) == 30
    assert GAME.view(state, "p1")["prompt"].startswith("Choose the side of your island")


def test_the_view_shows_the_last_dice_rolled():
    state = new_game(3, seed=9)
    seat = state.turn.seat
    state = with_island(state, seat, land(fresh_island(), {"C3": "V"}, creatures={"C3": "gorgon"}))
    state = at_step(state, seat, ACTION, card="capture-single", action="capture")
    state, _ = act(state, seat, {"type": "fight", "cell": "C3", "hoplites": 0, "favour": False},
                   Dice(3))  # fmt: skip
    fight = GAME.view(state, None)["last_fight"]
    assert fight == {"seat": seat, "cell": "C3", "creature": "Gorgon", "strength": 8,
                     "hoplites": 0, "dice": [3], "total": 3, "skull": False, "won": False,
                     "favour": False}  # fmt: skip


def test_a_tile_placement_reads_as_a_sentence_and_carries_cell_and_rotation():
    state = new_game(2, seed=9)
    seat = state.turn.seat
    state = with_island(state, seat, land(fresh_island(), {"D3": "D"}))
    state = at_step(state, seat, PLACE, card="mine-double", tile=34)
    move = next(m for m in moves_of(state, seat) if m["cell"] == "C4" and m["rotation"] == 1)
    assert move == {"type": "place_tile", "cell": "C4", "rotation": 1, "cells": ["C4", "B4"]}
    assert GAME.describe(state, move) == "Place the forest–lagoon tile at C4, pointing north-east"


def test_placing_a_tile_reveals_nothing_but_dice_and_new_cards_do():
    state = new_game(2, seed=9)
    seat = state.turn.seat
    state = with_island(state, seat, land(fresh_island(), {"D3": "D"}))
    state = at_step(state, seat, PLACE, card="mine-double", tile=34)
    move = moves_of(state, seat)[0]
    events = GAME.decide(state, seat, move, random.Random(0))
    assert GAME.reveals(state, seat, events) is False
    rolled = [{"type": CREATURE_FOUGHT, "dice": [2]}]
    assert GAME.reveals(state, seat, rolled) is True
    assert GAME.reveals(state, seat, [{"type": CREATURE_FOUGHT, "dice": []}]) is False
    assert GAME.reveals(state, seat, [{"type": CARD_DEALT}]) is True
    with pytest.raises(UnknownEvent, match="something_new"):
        GAME.reveals(state, seat, [{"type": "something_new"}])


def test_the_data_page_lists_every_component_with_its_provenance_and_the_rulings():
    data = game_data("orichalk")
    assert data is not None and data["sections"] is DATA_PAGE and data["rulings"] is RULINGS
    assert data["provisional"] > 20
    titles = [s["title"] for s in DATA_PAGE]
    for title in ("Creatures (20)", "Action cards (12)", "Buildings (26)", "Land tiles (65)",
                  "Islands", "Extra actions (phase 4)"):  # fmt: skip
        assert title in titles
    for section in DATA_PAGE:
        for row in section["rows"]:
            assert row["provenance"] in ("RULEBOOK", "SOURCE", "PROVISIONAL")
            assert row["name"] and row["value"]
    islands = next(s for s in DATA_PAGE if s["title"] == "Islands")["rows"]
    assert len(islands) == 8
    assert all(r["topic"] and r["choice"] and r["sources"] for r in RULINGS)
