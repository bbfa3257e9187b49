"""Plans ahead as their seat reads them (issue 38 §1): on its seat page, its turn page and
its turn emails, each plan in words with what became of it, and the forms' choices.

Only ever a seat's own plans, of its present holder (the generation its signed link names):
no other seat, page, email or answer of the API reads anything here (issue 38 §1, "Plans are
private to their seat")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from engine import Move, State
from engine.kit import plans as orders
from service.play import plans
from service.store.eventstore import Loaded
from service.store.models import PlanRow
from service.words import _

STOPPED_SHOWN = 10
"""Stopped plans a seat page lists, newest first: what became of the last few is news, the
rest is in the finished game's log."""

CHOICE_WORDS = (
    _("1st choice"),
    _("2nd choice"),
    _("3rd choice"),
    _("4th choice"),
    _("5th choice"),
    _("6th choice"),
    _("7th choice"),
    _("8th choice"),
)
"""The list form's selects, in order (:data:`engine.kit.plans.MOST_OPTIONS` of them)."""
assert len(CHOICE_WORDS) == orders.MOST_OPTIONS


@dataclass(frozen=True)
class Choice:
    """One move a list may name: its canonical key (the form's value, found again among the
    options when the form comes back, never read as a move) and the turn page's words."""

    key: str
    label: Any


def choices(session: Session, loaded: Loaded, seat: str) -> list[Choice]:
    """The moves a list may name (:func:`service.play.plans.options`), each named as the
    turn page names it, with the state it was an option in."""
    state, moves = plans.choices(session, loaded, seat)
    return [Choice(orders.key(m), plans.describe(loaded.game, state, m)) for m in moves]


def chosen(session: Session, loaded: Loaded, seat: str, keys: list[str]) -> list[Move] | None:
    """The moves ``keys`` name among the seat's options, in their order; None when one is
    none of them (the form was not ours, or the options changed since the page showed)."""
    by_key = {orders.key(m): m for m in plans.options(session, loaded, seat)}
    if not all(k in by_key for k in keys):
        return None
    return [by_key[k] for k in keys]


def shown(loaded: Loaded, state: State | None, plan: PlanRow) -> dict[str, Any]:
    """One plan as its seat reads it: its number, its words, the moves it played, and why
    it stopped (None while it waits)."""
    return {
        "number": plan.number,
        "label": plans.label(loaded.game, state, plan.body),
        "fired": plan.fired,
        "live": plan.live,
        "why": plan.reason,
        "reason": plans.REASONS.get(plan.reason or "", plan.reason) if not plan.live else None,
    }


def _naming_state(session: Session, loaded: Loaded, seat: str, rows: list[PlanRow]) -> State:
    """The state a list's moves are named in: where the seat saw them (its decision now, or
    its newest), read only when a list is among ``rows``; else the game now."""
    if any(r.body.get("kind") == orders.FIRST for r in rows):
        state, _moves = plans.choices(session, loaded, seat)
        if state is not None:
            return state
    return loaded.state


def page(session: Session, loaded: Loaded, seat: str, generation: int) -> dict[str, Any]:
    """The seat page's "Plans ahead" (issue 38 §1): its waiting plans, its last stopped ones,
    and, while it may set one, the standing orders offered and the moves a list may name."""
    mine = plans.of_seat(session, loaded.row.id, seat, generation)
    stopped = [p for p in mine if not p.live][:STOPPED_SHOWN]
    waiting = [p for p in mine if p.live]
    open_ = not loaded.row.over and seat not in loaded.table.bots
    listed: list[Choice] = []
    if open_:  # the options are read once: the form lists them, the plans are named by them
        seen, moves = plans.choices(session, loaded, seat)
        listed = [Choice(orders.key(m), plans.describe(loaded.game, seen, m)) for m in moves]
        state = seen if seen is not None else loaded.state
    else:
        state = _naming_state(session, loaded, seat, waiting + stopped)
    return {
        "open": open_,
        "waiting": [shown(loaded, state, p) for p in waiting],
        "stopped": [shown(loaded, state, p) for p in stopped],
        # A standing order already waiting is not offered again (it would be refused).
        "offers": [
            (key, words)
            for key, words in (plans.offers(loaded.game, loaded.state, seat) if open_ else [])
            if plans.body_of(loaded.game, key) not in [p.body for p in waiting]
        ],
        "choices": listed,
        "choice_words": CHOICE_WORDS[: max(1, min(len(listed), orders.MOST_OPTIONS))],
        "most": plans.MOST_PLANS,
        "full": len(waiting) >= plans.MOST_PLANS,
    }


def waiting(session: Session, loaded: Loaded, seat: str) -> list[dict[str, Any]]:
    """The seat's waiting plans, of its present holder, in words (its turn page); none,
    and no query, in a game where nobody ever planned."""
    generation = loaded.table.generation(seat)
    rows = [p for p in plans.waiting(session, loaded.row, seat) if p.generation == generation]
    if not rows:
        return []
    state = _naming_state(session, loaded, seat, rows)
    return [shown(loaded, state, p) for p in rows]


def news(session: Session, loaded: Loaded, seat: str, since: int) -> dict[str, Any] | None:
    """What a turn email tells its own seat of its plans (issue 38 §1): every plan still
    waiting, and every one that stopped after event ``since`` (the seat's previous email)
    other than by its own cancelling, which it knows; None when there is nothing, so an
    email of a seat that never planned is the same as before plans existed. No query in a
    game where nobody planned (``games.plans``)."""
    if not loaded.row.plans:
        return None
    generation = loaded.table.generation(seat)
    mine = plans.of_seat(session, loaded.row.id, seat, generation)
    waiting_ = [p for p in reversed(mine) if p.live]
    stopped = [
        p
        for p in reversed(mine)
        if not p.live
        and p.reason != plans.CANCELLED
        and p.ended_seq is not None
        and p.ended_seq > since
    ]
    if not waiting_ and not stopped:
        return None
    state = _naming_state(session, loaded, seat, waiting_ + stopped)
    return {
        "waiting": [shown(loaded, state, p) for p in waiting_],
        "stopped": [shown(loaded, state, p) for p in stopped],
    }
