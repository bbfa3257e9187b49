"""Tokens that travel in an email address's local part (issues 18, 31): a small packed body
and an HMAC-SHA256 of it, truncated to 80 bits, under a key of the token's own purpose (a
reply address's signature is never a bounce address's, nor a link's).

Lowercase base32 (``a-z2-7``) with no padding: it survives mail systems that fold a local
part's case, and has no dot at all (RFC 5321 forbids ``..`` in a dot-atom). Numbers in the
body are varints, so a token stays within RFC 5321's 64 characters (§4.5.3.1.1) with its
prefix."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

MAC_BYTES = 10
"""80 bits: a forger must guess one in 2**80 per try."""
LOCAL_PART_LIMIT = 64
"""RFC 5321 §4.5.3.1.1."""
TOKEN = re.compile(r"[a-z2-7]{16,80}")


def key(secret: str, purpose: bytes) -> bytes:
    return hmac.new(secret.encode(), purpose, hashlib.sha256).digest()


def varint(number: int) -> bytes:
    out = bytearray()
    while True:
        byte, number = number & 0x7F, number >> 7
        out.append(byte | (0x80 if number else 0))
        if not number:
            return bytes(out)


def read_varint(data: bytes, at: int) -> tuple[int, int]:
    """The number at ``at`` and where the next begins; ValueError past 5 bytes or the end."""
    number = shift = 0
    for i in range(at, min(len(data), at + 5)):
        number |= (data[i] & 0x7F) << shift
        if not data[i] & 0x80:
            return number, i + 1
        shift += 7
    raise ValueError("not a number")


def seal(secret: str, purpose: bytes, prefix: str, body: bytes) -> str:
    """The local part ``prefix`` + the token of ``body``."""
    mac = hmac.new(key(secret, purpose), body, hashlib.sha256).digest()[:MAC_BYTES]
    local = prefix + base64.b32encode(body + mac).decode().rstrip("=").lower()
    assert len(local) <= LOCAL_PART_LIMIT, local
    return local


def unseal(secret: str, purpose: bytes, prefix: str, address: str) -> bytes | None:
    """The body an address (or its local part, in any case) carries, or None unless it is
    ``prefix`` + a token of ``purpose`` unaltered."""
    local = address.strip().strip("<>").rsplit("@", 1)[0].casefold()
    if not local.startswith(prefix):
        return None
    token = local[len(prefix) :]
    if not TOKEN.fullmatch(token):
        return None
    try:
        data = base64.b32decode(token.upper() + "=" * (-len(token) % 8))
    except ValueError:
        return None
    if base64.b32encode(data).decode().rstrip("=").lower() != token:
        return None  # the unused bits of its last letter set: one body has one token
    body, mac = data[:-MAC_BYTES], data[-MAC_BYTES:]
    expected = hmac.new(key(secret, purpose), body, hashlib.sha256).digest()[:MAC_BYTES]
    if len(mac) != MAC_BYTES or not hmac.compare_digest(mac, expected):
        return None
    return body


@dataclass(frozen=True)
class IdAddress:
    """An address naming one row by its id: ``prefix`` + a token of ``purpose`` whose body
    is the id's varint (a bounce address names an email, a bundle's reply address a
    bundle)."""

    purpose: bytes
    prefix: str

    def encode(self, secret: str, row_id: int) -> str:
        """The local part (``prefix...``) naming the row ``row_id``."""
        if row_id < 0:
            raise ValueError("a row's id is never negative")
        return seal(secret, self.purpose, self.prefix, varint(row_id))

    def decode(self, secret: str, address: str) -> int | None:
        """The id an address names, or None if it is not one of ours unaltered. Takes the
        whole address or its local part, in any case."""
        body = unseal(secret, self.purpose, self.prefix, address)
        if body is None:
            return None
        try:
            row_id, end = read_varint(body, 0)
        except ValueError:
            return None
        return row_id if end == len(body) else None

    def address(self, secret: str, mail_domain: str, row_id: int) -> str:
        """``prefix<token>@MAIL_DOMAIN`` for the row ``row_id``."""
        return f"{self.encode(secret, row_id)}@{mail_domain}"
