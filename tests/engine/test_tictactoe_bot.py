"""The platform's test game offers the slow-play members of the engine contract: a bot that
wins, blocks, then takes the centre; scoring as it stands; the end as the only reveal."""

from __future__ import annotations

from engine import Event
from tests.games.tictactoe import GAME, State


def _board(first: str, *cells: int, marks_per_turn: int = 1) -> State:
    """Marks placed alternately from ``first``, in the order given; ``first`` moves next
    after an even number of marks."""
    events: list[Event] = [
        {"type": "game_set_up", "seats": ["p1", "p2"], "marks_per_turn": marks_per_turn},
        {"type": "coin_tossed", "first": first},
    ]
    seats = [first, "p2" if first == "p1" else "p1"]
    for i, cell in enumerate(cells):
        events.append({"type": "mark_placed", "seat": seats[i % 2], "cell": cell})
        events.append({"type": "turn_passed", "to": seats[(i + 1) % 2]})
    return GAME.replay(events)


def _place(cell: int) -> dict[str, object]:
    return {"type": "place", "cell": cell}


def test_the_bot_completes_its_own_line_when_it_can():
    state = _board("p1", 0, 3, 1, 4)  # p1: 0 1, p2: 3 4; both threaten
    assert GAME.bot_move(state, "p1") == _place(2)


def test_the_bot_blocks_the_other_players_line_when_it_cannot_win():
    state = _board("p1", 0, 4, 8, 5)  # p2 threatens 3
    assert GAME.bot_move(state, "p1") == _place(3)


def test_the_bot_takes_the_centre_when_nothing_is_at_stake():
    assert GAME.bot_move(_board("p2"), "p2") == _place(4)
    assert GAME.bot_move(_board("p1", 0), "p2") == _place(4)


def test_the_bot_takes_the_first_free_cell_once_the_centre_is_taken():
    assert GAME.bot_move(_board("p1", 4), "p2") == _place(0)


def test_the_second_mark_of_a_two_mark_turn_wins_when_it_can():
    state = _board("p1", 0, 4, 1, marks_per_turn=2)
    state = GAME.apply(state, {"type": "mark_placed", "seat": "p2", "cell": 2})
    assert GAME.to_act(state) == {"p2"}
    assert GAME.bot_move(state, "p2") == _place(6)  # p2 holds 4 and 2


def test_an_unfinished_game_stands_at_no_points_each_and_a_shared_place():
    standing = GAME.standing(_board("p1", 0, 4))
    assert standing == {
        "scores": {"p1": 0, "p2": 0}, "ranking": [["p1", "p2"]], "tie_break": None,
        "winner": None,
    }  # fmt: skip


def test_a_finished_game_stands_as_its_outcome():
    state = GAME.apply(_board("p1", 0, 3, 1, 4), {"type": "game_won", "seat": "p1"})
    assert GAME.standing(state) == GAME.outcome(state)
    assert GAME.standing(state)["ranking"] == [["p1"], ["p2"]]


def test_a_mark_reveals_nothing_and_the_mark_that_ends_the_game_reveals_the_end():
    state = _board("p1", 0, 3)
    events = GAME.decide(state, "p1", _place(1), None)
    assert GAME.reveals(state, "p1", events) is False
    state = _board("p1", 0, 3, 1, 4)
    events = GAME.decide(state, "p1", _place(2), None)
    assert events[-1]["type"] == "game_won"
    assert GAME.reveals(state, "p1", events) is True
