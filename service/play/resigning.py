"""A player resigns (issue 32 §4): ``resign`` (or ``concede``, ``сдаюсь``, ``投了``...) by
reply, or the seat page's button, each confirmed first (a reply "yes" to the confirmation
email, or the confirmation page's button).

The engine contract has no resignation: it is a ``table.resigned`` event in the game's log,
like every correction. In a game of two seats (or one) it ends the game, for good, on the
standing it holds: the scores as the game's end-of-game rules count them now, the ranking
the other player first and the one who resigned last, whatever the scores
(``"resigned": [seat]`` says why); everyone is emailed the end. With more seats the game
goes on: the seat goes to the absent-seat rules as a seat whose player left (issue 30:
the others vote on it as soon as it must decide; a bot or a newcomer plays it), the others
are told, and its player acts and hears no more in that game (their name stays theirs).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from engine.kit.words import Msg
from service.errors import Stale
from service.play import plans, slowplay
from service.play.holders import check_holder, seat_row
from service.play.moves import Applied, outbox
from service.store import eventstore
from service.store import names as shown_names
from service.store.eventstore import Loaded, now
from service.words import _

ENDS_AT = 2
"""A game of at most this many seats ends when one of its players resigns."""
SKIPPED = "the player resigned"
"""Why an email to a seat whose player resigned was not sent (``OutboxRow.skipped``)."""


def refusal(loaded: Loaded) -> Msg | None:
    """Why no one may resign from this game now (None: they may)."""
    if loaded.row.over:
        return _("The game is over.")
    return None


def ends_game(loaded: Loaded) -> bool:
    return len(loaded.table.seats) <= ENDS_AT


def winners(loaded: Loaded, seat: str) -> list[str]:
    """The seats that win when ``seat`` resigns and that ends the game: every other seat
    (none in a solo game)."""
    return [s for s in loaded.table.seats if s != seat]


def what_follows(loaded: Loaded, seat: str) -> Msg:
    """What resigning does, said to ``seat``'s player before they confirm it."""
    if not ends_game(loaded):
        return _(
            "Your seat stays in the game: whenever it must decide, the others vote on it as "
            "for a player who went quiet (wait, let a bot play it, hand it to someone new, or "
            "end the game). You will no longer act or get emails in this game."
        )
    others = winners(loaded, seat)
    if not others:
        return _("The game ends now, and nobody wins it.")
    return _(
        "The game ends now, and {name} wins it.",
        name=shown_names.of_seat(seat_row(loaded.row, others[0])),
    )


def done(loaded: Loaded, seat: str) -> Msg:
    """What resigning did, said to ``seat``'s player."""
    if loaded.table.final:
        others = winners(loaded, seat)
        if not others:
            return _("You resigned: the game is over.")
        return _(
            "You resigned: {name} wins, and the game is over.",
            name=shown_names.of_seat(seat_row(loaded.row, others[0])),
        )
    return _(
        "You resigned. The others decide what becomes of your seat; you will get no more "
        "emails about this game."
    )


def resign(session: Session, game_id: str, seat: str, generation: int) -> Applied:
    """``seat``'s player resigns, once they confirmed it."""
    loaded = eventstore.load(session, game_id)
    check_holder(loaded, seat, generation)
    refused = refusal(loaded)
    if refused is not None:
        raise Stale(refused, game_id=game_id, seat=seat)
    plans.drop_seat(session, loaded.row, seat)  # issue 38: who no longer plays plans nothing
    event: dict[str, Any] = {"type": "table.resigned", "seat": seat}
    if ends_game(loaded):
        standing = dict(loaded.game.standing(loaded.state))
        others = winners(loaded, seat)
        standing.update(ranking=[others, [seat]] if others else [], tie_break=None)
        standing["resigned"] = [seat]
        event["standing"] = standing
        after = eventstore.record(session, loaded, [event], seat)
        return Applied(after, outbox(session, after.row, list(after.table.seats), "game_over"))
    after = eventstore.record(session, loaded, [event], seat)
    told = [
        s.seat
        for s in after.row.seats
        if s.seat != seat and s.left_at is None and s.seat not in after.table.resigned
    ]
    sent = outbox(session, after.row, told, "resigned")
    # The absent-seat rules now rather than at the next tick: a vote on the seat if it must
    # decide, a vote it will never cast counted out (as when a player is forgotten).
    sent += slowplay.advance(session, game_id, now(), bots=False)
    return Applied(eventstore.load(session, game_id), sent)
