"""Origins: First Builders' board renderer (issue 9): the SVG and PNG show what the view says,
the panels and text too, and nothing a seat may not see."""

from __future__ import annotations

import io
import json
import random
import xml.etree.ElementTree as ET
from html import escape
from typing import Any

import pytest
from PIL import Image

from engine import registry, replay
from engine.games.origins_first_builders.board import BOARD
from engine.games.origins_first_builders.board.palette import DIE_FILL, seat_mark
from engine.games.origins_first_builders.board.words import reward_short
from engine.games.origins_first_builders.components import BUILDING
from engine.kit.game import Packaged
from engine.kit.panels import Chip, Panels, Section, Table, Words, plain
from service import boards
from service.boards.html import panels_html
from tests.engine.playout import Playout, play_bots, play_random

GAME = registry.get("origins-first-builders")
SVG = "{http://www.w3.org/2000/svg}"


def render(view: dict[str, Any], picture: boards.Picture = None) -> boards.Board:
    return boards.render(GAME.name, view, picture)


@pytest.fixture(scope="module")
def run() -> Playout:
    return play_bots(GAME, 4, seed=3)


@pytest.fixture(scope="module")
def busy(run: Playout) -> dict[str, Any]:
    """Late in the game, from the seat deciding: visitors in the zones, cities with power
    centres, discs along the tracks."""
    for decision in run.log[len(run.log) * 2 // 3 :]:
        view = GAME.view(decision.state, decision.seat)
        visitors = sum(len(z["visitors"]) for z in view["board"]["zones"])
        if visitors >= 3 and any(p["city"]["centres"] for p in view["players"].values()):
            return view
    raise AssertionError("no busy moment in the game")


def _root(view: dict[str, Any]) -> ET.Element:
    board = render(view, "svg")
    assert board.svg is not None
    return ET.fromstring(board.svg)


def _titles(root: ET.Element) -> list[str]:
    return [
        t.text
        for g in root.iter(f"{SVG}g")
        if (t := g.find(f"{SVG}title")) is not None and t.text is not None
    ]


def _group(root: ET.Element, title: str) -> ET.Element:
    for g in root.iter(f"{SVG}g"):
        t = g.find(f"{SVG}title")
        if t is not None and t.text == title:
            return g
    raise AssertionError(f"no group titled {title!r}")


def _texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text")]


def test_the_svg_is_640_wide_and_shows_each_zone_with_its_starship_actions_and_bonus(
    busy: dict[str, Any],
) -> None:
    root = _root(busy)
    assert root.get("viewBox", "").startswith("0 0 640 ")
    titles = _titles(root)
    for zone in busy["board"]["zones"]:
        bonus = zone["bonus"]
        title = next(t for t in titles if t.startswith(f"Zone {zone['number']}: "))
        assert f"starship {zone['starship']}" in title
        for action in zone["actions"]:
            assert action["text"] in title
        assert f"{bonus['colour']} bonus: {bonus['text']}" in title
        assert str(zone["starship"]) in _texts(_group(root, title))


def test_every_visitor_of_a_zone_is_drawn_there_with_its_owner(busy: dict[str, Any]) -> None:
    titles = _titles(_root(busy))
    for zone in busy["board"]["zones"]:
        drawn = [t for t in titles if t.endswith(f" in zone {zone['number']}")]
        expected = []
        for v in zone["visitors"]:
            if v["kind"] == "citizen":
                expected.append(f"{v['seat']}'s citizen {v['colour']} {v['value']}")
            elif v["kind"] == "speaker":
                expected.append(f"{v['seat']}'s speaker {v['value']}")
            else:
                expected.append(f"{v['seat']}'s archon")
        assert drawn == [f"{e} in zone {zone['number']}" for e in expected]


def test_the_building_row_shows_each_tile_with_its_costs_and_the_stacks_their_tops(
    busy: dict[str, Any],
) -> None:
    root = _root(busy)
    board = busy["board"]
    for slot in board["building_row"]:
        b = slot["building"]
        group = _group(
            root,
            f"Building row slot {slot['slot']}: {b['name']} ({b['colour']}), "
            f"{slot['wisdom']} wisdom and {b['stone']} stone: {b['text']}",
        )
        assert " ".join(_texts(group)).startswith(b["name"].split()[0])
        assert f"{b['stone']} stone" in _texts(group)
    for colour, stack in board["building_stacks"].items():
        top = stack["top"]
        title = next(t for t in _titles(root) if t.startswith(f"{colour} stack: "))
        assert title.startswith(
            f"{colour} stack: {top['name']} face up, {stack['count']} "
            f"{'tile' if stack['count'] == 1 else 'tiles'}"
        )


def test_the_rows_and_the_supplies_are_drawn_with_their_costs_and_counts(
    busy: dict[str, Any],
) -> None:
    titles = _titles(_root(busy))
    board = busy["board"]
    for slot in board["citizen_row"]:
        d = slot["die"]
        assert (
            f"Citizen row slot {slot['slot']}: {d['colour']} {d['value']} "
            f"for {slot['wisdom']} wisdom" in titles
        )
    assert [t for t in titles if t.startswith("Speaker row: ")] == [
        f"Speaker row: {v}" for v in board["speaker_row"]
    ]
    for colour, n in board["citizen_supply"].items():
        assert f"{n} {colour} citizen {'die' if n == 1 else 'dice'} left in the supply" in titles
    for colour, n in board["tower_supply"].items():
        assert f"{n} {colour} tower {'tier' if n == 1 else 'tiers'} left in the supply" in titles


def test_the_war_track_draws_every_disc_on_its_space_in_stacking_order(
    busy: dict[str, Any],
) -> None:
    root = _root(busy)
    war = busy["board"]["war_track"]
    for space in war["spaces"]:
        title = next(t for t in _titles(root) if t.startswith(f"War track space {space['space']}:"))
        if space["discs"]:
            assert title.endswith("discs bottom to top: " + ", ".join(space["discs"]))
            marks = [t for t in _texts(_group(root, title)) if t in {"1", "2", "3", "4", "D"}]
            assert marks == [seat_mark(busy, s) for s in space["discs"]]
        if space["space"] == war["last_space"]:
            assert f"{war['last_points']} VP" in _texts(_group(root, title))
        elif reward_short(space["reward"]):
            assert reward_short(space["reward"]) in _texts(_group(root, title))


def test_the_temples_draw_every_disc_on_its_step_and_name_the_card_and_its_holder(
    busy: dict[str, Any],
) -> None:
    titles = _titles(_root(busy))
    for temple in busy["board"]["temples"]:
        holder = temple["holder"] or "nobody"
        assert any(
            t.startswith(f"{temple['name']} temple: {temple['zodiac']['name']}")
            and t.endswith(f"held by {holder}")
            for t in titles
        )
        steps: dict[int, list[str]] = {}
        for d in temple["discs"]:
            steps.setdefault(d["step"], []).append(d["seat"])
        for step, seats in steps.items():
            title = next(t for t in titles if t.startswith(f"{temple['name']} temple step {step} "))
            assert title.split(": ", 1)[1].startswith(", ".join(seats))


def test_each_district_card_shows_its_pattern_points_gold_and_towers(
    busy: dict[str, Any],
) -> None:
    root = _root(busy)
    for card in busy["board"]["district_cards"]:
        p = card["pattern"]
        title = (
            f"District card {card['id']}: {p['corner']} corner beside {' and '.join(p['beside'])}; "
            f"{card['first']} VP the first time, {card['later']} later; {card['gold']} gold on "
            f"it; towers {', '.join(card['towers'])}"
        )
        group = _group(root, title)
        assert f"{card['first']} / {card['later']} VP" in _texts(group)


def test_every_city_tile_and_power_centre_of_every_player_is_drawn(busy: dict[str, Any]) -> None:
    root = _root(busy)
    titles = _titles(root)
    for seat, player in busy["players"].items():
        for t in player["city"]["tiles"]:
            kind = "(farm)" if t["farm"] else f"({t['colour']})"
            title = f"{seat}'s city ({t['x']}, {t['y']}): {t['name']} {kind}: {t['text']}"
            assert title in titles
            if seat == busy["you"] and t["kind"] != "palace":
                assert t["name"].split()[0] in " ".join(_texts(_group(root, title)))
        for c in player["city"]["centres"]:
            assert (
                f"{seat}'s power centre at ({c['x']}, {c['y']}): {c['colour']} {c['value']}, "
                f"{c['points']} VP" in titles
            )


def test_each_players_pieces_are_drawn_with_their_numbers(busy: dict[str, Any]) -> None:
    titles = _titles(_root(busy))
    for seat, p in busy["players"].items():
        for resource, amount in p["resources"].items():
            assert f"{amount} {resource}" in titles
        for c in p["citizens"]:
            assert f"{seat}'s citizen {c['colour']} {c['value']} ({c['where']})" in titles
        assert sum(t == f"{seat}'s free base" for t in titles) == p["bases"]["free"]
        for a in p["advisors"]:
            assert f"{seat}'s advisor {a['colour']} ({a['points']} VP)" in titles
        assert f"{seat}: {p['superiority_tokens']} superiority tokens" in titles
        for colour, level in p["palace_towers"].items():
            assert f"{seat}'s {colour} tower: level {level}" in titles
        assert any(t.startswith(f"{seat}: score if it ended now {p['score']}") for t in titles)


def test_a_placement_highlights_exactly_the_free_spaces_the_engine_offers(run: Playout) -> None:
    checked = 0
    for decision in run.log:
        state, seat = decision.state, decision.seat
        if state.pending[0].kind != "place":
            continue
        offered = {(m["x"], m["y"]) for m in GAME.legal_moves(state, seat) if m["type"] == "place"}
        if not offered:
            continue
        titles = _titles(_root(GAME.view(state, seat)))
        prefix = f"{seat}'s city: free space ("
        shown = {
            tuple(int(n) for n in t[len(prefix) :].split(")")[0].split(", "))
            for t in titles
            if t.startswith(prefix)
        }
        assert shown == offered
        other = next(s for s in state.seats if s != seat)
        assert not any(t.startswith(prefix) for t in _titles(_root(GAME.view(state, other)))), (
            "only the player placing sees the free spaces highlighted"
        )
        checked += 1
    assert checked >= 5


def test_the_png_decodes_640_wide_and_stays_under_150_kb(busy: dict[str, Any]) -> None:
    board = render(busy, "png")
    assert board.png is not None and board.svg is None
    image = Image.open(io.BytesIO(board.png))
    assert image.format == "PNG"
    width, height = image.size
    assert width == 640 and 1000 < height < 2400
    assert len(board.png) < 150_000


def test_without_a_picture_only_text_and_panels_are_made(busy: dict[str, Any]) -> None:
    board = render(busy, None)
    assert board.svg is None and board.png is None
    assert board.text and board.html


def test_the_service_draws_this_games_views_with_the_games_own_board(
    busy: dict[str, Any],
) -> None:
    assert isinstance(GAME, Packaged) and GAME.board is BOARD
    board = render(busy, None)
    assert board.text == "\n".join(BOARD.text(busy))
    assert board.html == panels_html(BOARD.panels(busy))


def test_text_and_panels_give_every_players_score_resources_and_dice(
    busy: dict[str, Any],
) -> None:
    board = render(busy, None)
    for seat, p in busy["players"].items():
        r = p["resources"]
        assert f"{seat}" in board.text and f"{p['score']} VP" in board.text
        line = f"{r['stone']} stone, {r['food']} food, {r['wisdom']} wisdom, {r['gold']} gold"
        assert line in board.text
        assert f'<b style="font-size:15px">{p["score"]}</b>' in board.html
        for c in p["citizens"]:
            assert f"{c['colour']} {c['value']}" in board.text
    for slot in busy["board"]["building_row"]:
        assert escape(slot["building"]["text"]) in board.html
        assert slot["building"]["text"] in board.text
    for zone in busy["board"]["zones"]:
        for action in zone["actions"]:
            assert escape(action["text"]) in board.html


def _section(panels: Panels, title: str) -> Section:
    return next(b for b in panels.blocks if isinstance(b, Section) and b.title == title)


def test_the_panels_give_each_player_their_pieces_in_their_own_column(
    busy: dict[str, Any],
) -> None:
    panels = BOARD.panels(busy)
    assert [b.title for b in panels.blocks if isinstance(b, Section)] == [
        "Players",
        "Contact zones",
        "Building row and stacks",
        "Citizen row, speakers and supplies",
        "District cards",
        "War track",
        "Temples",
        "Cities",
    ]
    (table,) = _section(panels, "Players").blocks
    assert isinstance(table, Table) and table.labels
    rows = {plain(row[0]): row[1:] for row in table.rows}
    for i, (seat, p) in enumerate(busy["players"].items()):
        assert plain(table.columns[i + 1].content).startswith(f"{seat_mark(busy, seat)} {seat} ")
        cell = {label: cells[i] for label, cells in rows.items()}
        assert plain(cell["Score"]).startswith(str(p["score"]))
        assert Words(str(p["score"]), bold=True, tone="big") in cell["Score"]
        chips = {label: [c for c in cells if isinstance(c, Chip)] for label, cells in cell.items()}
        assert [c.title for c in chips["Resources"]] == [
            f"{n} {r}" for r, n in p["resources"].items()
        ]
        assert [(c.label, c.fill, c.title) for c in chips["Citizens"]] == [
            (str(c["value"]), DIE_FILL[c["colour"]], f"{c['colour']} {c['value']}, {c['where']}")
            for c in p["citizens"]
        ]
        assert f"bases {p['bases']['owned']} of 6, {p['bases']['free']} free" in plain(
            cell["Citizens"]
        )
        assert [c.label for c in chips["Speakers, archon"]][: len(p["speakers"])] == [
            str(v) for v in p["speakers"]
        ]
        assert [(c.fill, c.label) for c in chips["Towers"]] == [
            (DIE_FILL[colour], str(level)) for colour, level in p["palace_towers"].items()
        ]
        assert f"superiority tokens: {p['superiority_tokens']}" in plain(cell["Advisors"])
        assert plain(cell["War, temples"]).startswith(f"war {p['war_space']}")
        for card in p["zodiac_cards"]:
            assert f"{card['name']}: {card['text']}" in plain(cell["Zodiac cards"])
        assert plain(cell["Buildings"]) == str(p["buildings"])


def test_the_solo_dummy_disc_stands_on_the_war_track_and_in_the_legend() -> None:
    solo = play_random(GAME, 1, seed=5)
    state = solo.log[len(solo.log) // 2].state
    view = GAME.view(state, "p1")
    root = _root(view)
    space = next(s for s in view["board"]["war_track"]["spaces"] if "dummy" in s["discs"])
    title = next(t for t in _titles(root) if t.startswith(f"War track space {space['space']}:"))
    assert "dummy" in title and "D" in _texts(_group(root, title))
    assert "solo dummy" in _texts(root)


def test_seat_names_are_escaped_in_the_svg_and_the_panels() -> None:
    seats = ["<Ann & Bob>", 'Zoë "Z"']
    state = replay(GAME, GAME.setup(seats, {}, random.Random(3)))
    board = render(GAME.view(state, seats[0]), "svg")
    root = ET.fromstring(board.svg or "")
    assert "<Ann & Bob>" in _texts(root)
    assert "<Ann" not in board.html and escape("<Ann & Bob>") in board.html
    assert 'Zoë "Z"' not in board.html


def test_the_end_of_the_game_names_the_leader_and_gives_final_scores(run: Playout) -> None:
    view = GAME.view(run.final, None)
    board = render(view, "svg")
    scores = {s: p["score"] for s, p in view["players"].items()}
    best = max(scores, key=lambda s: scores[s])
    assert board.text.startswith("The game is over")
    assert f"Final scores: {best} {scores[best]}" in board.text
    root = ET.fromstring(board.svg or "")
    assert f"Game over: {best} has the most points, {scores[best]}" in _texts(root)


def test_no_picture_panel_or_text_shows_a_building_hidden_in_a_stack() -> None:
    """A building kind lying only below a stack's face-up top (its name nowhere in the view:
    not in the row, a top, a city or set aside) appears in nothing rendered, for any seat or
    a spectator."""
    checked = 0
    for players, seed in ((2, 11), (4, 12)):
        run = play_random(GAME, players, seed=seed)
        for state in run.states[:: max(1, len(run.states) // 12)]:
            if not state.stacks:
                continue
            below = {BUILDING[k].name for stack in state.stacks for k in stack[1:]}
            for seat in (*state.seats, None):
                view = GAME.view(state, seat)
                shown = json.dumps(view)
                hidden = {name for name in below if name not in shown}
                board = render(view, "svg")
                rendered = board.text + board.html + (board.svg or "")
                for name in hidden:
                    assert name not in rendered and escape(name) not in rendered
                    checked += 1
    assert checked > 50
