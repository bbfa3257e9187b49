"""Component data (GAME-DATA.md): the constraints the rulebook sets on the designed values,
and the data page that lists every value with its provenance."""

from __future__ import annotations

from collections import Counter

from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders.components import (
    ADVISOR_POINTS,
    BUILDING_ROW_COSTS,
    BUILDINGS,
    COLOURS,
    DISTRICT_CARDS,
    POPULATION_COSTS,
    PROVISIONAL,
    RULEBOOK,
    SOURCE,
    TEMPLE_POINTS,
    TIERS_PER_COLOUR,
    WAR_LAST,
    WAR_REWARDS,
    ZODIAC,
)
from engine.games.origins_first_builders.datapage import DATA_PAGE
from engine.games.origins_first_builders.rulings import RULINGS
from service.present.presentation import game_data


def test_each_colour_has_fifteen_buildings_costing_one_to_three_stone():
    per_colour = Counter()
    for b in BUILDINGS:
        per_colour[b.colour] += b.copies
        assert 1 <= b.stone <= 3
    assert per_colour == dict.fromkeys(COLOURS, 15)
    assert len(BUILDINGS) == 30 and len(ZODIAC) == 12


def test_the_forty_five_district_cards_want_three_coloured_buildings_and_show_towers():
    assert len(DISTRICT_CARDS) == 45 and len({d.id for d in DISTRICT_CARDS}) == 45
    assert len({d.pattern for d in DISTRICT_CARDS}) == 45
    for d in DISTRICT_CARDS:
        assert all(c in COLOURS for c in d.pattern) and d.first > d.later > 0
        assert d.towers and all(c in COLOURS for c in d.towers)
    icons = Counter(c for d in DISTRICT_CARDS for c in d.towers)
    assert len(set(icons.values())) == 1  # as many icons of every colour


def test_the_tower_supply_never_needs_more_tiers_than_the_box_holds():
    # 4 players hold a tier of each colour; 6 cards with one icon of a colour at most each.
    assert TIERS_PER_COLOUR >= 4 + 1 + 6


def test_the_designed_tracks_honour_the_rulebooks_numbers():
    assert POPULATION_COSTS[0] == 2 and POPULATION_COSTS[-1] == 8
    assert list(POPULATION_COSTS) == sorted(POPULATION_COSTS)
    assert {16, 31, 70} <= set(TEMPLE_POINTS) and list(TEMPLE_POINTS) == sorted(TEMPLE_POINTS)
    assert ADVISOR_POINTS[2] == 6 and list(ADVISOR_POINTS) == sorted(ADVISOR_POINTS)
    assert BUILDING_ROW_COSTS[2] == 2  # the orange example
    assert WAR_REWARDS[0] == WAR_REWARDS[1] == WAR_REWARDS[WAR_LAST] == "none"
    assert all(r != "none" for r in WAR_REWARDS[2:WAR_LAST])


def test_the_data_page_lists_every_value_with_its_provenance():
    rows = [row for section in DATA_PAGE for row in section["rows"]]
    assert all(row["provenance"] in (RULEBOOK, SOURCE, PROVISIONAL) for row in rows)
    names = {row["name"] for row in rows}
    assert all(f"{b.name} ({b.russian})" in names for b in BUILDINGS)
    assert all(d.id in names for d in DISTRICT_CARDS)
    data = game_data(GAME.name)
    assert data is not None and data["provisional"] > 80
    assert data["rulings"] == RULINGS


def test_every_ruling_names_its_topic_choice_and_sources():
    assert len(RULINGS) >= 20
    for ruling in RULINGS:
        assert set(ruling) == {"topic", "choice", "sources"}
        assert all(ruling.values())
