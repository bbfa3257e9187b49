"""Long lists of options on the turn page (issue 9, 10): grouped, nested by the game's own
``option_path`` (``service/boards/<game>.py``), every option still present once."""

from __future__ import annotations

from typing import Any

from service import boards
from service.present.presentation import group_options


def _options(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"label": f"{m}", "key": str(i), "url": None} for i, m in enumerate(moves)]


def _keys(groups: list[dict[str, Any]]) -> list[str]:
    return [key for g in groups for key in [o["key"] for o in g["options"]] + _keys(g["groups"])]


def _path(move: dict[str, Any]) -> tuple[str, ...]:
    return (f"Zone {move['zone']}", f"die {move['die']}")


def test_options_nest_by_the_path_the_game_gives_in_the_order_the_engine_lists_them():
    moves = [{"zone": z, "die": d, "act": a} for z in (1, 2) for d in ("red", "blue") for a in "ab"]
    groups = group_options(moves, _options(moves), _path)
    assert [g["name"] for g in groups] == ["Zone 1", "Zone 2"]
    assert [g["count"] for g in groups] == [4, 4]
    assert [s["name"] for s in groups[0]["groups"]] == ["die red", "die blue"]
    assert _keys(groups) == [str(i) for i in range(len(moves))]


def test_a_group_with_a_single_subgroup_is_merged_into_one_heading():
    moves = [{"zone": 3, "die": "red", "act": a} for a in "abc"]
    (group,) = group_options(moves, _options(moves), _path)
    assert group["name"] == "Zone 3 · die red"
    assert group["count"] == 3 and len(group["options"]) == 3 and group["groups"] == []


def test_a_game_without_its_own_path_groups_by_kind_of_move_and_first_target():
    path = boards.option_path("tictactoe")
    assert path({"type": "place", "cell": 4}) == ("Place: cell 4",)
    assert path({"type": "pass"}) == ("Pass",)
