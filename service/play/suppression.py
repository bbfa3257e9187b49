"""Never email me again (issue 31 §3): an address whose owner asked for no email of ours,
ever, from any game.

Every email an address that never played gets (its invitation, its one reminder) offers
it: a signed one-click link (``/never/<token>``, and the email's ``List-Unsubscribe``),
and a reply of ``stop`` in any of our languages. From then on no email of any kind goes to
the address (:func:`service.play.reach.refusal` says so to every send path), and it is
refused as a player wherever one is named: a new game (form, API, ``pbem create-game``),
an import, a seat handed over by vote, a new address for one's games (:func:`refuse`).

The wish is kept as the SHA-256 of the address as compared (:func:`digest`), not the
address: forgetting a player keeps it without keeping their address (a digest tells only
whoever already knows an address that it asked). Its owner may lift it from the
page the link leads to (the same signed link).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from service.addresses import normal
from service.errors import BadRequest
from service.play import blocklist
from service.store.eventstore import now
from service.store.models import SuppressedRow
from service.words import _

SUPPRESSED = "the address asked never to be emailed"
"""Why an email to such an address was not sent (``OutboxRow.skipped``)."""


def digest(address: str) -> str | None:
    """How the wish of ``address`` is kept: the SHA-256 of the address as compared, so every
    spelling of one address is one wish; None for what is no address."""
    key = normal(address)
    return None if key is None else hashlib.sha256(key.encode("utf-8")).hexdigest()


def suppressed(session: Session, address: str | None) -> bool:
    """Whether the owner of ``address`` asked never to be emailed: one indexed look-up."""
    found = digest(address) if address else None
    return found is not None and session.get(SuppressedRow, found) is not None


def suppress(session: Session, address: str) -> bool:
    """Never email ``address`` again; False when it had asked already."""
    found = digest(address)
    if found is None or session.get(SuppressedRow, found) is not None:
        return False
    session.add(SuppressedRow(digest=found, created_at=now()))
    session.flush()
    return True


def lift(session: Session, address: str) -> None:
    """Its owner, from the page of the link sent to them, asks for our emails again."""
    found = digest(address)
    if found is not None:
        session.execute(delete(SuppressedRow).where(SuppressedRow.digest == found))


def refuse(session: Session, addresses: Iterable[str]) -> None:
    """Refuse as a player an address we may not email: blocked by the operator
    (:func:`service.play.blocklist.refuse`), or whose owner asked never to be emailed,
    each saying so and naming the address as given (whoever gives it knows it already)."""
    given = list(addresses)
    blocklist.refuse(session, given)
    digests = {a: digest(a) for a in given}
    wanted = sorted({d for d in digests.values() if d is not None})
    if not wanted:
        return
    found = set(
        session.scalars(select(SuppressedRow.digest).where(SuppressedRow.digest.in_(wanted)))
    )
    for address, kept in digests.items():
        if kept in found:
            raise BadRequest(
                _(
                    "{email} asked never to receive our emails: it cannot be invited.",
                    email=repr(address[:80]),
                )
            )
