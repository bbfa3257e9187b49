"""ru «Шкала войны», «Продвинуться по шкале войны», «Провести атаку», «Конец раунда» 2-3:
moving and stacking, milestones and superiority tokens, attacks, the last space, the first
player and falling back at the end of a round."""

from __future__ import annotations

from engine.games.origins_first_builders import events as E
from engine.games.origins_first_builders.components import (
    MILESTONES,
    WAR_LAST,
    milestones_passed,
    retreat_space,
)
from engine.games.origins_first_builders.state import Step
from engine.games.origins_first_builders.tracks import first_player, retreat
from tests.games.origins_first_builders.helpers import (
    act,
    at,
    moves_of,
    new_game,
    player,
    war,
    with_player,
    zodiac,
)


def _war_step(state, seat="p1", ref="and", spaces=2):
    return at(state, seat, Step("war", ref=ref, n=spaces), Step("turn_end"))


def test_milestones_lie_three_spaces_apart_and_the_last_space_follows_the_fifth():
    assert MILESTONES == 5 and WAR_LAST == 16
    assert [milestones_passed(s) for s in range(17)] == [
        0,
        0,
        0,
        0,
        1,
        1,
        1,
        2,
        2,
        2,
        3,
        3,
        3,
        4,
        4,
        4,
        5,
    ]


def test_moving_past_one_disc_onto_another_with_a_milestone_crossed_gives_a_superiority_token():
    # ru example: green moves 2, passes blue, lands on brown (on top of it) and crosses a
    # milestone: a superiority token.
    state = new_game(3, seed=1)
    state = war(state, ("p1", 2), ("p2", 3), ("p3", 4))  # green, blue, brown
    state = _war_step(state)
    state, _ = act(state, "p1", {"type": "advance", "spaces": 2})
    assert state.war == (("p2", 3), ("p3", 4), ("p1", 4))  # green on top of brown
    assert player(state, "p1").tokens == 1


def test_an_attack_scores_a_point_per_milestone_passed_and_per_disc_strictly_behind():
    # ru example: 1 wisdom for the space, 2 VP for two milestones, 1 VP for the blue disc
    # behind, none for the brown disc on the same space: 3 VP.
    state = new_game(3, seed=1)
    state = war(state, ("p2", 5), ("p3", 7), ("p1", 7))
    state = with_player(state, "p1", wisdom=0, vp=0)
    state, events = act(_war_step(state), "p1", {"type": "attack"})
    attack = next(e for e in events if e["type"] == E.ATTACKED)
    assert (attack["milestones"], attack["behind"], attack["points"]) == (2, 1, 3)
    p1 = player(state, "p1")
    assert (p1.vp, p1.wisdom) == (3, 1)


def test_the_attack_reward_may_exchange_a_basic_resource_for_gold():
    state = war(new_game(2, seed=1), ("p2", 0), ("p1", 5))
    state = with_player(state, "p1", food=2, gold=0)
    state, _ = act(_war_step(state), "p1", {"type": "attack"})
    assert {"type": "convert", "resource": "food"} in moves_of(state, "p1")
    assert {"type": "skip"} in moves_of(state, "p1")
    state, _ = act(state, "p1", {"type": "convert", "resource": "food"})
    assert (player(state, "p1").food, player(state, "p1").gold) == (1, 1)


def test_reaching_the_last_space_scores_9_and_the_disc_never_moves_again():
    state = war(new_game(2, seed=1), ("p2", 0), ("p1", 15))
    state = with_player(state, "p1", vp=0)
    state, _ = act(_war_step(state), "p1", {"type": "advance", "spaces": 2})
    assert dict(state.war)["p1"] == WAR_LAST
    assert player(state, "p1").vp == 9
    assert player(state, "p1").tokens == 1  # the fifth milestone
    # On the last space only the attack is left.
    state = _war_step(state)
    assert moves_of(state, "p1") == [{"type": "attack"}]


def test_the_first_player_is_the_foremost_disc_the_lowest_of_its_stack():
    state = war(new_game(3, seed=1), ("p3", 2), ("p2", 6), ("p1", 6))
    assert first_player(state) == "p2"


def test_at_the_end_of_a_round_discs_fall_back_past_their_last_milestone_stacks_moving_as_one():
    # ru example: from the disc nearest the start, every disc goes back to the space past its
    # last milestone; the stack of green and brown moves as it is, and blue, moved earlier,
    # lies on top of them.
    track = (("black", 4), ("blue", 8), ("brown", 9), ("green", 9))
    assert retreat(track) == (("black", 4), ("brown", 7), ("green", 7), ("blue", 7))


def test_a_disc_already_past_its_milestone_stays_and_lies_above_those_falling_onto_it():
    track = (("black", 7), ("blue", 8))
    assert retreat(track) == (("blue", 7), ("black", 7))


def test_a_disc_that_passed_no_milestone_falls_back_to_the_start():
    assert retreat_space(3) == 0 and retreat_space(1) == 0
    assert retreat((("a", 3), ("b", 0))) == (("a", 0), ("b", 0))


def test_a_disc_on_the_last_space_stays_there_at_the_end_of_a_round():
    assert retreat((("a", 16), ("b", 15))) == (("b", 13), ("a", 16))


def test_aries_adds_a_point_per_red_die_to_an_attack():
    from engine.games.origins_first_builders.state import Centre
    from tests.games.origins_first_builders.helpers import citizens

    state = war(new_game(2, seed=1), ("p2", 0), ("p1", 1))
    state = zodiac(state, "p1", "aries")
    state = with_player(
        state, "p1", vp=0, citizens=citizens(("red", 2), ("red", 4, 1), ("blue", 3)),
        centres=(Centre(0, -1, "red", 5),), advisors=("red",),
    )  # fmt: skip
    state, events = act(_war_step(state), "p1", {"type": "attack"})
    attack = next(e for e in events if e["type"] == E.ATTACKED)
    assert attack["aries"] == 3 and attack["points"] == 1 + 3
