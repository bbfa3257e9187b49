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

from service.links.sealed import IdAddress

PURPOSE = b"pbem.bundle-reply.v1"
PREFIX = "games+"
BUNDLE = IdAddress(PURPOSE, PREFIX)
encode, decode, address = BUNDLE.encode, BUNDLE.decode, BUNDLE.address
