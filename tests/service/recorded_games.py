"""A seeded random game written into the service's store as if it had been played there
(issue 20): the playout's own events, decision by decision, with the outbox rows the service
writes for them, so its emails can be composed at any moment, the same on every run."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.orm import Session

from engine import registry
from service.config import Settings
from service.mail.compose import Outgoing, compose
from service.play.games import add_game_row
from service.play.moves import notify, outbox
from service.store import eventstore
from service.store.eventstore import Loaded
from service.store.models import OutboxRow
from service.table.logfold import Folded
from service.table.state import Pace, Table
from tests.engine.playout import Playout, play_random


@dataclass
class Recorded:
    game_id: str
    run: Playout
    outbox_ids: list[int]


def players_of(name: str, names: list[str]) -> dict[str, tuple[str, str]]:
    """``{seat: (email, name)}`` for as many of ``names`` as the game seats (up to four)."""
    game = registry.get(name)
    count = max(game.min_players, min(game.max_players, len(names), 4))
    return {f"p{i}": (f"p{i}@example.org", names[i - 1]) for i in range(1, count + 1)}


def record(
    session: Session,
    name: str,
    people: dict[str, tuple[str, str]],
    seed: int,
    upto: int | None = None,
    written: Callable[[list[int]], None] = lambda ids: None,
) -> Recorded:
    """Game ``name`` played by ``play_random`` with ``seed``, its first ``upto`` decisions
    (all of them by default) recorded as moves of the seats ``people`` names. ``written``
    is given the outbox rows of each step as soon as they are written (the invitations, then
    each decision's), as the sending jobs would be."""
    game = registry.get(name)
    run = play_random(game, len(people), seed)
    decided = sum(len(d.events) for d in run.log)
    setup = run.events[: len(run.events) - decided]
    row = add_game_row(
        session,
        game,
        game.ruleset,
        {},
        hashlib.sha256(f"{name}/{seed}".encode()).digest(),
        people,
    )
    empty = Folded(state=None, table=Table(seats=tuple(people)), seq=0, before_last=None)
    loaded = eventstore.record(
        session,
        Loaded(row=row, game=game, folded=empty),
        [*setup, Pace.from_options(None).as_event()],
        None,
    )
    ids = outbox(session, row, list(people), "invitation")
    written(ids)
    for decision in run.log[:upto]:
        before = game.to_act(loaded.state)
        loaded = eventstore.record(
            session, loaded, decision.events, decision.seat, move=decision.move
        )
        step = notify(session, loaded, before)
        written(step)
        ids += step
    return Recorded(game_id=row.id, run=run, outbox_ids=ids)


def email(session: Session, settings: Settings, outbox_id: int) -> Outgoing | str:
    """The email of one outbox row, as the sending job composes it."""
    row = session.get(OutboxRow, outbox_id)
    assert row is not None
    return compose(session, settings, row)
