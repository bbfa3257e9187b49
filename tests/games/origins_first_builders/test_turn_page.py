"""Origins: First Builders' long decisions on the turn page (issue 9): more than 20 options
nest by ``option_path`` (a placement under the row of the city it goes in), each option
once; the email then links to the turn page instead of one-click links."""

from __future__ import annotations

import html
import json
from html.parser import HTMLParser
from typing import Any

from engine import Move, registry
from engine.games.origins_first_builders.board.options import option_path
from engine.games.origins_first_builders.components import ZONE_ACTIONS
from service.links import urls as links
from service.present.presentation import group_options, move_key
from service.store import eventstore
from service.store.db import sessions
from tests.helpers import option_links, path, play_now, text_of

GAME = registry.get("origins-first-builders")
BUILD_ZONE = next(i for i, actions in enumerate(ZONE_ACTIONS) if "build" in actions)
PLAYERS = ["ann@example.org", "bob@example.org"]


def sprawl(state: Any, seat: str) -> Move:
    """A player who builds farms in a long line: every placement as far from the Palace as
    it goes, so the city's free spaces grow past 20; the bot decides everything else."""
    moves = GAME.legal_moves(state, seat)
    kind = state.pending[0].kind

    def first(wanted: Any) -> Move | None:
        return next((m for m in moves if wanted(m)), None)

    if kind == "place":
        return max(moves, key=lambda m: abs(m["x"]) + abs(m["y"]) if m["type"] == "place" else -1)
    choice = {
        "buy": first(lambda m: m["type"] == "farm"),
        "main": first(lambda m: m["type"] == "visit"),
        "zone": first(lambda m: m.get("zone") == BUILD_ZONE),
        "zone_actions": first(lambda m: m["type"] == "act" and m.get("slot") == "bottom"),
    }.get(kind)
    return choice or GAME.bot_move(state, seat)


class Groups(HTMLParser):
    """Each option button of a turn page with the summaries of the groups around it."""

    def __init__(self) -> None:
        super().__init__()
        self.path: list[str] = []
        self.summary: str | None = None
        self.found: list[tuple[tuple[str, ...], str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "summary":
            self.summary = ""
        elif tag == "button" and a.get("name") == "move":
            self.found.append((tuple(self.path), str(a.get("value"))))

    def handle_endtag(self, tag: str) -> None:
        if tag == "summary" and self.summary is not None:
            self.path.append(self.summary.strip())
            self.summary = None
        elif tag == "details":
            self.path.pop()

    def handle_data(self, data: str) -> None:
        if self.summary is not None:
            self.summary += data


def test_a_placement_nests_under_free_space_and_row_and_a_farm_under_virgo() -> None:
    assert option_path({"type": "place", "x": 2, "y": -1}) == ("On a free space", "Row -1")
    assert option_path({"type": "on_farm", "x": 0, "y": 1}) == ("On one of your farms (Virgo)",)
    assert option_path({"type": "visit", "worker": "citizen", "die": 0}) == (
        "Visit a contact zone",
        "with a citizen",
    )
    assert option_path({"type": "zone", "zone": 2}) == ("Zone 3",)
    assert option_path({"type": "buy", "slot": 0}) == ("Building row slot 1",)


def test_every_option_of_every_decision_of_a_game_has_a_place_on_the_turn_page() -> None:
    from tests.engine.playout import play_random

    run = play_random(GAME, 3, seed=4)
    for decision in run.log[::3]:
        moves = GAME.legal_moves(decision.state, decision.seat)
        options = [{"label": str(i), "key": move_key(m), "url": None} for i, m in enumerate(moves)]
        groups = group_options(moves, options, option_path)

        def keys(gs: list[dict[str, Any]]) -> list[str]:
            return [k for g in gs for k in [o["key"] for o in g["options"]] + keys(g["groups"])]

        assert keys(groups) == [move_key(m) for m in moves]


def test_a_turn_page_with_more_than_20_placements_shows_each_once_grouped_by_row(
    client, smtp, settings, work
):
    game_id = client.post(
        "/api/games", json={"game": "origins-first-builders", "players": PLAYERS}
    ).get_json()["id"]
    for _ in range(400):
        with sessions(settings.database_url).begin() as s:
            loaded = eventstore.load(s, game_id)
            seat = sorted(GAME.to_act(loaded.state))[0]
            moves = GAME.legal_moves(loaded.state, seat)
            if len(moves) > 20:
                turn = path(links.decision_url(settings, loaded, seat))
                break
            move = sprawl(loaded.state, seat)
            play_now(s, game_id, seat, move, loaded.turn_seq, settings.snapshot_every)
    else:
        raise AssertionError("no decision with more than 20 options")
    assert {m["type"] for m in moves} <= {"place", "on_farm"}
    page = client.get(turn).get_data(as_text=True)
    parser = Groups()
    parser.feed(page)
    shown = [(groups, json.loads(html.unescape(key))) for groups, key in parser.found]
    assert sorted(move_key(m) for _, m in shown) == sorted(move_key(m) for m in moves)
    assert len(shown) == len(moves), "each option once"
    for groups, move in shown:
        if move["type"] == "place":
            assert groups[0].startswith("On a free space")
            assert groups[-1].startswith(f"Row {move['y']} (")
    work()
    email = smtp.to(PLAYERS[int(seat[1:]) - 1])[-1]
    assert option_links(email) == []
    assert f"You have {len(moves)} options; choose on your turn page" in text_of(email)
