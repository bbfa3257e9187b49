"""Delivering one notification on its channel (issue 36 §2), as an email is delivered: by an
RQ job (``workers.jobs.send_notification``) with the outbox's retries and backoff, safe
twice (a notification sent, skipped or claimed by a live job sends nothing more).

Its words are built when it is sent, from the game as it stands (a decision made meanwhile
is not offered: the notification is skipped, as the email would be). The send itself runs
outside any transaction. A success resets its channel's failures; a failure counts one and
is raised for RQ to retry; ``CHANNEL_FAILURES`` failures in a row, or a receiver saying the
channel is gone (404, 410), disable the channel, and its player is told by email
(``workers.jobs.send_channel_letter``).

Each kind of channel has its sender in :data:`SENDERS`, ``send(settings, channel, notice)
-> Delivered``: the webhooks' and Web Push's (a channel kind with no sender, a feed, is
never owed a notification: :data:`service.notify.fanout.PUSHED_KINDS`).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from redis.exceptions import RedisError
from sqlalchemy import event, or_, select
from sqlalchemy.orm import Session

from service.config import Settings
from service.mail.queue import claim_ttl, enqueue_notifications, queue, retry_policy
from service.notify import push, webhooks
from service.notify.letters import FAILED_REASON, GONE_REASON
from service.notify.notice import TEST, Notice, build
from service.notify.result import Delivered
from service.play import channels
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import ChannelRow, NotificationRow

log = logging.getLogger(__name__)
Sender = Callable[[Settings, ChannelRow, Notice], Delivered]
SENDERS: dict[str, Sender] = {"webhook": webhooks.send, "push": push.deliver}
"""Each channel kind's sender (a feed is read, never sent)."""
LETTER_JOB = "workers.jobs.send_channel_letter"


class NotDelivered(RuntimeError):
    """An attempt that failed: RQ retries the job on its schedule."""


@dataclass(frozen=True)
class _Claimed:
    channel: ChannelRow
    notice: Notice


def send(settings: Settings, notification_id: int) -> str:
    """Deliver the notification ``notification_id``: what came of it, in a few words; a
    failure raises :class:`NotDelivered` (RQ retries), unless it disabled the channel."""
    claimed = _claim(settings, notification_id)
    if isinstance(claimed, str):
        return claimed
    sender = SENDERS[claimed.channel.kind]
    try:
        result = sender(settings, claimed.channel, claimed.notice)
    except Exception as exc:  # a sender's bug or a surprise: counted as a failure
        log.exception("notification #%d: its sender failed", notification_id)
        result = Delivered(False, error=f"{type(exc).__name__}: {exc}"[:500])
    disabled = _record(settings, notification_id, result)
    if result.ok:
        return "sent"
    if disabled:
        enqueue_letter(settings, claimed.channel.id)
        return f"channel disabled: {result.error}"
    raise NotDelivered(result.error or "not delivered")


def _claim(settings: Settings, notification_id: int) -> _Claimed | str:
    with sessions(settings.database_url).begin() as session:
        row = session.get(NotificationRow, notification_id, with_for_update=True)
        if row is None:
            return "missing"
        if row.sent_at is not None or row.skipped is not None:
            return "already done"
        if row.claimed_at is not None and now() - row.claimed_at < claim_ttl(settings):
            return "being sent by another job"
        channel = session.get(ChannelRow, row.channel_id)
        if channel is None or channel.disabled_at is not None:
            row.skipped = "the channel is disabled"
            return f"skipped: {row.skipped}"
        if channel.kind not in SENDERS:
            row.skipped = f"no sender for {channel.kind}"
            return f"skipped: {row.skipped}"
        notice = build(session, settings, row, channel)
        if isinstance(notice, str):
            row.skipped = notice[:120]
            return f"skipped: {notice}"
        row.attempts += 1
        row.claimed_at = now()
        session.flush()
        session.expunge(channel)
        return _Claimed(channel, notice)


def _record(settings: Settings, notification_id: int, result: Delivered) -> bool:
    """Note what came of an attempt; whether it disabled the channel."""
    with sessions(settings.database_url).begin() as session:
        row = session.get(NotificationRow, notification_id, with_for_update=True)
        assert row is not None
        channel = session.get(ChannelRow, row.channel_id, with_for_update=True)
        assert channel is not None
        row.claimed_at = None
        if result.ok:
            row.sent_at, row.last_error = now(), None
            channel.failures = 0
            return False
        row.last_error = result.error[:2000]
        channel.failures += 1
        if channel.disabled_at is not None:
            return False
        if result.gone:
            reason = GONE_REASON
        elif channel.failures >= settings.channel_failures:
            reason = FAILED_REASON.format(n=channel.failures)
        else:
            return False
        channels.disable(session, channel, reason)
        row.skipped = f"the channel was disabled: {reason}"[:120]
        log.warning("channel #%d disabled: %s", channel.id, reason)
        return True


def enqueue(settings: Settings, notification_ids: list[int]) -> int:
    """Hand new notifications to RQ after their commit (best effort)."""
    return enqueue_notifications(settings, notification_ids)


def after_commit(session: Session, settings: Settings, notification_ids: list[int]) -> None:
    """Enqueue ``notification_ids`` once ``session``'s transaction commits; nothing if it
    rolls back (a job never looks for a notification that was not written)."""
    if notification_ids:
        ids = list(notification_ids)
        event.listen(session, "after_commit", lambda _s: enqueue(settings, ids), once=True)


def sweep(settings: Settings, older_than: int | None = None) -> list[int]:
    """Enqueue notifications written but unsent for over ``older_than`` seconds
    (``SWEEP_AFTER``), as the outbox's sweep does for emails: Redis was down after their
    commit, a worker died mid-send, or RQ's retries ran out before the channel's failures
    turned it off (each sweep is then one more attempt, until it works or is turned off)."""
    age = timedelta(seconds=settings.sweep_after if older_than is None else older_than)
    moment, ttl = now(), claim_ttl(settings)
    with sessions(settings.database_url).begin() as session:
        ids = list(
            session.scalars(
                select(NotificationRow.id)
                .where(
                    NotificationRow.sent_at.is_(None),
                    NotificationRow.skipped.is_(None),
                    NotificationRow.created_at <= moment - age,
                    or_(
                        NotificationRow.claimed_at.is_(None),
                        NotificationRow.claimed_at <= moment - ttl,
                    ),
                )
                .order_by(NotificationRow.id)
                .limit(500)
            )
        )
    if ids:
        enqueue_notifications(settings, ids, sweeping=True)
    return ids


def enqueue_letter(settings: Settings, channel_id: int) -> None:
    """Tell the disabled channel's player by email (best effort)."""
    if not settings.redis_url:
        return
    try:
        queue(settings).enqueue(
            LETTER_JOB,
            channel_id,
            secrets.token_hex(16),
            retry=retry_policy(settings),
            description=f"tell channel #{channel_id}'s player it was disabled",
        )
    except RedisError as exc:
        log.warning("could not enqueue the letter of channel #%d: %s", channel_id, exc)


def test(session: Session, channel: ChannelRow) -> int:
    """A test notification for ``channel`` (*Send a test*), through the same job as the
    others: written in the caller's transaction, to be enqueued once it commits."""
    row = NotificationRow(
        channel_id=channel.id,
        game_id=None,
        outbox_id=None,
        seq=0,
        kind=TEST,
        seat="",
        created_at=now(),
        attempts=0,
    )
    session.add(row)
    session.flush()
    return row.id
