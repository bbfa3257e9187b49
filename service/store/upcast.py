"""Reading events stored under older schema versions (DESIGN.md §4).

An upcaster turns a stored payload of version ``v`` into version ``v + 1``; reading applies
them in order up to :data:`service.store.models.EVENT_SCHEMA_VERSION`. Stored rows are never
rewritten. Register one with ``@upcaster(game, from_version)``; one registered for ``"*"``
reads every game's events, after the game's own.
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
        steps = [s for s in (UPCASTERS.get((game, version)), UPCASTERS.get(("*", version))) if s]
        if not steps:
            raise ValueError(f"no upcaster for {game} events of schema version {version}")
        for step in steps:
            payload = step(payload)
        version += 1
    return payload


NAMED = {
    "table.seat_offered": ("name",),
    "table.seat_claimed": ("name", "replaced"),
    "table.vote_cast": ("newcomer",),
}
"""What version 1 of the table's events held of a player's name (issue 30)."""


@upcaster("*", 1)
def names_beside_the_chain(payload: Payload) -> Payload:
    """Version 2 names nobody in an event: names live beside the chain (seat rows, past
    holders, seat offers), where forgetting a player can reach them. An event of version 1
    is read without the names it holds; its stored payload, which its hash covers, stays as
    recorded (it is in the game's export), but no reader shows those names again."""
    dropped = NAMED.get(str(payload.get("type")))
    if dropped is None:
        return payload
    return {k: v for k, v in payload.items() if k not in dropped}
