"""Remembering the last answer of a costly pure function, without a module global.

The service asks a game for the same seat's legal moves several times while it shows or
checks one decision (the page, the option labels, ``decide``'s own check). States are
immutable, so the answer for the very same state object and arguments cannot change.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

R = TypeVar("R")


def last_answer(function: Callable[..., R]) -> Callable[..., R]:
    """``function`` answering a repeat of its last call from memory: the very same state
    (its first argument, by identity) and equal other arguments. Each thread keeps its own
    last call, so concurrent requests never read each other's; callers must treat the
    answer as read-only (copy before changing it)."""
    local = threading.local()

    @functools.wraps(function)
    def remembered(*args: Any) -> R:
        last: tuple[tuple[Any, ...], R] | None = getattr(local, "last", None)
        if last is not None and last[0][0] is args[0] and last[0][1:] == args[1:]:
            return last[1]
        answer = function(*args)
        local.last = (args, answer)
        return answer

    return remembered
