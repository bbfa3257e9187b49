"""What each event tells its readers (engine contract ``narrate``): one sentence per event,
from real events of real game states, the engine's bookkeeping told as "", and never a tile
below the top of a building stack nor a farm's face-down building."""

from __future__ import annotations

import random

import pytest

from engine import Event, Move, registry
from engine.contract import humanise
from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.components import BUILDING
from engine.games.origins_first_builders.narration import BOOKKEEPING
from engine.games.origins_first_builders.state import Centre, State, Step, replace
from engine.kit import UnknownEvent
from tests.engine.playout import play_random
from tests.games.origins_first_builders.helpers import (
    act,
    acts,
    at,
    citizen_row,
    citizens,
    city,
    new_game,
    setup,
    supply,
    temple,
    war,
    with_player,
    zodiac,
)


def told(state: State | None, events: list[Event], seat: str | None = None) -> list[str]:
    """Each event narrated from the state before it, bookkeeping left out (as the email)."""
    lines = []
    for event in events:
        text = GAME.narrate(state, event, seat)
        if text:
            lines.append(text)
        state = GAME.apply(state, event)
    return lines


def decided(state: State, *moves: Move) -> list[Event]:
    """The events of p1's decisions, one after the other, from ``state``."""
    return acts(state, "p1", *moves)[1]


def opening(players: int, seed: int) -> list[Event]:
    return GAME.setup([f"p{i + 1}" for i in range(players)], {}, random.Random(seed))


# ---------------------------------------------------------------- every event type


def test_an_event_of_a_type_the_game_never_declared_is_refused_not_told_by_its_type():
    state = at(new_game(2, seed=1), "p1")
    misspelt = {"type": "worker_send", "seat": "p1", "zone": 0}
    with pytest.raises(UnknownEvent):
        GAME.narrate(state, misspelt, None)
    with pytest.raises(UnknownEvent):
        GAME.apply(state, misspelt)


def test_only_whose_turn_starts_and_the_steps_waiting_are_bookkeeping():
    assert {E.TURN_STARTED, E.AWAITING} == set(BOOKKEEPING)
    state = at(new_game(2, seed=1), "p1")
    assert GAME.narrate(state, {"type": E.TURN_STARTED, "seat": "p2"}, None) == ""
    assert GAME.narrate(state, {"type": E.AWAITING, "steps": [{"kind": "main"}]}, "p1") == ""
    run = play_random(GAME, 3, seed=2)
    before = [None, *run.states[:-1]]
    for state, event in zip(before, run.events, strict=True):
        text = GAME.narrate(state, event, None)
        assert (text == "") == (event["type"] in BOOKKEEPING), event
        assert "\n" not in text and not text.endswith(".")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_game_tells_its_events_in_its_own_words_not_by_their_type(players):
    # The contract suite's check for every game, at every player count of this one.
    game = registry.get("origins-first-builders")
    run = play_random(game, players, seed=17)
    before = [None, *run.states[:-1]]
    words = [game.narrate(s, e, None) for s, e in zip(before, run.events, strict=True)]
    typed = [t for t, e in zip(words, run.events, strict=True) if t == humanise(e["type"])]
    assert typed == []


# ---------------------------------------------------------------- the opening


def test_the_opening_tells_the_table_as_it_is_laid_out_and_the_starting_dice_rolled():
    assert told(None, opening(2, seed=1)) == [
        "A game of Origins: First Builders began for p1 and p2",
        "The bonus tiles went under contact zones 1 to 5: purple, red, yellow, blue, orange; "
        "every starship starts at 1",
        "The temples took their zodiac cards: Capricorn on the Forest temple, Taurus on the "
        "Mountain temple and Pisces on the Sea temple",
        "The building tiles were shuffled face down into 5 stacks by colour, 15 tiles each",
        "The building row was laid from the stack tops, top to bottom: Mint, Idol Shrine, "
        "Forest Temple, Healer's Estate, Arsenal",
        "The citizen row was rolled, left to right: purple 2, blue 4, red 5, orange 5, yellow 5",
        "The speaker dice were rolled: 2, 4",
        "District cards dealt, 2 gold on each: d03 (yellow-yellow-yellow), "
        "d20 (blue-blue-yellow), d40 (orange-yellow-purple), d41 (yellow-purple-orange)",
        "p1 was drawn to play first",
        "5 starting dice were rolled for the draft: red 3, orange 4, orange 3, yellow 4, "
        "purple 4; picking order p2, p1, p1, p2",
    ]


def test_each_starting_die_drafted_is_told_and_the_die_left_over_goes_back():
    state = setup(2, seed=1)
    lines = []
    for seat, die in (("p2", 1), ("p1", 0), ("p1", 2), ("p2", 1)):
        before = state
        state, events = act(state, seat, {"type": "draft", "die": die})
        lines += told(before, events)
    assert lines == [
        "p2 took the orange 4 as a starting citizen",
        "p1 took the red 3 as a starting citizen",
        "p1 took the purple 4 as a starting citizen",
        "p2 took the yellow 4 as a starting citizen",
        "The orange 3 left over went back to the supply",
        "Round 1 began; p1 plays first",
    ]


def test_solo_tells_the_two_highest_dice_going_back_and_the_two_kept():
    # ru «Одиночный режим»: of red 5, orange 1, yellow 2, blue 2, purple 5 the two fives go
    # back (in the opening: no tie to choose), then two of the other three are kept.
    assert told(None, opening(1, seed=1))[-4:] == [
        "p1 plays first, a dummy disc beside theirs on the war track",
        "p1's starting dice were rolled: red 5, orange 1, yellow 2, blue 2, purple 5; "
        "the two highest go back, then two of the other three are kept",
        "The red 5, one of the highest, went back to the supply",
        "The purple 5, one of the highest, went back to the supply",
    ]
    state = setup(1, seed=1)
    events = decided(state, {"type": "keep", "returned": 0})
    assert told(state, events) == [
        "p1 kept the blue 2 as a starting citizen",
        "p1 kept the yellow 2 as a starting citizen",
        "The orange 1 left over went back to the supply",
        "Round 1 began; p1 plays first",
    ]


# ---------------------------------------------------------------- rounds, turns, the end


def test_a_pass_is_told_and_a_superiority_token_spent_for_another_action():
    state = with_player(at(new_game(2, seed=4), "p1", Step("turn_end")), "p1", tokens=1)
    after, events = act(state, "p1", {"type": "extra_action"})
    assert told(state, events) == ["p1 spent a superiority token for one more action"]
    events = decided(after, {"type": "pass"})
    assert told(after, events)[0] == "p1 passed for the rest of the round"


def test_the_end_tells_why_the_game_ended_and_the_final_scores():
    state = new_game(2, seed=4)
    state = with_player(state, "p2", passed=True, citizens=(), vp=30, gold=0)
    state = with_player(state, "p1", citizens=(), vp=40, gold=0)
    state = at(replace(state, district_gold=(0,) * len(state.districts)), "p1")
    after, events = act(state, "p1", {"type": "pass"})
    assert GAME.outcome(after)["scores"] == {"p1": 40, "p2": 30}
    assert told(state, events)[-1] == (
        "The game ended (no gold is left on the district cards): p1 won with 40 points; p2 30"
    )


# ---------------------------------------------------------------- contact zones


def _visiting(zones=(1, 1, 3, 1, 1), **p1):
    state = new_game(2, seed=1)
    state = replace(state, zones=tuple(zones), bonus=("red", "orange", "yellow", "blue", "purple"))
    state = with_player(state, "p1", **{"citizens": citizens(("blue", 2)), **p1})
    return at(state, "p1")


def test_a_visit_tells_the_die_the_zone_the_wisdom_paid_the_starship_and_the_action():
    # ru example: the blue 2 goes to a contact zone showing 3 and pays 1 wisdom.
    state = _visiting(wisdom=1, gold=0)
    events = decided(
        state,
        {"type": "visit", "worker": "citizen", "die": 0},
        {"type": "zone", "zone": 2},
        {"type": "act", "slot": "top"},
    )
    assert told(state, events) == [
        "p1 sent the blue 2 to zone 3, paying 1 wisdom; its starship rose to 4",
        "p1 took 3 wisdom",
    ]


def test_a_starship_at_6_is_told_turning_to_1_and_the_archon_and_speakers_by_name():
    state = _visiting(zones=(6, 1, 1, 1, 1), speakers=(3,))
    events = decided(state, {"type": "visit", "worker": "archon"}, {"type": "zone", "zone": 0})
    assert told(state, events)[0] == "p1 sent their archon to zone 1; its starship went from 6 to 1"
    events = decided(
        state, {"type": "visit", "worker": "speaker", "value": 3}, {"type": "zone", "zone": 1}
    )
    assert (
        told(state, events)[0]
        == "p1 sent a speaker die showing 3 to zone 2; its starship rose to 2"
    )


def test_solo_tells_the_neighbouring_starship_raised_as_well():
    state = new_game(1, seed=2)
    state = replace(state, zones=(1, 2, 1, 1, 1))
    state = with_player(state, "p1", citizens=citizens(("red", 3)))
    state = at(state, "p1")
    events = decided(
        state,
        {"type": "visit", "worker": "citizen", "die": 0},
        {"type": "zone", "zone": 1},
        {"type": "raise", "zone": 2},
    )
    assert told(state, events)[:3] == [
        "p1 sent the red 3 to zone 2",
        "Zone 2's starship rose to 3",
        "Zone 3's starship rose to 2",
    ]


# ---------------------------------------------------------------- war and temples


def _war_step(state, ref="and", spaces=2):
    return at(state, "p1", Step("war", ref=ref, n=spaces), Step("turn_end"))


def test_an_advance_tells_the_spaces_the_milestone_crossed_and_the_token_won():
    # ru example: green moves 2, past blue onto brown, crossing a milestone: a token.
    state = _war_step(war(new_game(3, seed=1), ("p1", 2), ("p2", 3), ("p3", 4)))
    events = decided(state, {"type": "advance", "spaces": 2})
    assert told(state, events)[0] == (
        "p1 advanced 2 on the war track, to space 4, crossing a milestone: 1 superiority token"
    )


def test_the_last_space_of_the_war_track_is_told_with_its_9_points():
    state = _war_step(war(new_game(2, seed=1), ("p2", 0), ("p1", 15)))
    events = decided(state, {"type": "advance", "spaces": 2})
    assert told(state, events)[0] == (
        "p1 advanced 1 on the war track, to space 16, crossing a milestone: "
        "1 superiority token; the last space scores 9 VP"
    )


def test_an_attack_tells_its_points_by_discs_behind_and_milestones_and_its_reward():
    # ru example: 1 wisdom for the space, 2 VP for two milestones and 1 for the blue disc
    # behind; none for the brown disc on the same space.
    state = war(new_game(3, seed=1), ("p2", 5), ("p3", 7), ("p1", 7))
    state = _war_step(with_player(state, "p1", wisdom=0, vp=0))
    events = decided(state, {"type": "attack"})
    assert told(state, events) == [
        "p1 attacked from space 7 of the war track: 3 VP for 1 disc behind and 2 milestones passed",
        "p1 took 1 wisdom as the attack's reward",
    ]


def test_an_attack_with_aries_counts_the_red_dice_and_a_convert_reward_is_a_trade():
    state = war(new_game(2, seed=1), ("p2", 0), ("p1", 5))
    state = zodiac(state, "p1", "aries")
    state = with_player(
        state, "p1", food=2, gold=0, citizens=citizens(("red", 2)),
        centres=(Centre(1, -1, "red", 3),),
    )  # fmt: skip
    state = _war_step(state)
    events = decided(state, {"type": "attack"}, {"type": "convert", "resource": "food"})
    assert told(state, events) == [
        "p1 attacked from space 5 of the war track: 4 VP for 1 disc behind, "
        "1 milestone passed and 2 red dice (Aries)",
        "p1 turned 1 food into 1 gold as the attack's reward",
    ]


def test_the_end_of_a_round_tells_the_discs_falling_back_and_the_temple_leaders_cards():
    state = new_game(2, seed=4)
    state = with_player(state, "p2", passed=True, citizens=())
    state = with_player(state, "p1", citizens=())
    state = war(state, ("p2", 3), ("p1", 8))
    state = temple(state, "sea", ("p1", 2), ("p2", 4))
    state = zodiac(state, "p1", "virgo", "sea")
    state = at(state, "p1")
    events = decided(state, {"type": "pass"})
    assert told(state, events)[1:] == [
        "The war discs fell back to their last milestone: p2 to the start, p1 to space 7",
        "p2 leads on the Sea temple and takes Virgo from p1",
        "Round 2 began; p1 plays first",
    ]


def test_the_temple_action_tells_the_stone_paid_the_steps_climbed_and_the_card_taken():
    state = new_game(2, seed=1)
    state = zodiac(state, "p2", "leo", "forest")
    state = temple(state, "forest", ("p1", 0), ("p2", 5))
    state = at(with_player(state, "p1", stone=1), "p1", Step("temple"), Step("turn_end"))
    events = decided(state, {"type": "temple", "temple": "forest"})
    assert told(state, events) == [
        "p1 paid 1 stone for the temple",
        "p1 climbed 2 steps on the Forest temple, to step 2",
        "p1 took the Forest temple's zodiac card, Leo, from p2",
    ]


# ---------------------------------------------------------------- buildings

ROW = ("mint", "gallery", "construction", "arsenal", "obelisk")


def _buying(**p1):
    state = new_game(2, seed=3)
    stacks = list(state.stacks)
    stacks[1] = ("castle", "manor", "forum")  # orange
    state = replace(state, building_row=ROW, stacks=tuple(stacks))
    state = with_player(state, "p1", **p1)
    return at(state, "p1", Step("buy", ref="action"), Step("turn_end"))


def test_a_purchase_tells_the_tile_the_row_moving_up_the_next_tile_turned_and_the_cost():
    # ru example: the orange tile (two tiles below it) costs 2 wisdom and 2 stone; the
    # orange stack's top fills the bottom slot and its next tile is turned face up.
    state = _buying(wisdom=2, stone=2, gold=0)
    events = decided(state, {"type": "buy", "slot": 2}, {"type": "place", "x": 1, "y": 0})
    assert told(state, events)[:3] == [
        "p1 took the Construction Site from slot 3 of the building row; the Castle moved into "
        "the row and the Manor turned up on the orange stack",
        "p1 paid 2 stone and 2 wisdom for the building",
        "p1 built the Construction Site at (1, 0), next to the Palace",
    ]


def test_a_tile_of_the_kind_just_bought_is_told_as_another_one():
    state = _buying(wisdom=2, stone=2, gold=0)
    stacks = list(state.stacks)
    stacks[1] = ("construction", "construction", "forum")  # orange
    state = replace(state, stacks=tuple(stacks))
    events = decided(state, {"type": "buy", "slot": 2})
    assert told(state, events)[0] == (
        "p1 took the Construction Site from slot 3 of the building row; another Construction "
        "Site moved into the row and another Construction Site turned up on the orange stack"
    )


def test_a_farm_is_told_face_down_and_an_emptied_stack_is_told_empty():
    state = _buying(wisdom=0, stone=0, gold=0)
    stacks = list(state.stacks)
    stacks[4] = ("statue",)  # purple: its last tile
    state = replace(state, stacks=tuple(stacks))
    events = decided(state, {"type": "farm", "slot": 4}, {"type": "place", "x": 0, "y": -2})
    assert told(state, events) == [
        "p1 took the Obelisk from slot 5 of the building row; the Statue moved into the row, "
        "the last of the purple stack",
        "p1 built a farm (the tile face down) at (0, -2), next to the Agora",
    ]


def test_a_tile_set_aside_is_told_when_taken_and_when_brought_out():
    state = _buying(wisdom=0, stone=3, gold=0)
    state = at(state, "p1", Step("reserve"), Step("turn_end"))
    after, events = act(state, "p1", {"type": "reserve", "slot": 3})
    red = state.stacks[0]
    assert told(state, events) == [
        f"p1 set the Arsenal aside from slot 4 (Construction Site); the {BUILDING[red[0]].name} "
        f"moved into the row and the {BUILDING[red[1]].name} turned up on the red stack"
    ]
    later = at(after, "p1", Step("buy", ref="action"), Step("turn_end"))
    events = decided(
        later,
        {"type": "build_reserved", "kind": "arsenal"},
        {"type": "place", "x": 1, "y": 0},
    )
    assert told(later, events)[:3] == [
        "p1 brought out the Arsenal they had set aside",
        "p1 paid 2 stone for the building",
        "p1 built the Arsenal at (1, 0), next to the Palace",
    ]


def test_virgo_tells_the_farm_cleared_without_naming_its_face_down_tile():
    def virgo(farm: str) -> list[str]:
        state = new_game(2, seed=1)
        state = zodiac(state, "p1", "virgo")
        state = with_player(state, "p1", city=city((1, 0, farm, True)), wisdom=0, stone=0)
        state = replace(state, building_row=ROW)
        state = at(state, "p1", Step("buy", ref="action"), Step("turn_end"))
        # Nothing to pay with: the farm is the only place, taken at once.
        events = decided(state, {"type": "buy", "slot": 0})
        assert any(e.get("kind") == farm for e in events if e["type"] == E.FARM_REPLACED)
        return told(state, events)

    lines = virgo("granary")
    assert lines[1:3] == [
        "p1 cleared the farm at (1, 0) to build there for free (Virgo); its tile went face "
        "down under its stack",
        "p1 built the Mint at (1, 0), next to the Palace",
    ]
    assert virgo("market") == lines


def test_building_effects_are_told_by_the_buildings_name():
    state = new_game(2, seed=1)
    state = with_player(state, "p1", city=city((1, 0, "harbour")), gold=0, vp=0)
    state = replace(state, building_row=("mint", "harbour", "gallery", "arsenal", "obelisk"))
    state = at(with_player(state, "p1", wisdom=1, stone=2), "p1", Step("buy", ref="action"))
    events = decided(state, {"type": "buy", "slot": 1}, {"type": "place", "x": 1, "y": -1})
    assert told(state, events)[-1] == "p1's Harbour scored 4 VP"
    state = replace(state, building_row=ROW)
    events = decided(state, {"type": "buy", "slot": 0}, {"type": "place", "x": 2, "y": 0})
    assert told(state, events)[-1] == "p1's Mint gave 1 gold"


# ---------------------------------------------------------------- citizens and speakers

DICE = (("red", 1), ("orange", 2), ("yellow", 3), ("blue", 4), ("purple", 5))


def test_a_citizen_taken_from_the_row_is_told_with_its_price_and_the_new_die_rolled():
    state = citizen_row(new_game(2, seed=6), *DICE)
    state = with_player(state, "p1", citizens=(), wisdom=2, gold=0)
    state = at(state, "p1", Step("take_citizen", ref="action"), Step("turn_end"))
    events = decided(state, {"type": "take", "slot": 3})
    rolled = next(e for e in events if e["type"] == E.ROW_REFILLED)["value"]
    assert told(state, events) == [
        "p1 paid 2 wisdom for a citizen die",
        "p1 took the blue 4 from slot 4 of the citizen row",
        f"A new blue die was rolled for the citizen row: {rolled}",
    ]


def test_a_colour_missing_from_the_supply_is_told_as_the_end_coming():
    state = supply(citizen_row(new_game(2, seed=6), *DICE), red=0)
    state = with_player(state, "p1", citizens=())
    state = at(state, "p1", Step("take_citizen", ref="action"), Step("turn_end"))
    events = decided(state, {"type": "take", "slot": 0})
    assert told(state, events)[-1] == (
        "The supply had no red die left for the citizen row: the game ends with this round"
    )


def test_cancer_tells_the_free_citizen_taken_on_passing():
    state = citizen_row(zodiac(new_game(2, seed=6), "p1", "cancer"), *DICE)
    state = at(with_player(state, "p1", citizens=citizens(("red", 2))), "p1")
    events = decided(state, {"type": "pass"}, {"type": "take", "slot": 4})
    assert "p1 took the purple 5 from slot 5 of the citizen row for free (Cancer)" in told(
        state, events
    )


def test_a_speaker_taken_and_raised_with_sagittarius_is_told():
    state = replace(zodiac(new_game(2, seed=6), "p1", "sagittarius"), speaker_row=(3, 5))
    state = at(state, "p1", Step("take_speaker"))
    events = decided(state, {"type": "speaker", "value": 3}, {"type": "sagittarius", "add": 1})
    assert told(state, events) == [
        "p1 took a speaker die showing 3",
        "p1 turned their speaker die from 3 to 4 (Sagittarius)",
    ]


def test_food_spent_on_a_citizen_and_a_courthouse_recolouring_are_told():
    state = with_player(new_game(2, seed=6), "p1", citizens=citizens(("red", 3)), food=1)
    state = at(state, "p1", Step("feed"), Step("turn_end"))
    events = decided(state, {"type": "feed", "die": 0})
    assert told(state, events) == ["p1 spent 1 food", "p1's red 3 became a 4"]
    state = at(state, "p1", Step("court"), Step("turn_end"))
    events = decided(state, {"type": "court", "die": 0}, {"type": "recolour", "colour": "blue"})
    assert told(state, events) == ["p1's red 3 became a blue 3 (Courthouse)"]


def test_passing_tells_the_dice_coming_home_older_and_the_sixes_becoming_advisors():
    state = new_game(2, seed=4)
    state = with_player(
        state, "p1", vp=0, advisors=("blue",), archon=2,
        citizens=citizens(("red", 3, 0), ("red", 6, 1), ("blue", 6, 2), ("yellow", 2)),
    )  # fmt: skip
    state = at(state, "p1")
    events = decided(state, {"type": "pass"})
    assert told(state, events)[:4] == [
        "p1 passed for the rest of the round",
        "p1 took their dice back, each citizen 1 higher: red 3 → 4; the archon came home too",
        "p1's red 6 became an advisor: red joins their advisor track",
        "p1's blue 6 became an advisor, but blue is on their track already: 3 VP, and the die "
        "went back to the supply",
    ]


def test_the_speakers_used_come_back_one_higher_and_a_five_rolled_again_is_told():
    state = new_game(2, seed=4)
    state = with_player(state, "p2", passed=True, citizens=())
    state = replace(state, speaker_row=(2,), zone_speakers=((0, 3, "p1"), (1, 5, "p2")))
    state = at(with_player(state, "p1", speakers=(4,)), "p1")
    _, events = act(state, "p1", {"type": "pass"}, seed=3)
    back = next(e for e in events if e["type"] == E.SPEAKERS_RETURNED)
    (rerolled,) = back["rerolled"]
    row = ", ".join(str(v) for v in sorted([2, 4, rerolled]))
    assert (
        f"The speaker dice used this round came back to the row 1 higher; it shows {row} "
        f"(a 5 was rolled again: {rerolled})"
    ) in told(state, events)


# ---------------------------------------------------------------- districts, towers, bases


def _closing(kinds, dice, cards=(), **p1):
    state = new_game(2, seed=7)
    if cards:
        state = replace(state, districts=tuple(cards), district_gold=(2,) * len(cards))
    cells = ((1, -1), (2, -1), (2, 0), (1, 0))
    tiles = city(*((x, y, k) for (x, y), k in zip(cells, kinds, strict=True)))
    state = with_player(state, "p1", city=tiles, citizens=citizens(*dice), **p1)
    return at(state, "p1")


def test_closing_a_district_tells_the_die_the_card_matched_its_points_and_gold():
    state = _closing(
        ("castle", "outpost", "arsenal", "gallery"), (("blue", 3), ("red", 2)),
        cards=("d06", "d01"), gold=0, vp=0,
    )  # fmt: skip
    close = (
        {"type": "close"},
        {"type": "centre", "x": 1, "y": -1},
        {"type": "close_die", "die": 0},
    )
    after, events = acts(state, "p1", *close)
    assert told(state, events) == [
        "p1 closed the district at (1, -1) with the blue 3 in its power centre",
        "p1 matched district card d06 (red-red-orange): 7 VP and 2 gold",
        "p1's Gallery scored 3 VP",
    ]
    # A second district matching the same card scores its lower points, and no gold.
    later = at(
        with_player(after, "p1", centres=(), citizens=citizens(("blue", 3), ("red", 2))), "p1"
    )
    events = decided(later, *close)
    assert told(later, events)[1] == "p1 matched district card d06 (red-red-orange) again: 3 VP"


def test_leo_is_told_raising_the_die_in_the_power_centre():
    state = zodiac(_closing(("mint", "mint", "mint", "mint"), (("red", 3),)), "p1", "leo")
    events = decided(state, {"type": "close"}, {"type": "centre", "x": 1, "y": -1})
    assert told(state, events)[0] == (
        "p1 closed the district at (1, -1) with the red 3 in its power centre (Leo made it a 5)"
    )


def test_a_tower_level_and_a_new_base_are_told_with_what_they_cost():
    state = at(with_player(new_game(2, seed=1), "p1", gold=7, food=1, bases=5), "p1")
    events = decided(state, {"type": "tower"}, {"type": "tower", "colour": "red"})
    assert told(state, events)[0] == "p1 built their red tower to level 2, paying 1 gold"
    events = decided(state, {"type": "populate"})
    assert told(state, events)[0] == (
        "p1 grew their population to 6 bases, paying 1 food and 7 gold; the last base scores 10 VP"
    )


# ---------------------------------------------------------------- what nobody sees


def _below_tops_otherwise(stack: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The stack with its face-up top kept and the tiles below it turned round, the tile just
    under the top becoming another building whenever the stack holds one."""
    top, hidden = tuple(stack[:1]), tuple(stack[1:])
    turn = next((k for k, kind in enumerate(hidden) if hidden and kind != hidden[0]), 0)
    return top + hidden[turn:] + hidden[:turn]


def _another_of_its_colour(kind: str) -> str:
    colour = BUILDING[kind].colour
    kinds = [b for b in BUILDING if BUILDING[b].colour == colour]
    return kinds[(kinds.index(kind) + 1) % len(kinds)]


def _hidden_otherwise(state: State | None, event: Event) -> tuple[State | None, Event]:
    """The same moment with everything nobody sees changed: the tiles below each stack's top,
    each farm's face-down building, and in the event the shuffled stacks below their tops and
    the farm tile Virgo sends under its stack."""
    if state is not None:
        stacks = tuple(_below_tops_otherwise(s) for s in state.stacks)
        players = tuple(
            replace(p, city=tuple(
                replace(t, kind=_another_of_its_colour(t.kind)) if t.farm else t for t in p.city
            ))
            for p in state.players
        )  # fmt: skip
        state = replace(state, stacks=stacks, players=players)
    if event["type"] == E.BUILDING_STACKS_SHUFFLED:
        shuffled = {c: list(_below_tops_otherwise(s)) for c, s in event["stacks"].items()}
        event = {**event, "stacks": shuffled}
    elif event["type"] == E.FARM_REPLACED:
        event = {**event, "kind": _another_of_its_colour(event["kind"])}
    return state, event


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_no_reader_is_told_a_tile_below_a_stacks_top_or_a_farms_face_down_building(players):
    run = play_random(GAME, players, seed=30 + players)
    before = [None, *run.states[:-1]]
    changed = 0
    for state, event in zip(before, run.events, strict=True):
        other_state, other_event = _hidden_otherwise(state, event)
        changed += other_state != state or other_event != event
        for seat in [*run.seats, None]:
            assert GAME.narrate(state, event, seat) == GAME.narrate(
                other_state, other_event, seat
            ), event
    assert changed > len(run.events) // 2, "the hidden tiles were changed at most moments"


@pytest.mark.parametrize("players", [1, 4])
def test_no_narration_names_a_building_no_view_shows_then(players):
    run = play_random(GAME, players, seed=40 + players)
    before = [None, *run.states[:-1]]
    for state, event, after in zip(before, run.events, run.states, strict=True):
        hidden = {BUILDING[k].name for stack in after.stacks for k in stack[1:]}
        hidden |= {BUILDING[t.kind].name for p in after.players for t in p.city if t.farm}
        for seat in [*run.seats, None]:
            text = GAME.narrate(state, event, seat)
            if not any(name in text for name in hidden):
                continue
            shown = repr(GAME.view(after, seat))
            if state is not None:
                shown += repr(GAME.view(state, seat))
            assert not any(name in text and name not in shown for name in hidden), text
