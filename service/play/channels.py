"""Channels beyond email (issue 36): a player's webhooks, Web Push subscriptions and Atom
feed, and a table's one webhook for the whole game (:class:`ChannelRow`).

Email stays the channel of record. A player's channel follows their per-game choice (every
turn, digest, none) and their absences, in all their games or in one (``game_id``); a
table's channel has no owner and is posted once per event for all the seats. What each
channel is owed is written as :class:`service.store.models.NotificationRow` rows, keyed so
that nothing is written or sent twice, and sent by RQ jobs with retries, as emails are.

The caller owns the transaction.
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from engine.kit.words import Msg
from service.addresses import normal
from service.errors import BadRequest, NotFound
from service.store.eventstore import now
from service.store.models import AddressRow, ChannelRow, GameRow, NotificationRow
from service.words import _

KINDS = ("webhook", "push", "feed")
FLAVOURS: dict[str, tuple[str, ...]] = {
    "webhook": ("discord", "slack", "json"),
    "push": ("webpush",),
    "feed": ("atom",),
}
"""Each kind's receivers: a webhook's as it posts to them (Discord's and Slack's incoming
webhooks, or a generic JSON receiver whose payload is documented in docs/channels.md)."""
REMOVED = "removed by its owner"
REPLACED = "replaced by a newer one"
GONE = "the receiver says it no longer exists"
"""Why a table's webhook stopped: a player of the table set another."""
MOST_PER_PLAYER = 10
"""Working channels one address may have: more are refused with a clear message."""


def add(
    session: Session,
    kind: str,
    flavour: str,
    *,
    email: str | None,
    target: str = "",
    keys: dict[str, Any] | None = None,
    label: str = "",
    game_id: str | None = None,
) -> ChannelRow:
    """A new channel, checked only for its kind, flavour and count here: each kind checks
    its own target (a webhook's URL, a push subscription) before calling this."""
    if kind not in KINDS or flavour not in FLAVOURS[kind]:
        raise BadRequest(_("Unknown kind of channel."))
    if email is None and game_id is None:
        raise BadRequest(_("A channel belongs to a player or to a game."))
    working = [c for c in of_player(session, email) if active(c)] if email is not None else []
    if len(working) >= MOST_PER_PLAYER:
        raise BadRequest(
            _("At most {n} channels per address: remove one first.", n=str(MOST_PER_PLAYER))
        )
    row = ChannelRow(
        email=email,
        game_id=game_id,
        kind=kind,
        flavour=flavour,
        target=target,
        keys=keys,
        secret=secrets.token_urlsafe(32),
        label=label[:120],
        created_at=now(),
        failures=0,
    )
    session.add(row)
    recount(session, row)
    return row


def of_player(session: Session, email: str) -> list[ChannelRow]:
    """Every channel of ``email`` (any case), enabled or not, oldest first."""
    return list(
        session.scalars(
            select(ChannelRow)
            .where(func.lower(ChannelRow.email) == email.lower())
            .order_by(ChannelRow.id)
        )
    )


def of_table(session: Session, game_id: str) -> list[ChannelRow]:
    """The table's own channels (no owner) of ``game_id``."""
    return list(
        session.scalars(
            select(ChannelRow)
            .where(ChannelRow.game_id == game_id, ChannelRow.email.is_(None))
            .order_by(ChannelRow.id)
        )
    )


def owned(session: Session, channel_id: int, email: str) -> ChannelRow:
    """The channel ``channel_id`` if ``email`` owns it; else :class:`NotFound` (the same
    answer for another's channel as for none: nothing tells whose a channel is)."""
    row = session.get(ChannelRow, channel_id)
    if row is None or row.email is None or row.email.lower() != email.lower():
        raise NotFound(_("There is no such channel."))
    return row


def remove(session: Session, channel_id: int, email: str) -> None:
    """Remove a channel of ``email`` for good: it is disabled (its notifications kept for
    the record) and its target and keys forgotten."""
    row = owned(session, channel_id, email)
    disable(session, row, REMOVED)
    row.target, row.keys = "", None


def disable(session: Session, row: ChannelRow, reason: str) -> None:
    """Turn ``row`` off for ``reason`` (it stays, with its notifications, for the record)."""
    if row.disabled_at is None:
        row.disabled_at, row.disabled_reason = now(), reason[:120]
    recount(session, row)


def recount(session: Session, channel: ChannelRow) -> None:
    """Count again the working channels of ``channel``'s owner (on their address's row) or
    of its game (a table's): what lets an email's job for a player without channels, at a
    table without one, ask nothing more (``service.notify.fanout``). A feed is read, never
    posted to: it is not counted."""
    session.flush()
    working = (ChannelRow.disabled_at.is_(None), ChannelRow.kind != "feed")
    if channel.email is None:
        game = session.get(GameRow, channel.game_id)
        if game is not None:
            game.channels = (
                session.scalar(
                    select(func.count(ChannelRow.id)).where(
                        ChannelRow.game_id == channel.game_id, ChannelRow.email.is_(None), *working
                    )
                )
                or 0
            )
        return
    key = normal(channel.email)
    if key is None:
        return
    count = (
        session.scalar(
            select(func.count(ChannelRow.id)).where(
                func.lower(ChannelRow.email) == channel.email.lower(), *working
            )
        )
        or 0
    )
    known = session.get(AddressRow, key)
    if known is None:
        if count == 0:
            return
        known = AddressRow(key=key, channels=0)
        session.add(known)
    known.channels = count


def move(session: Session, old: str, new: str) -> None:
    """The player of ``old`` moved their games to ``new`` (issue 31): their channels go
    with them, and each address's count is made again."""
    mine = of_player(session, old)
    for row in mine:
        row.email = new
    if mine:
        session.flush()
        for address in (old, new):
            key = normal(address)
            known = session.get(AddressRow, key) if key is not None else None
            if known is not None:
                known.channels = 0
        recount(session, mine[0])


def forget(session: Session, address: str) -> None:
    """Forget every channel of ``address`` (issue 30: a player asked to be forgotten): the
    channels and what they were owed go, and the address's count with them."""
    mine = of_player(session, address)
    if not mine:
        return
    ids = [c.id for c in mine]
    session.execute(delete(NotificationRow).where(NotificationRow.channel_id.in_(ids)))
    for row in mine:
        session.delete(row)
    key = normal(address)
    known = session.get(AddressRow, key) if key is not None else None
    if known is not None:
        known.channels = 0


def active(row: ChannelRow) -> bool:
    return row.disabled_at is None


def label(channel: ChannelRow) -> Msg:
    """A channel as its player knows it: its label, else its kind of receiver."""
    kinds: dict[str, Msg] = {
        "discord": _("a Discord webhook"),
        "slack": _("a Slack webhook"),
        "json": _("a JSON webhook"),
        "webpush": _("push notifications in a browser"),
        "atom": _("a private feed"),
    }
    said = kinds.get(channel.flavour, _("a channel"))
    if channel.label:
        return _("{label} ({kind})", label=channel.label, kind=said)
    return said


def reason(channel: ChannelRow) -> Msg:
    """Why ``channel`` is off, in the reader's words."""
    if channel.disabled_reason == GONE:
        return _("its receiver says it no longer exists")
    if channel.disabled_reason == REMOVED:
        return _("you removed it")
    if channel.disabled_reason:
        return _("it failed {n} times in a row", n=channel.failures)
    return _("it works")
