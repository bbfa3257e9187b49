"""Orichalk's board (issue 10; in its game folder since issue 16): the picture shows what
the view says, the panels list it, the tile placement's starting spaces are marked, long
option lists nest, and nothing hidden (the tile stacks' and the deck's order, the bags) can
reach a picture."""

from __future__ import annotations

import io
import random
import xml.etree.ElementTree as ET
from html import escape
from typing import Any, Literal

import pytest
from PIL import Image

from engine.games.orichalk import GAME
from engine.games.orichalk.board import BOARD
from engine.games.orichalk.board.options import option_path
from engine.games.orichalk.board.palette import (
    CANDIDATE,
    CREATURE_FILL,
    EMPTY,
    MARBLE,
    STONE,
    TERRAIN_FILL,
)
from engine.games.orichalk.board.spaces import candidate_spaces
from engine.games.orichalk.board.words import fight_words, seat_colours, slot_words
from engine.games.orichalk.state import PLACE, State, replace
from engine.kit.panels import Chip, Content, Panels, Para, Section, Table, plain
from service.boards import Board, Picture
from service.boards import option_path as option_path_of
from service.boards import render as render_any
from service.boards.html import panels_html
from service.present.presentation import group_options
from tests.engine.playout import Playout, play_bots, play_random
from tests.games.orichalk.helpers import (
    Dice,
    act,
    at_step,
    fresh_island,
    land,
    new_game,
    with_island,
    with_player,
)

SVG = "{http://www.w3.org/2000/svg}"


def render(view: dict[str, Any], picture: Picture = None) -> Board:
    """Orichalk's board as the service draws it, without players' names."""
    return render_any("orichalk", view, picture)


@pytest.fixture(scope="module")
def bots() -> Playout:
    return play_bots(GAME, 4, seed=3)


def crafted() -> tuple[State, str]:
    """The seat to play owns a crafted Kerne (easier side): land tiles of every terrain, a
    hydra with 2 hoplites left on it, a mine, a temple, the metropolis on D1; it holds a
    titan and has captured a cyclops."""
    state = new_game(3, seed=9)
    seat = state.turn.seat
    island = land(
        fresh_island(),
        {"C2": "F", "C3": "V", "D2": "L", "D3": "D", "E2": "M", "E3": "F", "C4": "M",
         "B3": "L", "B4": "D", "C5": "F"},
        creatures={"C3": "hydra"},
        buildings={"C2": "mine"},
        guards={"C3": 2},
    )  # fmt: skip
    # each space its own land tile, and a temple on the diamond B3 B4 C4 C5
    tiles = tuple(i + 1 if t else 0 for i, t in enumerate(island.tile))
    island = replace(island, tile=tiles)
    temple = tuple(1 if label in ("B3", "B4", "C4", "C5") else 0 for label in _labels(island))
    island = replace(island, temple=temple)
    state = with_island(state, seat, island)
    state = with_player(state, seat, titans=(("kronos", True),), creatures=("cyclops",),
                        tokens=("temple",), hoplites=4, orichalcum=3)  # fmt: skip
    return state, seat


def _labels(island: Any) -> list[str]:
    from engine.games.orichalk.geometry import layout

    return list(layout(island.board, island.side).labels)


def svg_of(view: dict[str, Any]) -> ET.Element:
    board = render(view, "svg")
    assert board.svg is not None
    return ET.fromstring(board.svg)


def titled(root: ET.Element, prefix: str) -> list[ET.Element]:
    """Groups whose hover title starts with ``prefix``."""
    found = []
    for g in root.iter(f"{SVG}g"):
        title = g.find(f"{SVG}title")
        if title is not None and (title.text or "").startswith(prefix):
            found.append(g)
    return found


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text")]


def own_island(root: ET.Element) -> ET.Element:
    (island,) = titled(root, "Your island: ")
    return island


def space(island: ET.Element, label: str) -> ET.Element:
    (group,) = [g for g in titled(island, f"{label}: ") if g is not island]
    return group


def fills(element: ET.Element) -> list[str]:
    return [p.get("fill") or "" for p in element.iter(f"{SVG}polygon")]


# ---------------------------------------------------------------- the seat's island


def test_each_space_of_the_seats_island_is_drawn_in_its_terrain_and_named():
    state, seat = crafted()
    view = GAME.view(state, seat)
    island = own_island(svg_of(view))
    cells = view["players"][seat]["island"]["cells"]
    temples = {c for group in view["players"][seat]["island"]["temples"] for c in group}
    expected: dict[str, int] = {}
    for c in cells:
        if c["id"] in temples:
            colour = MARBLE
        elif c["metropolis"]:
            colour = STONE
        elif c["terrain"]:
            colour = TERRAIN_FILL[c["terrain"]]
        else:
            colour = EMPTY
        expected[colour] = expected.get(colour, 0) + 1
        words = space(island, c["id"]).find(f"{SVG}title").text
        if c["id"] in temples:
            assert "temple 1" in words
        elif c["terrain"] and not c["building"]:
            assert words.startswith(f"{c['id']}: {c['terrain']}")
    hexes = fills(island)
    for colour, n in expected.items():
        assert hexes.count(colour) >= n, colour
    assert hexes.count(TERRAIN_FILL["volcano"]) == 1


def test_a_creature_shows_its_strength_name_and_the_hoplites_left_on_it():
    state, seat = crafted()
    island = own_island(svg_of(GAME.view(state, seat)))
    hydra = space(island, "C3")
    assert "Hydra, strength 12, 2 hoplites on it" in hydra.find(f"{SVG}title").text
    assert {"12", "Hydra", "2"} <= set(texts(hydra))
    assert any(c.get("fill") == CREATURE_FILL["hydra"] for c in hydra.iter(f"{SVG}circle"))


def test_buildings_the_metropolis_the_temple_and_the_ports_are_drawn():
    state, seat = crafted()
    root = svg_of(GAME.view(state, seat))
    island = own_island(root)
    assert "Mine" in texts(space(island, "C2"))
    assert "metropolis" in space(island, "D1").find(f"{SVG}title").text
    (temple,) = titled(island, "Temple 1 on ")
    assert temple.find(f"{SVG}title").text == "Temple 1 on B3, B4, C4, C5"
    a5 = space(island, "A5").find(f"{SVG}title").text
    assert "port: 1 hoplite + 1 orichalcum" in a5 and "(taken)" not in a5
    d1 = space(island, "D1").find(f"{SVG}title").text
    assert "port: 2 hoplites (taken)" in d1


def test_the_seats_supply_victory_points_titans_and_captures_are_on_its_board():
    state, seat = crafted()
    root = svg_of(GAME.view(state, seat))
    shown = texts(root)
    assert "Victory points 2/5" in shown
    assert "4" in shown and "3" in shown
    assert titled(root, "Kronos, titan of the desert: wins a fight before rolling (favour ready)")
    assert titled(root, "Cyclops (10)")
    assert titled(root, "temple")


def test_while_a_tile_is_placed_the_spaces_its_options_start_from_are_ringed():
    state, seat = crafted()
    state = at_step(state, seat, PLACE, card="mine-double", tile=34)
    view = GAME.view(state, seat)
    island = own_island(svg_of(view))
    ringed = {
        label
        for label in (c["id"] for c in view["players"][seat]["island"]["cells"])
        # The ring, not the label's ink: the service draws a label in black or white where
        # its own colour would not stand 4.5:1 on the terrain (service/boards/contrast.py).
        if any(c.get("stroke") == CANDIDATE for c in space(island, label).iter(f"{SVG}circle"))
    }
    starts = {m["cell"] for m in GAME.legal_moves(state, seat)}
    assert ringed == starts and len(starts) > 3
    root = svg_of(view)
    assert "Tile to place" in texts(root)
    assert titled(root, "double land tile: forest, lagoon")
    assert titled(root, "Directions: east, north-east")


def test_the_marked_starting_spaces_are_exactly_those_of_the_engines_options():
    """Across whole games, every placement decision, every tile: the spaces worked out from
    the view are the ``cell`` of the engine's options, in the same order."""
    checked = 0
    for run in (play_random(GAME, 2, seed=11), play_bots(GAME, 3, seed=12)):
        for decision in run.log:
            turn = decision.state.turn
            if turn is None or turn.step != PLACE or not turn.tile:
                continue
            view = GAME.view(decision.state, decision.seat)
            island = view["players"][decision.seat]["island"]
            starts = list(
                dict.fromkeys(m["cell"] for m in GAME.legal_moves(decision.state, decision.seat))
            )
            assert candidate_spaces(island, view["turn"]["tile"]) == starts
            checked += 1
    assert checked > 40


def test_before_a_side_is_chosen_both_sides_of_the_board_are_drawn_with_their_ports():
    state = GAME.replay(GAME.setup(["p1", "p2"], {}, random.Random(2)))
    view = GAME.view(state, "p1")
    root = svg_of(view)
    name = view["players"]["p1"]["island"]["name"]
    assert titled(root, f"{name}, easier side") and titled(root, f"{name}, harder side")
    assert "Easier side · 38 spaces" in texts(root) and "Harder side · 30 spaces" in texts(root)


def test_a_spectator_sees_the_island_of_the_player_to_play(bots: Playout):
    state = next(s for s in bots.states[200:] if s.turn is not None)
    root = svg_of(GAME.view(state, None))
    assert titled(root, f"{state.turn.seat}'s island: ")
    assert not titled(root, "Your island")
    others = [s for s in state.seats if s != state.turn.seat]
    for seat in others:
        assert titled(root, f"{seat}'s island: ")


# ---------------------------------------------------------------- shared boards and dice


def test_every_card_of_the_action_board_shows_its_cost_action_tile_and_creatures(bots: Playout):
    for state in bots.states[100::150]:
        view = GAME.view(state, None)
        root = svg_of(view)
        for slot in view["action_board"]["slots"]:
            assert titled(root, slot_words(slot)), slot_words(slot)


def test_the_construction_board_and_the_titans_in_the_centre_are_drawn():
    state = new_game(2, seed=4)
    view = GAME.view(state, None)
    root = svg_of(view)
    for slot in view["construction_board"]["slots"]:
        assert titled(root, f"{slot['terrain']} slot: ")
    for titan in view["titans_centre"]:
        assert titled(root, f"{titan['name']}, titan of the {titan['terrain']}")
    assert titled(root, f"{view['temples_left']} temple tiles and")


def test_the_dice_of_the_last_fight_are_drawn_with_the_skull_on_the_six():
    state, seat = crafted()
    state = at_step(state, seat, "action", card="capture-single", action="capture")
    move = {"type": "fight", "cell": "C3", "hoplites": 1, "favour": False}
    state, _ = act(state, seat, move, Dice(2, 6, 1, 1))
    view = GAME.view(state, None)
    fight = view["last_fight"]
    assert fight["dice"] == [2, 6, 1, 1] and fight["won"]
    root = svg_of(view)
    (dice,) = titled(root, "dice: 2, skull, 1, 1")
    assert len(dice.findall(f"{SVG}rect")) == 5  # four dice, and the skull's jaw
    board = render(view, None)
    assert "rolled 2, skull, 1, 1 = 10, won by the skull and captured it" in board.text
    assert "☠" in board.html and fight_words(fight) in board.text


# ---------------------------------------------------------------- pictures and panels


def test_the_png_decodes_at_email_width_and_stays_small(bots: Playout):
    for state in (bots.states[300], bots.final):
        board = render(GAME.view(state, "p1"), "png")
        assert board.png is not None and board.svg is None
        image = Image.open(io.BytesIO(board.png))
        assert image.format == "PNG"
        assert image.size[0] == 680 and 700 < image.size[1] < 1400
        assert len(board.png) < 150_000


def test_without_a_picture_only_text_and_panels_are_made_from_the_games_own_board(
    bots: Playout,
):
    view = GAME.view(bots.states[300], "p2")
    board = render(view, None)
    assert board.svg is None and board.png is None and board.text and board.html
    assert board.text == "\n".join(BOARD.text(view))
    assert board.html == panels_html(BOARD.panels(view))


def test_text_and_panels_give_every_players_points_supply_titans_and_island(bots: Playout):
    view = GAME.view(bots.states[400], "p3")
    board = render(view, None)
    for player in view["players"].values():
        assert f"{player['points']}/5 victory points" in board.text
        assert f">{player['points']}</b>/5" in board.html
        assert f"{player['hoplites']} hoplite" in board.text
        assert f"{player['hoplites']} hoplites" in board.html
        for titan in player["titans"]:
            assert titan["name"] in board.text and escape(titan["name"]) in board.html
        for cell in player["island"]["cells"]:
            if cell["creature"]:
                assert (
                    f"{cell['creature']['name']} ({cell['creature']['strength']}) at {cell['id']}"
                    in board.text
                )
    for slot in view["action_board"]["slots"]:
        assert slot_words(slot) in board.text
    assert board.text.splitlines()[0] == f"Round {view['round']} · {view['current']} to play."


def test_the_end_of_the_game_names_the_winner_and_draws_their_island(bots: Playout):
    view = GAME.view(bots.final, None)
    board = render(view, "svg")
    winner = view["winner"]
    assert board.text.startswith(f"Game over: {winner} won.")
    assert titled(ET.fromstring(board.svg or ""), f"{winner}'s island: ")


def test_seat_names_are_escaped_in_the_picture_and_the_panels():
    seats = ["<Ann & Bob>", 'Zoë "Z"']
    state = GAME.replay(GAME.setup(seats, {}, random.Random(3)))
    for seat in seats:
        state, _ = act(state, seat, {"type": "choose_side", "side": "easy"})
    board = render(GAME.view(state, None), "svg")
    ET.fromstring(board.svg or "")  # well-formed
    assert "<Ann" not in board.html and escape("<Ann & Bob>") in board.html
    assert 'Zoë "Z"' not in board.html


def section(panels: Panels, title: str) -> Section:
    (found,) = [b for b in panels.blocks if isinstance(b, Section) and b.title == title]
    return found


def chips(content: Content) -> dict[str, Chip]:
    return {piece.label: piece for piece in content if isinstance(piece, Chip)}


def test_the_panels_keep_each_players_colour_and_the_colours_of_terrains_creatures_and_dice():
    state, seat = crafted()
    state = at_step(state, seat, "action", card="capture-single", action="capture")
    move = {"type": "fight", "cell": "C3", "hoplites": 1, "favour": False}
    state, _ = act(state, seat, move, Dice(2, 6, 1, 1))
    view = GAME.view(state, None)
    panels = BOARD.panels(view)
    (players,) = section(panels, "Players").blocks
    assert isinstance(players, Table) and players.labels
    colours = seat_colours(view)
    assert [c.colour for c in players.columns[1:]] == [colours[s] for s in view["players"]]
    column = list(view["players"]).index(seat) + 1
    assert seat in plain(players.columns[column].content)
    rows = {plain(row[0]): row for row in players.rows}
    kronos = chips(rows["Titans"][column])["Kronos"]
    assert kronos.fill == TERRAIN_FILL["desert"] and "desert" in kronos.title
    for caught in ("Cyclops (10)", "Hydra (12)"):
        assert chips(rows["Creatures captured"][column])[caught].ink == "#ffffff"
    assert chips(rows["Creatures captured"][column])["Hydra (12)"].fill == CREATURE_FILL["hydra"]
    (sites, *_) = section(panels, "Construction board and supply").blocks
    assert isinstance(sites, Table)
    slots = view["construction_board"]["slots"]
    assert [c.colour for c in sites.columns] == [TERRAIN_FILL[s["terrain"]] for s in slots]
    dice = [p for b in panels.blocks if isinstance(b, Para) for p in b.content
            if isinstance(p, Chip) and p.shape == "die"]  # fmt: skip
    assert [d.label for d in dice] == ["2", "☠", "1", "1"]
    assert dice[1].fill == "#2b2b2b" and "skull" in dice[1].title


# ---------------------------------------------------------------- nothing hidden


def with_hidden_reshuffled(state: State) -> State:
    """The same table with everything face down in another order: each land tile stack and
    the action deck reversed, each bag's contents rotated (as many tokens)."""
    return replace(
        state,
        stacks=tuple(tuple(reversed(stack)) for stack in state.stacks),
        deck=tuple(reversed(state.deck)),
        creature_bag=state.creature_bag[1:] + state.creature_bag[:1],
        building_bag=state.building_bag[1:] + state.building_bag[:1],
    )


def test_no_picture_text_or_panel_depends_on_what_lies_face_down(bots: Playout):
    checked = 0
    for state in bots.states[:: len(bots.states) // 12]:
        other = with_hidden_reshuffled(state)
        differs = (other.stacks != state.stacks or other.deck != state.deck
                   or other.creature_bag != state.creature_bag)  # fmt: skip
        if not differs:
            continue
        for seat in [*state.seats, None]:
            # the PNG draws the same shapes as the SVG: comparing one PNG per state suffices
            picture: Literal["svg", "png"] = "png" if seat is None else "svg"
            assert render(GAME.view(state, seat), picture) == render(
                GAME.view(other, seat), picture
            )
            checked += 1
    assert checked > 30


# ---------------------------------------------------------------- long option lists


def test_placements_nest_by_starting_space_then_direction_and_singles_by_row():
    move = {"type": "place_tile", "cell": "C4", "rotation": 1, "cells": ["C4", "B4"]}
    assert option_path(move) == ("Tile at C4", "pointing north-east")
    single = {"type": "place_tile", "cell": "E2", "rotation": 0, "cells": ["E2"]}
    assert option_path(single) == ("Row E",)
    fight = {"type": "fight", "cell": "C3", "hoplites": 2, "favour": False}
    assert option_path(fight) == ("Creature at C3",)
    assert option_path_of("orichalk") is option_path


def test_a_long_placement_decision_lists_every_option_once_in_nested_groups():
    state, seat = crafted()
    state = at_step(state, seat, PLACE, card="mine-triple", tile=60)
    moves = GAME.legal_moves(state, seat)
    assert len(moves) > 20
    options = [{"label": GAME.describe(state, m), "key": str(i), "url": None}
               for i, m in enumerate(moves)]  # fmt: skip
    groups = group_options(moves, options, option_path)

    def keys(groups: list[dict[str, Any]]) -> list[str]:
        return [k for g in groups for k in [o["key"] for o in g["options"]] + keys(g["groups"])]

    assert keys(groups) == [str(i) for i in range(len(moves))]
    starts = list(dict.fromkeys(m["cell"] for m in moves))
    assert [g["name"].split(" · ")[0] for g in groups] == [f"Tile at {c}" for c in starts]
    assert all(g["count"] <= 6 for g in groups)
