"""DKIM signatures on every email we send (issue 31 §1), with dkimpy.

An email is signed once, when it is composed for sending (:mod:`service.mail.ledger`), and
its signed bytes are what every attempt hands to the relay. ``d=`` is the domain of
``MAIL_FROM``, so DMARC finds the signature aligned with the From a reader sees; each key of
:func:`service.dkim_keys.signing` adds one signature (RSA, then Ed25519 when given).

The signature covers :data:`HEADERS`, each listed twice: a header signed once more than it
appears cannot be added (a second From, a Reply-To where there was none) without breaking
the signature (RFC 6376 §8.15). ``relaxed/relaxed`` canonicalisation: a relay that refolds
a header or trims a line's trailing spaces breaks nothing.
"""

from __future__ import annotations

import dkim

from service import dkim_keys
from service.config import Settings

HEADERS = (
    "From",
    "To",
    "Subject",
    "Date",
    "Message-ID",
    "Reply-To",
    "In-Reply-To",
    "References",
    "List-Unsubscribe",
    "List-Unsubscribe-Post",
    "List-Id",
    "Auto-Submitted",
    "MIME-Version",
    "Content-Type",
)
"""Issue 31's list, and the two that tell a reader's filters what the email is (a game's
list, a robot's email)."""
SIGNED = [name.lower().encode("ascii") for name in HEADERS for _twice in range(2)]
CANONICAL = (b"relaxed", b"relaxed")


def sign(settings: Settings, raw: bytes) -> bytes:
    """``raw`` with a DKIM-Signature for each configured key on top; ``raw`` itself when
    signing is off. Raises :class:`service.dkim_keys.DkimKeyError` for keys that cannot
    sign (a worker refuses to start with them: this is the same check)."""
    found = dkim_keys.signing(settings)
    if found is None:
        return raw
    domain = found.domain.encode("ascii")
    fields = b"".join(
        dkim.sign(
            raw,
            key.selector.encode("ascii"),
            domain,
            key.private,
            canonicalize=CANONICAL,
            signature_algorithm=key.algorithm,
            include_headers=SIGNED,
            linesep=b"\r\n",
        )
        for key in found.keys
    )
    return fields + raw
