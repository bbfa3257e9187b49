"""ru «Подготовка к игре»: the opening, step by step, and the draft of the starting dice
(the rulebook's lost steps 20-23, a ruling)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.components import (
    BUILDING,
    COLOURS,
    DISTRICT,
    SOLO_DUMMY,
    TEMPLES,
)
from engine.games.origins_first_builders.state import DRAFT, HOME, PLAY
from tests.games.origins_first_builders.helpers import act, new_game, setup


class ScriptedDice(random.Random):
    """A seeded rng whose citizen rolls (``randint``) follow a script."""

    def __init__(self, seed: int, rolls: list[int]) -> None:
        super().__init__(seed)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0) if self.rolls else super().randint(a, b)


def _events(players: int, rng: random.Random) -> list[dict]:
    return GAME.setup([f"p{i + 1}" for i in range(players)], {}, rng)


def test_tied_citizen_dice_are_ordered_by_the_lower_building_of_their_colour():
    # ru step 8 example: blue lowest, then red, orange and yellow tied (red's building lies
    # lowest in the row, then orange's), then purple highest.
    for seed in range(200):
        events = _events(2, ScriptedDice(seed, [3, 3, 3, 1, 5]))
        row = next(e for e in events if e["type"] == E.BUILDING_ROW_LAID)["row"]
        slot = {BUILDING[kind].colour: i for i, kind in enumerate(row)}
        if slot["red"] > slot["orange"] > slot["yellow"]:
            break
    rolled = next(e for e in events if e["type"] == E.CITIZEN_ROW_ROLLED)["dice"]
    assert rolled == [["blue", 1], ["red", 3], ["orange", 3], ["yellow", 3], ["purple", 5]]


def test_the_citizen_row_holds_one_die_of_each_colour_none_a_six():
    for seed in range(30):
        state = setup(3, seed)
        assert sorted(d.colour for d in state.citizen_row) == sorted(COLOURS)
        assert all(1 <= d.value <= 5 for d in state.citizen_row)
        values = [d.value for d in state.citizen_row]
        assert values == sorted(values)


@pytest.mark.parametrize(
    ("players", "speakers", "cards"), [(1, 1, 3), (2, 2, 4), (3, 3, 5), (4, 4, 6)]
)
def test_speakers_and_district_cards_follow_the_player_count(players, speakers, cards):
    state = setup(players, 4)
    assert len(state.speaker_row) == speakers
    assert all(v in (2, 3, 4, 5) for v in state.speaker_row)
    assert len(state.districts) == cards
    assert state.district_gold == (2,) * cards


def test_the_tower_supply_is_one_tier_of_each_colour_and_one_per_tower_icon():
    state = setup(4, 2)
    icons = Counter(c for card in state.districts for c in DISTRICT[card].towers)
    assert state.tower_supply == tuple(1 + icons[c] for c in COLOURS)


@pytest.mark.parametrize(("players", "per_colour"), [(2, 7), (3, 8), (4, 9)])
def test_citizen_dice_go_back_to_the_box_with_two_or_three_players(players, per_colour):
    state = new_game(players, 3)
    held = Counter(c.colour for p in state.players for c in p.citizens)
    row = Counter(d.colour for d in state.citizen_row)
    for i, colour in enumerate(COLOURS):
        assert state.dice_supply[i] + held[colour] + row[colour] == per_colour


def test_each_player_starts_with_one_of_each_resource_two_bases_and_towers_of_one():
    state = new_game(3, 5)
    for p in state.players:
        assert (p.stone, p.food, p.wisdom, p.gold) == (1, 1, 1, 1)
        assert p.bases == 2 and len(p.citizens) == 2
        assert all(c.zone == HOME for c in p.citizens)
        assert p.towers == (1, 1, 1, 1, 1)
        assert {(t.x, t.y): t.kind for t in p.city} == {(0, -1): "agora", (0, 0): "palace"}


def test_starships_start_at_one_each_under_a_bonus_tile_of_its_own_colour():
    state = setup(2, 6)
    assert state.zones == (1, 1, 1, 1, 1)
    assert sorted(state.bonus) == sorted(COLOURS)


def test_the_building_row_takes_each_stack_top_and_the_next_tiles_turn_up():
    events = _events(2, random.Random(8))
    stacks = next(e for e in events if e["type"] == E.BUILDING_STACKS_SHUFFLED)["stacks"]
    state = GAME.replay(events)
    assert sorted(state.building_row) == sorted(stacks[c][0] for c in COLOURS)
    for i, colour in enumerate(COLOURS):
        assert state.stacks[i] == tuple(stacks[colour][1:])
        assert len(state.stacks[i]) == 14


def test_a_zodiac_card_lies_on_each_temple_and_every_disc_starts_at_the_bottom():
    state = setup(3, 7)
    assert len(set(state.zodiac)) == len(TEMPLES) == 3
    assert state.zodiac_owner == (None, None, None)
    for track in state.temples:
        assert sorted(d for d, _ in track) == ["p1", "p2", "p3"]
        assert all(step == 0 for _, step in track)
    assert all(space == 0 for _, space in state.war)


def test_the_first_players_disc_lies_lowest_on_the_start_of_the_war_track():
    state = setup(4, 9)
    first = state.first
    assert state.war[0] == (first, 0)


def test_the_starting_dice_are_drafted_in_a_snake_from_the_last_player():
    state = setup(3, 11)
    assert state.phase == DRAFT
    seats = list(state.seats)
    i = seats.index(state.first)
    order = [seats[(i + k) % 3] for k in range(3)]
    assert list(state.draft_order) == [*reversed(order), *order]
    assert len(state.pool) == 7
    picks = []
    while state.phase == DRAFT:
        (seat,) = GAME.to_act(state)
        picks.append(seat)
        state, _ = act(state, seat, GAME.legal_moves(state, seat)[-1])
    assert picks == [*reversed(order), *order]
    assert all(len(p.citizens) == 2 for p in state.players)
    assert state.phase == PLAY and GAME.to_act(state) == {state.first}


def test_the_die_left_over_from_the_draft_goes_back_to_the_supply():
    state = setup(2, 12)
    before = sum(state.dice_supply)
    left = None
    while state.phase == DRAFT:
        (seat,) = GAME.to_act(state)
        if len(state.pool) == 2:
            left = state.pool[1]
        state, _ = act(state, seat, GAME.legal_moves(state, seat)[0])
    assert left is not None
    assert sum(state.dice_supply) == before + 1


def test_identical_dice_in_the_pool_are_a_single_choice():
    state = setup(2, 1)
    seen = {
        (state.pool[m["die"]].colour, state.pool[m["die"]].value)
        for m in GAME.legal_moves(state, next(iter(GAME.to_act(state))))
    }
    assert len(seen) == len(GAME.legal_moves(state, next(iter(GAME.to_act(state)))))


def test_solo_uses_fixed_bonus_tiles_three_district_cards_and_a_dummy_war_disc():
    events = _events(1, random.Random(3))
    state = GAME.replay(events)
    assert state.bonus == ("red", "purple", "blue", "orange", "yellow")
    assert len(state.districts) == 3
    assert (SOLO_DUMMY, 0) in state.war
    rolled = next(e for e in events if e["type"] == E.SOLO_DICE_ROLLED)["dice"]
    assert sorted(colour for colour, _ in rolled) == sorted(COLOURS)


def test_solo_returns_the_two_highest_dice_and_keeps_two_of_the_other_three():
    for seed in range(40):
        state = setup(1, seed)
        values = sorted((d.value for d in state.pool), reverse=True)
        if values[1] != values[2] and values[0] == values[1]:
            break
    # Two dice share the highest value: both go back, nothing to choose.
    assert len(state.pool) == 3
    assert [s.kind for s in state.pending] == ["solo_keep"]
    moves = GAME.legal_moves(state, "p1")
    assert len(moves) == 3
    kept = [d for i, d in enumerate(state.pool) if i != moves[0]["returned"]]
    state, _ = act(state, "p1", moves[0])
    assert state.phase == PLAY
    assert sorted((c.colour, c.value) for c in state.player("p1").citizens) == sorted(
        (d.colour, d.value) for d in kept
    )


def test_solo_asks_which_die_goes_back_when_the_highest_are_tied():
    for seed in range(200):
        state = setup(1, seed)
        values = sorted((d.value for d in state.pool), reverse=True)
        if values[0] == values[1] == values[2]:
            break
    assert state.pending[0].kind == "solo_remove"
    moves = GAME.legal_moves(state, "p1")
    assert len(moves) == 3
    state, _ = act(state, "p1", moves[0])
    assert len(state.pool) == 4
    state, _ = act(state, "p1", GAME.legal_moves(state, "p1")[0])
    assert len(state.pool) == 3 and state.pending[0].kind == "solo_keep"
