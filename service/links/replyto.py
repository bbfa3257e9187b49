"""Signed reply addresses (issue 18): ``play+<token>@MAIL_DOMAIN`` names a game, a seat, the
seat's holder (its generation) and the decision an email offered, so a reply from any mail
client reaches that seat.

The token is lowercase base32 (``a-z2-7``), so it survives mail systems that fold the local
part's case, and has no dot at all (RFC 5321 forbids ``..`` in a dot-atom). Its body is packed
small, so the local part stays within RFC 5321's 64 characters (§4.5.3.1.1) for every game id
the service makes: the game id, then varints of the seat's position, its generation, where its
decision began (+1, 0 for none) and the game's ``turn_seq``, then 4 bytes of the decision's
digest, then an HMAC-SHA256 truncated to 80 bits under a key of its own purpose (a link's
signature is never a reply address's).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

from service.links import decisions
from service.store.eventstore import Loaded

PURPOSE = b"pbem.reply-to.v1"
PREFIX = "play+"
MAC_BYTES = 10
"""80 bits: a forger must guess one in 2**80 per try."""
DIGEST_BYTES = 4
LOCAL_PART_LIMIT = 64
"""RFC 5321 §4.5.3.1.1."""
GAME_ID = re.compile(r"[a-z0-9]{1,8}")
"""The ids :func:`service.play.moves.new_game_id` makes: short enough to fit any address."""
TOKEN = re.compile(r"[a-z2-7]{16,80}")


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

    def fits(self, digest: str) -> bool:
        """Whether ``digest`` (a decision's full digest) is the one this address names."""
        return hmac.compare_digest(_short(digest), self.digest)


def _key(secret: str) -> bytes:
    return hmac.new(secret.encode(), PURPOSE, hashlib.sha256).digest()


def _short(digest: str) -> str:
    return (digest or "").ljust(DIGEST_BYTES * 2, "0")[: DIGEST_BYTES * 2]


def _varint(number: int) -> bytes:
    out = bytearray()
    while True:
        byte, number = number & 0x7F, number >> 7
        out.append(byte | (0x80 if number else 0))
        if not number:
            return bytes(out)


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    number = shift = 0
    for i in range(at, min(len(data), at + 5)):
        number |= (data[i] & 0x7F) << shift
        if not data[i] & 0x80:
            return number, i + 1
        shift += 7
    raise ValueError("not a number")


def encode(secret: str, reply: ReplyTo) -> str:
    """The local part of the address (``play+...``)."""
    if not GAME_ID.fullmatch(reply.game_id):
        raise ValueError("a game id too long for a reply address")
    body = (
        bytes([len(reply.game_id)])
        + reply.game_id.encode()
        + _varint(reply.seat_index)
        + _varint(reply.generation)
        + _varint(0 if reply.began is None else reply.began + 1)
        + _varint(reply.turn_seq)
        + bytes.fromhex(_short(reply.digest))
    )
    mac = hmac.new(_key(secret), body, hashlib.sha256).digest()[:MAC_BYTES]
    token = base64.b32encode(body + mac).decode().rstrip("=").lower()
    local = PREFIX + token
    assert len(local) <= LOCAL_PART_LIMIT, local
    return local


def decode(secret: str, address: str) -> ReplyTo | None:
    """What a reply address names, or None if it is not one of ours unaltered. Takes the
    whole address or its local part, in any case (mail systems may fold it)."""
    local = address.strip().strip("<>").rsplit("@", 1)[0].casefold()
    if not local.startswith(PREFIX):
        return None
    token = local[len(PREFIX) :]
    if not TOKEN.fullmatch(token):
        return None
    try:
        data = base64.b32decode(token.upper() + "=" * (-len(token) % 8))
    except ValueError:
        return None
    body, mac = data[:-MAC_BYTES], data[-MAC_BYTES:]
    expected = hmac.new(_key(secret), body, hashlib.sha256).digest()[:MAC_BYTES]
    if len(mac) != MAC_BYTES or not hmac.compare_digest(mac, expected):
        return None
    try:
        size = body[0]
        game_id = body[1 : 1 + size].decode("ascii")
        at = 1 + size
        seat_index, at = _read_varint(body, at)
        generation, at = _read_varint(body, at)
        began, at = _read_varint(body, at)
        turn_seq, at = _read_varint(body, at)
        digest = body[at:].hex()
    except (IndexError, ValueError, UnicodeDecodeError):
        return None
    if not GAME_ID.fullmatch(game_id) or len(digest) != DIGEST_BYTES * 2:
        return None
    return ReplyTo(game_id, seat_index, generation, began - 1 if began else None, turn_seq, digest)


def for_seat(loaded: Loaded, seat: str) -> ReplyTo | None:
    """The address fields for ``seat``'s email now: its current decision, if it has one;
    None for a game whose id cannot fit an address (none the service makes)."""
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
    )


def address(secret: str, mail_domain: str, loaded: Loaded, seat: str) -> str | None:
    """``play+<token>@MAIL_DOMAIN`` for ``seat``'s email now, or None."""
    fields = for_seat(loaded, seat)
    return None if fields is None else f"{encode(secret, fields)}@{mail_domain}"
