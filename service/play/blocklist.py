"""Addresses and domains the operator blocked against abuse (issue 30, ``pbem block``).

A blocked address gets no email of ours: the outbox send path skips its rows and records
why (:data:`service.mail.compose.BLOCKED`), and neither sign-in links nor digests go to it.
It is refused as a new player: in a new game, an imported one, and as the newcomer a vote
hands a seat to. Seats it already holds stay as they are (its player may still follow
their links); the operator ends a game with ``pbem close``.

One address is one pattern whatever its spelling: the local part in lower case (as the
desk finds seats, :func:`service.play.signin.key`), the domain lower case and in ASCII, so
``Ann@Пример.РФ`` and ``ann@xn--e1afmkfd.xn--p1ai`` are one. ``@domain`` blocks that domain
and every domain under it (``@example.org`` blocks ``x@mail.example.org``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

import idna
from email_validator import EmailNotValidError, validate_email
from sqlalchemy import CursorResult, delete, select
from sqlalchemy.orm import Session

from service.errors import BadRequest, NotFound
from service.store.eventstore import now
from service.store.models import BlockedRow
from service.words import _

MOST = 320
"""The longest pattern: an address of RFC 5321's 320 characters at most."""


def pattern(given: str) -> str:
    """``given`` (``ann@example.org`` or ``@example.org``) as the blocklist keeps it, or
    :class:`BadRequest` saying why it is neither."""
    text = given.strip()
    if text.startswith("@"):
        domain = _domain(text[1:], given)
        return f"@{domain}"
    try:
        checked = validate_email(text, check_deliverability=False, allow_smtputf8=True)
    except EmailNotValidError as exc:
        raise BadRequest(
            _(
                "{given} is neither an address nor @ and a domain: {reason}",
                given=repr(given[:80]),
                reason=str(exc),
            )
        ) from None
    return f"{checked.local_part.lower()}@{(checked.ascii_domain or checked.domain).lower()}"


def _domain(text: str, given: str) -> str:
    """A domain in lower-case ASCII (punycode), however it was written."""
    try:
        checked = validate_email(f"postmaster@{text}", check_deliverability=False)
    except EmailNotValidError as exc:
        raise BadRequest(
            _("{given} is not @ and a domain: {reason}", given=repr(given[:80]), reason=str(exc))
        ) from None
    return (checked.ascii_domain or checked.domain).lower()


def shown(stored: str) -> str:
    """A pattern as people read it: its domain in its own script when it has one
    (``@xn--e1afmkfd.xn--p1ai`` is ``@пример.рф``)."""
    local, at, domain = stored.rpartition("@")
    try:
        readable = idna.decode(domain)
    except idna.IDNAError:
        return stored
    return f"{local}{at}{readable}"


def _covering(address: str) -> list[str]:
    """Every pattern that blocks ``address``: itself and ``@`` each of its domains."""
    try:
        key = pattern(address)
    except BadRequest:
        return []
    domain = key.rpartition("@")[2]
    labels = domain.split(".")
    return [key] + [f"@{'.'.join(labels[i:])}" for i in range(len(labels))]


def blocked(session: Session, address: str) -> bool:
    """Whether any pattern blocks ``address``: one indexed look-up."""
    covering = _covering(address)
    if not covering:
        return False
    found = session.scalar(
        select(BlockedRow.pattern).where(BlockedRow.pattern.in_(covering)).limit(1)
    )
    return found is not None


def refuse(session: Session, addresses: Iterable[str]) -> None:
    """Refuse a new player whose address is blocked, naming that address as it was given
    (whoever gives it already knows it)."""
    for address in addresses:
        if blocked(session, address):
            raise BadRequest(
                _("{email} cannot be invited here.", email=repr(address[:80])),
            )


def block(session: Session, given: str) -> str:
    """Block ``given``; the pattern kept. Blocking it twice is refused saying so."""
    kept = pattern(given)
    if session.get(BlockedRow, kept) is not None:
        raise BadRequest(_("{pattern} is already blocked.", pattern=shown(kept)))
    session.add(BlockedRow(pattern=kept, created_at=now()))
    session.flush()
    return kept


def unblock(session: Session, given: str) -> str:
    """Lift the block on exactly ``given`` (a domain's block is lifted as ``@domain``)."""
    kept = pattern(given)
    gone = session.execute(delete(BlockedRow).where(BlockedRow.pattern == kept))
    if not cast(CursorResult[Any], gone).rowcount:
        raise NotFound(_("{pattern} is not blocked.", pattern=shown(kept)))
    return kept


def listing(session: Session) -> list[BlockedRow]:
    """Every pattern, oldest first."""
    return list(session.scalars(select(BlockedRow).order_by(BlockedRow.created_at)))
