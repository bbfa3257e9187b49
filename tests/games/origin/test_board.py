"""Origin's board (``engine/games/origin/board``) as the service draws it: the map as SVG and
PNG, the panels, the text, and nothing a seat may not see."""

from __future__ import annotations

import io
import json
import random
import xml.etree.ElementTree as ET
from html import escape
from typing import Any

import pytest
from PIL import Image

from engine import registry
from engine.games.origin.board import BOARD
from engine.games.origin.board.palette import PAWN_FILL, seat_colours
from engine.games.origin.board.shapes import pawn_width
from engine.games.origin.board.words import pawn_label, territory_words
from engine.games.origin.moves import HEIGHT_WORDS, STRENGTH_WORDS, pawn_words
from engine.kit.game import Packaged
from engine.kit.panels import Chip, Panels, Section, Table, Words, plain
from service.boards import Board, Picture
from service.boards import render as render_any
from service.boards.html import panels_html
from tests.engine.playout import Playout, play_random

GAME = registry.get("origin")
SVG = "{http://www.w3.org/2000/svg}"


def render(view: dict[str, Any], picture: Picture = None) -> Board:
    return render_any("origin", view, picture)


def section(panels: Panels, title: str) -> Section:
    return next(b for b in panels.blocks if isinstance(b, Section) and b.title == title)


@pytest.fixture(scope="module")
def run() -> Playout:
    return play_random(GAME, 4, seed=7)


@pytest.fixture(scope="module")
def busy_view(run: Playout) -> dict[str, Any]:
    """Late in a game, from the seat whose turn it is: pawns, villages, stacks and a hand."""
    state = next(
        s
        for s in run.states[len(run.states) * 2 // 3 :]
        if s.turn is not None and sum(p is not None for p in s.board) > 10
    )
    return GAME.view(state, state.turn.seat)


def _private_cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    hand = view.get("hand") or {}
    return [c for deck in hand.values() for c in deck] + list(view.get("choosing") or [])


def _groups_by_title(root: ET.Element) -> dict[str, ET.Element]:
    groups = {}
    for g in root.iter(f"{SVG}g"):
        title = g.find(f"{SVG}title")
        if title is not None and title.text:
            groups[title.text] = g
    return groups


def test_the_svg_is_well_formed_xml_naming_every_territory(busy_view: dict[str, Any]) -> None:
    board = render(busy_view, "svg")
    assert board.svg is not None and board.png is None
    root = ET.fromstring(board.svg)
    assert root.get("viewBox") == "0 0 1000 560"
    texts = {t.text for t in root.iter(f"{SVG}text")}
    for territory in busy_view["territories"]:
        assert territory["name"] in texts


def test_the_svg_draws_every_pawn_in_its_colour_sections_and_owner_ring(
    busy_view: dict[str, Any],
) -> None:
    root = ET.fromstring(render(busy_view, "svg").svg or "")
    groups = _groups_by_title(root)
    colours = seat_colours(busy_view)
    pawns = [t for t in busy_view["territories"] if t["pawn"]]
    assert len(pawns) > 10
    for territory in pawns:
        pawn = territory["pawn"]
        title = next(k for k in groups if k.startswith(territory_words(territory)))
        assert pawn_label(pawn) in title
        shapes = groups[title]
        sections = [
            r for r in shapes.iter(f"{SVG}rect") if r.get("fill") == PAWN_FILL[pawn["colour"]]
        ]
        assert len(sections) == pawn["height"]
        widths = {float(r.get("width", 0)) for r in sections}
        assert widths == {pawn_width(pawn["strength"])}
        ring = colours[pawn["owner"]][1] if pawn["owner"] else "#8a8a8a"
        assert any(c.get("stroke") == ring for c in shapes.iter(f"{SVG}circle"))


def test_the_svg_shows_each_token_left_on_the_map_with_its_value(
    busy_view: dict[str, Any],
) -> None:
    root = ET.fromstring(render(busy_view, "svg").svg or "")
    groups = _groups_by_title(root)
    straits = [s for s in busy_view["straits"] if s["token"]]
    hunting = [t for t in busy_view["territories"] if t["hunting_token"] is not None]
    assert straits and hunting
    for strait in straits:
        token = groups[f"{strait['name']}: strait token {strait['token']}"]
        assert [t.text for t in token.iter(f"{SVG}text")] == [str(strait["token"])]
    for territory in hunting:
        title = next(k for k in groups if k.startswith(territory_words(territory)))
        assert f"hunting token {territory['hunting_token']}" in title
        assert str(territory["hunting_token"]) in {t.text for t in groups[title].iter(f"{SVG}text")}


def test_the_png_decodes_at_the_map_size_and_stays_under_150_kb(
    busy_view: dict[str, Any],
) -> None:
    board = render(busy_view, "png")
    assert board.png is not None and board.svg is None
    image = Image.open(io.BytesIO(board.png))
    assert image.format == "PNG"
    assert image.size == (1000, 560)
    assert len(board.png) < 150_000


def test_without_a_picture_only_text_and_panels_are_made(busy_view: dict[str, Any]) -> None:
    board = render(busy_view, None)
    assert board.svg is None and board.png is None
    assert board.text and board.html


def test_the_service_draws_origin_from_the_games_own_board(busy_view: dict[str, Any]) -> None:
    assert isinstance(GAME, Packaged) and GAME.board is BOARD
    board = render(busy_view, None)
    # The text comes as its lines, each a message the service translates.
    assert board.text == "\n".join(BOARD.text(busy_view))
    assert board.html == panels_html(BOARD.panels(busy_view))


def test_text_and_html_show_the_seats_own_hand(busy_view: dict[str, Any]) -> None:
    cards = _private_cards(busy_view)
    assert cards
    board = render(busy_view, None)
    hand = plain(section(BOARD.panels(busy_view), "Your hand"))
    assert f"Your hand ({busy_view['you']})" in board.text
    assert "Your hand" in board.html
    for card in cards:
        assert card["name"] in board.text
        assert card["name"] in hand and card["text"] in hand
        assert escape(card["name"]) in board.html
        assert escape(card["text"]) in board.html


def test_text_lists_each_occupied_territory_with_its_pawn_and_village(
    busy_view: dict[str, Any],
) -> None:
    text = render(busy_view, None).text
    for territory in busy_view["territories"]:
        if territory["pawn"]:
            line = f"{territory_words(territory)}: {pawn_label(territory['pawn'])}"
            if territory["village"]:
                line += f", village of {territory['village']}"
            assert line in text


def test_panels_show_every_players_score_and_the_reward_columns(
    busy_view: dict[str, Any],
) -> None:
    board = render(busy_view, None)
    panels = BOARD.panels(busy_view)
    (players,) = section(panels, "Players").blocks
    assert isinstance(players, Table)
    scores = next(row for row in players.rows if plain(row[0]) == "Score")
    for (seat, player), cell in zip(busy_view["players"].items(), scores[1:], strict=True):
        assert f"{seat} (" in board.text
        assert f"{player['score']} pts" in board.text
        assert cell[0] == Words(str(player["score"]), bold=True, tone="big")
        assert f">{player['score']}</b>" in board.html
    rewards = section(panels, "Reward board").blocks[0]
    assert isinstance(rewards, Table)
    columns = busy_view["reward_board"]["columns"]
    assert [plain(c.content) for c in rewards.columns] == list(columns)
    for (colour, levels), cell in zip(columns.items(), rewards.rows[0], strict=True):
        assert f"{colour} {' '.join(map(str, levels))}" in board.text
        assert plain(cell) == ("".join(map(str, levels)) or "–")


def test_panels_show_each_players_stacks_and_tokens_and_the_reserve_by_height_and_strength(
    busy_view: dict[str, Any],
) -> None:
    panels = BOARD.panels(busy_view)
    (players,) = section(panels, "Players").blocks
    assert isinstance(players, Table)
    rows = {plain(row[0]): row[1:] for row in players.rows}
    cells = zip(rows["Innovation stacks"], rows["Hunting / strait tokens"], strict=True)
    for p, (stacks, tokens) in zip(busy_view["players"].values(), cells, strict=True):
        lines = ["".join(map(str, stack)) for stack in p["innovation_stacks"]] or ["–"]
        assert plain(stacks).split("\n") == lines
        values = p["hunting_tokens"] + [s["value"] for s in p["strait_tokens"]]
        assert [c.label for c in tokens if isinstance(c, Chip)] == [str(v) for v in values]
    (reserve,) = section(panels, "Pawns in the reserve").blocks
    assert isinstance(reserve, Table)
    shown = {
        piece.title
        for row in reserve.rows
        for s, cell in enumerate(row[1:], start=1)
        for piece in cell
        if isinstance(piece, Chip)
        and piece.title.startswith(f"{HEIGHT_WORDS[int(plain(row[0])[-1])]} {STRENGTH_WORDS[s]} ")
    }
    assert shown == {
        f"{pawn_words(k['height'], k['strength'], k['colour'])} ×{k['count']}"
        for k in busy_view["pawn_reserve"]
    }


def test_another_seat_or_a_spectator_never_sees_the_first_seats_cards(run: Playout) -> None:
    """A card name the other view does not carry (it may be public elsewhere, or held twice)
    must not appear anywhere in what is rendered for it."""
    checked = 0
    for state in run.states[:: max(1, len(run.states) // 40)]:
        mine = _private_cards(GAME.view(state, "p1"))
        for other in ("p2", None):
            view = GAME.view(state, other)
            shown = json.dumps(view, ensure_ascii=False)
            secret = {c["name"] for c in mine if c["name"] not in shown}
            if not secret:
                continue
            board = render(view, "svg")
            rendered = board.text + board.html + (board.svg or "")
            for name in secret:
                assert name not in rendered and escape(name) not in rendered
                checked += 1
    assert checked > 20


def test_seat_names_are_escaped_in_the_svg_and_the_panels() -> None:
    seats = ["<Ann & Bob>", 'Zoë "Z"']
    rng = random.Random(3)
    state = None
    for event in GAME.setup(seats, {}, rng):
        state = GAME.apply(state, event)
    board = render(GAME.view(state, seats[0]), "svg")
    root = ET.fromstring(board.svg or "")
    assert "<Ann & Bob> (you)" in {t.text for t in root.iter(f"{SVG}text")}
    assert "<Ann" not in board.html and escape("<Ann & Bob>") in board.html
    assert 'Zoë "Z"' not in board.html


def test_the_end_of_the_game_gives_final_scores_and_no_prompt(run: Playout) -> None:
    view = GAME.view(run.final, None)
    board = render(view, "png")
    assert board.text.startswith("The game is over")
    best = max(view["players"], key=lambda s: view["players"][s]["score"])
    assert f"Final scores: {best} {view['players'][best]['score']}" in board.text
    assert board.png is not None
