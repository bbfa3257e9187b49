"""ru «Спасовать», «Советники», «Конец раунда», «Конец игры»: passing, ageing, advisors, the
end of a round in the rulebook's order and the four end conditions."""

from __future__ import annotations

from engine.games.origins_first_builders import GAME
from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.components import ADVISOR_POINTS
from engine.games.origins_first_builders.state import HOME, OVER, replace
from tests.games.origins_first_builders.helpers import (
    act,
    at,
    citizens,
    new_game,
    player,
    supply,
    temple,
    types,
    war,
    with_player,
)

PASS = {"type": "pass"}


def _last_to_pass(**p1):
    """p2 has passed; p1 passes next and ends the round."""
    state = new_game(2, seed=4)
    state = with_player(state, "p2", passed=True, citizens=())
    state = with_player(state, "p1", **p1)
    return at(state, "p1")


def test_passing_brings_every_die_back_from_the_board_one_older_and_the_archon_home():
    state = new_game(2, seed=4)
    state = with_player(
        state, "p1", citizens=citizens(("red", 3, 0), ("blue", 2), ("yellow", 5, 4)), archon=2
    )
    state, _ = act(at(state, "p1"), "p1", PASS)
    p1 = player(state, "p1")
    assert [(c.colour, c.value, c.zone) for c in p1.citizens] == [
        ("red", 4, HOME), ("blue", 2, HOME), ("yellow", 6, HOME),
    ]  # fmt: skip
    assert p1.archon == HOME and p1.passed
    assert GAME.to_act(state) == {"p2"}


def test_a_six_coming_back_becomes_an_advisor_and_frees_its_base():
    state = new_game(2, seed=4)
    state = with_player(state, "p1", citizens=citizens(("red", 6, 0), ("blue", 6)))
    state, _ = act(at(state, "p1"), "p1", PASS)
    p1 = player(state, "p1")
    assert p1.advisors == ("red",)
    assert [(c.colour, c.value) for c in p1.citizens] == [("blue", 6)]
    assert p1.free_bases == 1


def test_an_advisor_of_a_colour_already_on_the_track_scores_its_rightmost_cell_and_goes_back():
    state = new_game(2, seed=4)
    state = with_player(
        state, "p1", vp=0, advisors=("red", "blue", "yellow"), citizens=citizens(("blue", 6, 1))
    )
    before = state.dice_supply[3]
    state, _ = act(at(state, "p1"), "p1", PASS)
    p1 = player(state, "p1")
    assert p1.vp == ADVISOR_POINTS[2] == 6
    assert p1.advisors == ("red", "blue", "yellow")
    assert state.dice_supply[3] == before + 1


def test_sixes_coming_back_together_become_advisors_new_colours_first():
    state = new_game(2, seed=4)
    state = with_player(
        state, "p1", vp=0, advisors=("red",), citizens=citizens(("red", 6, 1), ("blue", 6, 2))
    )
    state, _ = act(at(state, "p1"), "p1", PASS)
    p1 = player(state, "p1")
    assert p1.advisors == ("red", "blue")
    assert p1.vp == ADVISOR_POINTS[1]  # the red repeat scores after blue joined the track


def test_a_player_who_passed_has_no_more_turns_this_round():
    state = new_game(3, seed=4)
    order = [state.seats[(state.seats.index("p1") + k) % 3] for k in range(3)]
    state, _ = act(at(state, "p1"), "p1", PASS)
    assert GAME.to_act(state) == {order[1]}


def test_the_round_ends_when_everyone_has_passed_and_the_next_begins():
    state = _last_to_pass()
    round_ = state.round
    state, events = act(state, "p1", PASS)
    assert state.round == round_ + 1
    assert not any(p.passed for p in state.players)
    assert E.ROUND_STARTED in types(events)


def test_used_speakers_come_back_one_higher_and_a_five_is_rolled_again():
    state = _last_to_pass()
    state = replace(state, speaker_row=(2,), zone_speakers=((0, 3, "p1"), (1, 5, "p2")))
    state = with_player(state, "p1", speakers=(4,))
    state, events = act(state, "p1", PASS, seed=3)
    back = next(e for e in events if e["type"] == E.SPEAKERS_RETURNED)
    (rerolled,) = back["rerolled"]
    assert sorted(state.speaker_row) == sorted([2, 4, rerolled])
    assert state.zone_speakers == ()
    assert player(state, "p1").speakers == (4,)  # held, never used: kept


def test_the_foremost_war_disc_takes_the_first_player_token_for_the_next_round():
    state = war(_last_to_pass(), ("p1", 3), ("p2", 5))
    state, _ = act(state, "p1", PASS)
    assert state.first == "p2" and GAME.to_act(state) == {"p2"}
    assert dict(state.war) == {"p1": 0, "p2": 4}


def test_each_temples_leader_takes_its_zodiac_card_the_lowest_of_a_stack():
    # ru example: black and brown lead the Mountain temple together; black lies lower.
    state = new_game(3, seed=4)
    state = with_player(state, "p3", passed=True, citizens=())
    state = with_player(state, "p2", passed=True, citizens=())
    state = temple(state, "mountain", ("p1", 0), ("p2", 5), ("p3", 5))
    state = temple(state, "forest", ("p1", 2), ("p2", 0), ("p3", 0))
    state = replace(state, zodiac_owner=("p3", None, "p2"))
    state, events = act(at(state, "p1"), "p1", PASS)
    awarded = [(e["temple"], e["seat"]) for e in events if e["type"] == E.ZODIAC_AWARDED]
    assert awarded == [("forest", "p1"), ("mountain", "p2")]
    assert state.zodiac_owner == ("p1", "p2", "p2")  # nobody has left the Sea temple's start


def test_the_game_ends_when_no_gold_is_left_on_the_district_cards():
    state = replace(_last_to_pass(), district_gold=(0, 0, 0, 0))
    state, _ = act(state, "p1", PASS)
    assert state.phase == OVER and GAME.outcome(state) is not None
    assert state.end_reasons == ("no gold is left on the district cards",)


def test_the_game_ends_when_three_or_fewer_tower_colours_are_left():
    state = replace(_last_to_pass(), tower_supply=(0, 2, 0, 1, 3))
    state, _ = act(state, "p1", PASS)
    assert state.phase == OVER
    state = replace(_last_to_pass(), tower_supply=(0, 2, 1, 1, 3))
    state, _ = act(state, "p1", PASS)
    assert state.phase != OVER


def test_the_game_ends_when_a_player_has_all_three_zodiac_discs_at_the_top():
    state = _last_to_pass()
    for name in ("forest", "mountain", "sea"):
        state = temple(state, name, ("p1", 11), ("p2", 3))
    state, _ = act(state, "p1", PASS)
    assert state.end_reasons == ("p1 has all three zodiac discs at the top of the temples",)


def test_the_game_ends_when_the_citizen_row_could_not_be_refilled():
    state = replace(_last_to_pass(), dice_short=("red",))
    state, _ = act(state, "p1", PASS)
    assert state.end_reasons == ("the supply had no red citizen die for the row",)


def test_a_round_ends_before_the_end_conditions_are_checked():
    # The condition may come true mid-round: the round is played out first.
    state = new_game(2, seed=4)
    state = supply(replace(state, dice_short=("red",)), red=0)
    state, _ = act(at(state, "p1"), "p1", PASS)
    assert state.phase != OVER and GAME.to_act(state) == {"p2"}
