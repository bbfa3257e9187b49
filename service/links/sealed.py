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
