"""The operator ends a game (``pbem close``, issue 30): abuse, a game nobody will finish, a
player's request. It is a ``table.closed`` event in the game's log, like every correction,
holding the standing the game ended on; the players are told by email (the outbox). A
closed game is over for good: no vote, no bot, no revival."""

from __future__ import annotations

from sqlalchemy.orm import Session

from service.errors import Stale
from service.play.moves import Applied, outbox
from service.store import eventstore
from service.words import _


def close(session: Session, game_id: str) -> Applied:
    """Close ``game_id`` as it stands; refused for a game that ended by its rules or that
    was closed already. A game abandoned by its players' vote may be closed (it could
    otherwise be revived)."""
    loaded = eventstore.load(session, game_id)
    if loaded.finished:
        raise Stale(_("Game {id} is finished: there is nothing to close.", id=game_id))
    if loaded.table.closed:
        raise Stale(_("Game {id} is closed already.", id=game_id))
    if loaded.table.final:  # a resignation ended it, for good (issue 32)
        raise Stale(_("Game {id} is finished: there is nothing to close.", id=game_id))
    standing = loaded.game.standing(loaded.state)
    after = eventstore.record(
        session, loaded, [{"type": "table.closed", "standing": standing}], None
    )
    everyone = [s.seat for s in after.row.seats if s.left_at is None]
    return Applied(loaded=after, outbox_ids=outbox(session, after.row, everyone, "closed"))
