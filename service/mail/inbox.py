"""Storing a received message (issue 18): the durable inbox every way in writes to.

The inbound server (:mod:`service.mail.inbound_server`) and ``POST /inbound/mime`` store a
message here, in a transaction committed before the sender is told it was taken; a job
(``workers.jobs.read_inbox``) reads it later, exactly once. Nothing here interprets what a
message says: only its envelope, its size and its Message-ID are looked at, and every byte
is hostile (no header may be there, any may be huge, any may hold NUL or 8-bit garbage).

A message is stored once per recipient address: its key is its Message-ID and the address,
so the same message delivered twice (a sender retrying after a lost 250, or through both
ways in) is stored once, while one message sent to two of our addresses is two messages to
read, one per address (each address names its own seat and decision).
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging

import idna
from sqlalchemy import Insert, insert
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from service.config import Settings
from service.links import bounces, bundles, replyto, tableseats
from service.store.eventstore import now
from service.store.models import InboxRow

log = logging.getLogger(__name__)

KEY_LENGTH = 255
"""``inbox.message_key``'s width: a longer key is replaced by its digest."""
ADDRESS_LENGTH = 320
"""``inbox.mail_from`` and ``rcpt_to``'s width (RFC 5321's 64 + 1 + 255)."""


def domain_of(domain: str) -> str | None:
    """A domain as DNS compares it: lower case, an internationalised one in punycode
    (``bücher.de`` and ``xn--bcher-kva.de`` are one domain); None when it is no domain."""
    domain = domain.strip().rstrip(".")
    if not domain:
        return None
    try:
        return idna.encode(domain, uts46=True).decode("ascii").lower()
    except (idna.IDNAError, UnicodeError, ValueError):
        return None


def ours(settings: Settings, address: str) -> str | None:
    """``address`` as it is stored when it is at ``MAIL_DOMAIN`` (its domain compared as
    DNS does, its local part kept as sent: a signed token may mind its case); None for any
    other address, and for one no mailbox could have."""
    local, at, domain = address.strip().strip("<>").rpartition("@")
    if not at or not local or not _printable(local) or len(local) > 64:
        return None
    if domain_of(domain) != domain_of(settings.mail_domain):
        return None
    return f"{local}@{domain_of(domain)}"


POSTMASTER = "postmaster"
"""RFC 5321 §4.5.1: every SMTP server accepts mail for postmaster (its local part in any
case, with or without a domain)."""


def recipient(settings: Settings, address: str) -> str | None:
    """``address`` as it is stored when it is one the service reads (issue 31): a reply
    address (``play+<token>``, ``games+<token>`` for an email of several games, or
    ``table+<token>`` for an open table's, issue 35 §1) or a bounce address
    (``bounce+<token>``) this server signed,
    or postmaster, each in lower case (tokens are case-blind, so one address in two cases
    is stored once); None for every other address, at ``MAIL_DOMAIN`` or not. Only the
    address is read: its token's HMAC, no database."""
    stripped = address.strip().strip("<>")
    if stripped.casefold() == POSTMASTER:
        return f"{POSTMASTER}@{domain_of(settings.mail_domain)}"
    found = ours(settings, stripped)
    if found is None:
        return None
    local, _, domain = found.rpartition("@")
    if local.casefold() == POSTMASTER:
        return f"{POSTMASTER}@{domain}"
    if (
        replyto.decode(settings.secret_key, local) is None
        and bounces.decode(settings.secret_key, local) is None
        and bundles.decode(settings.secret_key, local) is None
        and tableseats.decode(settings.secret_key, local) is None
    ):
        return None
    return f"{local.lower()}@{domain}"


def _printable(text: str) -> bool:
    return all(c.isprintable() and not c.isspace() for c in text)


def envelope_sender(mail_from: str) -> str:
    """The envelope sender as it is stored: what the sending server gave, without angle
    brackets (a bounce's ``<>`` is ``""``) or anything that is no character of an address
    (NUL, controls), cut to the column's width."""
    printable = "".join(c for c in mail_from if c.isprintable()).strip()
    if printable.startswith("<") and printable.endswith(">"):
        printable = printable[1:-1]
    return printable[:ADDRESS_LENGTH]


def header(raw: bytes, name: str) -> str | None:
    """The first ``name`` header of a raw message, unfolded, its bytes kept one to one
    (latin-1); None when there is none. Reads only up to the blank line that ends the
    headers, and survives a message with no headers, bare LFs or NULs."""
    wanted = name.lower().encode("ascii") + b":"
    found: list[bytes] | None = None
    for line in raw.splitlines():
        if not line.strip():
            break  # the end of the headers
        if found is not None:
            if line[:1] in (b" ", b"\t"):
                found.append(line)
                continue
            break
        if line.lower().startswith(wanted):
            found = [line[len(wanted) :]]
    if found is None:
        return None
    return b" ".join(part.strip() for part in found).decode("latin-1")


def message_id(raw: bytes) -> str | None:
    """The message's Message-ID (RFC 5322 §3.6.4), without its angle brackets and the
    whitespace or comments around it; None when there is none or it is not an id: only
    visible ASCII, as the RFC allows, is taken as one."""
    value = header(raw, "Message-ID")
    if value is None:
        return None
    start = value.find("<")
    end = value.find(">", start + 1)
    if start >= 0 and end > start:
        value = value[start + 1 : end]
    value = value.strip()
    if not value or not all("!" <= c <= "~" for c in value):
        return None
    return value


def message_key(raw: bytes, rcpt_to: str) -> str:
    """What makes a stored message unique: its Message-ID, else a digest of its bytes,
    and the address it was delivered to; a digest of all that when too long."""
    found = message_id(raw)
    ident = f"<{found}>" if found else f"sha256:{hashlib.sha256(raw).hexdigest()}"
    key = f"{ident} {rcpt_to}"
    if len(key) > KEY_LENGTH:
        key = f"sha256:{hashlib.sha256(key.encode()).hexdigest()}"
    return key


def client_ip(text: str | None) -> str | None:
    """The sending server's IP address as it is stored (its canonical text), or None when
    ``text`` is none (a peer over LMTP is the MTA in front, never the sender)."""
    if not text:
        return None
    try:
        return str(ipaddress.ip_address(text.strip().strip("[]")))
    except ValueError:
        return None


def store(
    session: Session, raw: bytes, mail_from: str, rcpt_to: str, client: str | None = None
) -> int | None:
    """Store one received message for ``rcpt_to`` (an address :func:`recipient` returned)
    in the caller's transaction, with the IP address of the server that sent it (SPF checks
    it, issue 31); its row's id, or None when it was stored before (a duplicate changes
    nothing). The caller commits before it tells the sender the message was taken.
    """
    values = {
        "message_key": message_key(raw, rcpt_to),
        "received_at": now(),
        "mail_from": envelope_sender(mail_from),
        "rcpt_to": rcpt_to[:ADDRESS_LENGTH],
        "raw": raw,
        "client_ip": client_ip(client),
    }
    dialect = session.get_bind().dialect.name
    # INSERT ... ON CONFLICT DO NOTHING: a duplicate neither fails the transaction nor
    # waits on a savepoint, on both databases the service runs on.
    statement: Insert
    if dialect == "postgresql":
        statement = postgresql.insert(InboxRow).on_conflict_do_nothing(
            index_elements=["message_key"]
        )
    elif dialect == "sqlite":
        statement = sqlite.insert(InboxRow).on_conflict_do_nothing(index_elements=["message_key"])
    else:  # pragma: no cover - the service runs on PostgreSQL or SQLite only
        statement = insert(InboxRow)
    inserted = session.execute(statement.values(**values).returning(InboxRow.id)).scalar()
    if inserted is None:
        log.info("message %s was stored before", values["message_key"])
    return inserted
