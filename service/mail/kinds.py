"""Every kind of outbox row, named once, with what its email does (DESIGN.md §7).

The play writes a row of a kind (:func:`service.play.moves.outbox`, an answer to a reply in
:mod:`service.mail.replies`); the send path reads what that kind means here, and nowhere
else. A kind with no row here raises: a misspelt kind is never mailed as some default.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    """What an outbox row's email does, by its kind."""

    decision: bool = False
    """It offers the seat its decision: once made, or once a newer email offers it, the
    email is not worth sending."""
    reoffer: bool = False
    """It shows the seat's current decision again, its links unchanged: it owns the
    decision while the seat has not moved since it was written (issue 14)."""
    announce: bool = False
    """It is written when a seat starts deciding: the newest such row owns the decision, and
    an older one sent late must not offer it a second time."""
    calendar: bool = False
    """It carries the decision's deadline as a calendar event, when it offers one (issue 20)."""
    notice: bool = False
    """It carries a table notice (:func:`service.present.notices.notice`)."""
    news: bool = False
    """It says what happened since the player last decided ("Since your last turn")."""
    turn_news: bool = False
    """A player who chose a daily digest, or no turn emails, does not get it one by one."""
    asks: str = ""
    """What a reply to it confirms (:data:`service.links.replyto.ASKS`): ``yes`` answers it."""
    rematch: bool = False
    """It offers the finished game's rematch, by link and by reply (issue 35 §4)."""
    rematch_of: bool = False
    """It names the finished game this one is the rematch of, if it is one (issue 35 §4)."""
    reminds: bool = False
    """It offers the seat its decision: a newcomer's one reminder after its invitation
    (issue 31 §3, :mod:`service.mail.holding`)."""


ANSWER = "answer"
"""The kind of an outbox row that answers one received reply (issue 18)."""

KINDS: dict[str, Kind] = {
    "invitation": Kind(announce=True, calendar=True, rematch_of=True),
    "turn": Kind(decision=True, announce=True, calendar=True, news=True, turn_news=True,
                 reminds=True),
    "reminder": Kind(decision=True, reoffer=True, calendar=True, notice=True, turn_news=True,
                     reminds=True),
    "nudge": Kind(decision=True, reoffer=True, calendar=True, notice=True, turn_news=True,
                  reminds=True),
    "fresh_link": Kind(decision=True, reoffer=True, calendar=True),
    "game_over": Kind(news=True, rematch=True),
    "rematch_request": Kind(notice=True, asks="rematch"),
    "rematch_lapsed": Kind(notice=True),
    "rematch_without_you": Kind(notice=True),
    "seat_offer": Kind(),
    "resumed": Kind(reoffer=True, notice=True),
    "revived": Kind(reoffer=True, notice=True),
    "away": Kind(notice=True),
    "returned": Kind(notice=True),
    "ballot": Kind(notice=True),
    "ballot_result": Kind(notice=True),
    "dormant": Kind(notice=True),
    "revive_request": Kind(notice=True),
    "seat_claimed": Kind(notice=True),
    "left": Kind(notice=True),
    "resigned": Kind(notice=True),
    "unreachable": Kind(notice=True),
    "reachable": Kind(notice=True),
    "closed": Kind(notice=True),
    "takeback_request": Kind(notice=True),
    "takeback_result": Kind(notice=True),
    "talk": Kind(notice=True, turn_news=True),
    ANSWER: Kind(),
}  # fmt: skip
"""Every kind an outbox row can hold (``tests/service/test_outbox_kinds.py`` finds each kind
the service writes here)."""
ANNOUNCING = tuple(name for name, kind in KINDS.items() if kind.announce)
"""The kinds whose newest row owns a seat's decision (a query by kind)."""


class UnknownKind(LookupError):
    """An outbox row of a kind :data:`KINDS` does not name."""


def of(name: str) -> Kind:
    """What an email of kind ``name`` does; an unknown kind raises :class:`UnknownKind`."""
    try:
        return KINDS[name]
    except KeyError:
        raise UnknownKind(f"no outbox kind {name!r}") from None
