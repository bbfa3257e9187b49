"""Signed reply addresses (issue 18): ``play+<token>@MAIL_DOMAIN`` names a game, a seat, the
seat's holder (its generation) and the decision an email offered, so a reply from any mail
client reaches that seat.

The token is sealed as :mod:`service.links.sealed` says (lowercase base32, an 80-bit HMAC
under a key of its own purpose). Its body is packed small, so the local part stays within
RFC 5321's 64 characters for every game id the service makes: the game id, then varints of
the seat's position, its generation, where its decision began (+1, 0 for none) and the
game's ``turn_seq``, then 4 bytes of the decision's digest, then, on the address of an
email that asks the player to confirm something (issue 32: that they resign; issue 35 §4:
a rematch), one byte
naming what (:data:`ASKS`). At most 63 characters with that byte, for any seq below 2**31
and a seat handed over fewer than 128 times.
"""

from __future__ import annotations

import hmac
import math
import re
from dataclasses import dataclass

from service.links import decisions
from service.links.sealed import LOCAL_PART_LIMIT, MAC_BYTES, read_varint, seal, unseal, varint
from service.store.eventstore import Loaded

PURPOSE = b"pbem.reply-to.v1"
PREFIX = "play+"
DIGEST_BYTES = 4
GAME_ID = re.compile(r"[a-z0-9]{1,8}")
"""The ids :func:`service.play.games.new_game_id` makes: short enough to fit any address."""
ASKS = {"resign": 1, "rematch": 2}
"""What an address may ask the player to confirm, and its byte (0 is never written)."""


@dataclass(frozen=True)
class ReplyTo:
    game_id: str
    seat_index: int
    """The seat's place in the table (``Table.seats``): short, and no seat name to encode."""
    generation: int
    began: int | None
    turn_seq: int
    digest: str
    """The first hex characters of :func:`service.links.decisions.digest` (``""``-derived
    zeros for a seat with nothing to decide)."""
    asks: str = ""
    """What a reply to this address confirms (a key of :data:`ASKS`), or ``""``: a ``yes``
    to it answers that question and nothing else."""

    def fits(self, digest: str) -> bool:
        """Whether ``digest`` (a decision's full digest) is the one this address names."""
        return hmac.compare_digest(_short(digest), self.digest)


def _short(digest: str) -> str:
    return (digest or "").ljust(DIGEST_BYTES * 2, "0")[: DIGEST_BYTES * 2]


def encode(secret: str, reply: ReplyTo) -> str:
    """The local part of the address (``play+...``)."""
    if not GAME_ID.fullmatch(reply.game_id):
        raise ValueError("a game id too long for a reply address")
    body = (
        bytes([len(reply.game_id)])
        + reply.game_id.encode()
        + varint(reply.seat_index)
        + varint(reply.generation)
        + varint(0 if reply.began is None else reply.began + 1)
        + varint(reply.turn_seq)
        + bytes.fromhex(_short(reply.digest))
        + (bytes([ASKS[reply.asks]]) if reply.asks else b"")
    )
    if len(PREFIX) + math.ceil((len(body) + MAC_BYTES) * 8 / 5) > LOCAL_PART_LIMIT:
        raise ValueError("a seat and decision too large for a reply address")
    return seal(secret, PURPOSE, PREFIX, body)


def decode(secret: str, address: str) -> ReplyTo | None:
    """What a reply address names, or None if it is not one of ours unaltered. Takes the
    whole address or its local part, in any case (mail systems may fold it)."""
    body = unseal(secret, PURPOSE, PREFIX, address)
    if body is None:
        return None
    try:
        size = body[0]
        game_id = body[1 : 1 + size].decode("ascii")
        at = 1 + size
        seat_index, at = read_varint(body, at)
        generation, at = read_varint(body, at)
        began, at = read_varint(body, at)
        turn_seq, at = read_varint(body, at)
        digest = body[at : at + DIGEST_BYTES].hex()
        asked = body[at + DIGEST_BYTES :]
    except (IndexError, ValueError, UnicodeDecodeError):
        return None
    if not GAME_ID.fullmatch(game_id) or len(digest) != DIGEST_BYTES * 2:
        return None
    asks = next((name for name, byte in ASKS.items() if asked == bytes([byte])), None)
    if asked and asks is None:
        return None
    began_at = began - 1 if began else None
    return ReplyTo(game_id, seat_index, generation, began_at, turn_seq, digest, asks or "")


def for_seat(loaded: Loaded, seat: str, asks: str = "") -> ReplyTo | None:
    """The address fields for ``seat``'s email now: its current decision, if it has one,
    and what it asks to confirm; None for a game whose id cannot fit an address (none the
    service makes)."""
    if not GAME_ID.fullmatch(loaded.row.id) or seat not in loaded.table.seats:
        return None
    named = decisions.named(loaded, seat)
    return ReplyTo(
        game_id=loaded.row.id,
        seat_index=loaded.table.seats.index(seat),
        generation=loaded.table.generation(seat),
        began=named.began,
        turn_seq=named.turn_seq,
        digest=_short(named.digest),
        asks=asks,
    )


def address(secret: str, mail_domain: str, loaded: Loaded, seat: str, asks: str = "") -> str | None:
    """``play+<token>@MAIL_DOMAIN`` for ``seat``'s email now (asking to confirm ``asks``),
    or None."""
    fields = for_seat(loaded, seat, asks)
    if fields is None:
        return None
    try:
        return f"{encode(secret, fields)}@{mail_domain}"
    except ValueError:
        if not asks:
            raise
        return None  # past 127 hand-overs of the seat: the email's link asks instead
