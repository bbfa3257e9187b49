"""Players' names as readers see them (issue 30).

A name is what the player gave, or nothing: a player given as a bare address is shown as
"Player 2" (their seat's number), never as a part of their address, which would publish it
(``spec1.john.smith@example.org`` as ``spec1.john.smith``). A player who asked to be
forgotten is "Player 2 (left)". Both are messages rendered in this context's language (the
page's, the email's seat's, English for the API) at the moment a reader is shown them:
nothing in English is stored in their place.

Every name lives beside the hash chain (seat rows, past holders, seat offers), never in an
event, so forgetting a player changes no event and every log still verifies.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from engine.kit.words import Msg
from service import words
from service.store.models import GameRow, SeatHolderRow, SeatRow
from service.words import _


def shown(name: str, number: int, *, left: bool = False, bot: str | None = None) -> str:
    """The name a reader sees for the player of seat number ``number`` (1 for ``p1``);
    ``bot``: the level of the bot seated there at the game's creation (issue 37 §3)."""
    if bot is not None:
        return str(words.text(_("Bot {number} ({level})", number=number, level=level_word(bot))))
    if left:
        return str(words.text(_("Player {number} (left)", number=number)))
    return name or str(words.text(_("Player {number}", number=number)))


LEVEL_WORDS = {
    "stand-in": _("stand-in"),
    "casual": _("casual"),
    "strong": _("strong"),
}
"""How each bot level is named to players (issue 37 §1): the greedy stand-in, and the
searching bot's two budgets."""


def level_word(level: str) -> Msg:
    """The level's name (a message rendered in the reader's language)."""
    return LEVEL_WORDS.get(level) or _("unknown level")


def number(seat: SeatRow) -> int:
    """The seat's number as players count them: 1 for the first seat."""
    return seat.position + 1


def of_seat(seat: SeatRow) -> str:
    """The seat's player now."""
    return shown(seat.name, number(seat), left=seat.left_at is not None, bot=seat.bot)


def of_game(row: GameRow) -> dict[str, str]:
    """Each seat's player now, by seat (``{"p1": "Ann", "p2": "Player 2"}``)."""
    return {s.seat: of_seat(s) for s in row.seats}


class Players(Mapping[str, str]):
    """Each seat's player now, by seat, each read in the language of the moment it is read
    (a page's language is settled after its game is loaded): who a seat in a message names
    (issue 32 §1, :func:`service.words.naming`)."""

    def __init__(self, row: GameRow) -> None:
        self._seats = {s.seat: s for s in row.seats}

    def __getitem__(self, seat: str) -> str:
        return of_seat(self._seats[seat])

    def __iter__(self) -> Iterator[str]:
        return iter(self._seats)

    def __len__(self) -> int:
        return len(self._seats)


def of_holder(holder: SeatHolderRow, seat: SeatRow) -> str:
    """A player who held ``seat`` before it was handed on."""
    return shown(holder.name, number(seat), left=holder.left_at is not None)


def replaced(row: GameRow, seat: str, seq: int) -> str:
    """Who held ``seat`` until the hand-over at event ``seq`` (or the newest one before)."""
    holders = [h for h in row.holders if h.seat == seat and h.until_seq <= seq]
    place = next((s for s in row.seats if s.seat == seat), None)
    if place is None:
        return seat
    if not holders:  # a hand-over whose holder was never kept: say only whose seat
        return shown("", number(place))
    return of_holder(holders[-1], place)
