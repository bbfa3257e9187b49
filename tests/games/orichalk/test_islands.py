"""PROVISIONAL island boards (GAME-DATA.md): hex adjacency, 3 ports, a harder side."""

from __future__ import annotations

import pytest

from engine.games.orichalk.components import ISLAND_BOARDS
from engine.games.orichalk.geometry import DIRECTIONS, LAYOUTS, layout


def _connected(lay) -> bool:
    seen, todo = {0}, [0]
    while todo:
        for j in lay.neighbours[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == lay.size


@pytest.mark.parametrize("key", sorted(LAYOUTS))
def test_every_island_side_is_one_piece_with_three_ports_on_its_shore(key):
    lay = LAYOUTS[key]
    assert _connected(lay)
    assert len(lay.ports) == 3
    for port in lay.ports:
        assert len(lay.neighbours[port.cell]) < 6, "a port lies on the shore"
        assert port.hoplites + port.orichalcum >= 1


def test_spaces_touch_six_others_as_circles_in_a_honeycomb_and_four_make_a_diamond():
    lay = layout("1", "easy")
    c4 = lay.index["C4"]
    assert sorted(lay.labels[j] for j in lay.neighbours[c4]) == ["B3", "B4", "C3", "C5", "D3", "D4"]
    assert [lay.labels[lay.step[c4][k]] for k in range(6)] == ["C5", "B4", "B3", "C3", "D3", "D4"]
    assert DIRECTIONS[1] == "north-east"
    diamond = next(d for d in lay.diamonds if d.anchor == c4 and d.rotation == 0)
    assert sorted(lay.labels[i] for i in diamond.cells) == ["B4", "C4", "C5", "D4"]


@pytest.mark.parametrize("board", [b.id for b in ISLAND_BOARDS])
def test_the_harder_side_is_smaller_with_fewer_diamonds_and_poorer_ports(board):
    easy, hard = layout(board, "easy"), layout(board, "hard")
    assert hard.size < easy.size
    assert len(hard.diamonds) < 0.7 * len(easy.diamonds)
    assert sum(p.hoplites + p.orichalcum for p in hard.ports) < sum(
        p.hoplites + p.orichalcum for p in easy.ports
    )


def test_the_four_boards_are_alike_in_size_side_by_side():
    assert {layout(b.id, "easy").size for b in ISLAND_BOARDS} == {38}
    assert {layout(b.id, "hard").size for b in ISLAND_BOARDS} == {30}


def test_a_triple_tile_covers_three_spaces_that_touch_each_other():
    lay = layout("2", "easy")
    for p in lay.placements[3]:
        a, b, c = p.cells
        assert b in lay.neighbours[a] and c in lay.neighbours[a] and c in lay.neighbours[b]
