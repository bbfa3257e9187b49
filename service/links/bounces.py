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

from service.links.sealed import IdAddress

PURPOSE = b"pbem.bounce.v1"
PREFIX = "bounce+"
BOUNCE = IdAddress(PURPOSE, PREFIX)
encode, decode, address = BOUNCE.encode, BOUNCE.decode, BOUNCE.address
