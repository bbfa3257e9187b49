"""Reading events stored under older schema versions (DESIGN.md §4).

An upcaster turns a stored payload of version ``v`` into version ``v + 1``; reading applies
them in order up to :data:`service.store.models.EVENT_SCHEMA_VERSION`. Stored rows are never
rewritten. Register one with ``@upcaster(game, from_version)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from service.store.models import EVENT_SCHEMA_VERSION

Payload = dict[str, Any]
UPCASTERS: dict[tuple[str, int], Callable[[Payload], Payload]] = {}


def upcaster(
    game: str, from_version: int
) -> Callable[[Callable[[Payload], Payload]], Callable[[Payload], Payload]]:
    def register(fn: Callable[[Payload], Payload]) -> Callable[[Payload], Payload]:
        UPCASTERS[(game, from_version)] = fn
        return fn

    return register


def upcast(game: str, version: int, payload: Payload) -> Payload:
    if version > EVENT_SCHEMA_VERSION:
        # Written by a newer server (an import, or a worker a deploy has not reached yet):
        # read as today's, it could mean something else.
        raise ValueError(
            f"{game} events of schema version {version} are newer than this server reads "
            f"(up to {EVENT_SCHEMA_VERSION})"
        )
    while version < EVENT_SCHEMA_VERSION:
        step = UPCASTERS.get((game, version)) or UPCASTERS.get(("*", version))
        if step is None:
            raise ValueError(f"no upcaster for {game} events of schema version {version}")
        payload = step(payload)
        version += 1
    return payload
