"""What a receiving mail server checks of an email we sent (issue 31): its DKIM signatures,
verified by dkimpy against the records ``pbem mail-dns`` prints (the ``signed`` fixture's
DNS answers with them), and whether it is aligned, bounceable and unsubscribable as Gmail,
Yahoo and Outlook ask of bulk mail."""

from __future__ import annotations

import re
from email import message_from_bytes
from email.utils import parseaddr

import dkim
from sqlalchemy.orm import Session

from service.addresses import normal
from service.links import bounces
from service.mail import authenticity
from service.store.models import EmailRow
from tests.fixtures import RECEIVED

DOMAIN = b"pbem.localhost"
"""MAIL_FROM's domain in the tests' settings: every signature's d=."""


def signatures(raw: bytes) -> list[dict[bytes, bytes]]:
    """The tags of each DKIM-Signature field of a raw message, topmost first."""
    head = raw.split(b"\r\n\r\n", 1)[0]
    fields = re.findall(rb"^DKIM-Signature:(.*?)(?=\r\n\S|\Z)", head, re.M | re.S)
    found = []
    for field in fields:
        flat = re.sub(rb"\s+", b"", field)
        found.append(dict(tag.split(b"=", 1) for tag in flat.split(b";") if b"=" in tag))
    return found


def verified(raw: bytes) -> list[bytes]:
    """The algorithm of each signature of ``raw`` that dkimpy verifies against the DNS the
    ``signed`` fixture publishes."""
    checker = dkim.DKIM(raw)
    found = []
    for index, tags in enumerate(signatures(raw)):
        try:
            if checker.verify(idx=index, dnsfunc=authenticity.DNS):
                found.append(tags[b"a"])
        except dkim.DKIMException:
            continue  # a body hash that no longer matches is raised, not returned
    return found


def assert_signed_and_aligned(raw: bytes) -> None:
    """Both signatures (RSA, then Ed25519) of MAIL_FROM's domain, over every header that
    matters, each signed once more than it appears, and each verifying."""
    tags = signatures(raw)
    assert [t[b"a"] for t in tags] == [b"rsa-sha256", b"ed25519-sha256"]
    assert all(t[b"d"] == DOMAIN for t in tags), "d= is MAIL_FROM's domain (DMARC alignment)"
    signed = tags[0][b"h"].split(b":")
    for name in (b"from", b"to", b"subject", b"date", b"message-id", b"mime-version"):
        assert signed.count(name) == 2, (name, "each header is signed, and once more")
    assert verified(raw) == [b"rsa-sha256", b"ed25519-sha256"]


def assert_lands(session: Session, secret: str, raw: bytes, sender: str, recipient: str) -> None:
    """What issue 31 §6 asks of every email a game sends: DKIM valid and aligned with From,
    its envelope sender (Return-Path) the signed bounce address of its own ledger row, sent
    to this recipient, with Message-ID, Date and one-click unsubscribe headers."""
    assert_signed_and_aligned(raw)
    message = message_from_bytes(raw, policy=RECEIVED)
    from_domain = parseaddr(str(message["From"]))[1].rpartition("@")[2]
    assert from_domain.encode() == DOMAIN, "From is aligned with the DKIM domain"
    assert message["Message-ID"] and message["Date"]
    email_id = bounces.decode(secret, sender)
    assert email_id is not None, f"{sender!r} is no bounce address of ours"
    row = session.get(EmailRow, email_id)
    assert row is not None and row.message_id == str(message["Message-ID"])
    assert row.address_key == normal(recipient), "the bounce names this recipient's email"
    unsubscribe = str(message["List-Unsubscribe"] or "")
    # A game's emails unsubscribe from that game; a newcomer's first, from all our email.
    assert re.fullmatch(r"<https?://[^>]+/(unsubscribe|never)/[^>]+>", unsubscribe), unsubscribe
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
