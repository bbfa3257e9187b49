"""GAME-DATA.md: the constraints the provisional world map must honour."""

from __future__ import annotations

from collections import Counter

from engine.games.origin.components import (
    ADJACENT,
    CONTINENT,
    CONTINENTS,
    INDEX,
    LAND,
    LANDMASS,
    ORIGIN,
    STRAIT_ENDS,
    STRAITS,
    TERRITORIES,
)


def test_the_map_has_at_least_37_territories_on_six_continents_of_three_or_more():
    assert len(TERRITORIES) >= 37
    sizes = Counter(CONTINENT)
    assert set(sizes) == set(CONTINENTS) and min(sizes.values()) >= 3


def test_exactly_five_territories_are_green_and_at_least_three_of_each_other_colour():
    colours = Counter(t.colour for t in TERRITORIES)
    assert colours["green"] == 5
    for colour in ("yellow", "orange", "purple", "brown"):
        assert colours[colour] >= 3


def test_land_links_stay_inside_a_continent_and_continents_meet_only_across_straits():
    for i, neighbours in enumerate(LAND):
        assert all(CONTINENT[n] == CONTINENT[i] for n in neighbours)
    masses_per_continent = Counter(CONTINENT[i] for i in {LANDMASS.index(m) for m in set(LANDMASS)})
    assert masses_per_continent["Oceania"] == 2
    assert all(n == 1 for c, n in masses_per_continent.items() if c != "Oceania")


def test_oceania_is_two_islands_joined_by_a_strait():
    oceania = [i for i, c in enumerate(CONTINENT) if c == "Oceania"]
    islands = {LANDMASS[i] for i in oceania}
    assert len(islands) == 2
    assert any(
        CONTINENT[a] == CONTINENT[b] == "Oceania" and LANDMASS[a] != LANDMASS[b]
        for a, b in STRAIT_ENDS
    )


def test_there_are_eleven_straits_and_every_territory_can_be_reached():
    assert len(STRAITS) == 11
    seen = {INDEX[ORIGIN]}
    stack = [INDEX[ORIGIN]]
    while stack:
        for n in ADJACENT[stack.pop()]:
            if n not in seen:
                seen.add(n)
                stack.append(n)
    assert len(seen) == len(TERRITORIES)


def test_the_origin_territory_is_in_africa_and_every_territory_has_drawing_coordinates():
    assert CONTINENT[INDEX[ORIGIN]] == "Africa"
    for t in TERRITORIES:
        assert 0 <= t.x <= 1000 and 0 <= t.y <= 560
    for s in STRAITS:
        assert all(0 <= x <= 1000 and 0 <= y <= 560 for x, y in s.ends)
