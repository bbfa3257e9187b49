"""The table's events (issue 4's ``table.*``, DESIGN.md §10.3): one vocabulary declares every
type the service writes; the fold has a handler for each, checked on import, and an event of
a type the service never wrote is refused by the fold, never folded as nothing; every type it
writes has a sentence of its own in the history (issue 32 added ``table.resigned``)."""

from __future__ import annotations

import ast
from datetime import UTC, datetime
from pathlib import Path

import pytest

import service
import workers
from engine.kit.events import VocabularyError
from service.audit import history
from service.table.events import EVENTS
from service.table.state import FOLD, Table, UnknownTableEvent, fold_event

pytestmark = pytest.mark.usefixtures("regulars")

EVERYTHING = {
    "seat": "p1",
    "first": "2026-12-01",
    "last": "2026-12-02",
    "number": 1,
    "ballot": 1,
    "choice": "wait",
    "answers": 1,
    "first_seq": 1,
    "last_seq": 2,
    "days": 3,
    "remind_after_hours": 24,
    "timezone": "UTC",
    "standing": {"scores": {"p1": 0, "p2": 1}, "ranking": [["p2"], ["p1"]], "resigned": ["p1"]},
}
"""Every field a table event may carry, for a sentence about any of them."""


def test_the_fold_has_a_handler_for_every_table_event_and_for_no_other():
    assert list(FOLD) == list(EVENTS)


def test_a_fold_without_a_handler_for_some_table_event_is_refused_on_import():
    fewer = {kind: handler for kind, handler in FOLD.items() if kind != "table.away"}
    with pytest.raises(VocabularyError, match=r"table\.away"):
        EVENTS.table("fold", fewer)


def test_a_fold_with_a_handler_for_an_undeclared_table_event_is_refused_on_import():
    misspelt = {**FOLD, "table.awya": FOLD["table.away"]}
    with pytest.raises(VocabularyError, match=r"table\.awya"):
        EVENTS.table("fold", misspelt)


def test_the_history_has_a_sentence_for_every_table_event_and_for_no_other():
    assert list(history.TELLERS) == list(EVENTS)


@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_every_table_event_has_a_sentence_of_its_own_in_the_history(kind):
    payload = {"type": kind, **EVERYTHING}
    said = history.describe_table(payload, "p2", {"p1": "Ann", "p2": "Bob"})
    assert str(said) != history.humanise(payload["type"]), kind


@pytest.mark.parametrize("kind", ["table.resign", "table.Resigned", "table.", "table.unknown"])
def test_a_table_event_of_a_type_never_written_is_refused_not_folded_as_nothing(kind):
    with pytest.raises(UnknownTableEvent):
        fold_event(Table(seats=("p1", "p2")), 1, None, datetime.now(UTC), {"type": kind})


def _written_types() -> dict[str, str]:
    """Every ``table.<name>`` string in the service's and the workers' code, with where."""
    found: dict[str, str] = {}
    for package in (service, workers):
        root = Path(package.__file__).parent
        for path in sorted(root.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                    continue
                text = node.value
                if text.startswith("table.") and text[6:].isidentifier():
                    found.setdefault(text, f"{path.relative_to(root.parent)}:{node.lineno}")
    return found


def test_every_table_event_the_code_names_is_in_the_vocabulary():
    unknown = {kind: where for kind, where in _written_types().items() if kind not in EVENTS}
    assert not unknown, unknown
