"""What each seat sees (engine contract ``view``): the whole open board, every player's
pieces, a prompt for the decision, and never a tile below the top of a building stack."""

from __future__ import annotations

import json

from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders.components import COLOURS
from engine.games.origins_first_builders.state import replace
from tests.engine.playout import play_random
from tests.games.origins_first_builders.helpers import at, city, new_game, setup, with_player


def _hide_differently(state):
    """The same game with the tiles below each stack's top in another order and swapped
    with other tiles of the same colour: nothing a seat may see changes."""
    stacks = []
    for stack in state.stacks:
        hidden = list(stack[1:])
        hidden.reverse()
        if len(hidden) > 1:
            hidden = hidden[1:] + hidden[:1]
        stacks.append(tuple(stack[:1]) + tuple(hidden))
    return replace(state, stacks=tuple(stacks))


def test_no_view_shows_a_tile_below_the_top_of_a_building_stack():
    for players in (1, 2, 4):
        run = play_random(GAME, players, seed=21)
        for state in run.states[:: max(1, len(run.states) // 30)]:
            if not state.stacks or not any(len(s) > 2 for s in state.stacks):
                continue
            other = _hide_differently(state)
            assert other.stacks != state.stacks
            for seat in [*run.seats, None]:
                assert GAME.view(state, seat) == GAME.view(other, seat)


def test_a_stack_shows_its_face_up_top_and_its_height_only():
    state = new_game(2, seed=1)
    stacks = GAME.view(state, "p1")["board"]["building_stacks"]
    for colour, stack in zip(COLOURS, state.stacks, strict=True):
        assert stacks[colour]["count"] == len(stack)
        assert stacks[colour]["top"]["id"] == stack[0]
        assert set(stacks[colour]) == {"top", "count"}


def test_every_seat_and_a_spectator_see_the_same_board():
    state = new_game(3, seed=1)
    views = [GAME.view(state, seat) for seat in (*state.seats, None)]
    for view in views:
        view.pop("you")
        view.pop("prompt")
    assert all(v == views[0] for v in views)


def test_the_prompt_names_the_decision_for_the_acting_seat_and_the_wait_for_the_others():
    state = at(new_game(2, seed=1), "p1")
    assert GAME.view(state, "p1")["prompt"].startswith("Choose your action")
    assert GAME.view(state, "p2")["prompt"] == "Waiting for p1 to play"
    assert GAME.view(state, None)["prompt"] == "Waiting for p1 to play"
    drafting = setup(2, 1)
    (seat,) = GAME.to_act(drafting)
    assert GAME.view(drafting, seat)["prompt"] == "Choose a starting citizen die"
    assert GAME.view(drafting, seat)["draft"]["order"] == list(drafting.draft_order)


def test_the_view_holds_the_board_and_each_players_pieces():
    state = new_game(2, seed=1)
    state = with_player(state, "p1", city=city((1, 0, "mint"), (1, -1, "obelisk", True)))
    view = json.loads(json.dumps(GAME.view(state, "p1")))
    board = view["board"]
    assert [z["number"] for z in board["zones"]] == [1, 2, 3, 4, 5]
    assert all(z["starship"] == 1 and z["bonus"]["colour"] for z in board["zones"])
    assert [s["wisdom"] for s in board["building_row"]] == [0, 1, 2, 2, 3]
    assert len(board["citizen_row"]) == 5 and len(board["district_cards"]) == 4
    assert len(board["war_track"]["spaces"]) == 17 and board["war_track"]["last_points"] == 9
    assert [t["name"] for t in board["temples"]] == ["Forest", "Mountain", "Sea"]
    p1 = view["players"]["p1"]
    assert p1["resources"] == {"stone": 1, "food": 1, "wisdom": 1, "gold": 1}
    tiles = {(t["x"], t["y"]): t for t in p1["city"]["tiles"]}
    assert tiles[(0, -1)]["name"] == "Agora" and tiles[(0, 0)]["name"] == "Palace"
    assert tiles[(1, 0)]["colour"] == "yellow"
    assert tiles[(1, -1)] == {
        "x": 1, "y": -1, "kind": "farm", "name": "Farm", "colour": None, "farm": True,
        "text": "farm: no colour, no effect",
    }  # fmt: skip
    assert p1["city"]["bounds"] == {"left": 0, "top": -1, "right": 1, "bottom": 0}
    assert p1["palace_towers"] == dict.fromkeys(COLOURS, 1)
    assert p1["bases"] == {"owned": 2, "free": 0, "next_cost": 2}
    assert len(p1["citizens"]) == 2 and p1["archon"] == {"where": "home", "colours": []}


def test_every_option_of_every_decision_has_a_label_of_its_own():
    for players in (1, 3):
        run = play_random(GAME, players, seed=4)
        for decision in run.log:
            for move in GAME.legal_moves(decision.state, decision.seat):
                label = GAME.describe(decision.state, move)
                assert label and label != str(move["type"]).replace("_", " ").capitalize()
