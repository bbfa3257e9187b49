"""Who holds a seat and may act for it: the checks every act of a seat's makes first (a
move, a plan, a note, a vote), apart from the moves themselves (:mod:`.moves`)."""

from __future__ import annotations

from service.errors import Left, NotFound, Replaced, Resigned
from service.store.eventstore import Loaded
from service.store.models import GameRow, SeatRow
from service.words import _

LEFT = _(
    "This seat's player left the game and asked to be forgotten: its links no longer work. "
    "The game's page is still public."
)
RESIGNED = _(
    "You resigned from this game: it goes on without you, and you no longer act or hear "
    "from it. Its page and history stay public."
)


def check_holder(loaded: Loaded, seat: str, generation: int, *, by_bot: bool = False) -> None:
    """A link made for an earlier holder of a seat handed to someone else acts no more, nor
    one of a player who left and was forgotten (issue 30) or resigned (issue 32): the bot
    the others chose may still play their seat."""
    if seat not in loaded.table.seats:
        raise NotFound(_("Game {id} has no seat {seat}.", id=str(loaded.row.id), seat=repr(seat)))
    if not by_bot and seat_row(loaded.row, seat).left_at is not None:
        raise Left(LEFT, game_id=loaded.row.id, seat=seat)
    if not by_bot and seat in loaded.table.resigned:
        raise Resigned(RESIGNED, game_id=loaded.row.id, seat=seat)
    if generation != loaded.table.generation(seat):
        raise Replaced(
            _(
                "This seat was handed to another player after the others' vote. "
                "You can still follow the game and its history."
            ),
            game_id=loaded.row.id,
            seat=seat,
        )


def seat_row(row: GameRow, seat: str) -> SeatRow:
    for s in row.seats:
        if s.seat == seat:
            return s
    raise NotFound(_("Game {id} has no seat {seat}.", id=str(row.id), seat=repr(seat[:40])))
