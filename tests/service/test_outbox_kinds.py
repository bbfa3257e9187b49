"""Every kind of outbox row is named once, in service/mail/kinds.py (issue 33 §2)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from service.mail import kinds

SERVICE = Path(kinds.__file__).parents[1]


def _written() -> set[str]:
    """Every kind the service writes into the outbox: the kind given to ``outbox(...)`` and
    the ``kind=`` of an ``OutboxRow(...)``."""
    found: set[str] = set()
    for path in SERVICE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            given = node.args[3] if name == "outbox" and len(node.args) > 3 else None
            if name == "OutboxRow":
                given = next((k.value for k in node.keywords if k.arg == "kind"), None)
            if isinstance(given, ast.Constant) and isinstance(given.value, str):
                found.add(given.value)
    return found


def test_every_kind_the_service_writes_into_the_outbox_has_a_row_in_the_table():
    written = _written()
    assert {"invitation", "turn", "game_over", "answer"} <= written
    assert written <= set(kinds.KINDS), written - set(kinds.KINDS)


def test_every_kind_in_the_table_is_written_somewhere():
    assert set(kinds.KINDS) <= _written(), set(kinds.KINDS) - _written()


def test_an_unknown_outbox_kind_raises_rather_than_being_mailed_as_some_default():
    with pytest.raises(kinds.UnknownKind):
        kinds.of("remider")


def test_the_rows_that_own_a_decision_are_those_written_when_a_seat_starts_deciding():
    assert kinds.ANNOUNCING == ("invitation", "turn")
