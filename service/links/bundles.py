"""Signed reply addresses of emails that carry several games (issue 31 §3): an email held
for an address's hourly cap goes out with the others held for it, as one email of a section
per game; its ``Reply-To`` is ``games+<token>@MAIL_DOMAIN``, naming that email's sections
(:class:`service.store.models.BundleRow`), so that a reply of ``B2`` plays the code 2 of
section B's game, with that section's seat and decision. One reply address per game is
impossible in one email, and a game's own address would play its codes in the wrong game.

The token is sealed as :mod:`service.links.sealed` says, under a key of its own purpose (a
reply or bounce address is never one of these); its body is a varint of the bundle's id.
"""

from __future__ import annotations

from service.links.sealed import read_varint, seal, unseal, varint

PURPOSE = b"pbem.bundle-reply.v1"
PREFIX = "games+"


def encode(secret: str, bundle_id: int) -> str:
    """The local part (``games+...``) naming the bundle ``bundle_id``."""
    if bundle_id < 0:
        raise ValueError("a bundle's id is never negative")
    return seal(secret, PURPOSE, PREFIX, varint(bundle_id))


def decode(secret: str, address: str) -> int | None:
    """The id of the bundle a reply address names, or None if it is not one of ours
    unaltered. Takes the whole address or its local part, in any case."""
    body = unseal(secret, PURPOSE, PREFIX, address)
    if body is None:
        return None
    try:
        bundle_id, end = read_varint(body, 0)
    except ValueError:
        return None
    return bundle_id if end == len(body) else None


def address(secret: str, mail_domain: str, bundle_id: int) -> str:
    """``games+<token>@MAIL_DOMAIN`` for the bundle ``bundle_id``."""
    return f"{encode(secret, bundle_id)}@{mail_domain}"
