"""The engine kit every game builds on: a vocabulary that fails loudly, a context that folds
as it emits, memoisation that never crosses states or threads."""

from __future__ import annotations

import threading

import pytest

from engine.kit import Emitter, UnknownEvent, Vocabulary, last_answer
from engine.kit.events import VocabularyError


def vocabulary() -> Vocabulary:
    words = Vocabulary("demo")
    words.declare("game_set_up")
    words.declare("mark_placed")
    words.declare("turn_passed")
    return words


def test_an_event_type_declared_twice_is_an_error():
    words = vocabulary()
    with pytest.raises(VocabularyError, match="twice"):
        words.declare("mark_placed")


def test_a_fold_that_misses_a_declared_type_is_refused_when_it_is_built():
    words = vocabulary()
    with pytest.raises(VocabularyError, match="turn_passed"):
        words.fold({"mark_placed": lambda s, e: s}, opening={"game_set_up": lambda e: ()})


def test_a_fold_that_names_an_undeclared_type_is_refused_when_it_is_built():
    words = vocabulary()
    handlers = {"mark_placed": lambda s, e: s, "turn_passed": lambda s, e: s, "oops": None}
    with pytest.raises(VocabularyError, match="oops"):
        words.fold(handlers, opening={"game_set_up": lambda e: ()})


def test_the_fold_raises_on_an_event_the_game_never_declared():
    words = vocabulary()
    apply = words.fold(
        {"mark_placed": lambda s, e: (*s, e["cell"]), "turn_passed": lambda s, e: s},
        opening={"game_set_up": lambda e: ()},
    )
    state = apply(apply(None, {"type": "game_set_up"}), {"type": "mark_placed", "cell": 4})
    assert state == (4,)
    with pytest.raises(UnknownEvent, match="mark_placd"):
        apply(state, {"type": "mark_placd", "cell": 5})
    with pytest.raises(UnknownEvent, match="open"):
        apply(None, {"type": "mark_placed", "cell": 5})


def test_a_table_keyed_by_the_vocabulary_names_every_declared_type_and_no_other():
    words = vocabulary()
    every = {"game_set_up": 1, "mark_placed": 2, "turn_passed": 3}
    assert words.table("sentences", every) == every
    with pytest.raises(VocabularyError, match="turn_passed"):
        words.table("sentences", {"game_set_up": 1, "mark_placed": 2})
    with pytest.raises(VocabularyError, match="oops"):
        words.table("sentences", {**every, "oops": 4})


def test_the_narration_tells_or_calls_bookkeeping_every_type_and_nothing_else():
    words = vocabulary()
    with pytest.raises(VocabularyError, match="turn_passed"):
        words.narration({"mark_placed": lambda s, e, seat: "x"}, bookkeeping={"game_set_up"})
    with pytest.raises(VocabularyError, match="both"):
        words.narration(
            {"mark_placed": lambda s, e, seat: "x", "turn_passed": lambda s, e, seat: ""},
            bookkeeping={"game_set_up", "turn_passed"},
        )
    narrate = words.narration(
        {"mark_placed": lambda s, e, seat: f"{e['seat']} marked {e['cell']}"},
        bookkeeping={"game_set_up", "turn_passed"},
    )
    assert narrate(None, {"type": "mark_placed", "seat": "p1", "cell": 3}, None) == "p1 marked 3"
    assert narrate(None, {"type": "turn_passed"}, "p2") == ""
    with pytest.raises(UnknownEvent):
        narrate(None, {"type": "nonsense"}, None)


def test_an_emitter_folds_each_event_as_it_is_emitted_and_refuses_undeclared_ones():
    words = vocabulary()
    apply = words.fold(
        {"mark_placed": lambda s, e: (*s, e["cell"]), "turn_passed": lambda s, e: s},
        opening={"game_set_up": lambda e: ()},
    )
    ctx = Emitter((), words, apply)
    ctx.emit("mark_placed", cell=1)
    ctx.emit("mark_placed", cell=2)
    assert ctx.st == (1, 2)
    assert ctx.events == [{"type": "mark_placed", "cell": 1}, {"type": "mark_placed", "cell": 2}]
    with pytest.raises(UnknownEvent):
        ctx.emit("mark_place", cell=3)
    assert ctx.st == (1, 2), "a refused event is not folded"


def test_the_last_answer_is_remembered_only_for_the_very_same_state_and_equal_arguments():
    calls: list[tuple[object, str]] = []

    @last_answer
    def moves(state: object, seat: str) -> list[str]:
        calls.append((state, seat))
        return [seat]

    a, b = ["state"], ["state"]
    assert moves(a, "p1") == ["p1"] and moves(a, "p1") == ["p1"]
    assert len(calls) == 1
    moves(b, "p1")  # equal but another object: asked again
    moves(b, "p2")
    assert len(calls) == 3


def test_the_last_answer_of_one_thread_is_never_another_threads():
    seen: list[object] = []

    @last_answer
    def ask(state: object) -> object:
        seen.append(state)
        return state

    shared = object()
    ask(shared)
    worker = threading.Thread(target=ask, args=(shared,))
    worker.start()
    worker.join()
    assert len(seen) == 2
