"""Signing in to the player's desk (issue 20): no password and no account, an address
proves itself by following a link emailed to it. The link is signed, short-lived and good
once; a sign-in lasts until its browser signs out, or until the address signs out
everywhere, which revokes every sign-in issued before that moment.

An address is one desk whatever its case: ``Ann@Example.org`` and ``ann@example.org`` are
the same player (the domain is case-insensitive by RFC 5321 §2.4, and no mail host in use
tells local parts apart by case), so the desk looks seats up by ``lower(email)``.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from sqlalchemy import delete, func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service.errors import ServiceError
from service.play import blocklist, opentables, slowplay
from service.play.games import check_email
from service.store import people
from service.store.eventstore import now
from service.store.models import PersonRow, SeatRow, SignInRow
from service.words import _

_USE = insert(SignInRow.__table__)
LASTS = timedelta(days=30)
"""How long a sign-in stands without signing in again (the session cookie lasts as long)."""


class UsedSignIn(ServiceError):
    status, title = 410, _("This sign-in link was already used")


def nonce() -> str:
    """A sign-in link's single-use mark: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def key(address: str) -> str:
    """The desk's name for an address: as every seat of it reads, whatever its case."""
    return address.lower()


def seats_of(session: Session, address: str) -> list[SeatRow]:
    """Every seat of ``address`` in any case, newest game first: one query, by the index
    on ``lower(email)``. SQL lowers both sides, so a stored address always finds itself
    (SQLite lowers ASCII letters only; PostgreSQL every script)."""
    return list(
        session.scalars(
            select(SeatRow)
            .where(func.lower(SeatRow.email) == func.lower(address))
            .order_by(SeatRow.id.desc())
        )
    )


def playing_address(session: Session, typed: str) -> str | None:
    """The address as our emails already reach it (its newest seat's), if ``typed`` plays
    here in any case, or sits at an open table (issue 35 §1), and is not blocked (issue 30);
    else None. Refuses what is no address at
    all (:func:`check_email`)."""
    address = check_email(typed)
    seats = seats_of(session, address)
    places = [p for p in opentables.of_address(session, address) if p.confirmed_at is not None]
    if (not seats and not places) or blocklist.blocked(session, address):
        return None
    return seats[0].email if seats else places[-1].email


def use(session: Session, link_nonce: str, address: str) -> datetime:
    """Spend a sign-in link of ``address``: the moment its sign-in is issued. A second use
    is refused. Sign-ins older than :data:`LASTS` are over whatever their browser holds,
    and go."""
    moment = now()
    session.execute(delete(SignInRow).where(SignInRow.used_at < moment - LASTS))
    try:
        with session.begin_nested():
            session.execute(_USE, {"nonce": link_nonce, "used_at": moment, "address": key(address)})
    except IntegrityError as exc:
        raise UsedSignIn(
            _("This sign-in link was already used. Ask for a new one: each link works once."),
            desk_url="/me",
        ) from exc
    people.heard_from(session, address, moment)  # the link reached it (issue 31)
    return moment


def check_unused(session: Session, link_nonce: str) -> None:
    """Refuse, before anyone presses Sign in, a link that was used already."""
    if session.get(SignInRow, link_nonce) is not None:
        raise UsedSignIn(
            _("This sign-in link was already used. Ask for a new one: each link works once."),
            desk_url="/me",
        )


def end(session: Session, link_nonce: str) -> None:
    """Sign out this one sign-in (its browser's): a copy of its cookie is refused too."""
    row = session.get(SignInRow, link_nonce)
    if row is not None and row.ended_at is None:
        row.ended_at = now()


def revoke(session: Session, address: str) -> datetime:
    """Sign out everywhere: every sign-in of ``address`` issued until now is void."""
    moment = now()
    slowplay.person(session, key(address)).signed_out_before = moment
    return moment


def valid(session: Session, address: str, link_nonce: str) -> bool:
    """Whether the sign-in of ``address`` made by the link ``link_nonce`` still stands: not
    signed out, not older than :data:`LASTS`, not revoked by "sign out everywhere"."""
    row = session.get(SignInRow, link_nonce)
    if row is None or row.ended_at is not None or now() - row.used_at >= LASTS:
        return False
    person = session.get(PersonRow, key(address))
    return (
        person is None or person.signed_out_before is None or row.used_at > person.signed_out_before
    )
