"""Questions about one player's island: where a tile fits, which areas a tile grows, where a
building or a temple may go (uk «Розмістіть плитку земель», «Привертання уваги титана»,
«Створення»)."""

from __future__ import annotations

from engine.games.orichalk.components import (
    METROPOLIS_CAMPS,
    METROPOLIS_MINES,
    TERRAINS,
    TITAN_AREA,
    TITAN_OF_TERRAIN,
    TITANS_HELD,
    VOLCANO,
)
from engine.games.orichalk.geometry import Layout, Placement, bits, layout
from engine.games.orichalk.state import Island, Player
from engine.kit import last_answer


def lay(island: Island) -> Layout:
    return layout(island.board, island.side)


def count(island: Island, building: str) -> int:
    return island.building.count(building)


def mines(island: Island) -> int:
    """uk «Видобуток орихалка»: every mine, the metropolis's included."""
    return count(island, "mine") + (METROPOLIS_MINES if island.metropolis >= 0 else 0)


def camps(island: Island) -> int:
    """uk «Наймання гоплітів»: every training camp, the metropolis's included."""
    return count(island, "training_camp") + (METROPOLIS_CAMPS if island.metropolis >= 0 else 0)


def creature_cells(island: Island) -> list[int]:
    return [i for i, c in enumerate(island.creature) if c]


def has_creatures(island: Island) -> bool:
    return any(island.creature)


_Masks = tuple[int, int, int, dict[str, int]]


@last_answer
def _masks(island: Island) -> _Masks:
    """(land, creatures, next to creatures, land by terrain) of ``island``, remembered for
    the very same island (a decision asks many times). Read-only."""
    nm = lay(island).neighbour_mask if island.side else ()
    land = creatures = near = 0
    by_terrain: dict[str, int] = {}
    for i, t in enumerate(island.terrain):
        if t and not island.building[i] and not island.temple[i]:
            land |= 1 << i
            by_terrain[t] = by_terrain.get(t, 0) | 1 << i
        if island.creature[i]:
            creatures |= 1 << i
            near |= nm[i]
    return (land, creatures, near, by_terrain)


def land_mask(island: Island) -> int:
    """Spaces that are still land: a land tile lies there and no building or temple covers it
    (uk «Ділянку під будівлею більше не вважають землею»)."""
    return _masks(island)[0]


def creature_mask(island: Island) -> int:
    return _masks(island)[1]


def near_creatures(island: Island) -> int:
    """Spaces next to a creature (uk «Заборонено будувати на ділянці поруч з істотою»)."""
    return _masks(island)[2]


def buildable_mask(island: Island) -> int:
    """Land with no creature on it and, without a Protection crystal, none next to it."""
    land, creatures, near, _ = _masks(island)
    mask = land & ~creatures
    if "protection_crystal" not in island.building:
        mask &= ~near
    return mask


def placements(island: Island, size: int) -> list[Placement]:
    """uk фаза 2: wholly on the island, on no occupied space, next to a land tile or the
    metropolis."""
    occupied = island.occupied
    if not occupied:
        return []
    lay_ = lay(island)
    frontier = 0
    for i in bits(occupied):
        frontier |= lay_.neighbour_mask[i]
    frontier &= ~occupied
    if not frontier:
        return []
    return [p for p in lay_.placements[size] if not p.mask & occupied and p.mask & frontier]


def area(island: Island, start: int, terrain: str) -> int:
    """The number of spaces of ``terrain`` still land and joined to ``start``."""
    lay_ = lay(island)
    land = land_mask(island)
    seen = {start}
    todo = [start]
    while todo:
        i = todo.pop()
        for j in lay_.neighbours[i]:
            if j not in seen and island.terrain[j] == terrain and land >> j & 1:
                seen.add(j)
                todo.append(j)
    return len(seen)


def attracted(island: Island, cells: tuple[int, ...]) -> list[str]:
    """uk «він приверне увагу титана»: the titans whose terrain forms an area of 3 or more
    spaces that the newly placed ``cells`` created or grew, in the tile's order."""
    found: list[str] = []
    for i in cells:
        terrain = island.terrain[i]
        if terrain not in TERRAINS:
            continue
        titan = TITAN_OF_TERRAIN[terrain]
        if titan not in found and area(island, i, terrain) >= TITAN_AREA:
            found.append(titan)
    return found


def build_cells(island: Island, terrain: str) -> list[int]:
    """uk «Будівля»: spaces of the slot's terrain, or empty volcanoes (jokers)."""
    by_terrain = _masks(island)[3]
    return bits(buildable_mask(island) & (by_terrain.get(terrain, 0) | by_terrain.get(VOLCANO, 0)))


def temple_diamonds(island: Island) -> list[Placement]:
    """uk «Храм»: four land spaces forming a diamond, four different terrains, empty volcanoes
    as jokers; with an Architect one terrain may appear twice (SOURCE)."""
    mask = buildable_mask(island)
    repeats = 1 if count(island, "architect") else 0
    found = []
    for d in lay(island).diamonds:
        if d.mask & mask != d.mask:
            continue
        terrains = [island.terrain[i] for i in d.cells if island.terrain[i] != VOLCANO]
        if len(terrains) - len(set(terrains)) <= repeats and all(
            terrains.count(t) <= 2 for t in terrains
        ):
            found.append(d)
    return found


def titan_capacity(player: Player) -> int:
    """uk «Кілька титанів»: one titan; each Oratory holds one more (SOURCE)."""
    return TITANS_HELD + count(player.island, "oratory")
