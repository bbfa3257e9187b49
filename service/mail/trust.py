"""Whether a reply comes from the seat's player (issue 18): the signed address names the
seat, and the sender must be the seat's own address; where the message carries a DKIM
signature of the sender's domain, it must verify.

The DNS lookup of DKIM keys is :data:`DNS`: ``None`` asks the real DNS (dkimpy's own lookup,
through dnspython); tests set it to a function that answers with their own key, so mail is
signed and verified for real without a network.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from email.message import Message

import dkim

from service.addresses import normal

DNS: Callable[..., bytes | None] | None = None
"""``dnsfunc(name, timeout=5) -> TXT record bytes`` for dkimpy; None: the real DNS."""
DKIM_DOMAIN = re.compile(rb"(?:^|;)\s*d\s*=\s*([^;\s]+)")


def sender(message: Message) -> str | None:
    """The one address of the From header, or None when it has none or several."""
    try:
        field = message["From"]
        addresses = getattr(field, "addresses", ())
    except (ValueError, TypeError, IndexError, LookupError, AttributeError):
        return None
    if len(addresses) != 1:
        return None
    return addresses[0].addr_spec or None


def is_seat(seat_email: str, message: Message, mail_from: str) -> bool:
    """Whether the From address, and the envelope sender, are the seat's own."""
    mine = normal(seat_email)
    given = sender(message)
    if mine is None or given is None or normal(given) != mine:
        return False
    envelope = mail_from.strip()
    return not envelope or envelope == "<>" or normal(envelope) == mine


def dkim_verdict(raw: bytes, message: Message) -> bool | None:
    """True when a DKIM signature of the From domain verifies, False when one is there but
    does not, None when the message carries none for that domain (nothing to check)."""
    given = sender(message)
    domain = normal(given).rsplit("@", 1)[1] if given and normal(given) else None
    if domain is None:
        return None
    try:
        signatures = message.get_all("DKIM-Signature") or []
    except (ValueError, TypeError, IndexError, LookupError):
        return False
    ours = []
    for index, value in enumerate(signatures):
        match = DKIM_DOMAIN.search(str(value).replace("\r\n", "").encode("utf-8", "replace"))
        if match and match.group(1).decode("ascii", "replace").casefold().rstrip(".") == domain:
            ours.append(index)
    if not ours:
        return None
    checker = dkim.DKIM(raw)
    for index in ours:
        try:
            if checker.verify(idx=index, **({"dnsfunc": DNS} if DNS is not None else {})):
                return True
        except (dkim.DKIMException, ValueError, IndexError, TypeError):
            continue
    return False
