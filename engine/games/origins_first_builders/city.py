"""A player's city (ru «Расширение города», «Размещение зданий», «Закрыть район»): where a
tile may go, which 2x2 districts are open, which district cards a district matches, and
which buildings a closed district activates."""

from __future__ import annotations

from functools import lru_cache

from engine.games.origins_first_builders.components import (
    AGORA,
    BUILDING,
    DISTRICT,
    GREY,
    PALACE,
)
from engine.games.origins_first_builders.state import Centre, Player, Tile

Cell = tuple[int, int]
SIDES: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def colour_of(tile: Tile) -> str | None:
    """A building's colour; farms have none, the Agora and the Palace are grey."""
    if tile.farm:
        return None
    if tile.kind in (AGORA, PALACE):
        return GREY
    return BUILDING[tile.kind].colour


def grid(player: Player) -> dict[Cell, Tile]:
    return {(t.x, t.y): t for t in player.city}


def neighbours(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in SIDES]


def free_spaces(player: Player) -> list[Cell]:
    """ru «Размещение зданий»: empty places touching a tile by a side, in reading order."""
    cells = grid(player)
    spaces = {n for c in cells for n in neighbours(c) if n not in cells}
    return sorted(spaces, key=lambda c: (c[1], c[0]))


def empty_neighbours(player: Player, cell: Cell) -> int:
    cells = grid(player)
    return sum(1 for n in neighbours(cell) if n not in cells)


def district_cells(corner: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells around a power centre, clockwise from the top-left one."""
    x, y = corner
    return ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))


def open_centres(player: Player) -> list[Cell]:
    """ru «Закрыть район»: 2x2 groups of tiles whose power centre holds no die yet."""
    return list(_open_centres(player.city, player.centres))


@lru_cache(maxsize=4096)
def _open_centres(city: tuple[Tile, ...], centres: tuple[Centre, ...]) -> tuple[Cell, ...]:
    cells = {(t.x, t.y) for t in city}
    closed = {(c.x, c.y) for c in centres}
    found: set[Cell] = set()
    for x, y in cells:
        block = (x + 1, y) in cells and (x, y + 1) in cells and (x + 1, y + 1) in cells
        if block and (x, y) not in closed:
            found.add((x, y))
    return tuple(sorted(found, key=lambda c: (c[1], c[0])))


def centres_completed_by(player: Player, cell: Cell) -> int:
    """How many new districts a tile on ``cell`` would complete."""
    cells = grid(player)
    x, y = cell
    count = 0
    for corner in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
        if all(c == cell or c in cells for c in district_cells(corner)):
            count += 1
    return count


def matches(colours: tuple[str | None, ...], pattern: tuple[str, str, str]) -> bool:
    """ru «Закрыть район»: the card's three buildings, turned and/or mirrored, over three of
    the district's four cells (``colours`` clockwise); the fourth may hold anything."""
    corner, arm1, arm2 = pattern
    arms = sorted((arm1, arm2))
    for wild in range(4):
        if colours[(wild + 2) % 4] != corner:
            continue
        a, b = colours[(wild + 1) % 4], colours[(wild + 3) % 4]
        if a is not None and b is not None and sorted((a, b)) == arms:
            return True
    return False


def district_colours(player: Player, corner: Cell) -> tuple[str | None, ...]:
    cells = grid(player)
    return tuple(colour_of(cells[c]) for c in district_cells(corner))


def matching_cards(player: Player, corner: Cell, cards: tuple[str, ...]) -> list[str]:
    colours = district_colours(player, corner)
    return [card for card in cards if matches(colours, DISTRICT[card].pattern)]


def activated(player: Player, corner: Cell, colour: str) -> tuple[Cell, ...]:
    """ru «Закрыть район»: the district's buildings of the die's colour, and the Agora."""
    cells = grid(player)
    found = []
    for cell in district_cells(corner):
        tile = cells[cell]
        if tile.kind == AGORA or colour_of(tile) == colour:
            found.append(cell)
    return tuple(found)


def has_effect(tile: Tile) -> bool:
    return not tile.farm and tile.kind != PALACE


def count_colour(player: Player, colour: str) -> int:
    return sum(1 for t in player.city if colour_of(t) == colour)


def farms(player: Player) -> int:
    return sum(1 for t in player.city if t.farm)


def building_colours(player: Player) -> int:
    return len({c for t in player.city if (c := colour_of(t)) not in (None, GREY)})
