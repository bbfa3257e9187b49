"""Signed bounce addresses (issue 31 §2): every email goes out with the envelope sender
(Return-Path) ``bounce+<token>@MAIL_DOMAIN``, a VERP address naming the record of that one
email, so a delivery report, which real mail servers send to the envelope sender and which
rarely quotes the original faithfully, tells us exactly which email failed and to whom.

The token is sealed as :mod:`service.links.sealed` says, under a key of its own purpose: a
forged report cannot name another email (80 bits to guess), and a reply address is no
bounce address. Its body is a varint of the email's id: the local part is at most
``bounce+`` and 26 characters for any id below 2**35.
"""

from __future__ import annotations

from service.links.sealed import read_varint, seal, unseal, varint

PURPOSE = b"pbem.bounce.v1"
PREFIX = "bounce+"


def encode(secret: str, email_id: int) -> str:
    """The local part (``bounce+...``) naming the email ``email_id``."""
    if email_id < 0:
        raise ValueError("an email's id is never negative")
    return seal(secret, PURPOSE, PREFIX, varint(email_id))


def decode(secret: str, address: str) -> int | None:
    """The id of the email a bounce address names, or None if it is not one of ours
    unaltered. Takes the whole address or its local part, in any case."""
    body = unseal(secret, PURPOSE, PREFIX, address)
    if body is None:
        return None
    try:
        email_id, end = read_varint(body, 0)
    except ValueError:
        return None
    return email_id if end == len(body) else None


def address(secret: str, mail_domain: str, email_id: int) -> str:
    """``bounce+<token>@MAIL_DOMAIN`` for the email ``email_id``."""
    return f"{encode(secret, email_id)}@{mail_domain}"
