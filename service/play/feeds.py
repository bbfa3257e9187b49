"""A player's private Atom feed (issue 36 §1): one secret URL per address, kept as a
:class:`service.store.models.ChannelRow` of kind ``feed`` (flavour ``atom``) whose random
``secret`` is the URL's last part.

An address has at most one feed that works. *Renew* disables it (its URL answers 404 at
once) and makes another; *remove* disables it. A disabled feed row is kept until the next
renewal or removal of that address's feed, then deleted: it holds nothing but its secret, and
no notification is ever written for a feed (a feed is read, never sent), so the rows an
address keeps stay within :data:`service.play.channels.MOST_PER_PLAYER`.

The caller owns the transaction.
"""

from __future__ import annotations

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from service.config import Settings
from service.play import channels
from service.store.eventstore import now
from service.store.models import ChannelRow

KIND, FLAVOUR = "feed", "atom"
RENEWED = "renewed by its owner"
"""Why a renewed feed's row was disabled."""


def url(settings: Settings, row: ChannelRow) -> str:
    """The feed's secret URL."""
    return f"{settings.base_url.rstrip('/')}/feeds/{row.secret}.atom"


def of_address(session: Session, email: str) -> ChannelRow | None:
    """The address's feed that works (any case of the address), if it has one."""
    return session.scalar(
        select(ChannelRow)
        .where(
            func.lower(ChannelRow.email) == email.lower(),
            ChannelRow.kind == KIND,
            ChannelRow.disabled_at.is_(None),
        )
        .order_by(ChannelRow.id.desc())
        .limit(1)
    )


def ensure(session: Session, email: str) -> ChannelRow:
    """The address's feed, made now if it has none."""
    found = of_address(session, email)
    if found is not None:
        return found
    _drop_disabled(session, email)
    return channels.add(session, KIND, FLAVOUR, email=email)


def renew(session: Session, email: str) -> ChannelRow:
    """A new feed for the address; the old one (if any) stops working at once."""
    old = of_address(session, email)
    _drop_disabled(session, email)
    if old is not None:
        old.disabled_at, old.disabled_reason = now(), RENEWED
        session.flush()
    return channels.add(session, KIND, FLAVOUR, email=email)


def remove(session: Session, email: str) -> bool:
    """The address's feed stops working; False if it had none."""
    old = of_address(session, email)
    _drop_disabled(session, email)
    if old is None:
        return False
    channels.remove(session, old.id, email)
    return True


def by_secret(session: Session, secret: str) -> ChannelRow | None:
    """The working feed whose secret is ``secret``; None for an unknown or disabled one
    alike (the caller answers both with the same 404)."""
    if not secret or len(secret) > 64:
        return None
    return session.scalar(
        select(ChannelRow).where(
            ChannelRow.secret == secret,
            ChannelRow.kind == KIND,
            ChannelRow.disabled_at.is_(None),
            ChannelRow.email.is_not(None),
        )
    )


def forget(session: Session, email: str) -> None:
    """The address is forgotten (issue 30): its feeds go, working or not."""
    session.execute(
        delete(ChannelRow).where(
            func.lower(ChannelRow.email) == email.lower(), ChannelRow.kind == KIND
        )
    )


def _drop_disabled(session: Session, email: str) -> None:
    """Forget the address's feeds that no longer work."""
    session.execute(
        delete(ChannelRow).where(
            func.lower(ChannelRow.email) == email.lower(),
            ChannelRow.kind == KIND,
            ChannelRow.disabled_at.is_not(None),
        )
    )
