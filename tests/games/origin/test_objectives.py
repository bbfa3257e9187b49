"""ru «Карты цели» and «Очень важно!»; the 20 objective conditions."""

from __future__ import annotations

import pytest

from engine import IllegalMove
from engine.games.origin import GAME
from engine.games.origin import events as ev
from engine.games.origin.objectives import met
from engine.games.origin.state import replace
from tests.games.origin.helpers import act, deck, new_game, put, turn_of, with_player, with_stacks


def _game(**p1):
    state = turn_of(new_game(2, seed=8), "p1")
    return with_player(state, "p1", **p1) if p1 else state


def _with_pawns(state, *where: tuple[str, int, int, str], seat: str = "p1"):
    for territory, h, s, colour in where:
        state = put(state, seat, territory, h, s, colour)
    return state


def test_an_objective_can_be_completed_only_once_its_condition_is_met():
    state = _with_pawns(_game(objectives=("africa",)), ("sahara", 1, 1, "white"))
    assert {"type": "complete", "card": "africa"} not in GAME.legal_moves(state, "p1")
    with pytest.raises(IllegalMove):
        act(state, "p1", {"type": "complete", "card": "africa"})
    state = _with_pawns(state, ("nile", 1, 2, "white"), ("cape", 2, 1, "white"))
    assert {"type": "complete", "card": "africa"} in GAME.legal_moves(state, "p1")


def test_completing_an_objective_lays_it_face_up_and_draws_the_next_one_at_once():
    state = _with_pawns(
        _game(objectives=("africa",)),
        ("sahara", 1, 1, "white"), ("nile", 1, 2, "white"), ("cape", 2, 1, "white"),
    )  # fmt: skip
    top = deck(state, "objective")[0]
    state, events = act(state, "p1", {"type": "complete", "card": "africa"})
    assert events[0] == {
        "type": ev.OBJECTIVE_COMPLETED,
        "seat": "p1",
        "card": "africa",
        "points": 3,
    }
    assert events[1] == {"type": ev.CARD_DRAWN, "seat": "p1", "deck": "objective", "card": top}
    assert state.player("p1").completed == ("africa",)
    assert state.player("p1").objectives == (top,)


def _two_met():
    return _with_pawns(
        _game(objectives=("africa", "green")),
        ("sahara", 1, 1, "white"), ("congo", 1, 2, "white"), ("amazonia", 2, 1, "white"),
        ("nile", 2, 2, "white"),
    )  # fmt: skip


def test_only_one_objective_may_be_completed_per_turn():
    state, _ = act(_two_met(), "p1", {"type": "complete", "card": "africa"})
    assert [m for m in GAME.legal_moves(state, "p1") if m["type"] == "complete"] == []


def test_in_the_last_round_several_objectives_may_be_completed_with_no_replacement_drawn():
    state = replace(_two_met(), last_round=True, final_turns=("p2",))
    state, events = act(state, "p1", {"type": "complete", "card": "africa"})
    assert ev.CARD_DRAWN not in [e["type"] for e in events]
    state, _ = act(state, "p1", {"type": "complete", "card": "green"})
    assert state.player("p1").completed == ("africa", "green")
    assert state.player("p1").objectives == ()


@pytest.mark.parametrize(
    ("card", "pawns", "expected"),
    [
        (
            "eurasia",
            [("iberia", 1, 1, "white"), ("gaul", 1, 2, "white"), ("india", 2, 1, "white")],
            True,
        ),
        (
            "eurasia",
            [("iberia", 1, 1, "white"), ("gaul", 1, 2, "white"), ("nile", 2, 1, "white")],
            False,
        ),
        ("green", [("congo", 1, 1, "white"), ("siberia", 1, 2, "white")], True),
        (
            "brown",
            [("sahara", 1, 1, "white"), ("horn", 1, 2, "white"), ("andes", 2, 1, "white")],
            True,
        ),
        (
            "strength_three",
            [("sahara", 1, 3, "white"), ("horn", 2, 3, "white"), ("andes", 3, 3, "white")],
            True,
        ),
        (
            "height_three",
            [("sahara", 3, 1, "white"), ("horn", 3, 2, "white"), ("andes", 3, 2, "black")],
            True,
        ),
        (
            "height_three",
            [("sahara", 3, 1, "white"), ("horn", 3, 2, "white"), ("andes", 2, 2, "black")],
            False,
        ),
        (
            "each_colour",
            [
                ("sahara", 1, 1, "white"),
                ("horn", 1, 2, "white"),
                ("andes", 1, 1, "brown"),
                ("nile", 1, 2, "brown"),
                ("cape", 1, 1, "black"),
                ("gaul", 1, 2, "black"),
            ],
            True,
        ),
        (
            "four_continents",
            [
                ("sahara", 1, 1, "white"),
                ("gaul", 1, 2, "white"),
                ("andes", 1, 1, "brown"),
                ("ross", 1, 2, "brown"),
            ],
            True,
        ),
        (
            "four_continents",
            [
                ("sahara", 1, 1, "white"),
                ("gaul", 1, 2, "white"),
                ("andes", 1, 1, "brown"),
                ("pampas", 1, 2, "brown"),
            ],
            False,
        ),
        (
            "adjacent_one_continent",
            [
                ("maghreb", 1, 1, "white"),
                ("sahara", 1, 2, "white"),
                ("sahel", 1, 1, "brown"),
                ("congo", 1, 2, "brown"),
            ],
            True,
        ),
        (
            "adjacent_one_continent",
            [
                ("maghreb", 1, 1, "white"),
                ("sahara", 1, 2, "white"),
                ("sahel", 1, 1, "brown"),
                ("iberia", 1, 2, "brown"),
            ],
            False,
        ),
        (
            "adjacent_two_continents",
            [
                ("maghreb", 1, 1, "white"),
                ("sahara", 1, 2, "white"),
                ("sahel", 1, 1, "brown"),
                ("iberia", 1, 2, "brown"),
            ],
            True,
        ),
        (
            "adjacent_two_continents",
            [
                ("maghreb", 1, 1, "white"),
                ("sahara", 1, 2, "white"),
                ("sahel", 1, 1, "brown"),
                ("congo", 1, 2, "brown"),
            ],
            False,
        ),
        (
            "adjacent_one_continent",
            [
                ("outback", 1, 1, "white"),
                ("queensland", 1, 2, "white"),
                ("north_island", 1, 1, "brown"),
                ("south_island", 1, 2, "brown"),
            ],
            True,
        ),
        (
            "oceania",
            [
                ("outback", 1, 1, "white"),
                ("queensland", 1, 2, "white"),
                ("south_island", 1, 1, "brown"),
            ],
            True,
        ),
    ],
)
def test_pawn_objectives_count_the_players_pawns_on_the_map(card, pawns, expected):
    state = _with_pawns(_game(), *pawns)
    assert met(state, "p1", card) is expected


def test_pawns_of_other_players_do_not_count_towards_an_objective():
    state = _with_pawns(_game(), ("congo", 1, 1, "white"), ("siberia", 1, 2, "white"), seat="p2")
    assert not met(state, "p1", "green") and met(state, "p2", "green")


def test_tile_and_strait_objectives_count_tiles_and_tokens_held():
    state = with_stacks(_game(), "p1", 3, 3, 1)
    assert met(state, "p1", "level_one_tiles") and met(state, "p1", "level_three_tiles")
    assert not met(state, "p1", "level_two_tiles")
    state = with_player(state, "p1", straits=(("suez", 3), ("drake", 4)))
    assert not met(state, "p1", "straits")
    state = with_player(state, "p1", straits=(("suez", 3), ("drake", 4), ("tasman", 5)))
    assert met(state, "p1", "straits")
