"""Web Push (issue 36 §2): one message to one browser's subscription, with pywebpush.

The message is the JSON :func:`send` is given, encrypted for the subscription (RFC 8291,
``aes128gcm``) and signed with our VAPID key (RFC 8292, :mod:`service.notify.vapid`), and
POSTed to the subscription's endpoint, the browser's push service (RFC 8030), which hands it
to the browser when it is online; our service worker (``/sw.js``) shows it and opens its
``url`` when clicked. Each message carries:

- ``TTL``: how long the push service keeps it for a browser that is offline; the caller
  gives the seconds left until the decision's deadline, capped at :data:`MAX_TTL`.
- ``Topic``: one per game (:func:`topic_of`): a newer "your turn" replaces an older one still
  waiting at the push service; the worker's ``tag`` (the same value) replaces one already
  shown.
- ``Urgency: normal``.

The encrypted body is at most :data:`MAX_BODY` bytes (4096, what every push service must
take): a longer message loses the end of its ``body`` (the decision's prompt) first, then of
its ``title``. Nothing here touches the database: the caller (the dispatcher's job) reads
the channel, calls :func:`send`, and deletes the subscription when the result is ``gone``.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

import requests
from py_vapid import Vapid02, VapidException
from pywebpush import WebPusher, WebPushException, webpush

from service.config import Settings
from service.notify import vapid
from service.notify.notice import Notice
from service.notify.result import Delivered
from service.store.eventstore import now
from service.store.models import ChannelRow

MAX_BODY = 4096
"""The largest encrypted body sent (RFC 8030 §7.2: a push service must take 4096 bytes;
RFC 8291 §4: 3993 of them are the message itself, in one record)."""
MAX_TTL = 60 * 60 * 24 * 28
"""The longest a push service is asked to keep a message (FCM keeps four weeks at most)."""
TIMEOUT = 10.0
"""Seconds to connect to the push service, and again to wait for its answer."""
MAX_ANSWER = 64 * 1024
"""The most read of a push service's answer (it says a status; its body is a few words)."""
CLAIM_LIFETIME = 12 * 60 * 60
"""The VAPID token's ``exp``: 12 hours from now (RFC 8292 §2: at most 24 hours)."""
GONE = frozenset({404, 410})
"""A push service's "this subscription is no more" (RFC 8030 §7.3; FCM answers 404)."""
TOPIC = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""RFC 8030 §5.4: at most 32 characters of the URL-safe base64 alphabet."""
ELLIPSIS = "…"


@dataclass(frozen=True)
class PushResult:
    """What became of one :func:`send`.

    ``ok``: the push service took the message (201, or 200/202). ``gone``: it answered 404
    or 410, the subscription is dead for good: the caller deletes the channel (never send
    to it again). Otherwise ``error`` says what went wrong in one line (no URL, no key):
    a status the push service answered, or why it could not be reached; the caller retries
    it as it retries a webhook, after ``retry_after`` seconds when the service said so."""

    ok: bool
    gone: bool = False
    status: int | None = None
    """The push service's HTTP status; None when none was received."""
    error: str = ""
    retry_after: int | None = None
    size: int = 0
    """Bytes of the encrypted body sent (at most :data:`MAX_BODY`)."""
    truncated: bool = False
    """Whether the body or title was shortened to fit :data:`MAX_BODY`."""


def topic_of(game_id: str) -> str:
    """The ``Topic`` of every push message about ``game_id``: 32 characters of base64url of
    a hash of the id, the same in every process (RFC 8030 §5.4's alphabet and length)."""
    digest = hashlib.sha256(b"pbem push topic\0" + game_id.encode()).digest()
    return vapid.b64encode(digest)[:32]


def ttl_until(deadline: datetime | None, now: datetime) -> int:
    """Seconds from ``now`` to the decision's ``deadline`` (0 when past), at most
    :data:`MAX_TTL`; a decision without a deadline is kept the longest."""
    if deadline is None:
        return MAX_TTL
    return max(0, min(MAX_TTL, int((deadline - now).total_seconds())))


def send(
    settings: Settings, channel: ChannelRow, payload: dict[str, Any], *, ttl: int, topic: str
) -> PushResult:
    """Push ``payload`` to the browser of ``channel`` (a ``push``/``webpush`` channel).

    ``payload`` is what the service worker reads: ``title`` and ``body`` (strings, already
    in the reader's language), ``url`` (the turn page on this site: the worker opens no
    other origin), optionally ``tag`` (default: ``topic``: a newer notification of the same
    tag replaces the older) and ``icon``; other keys travel as they are. It is sent as
    UTF-8 JSON, its ``body`` then ``title`` shortened (ending in "…") until the encrypted
    message fits :data:`MAX_BODY`; if it still does not (a URL of kilobytes), nothing is
    sent and the result says so.

    ``ttl``: seconds the push service may keep the message for an offline browser: the
    seconds until the decision's deadline (:func:`ttl_until`), capped at :data:`MAX_TTL`.
    ``topic``: the game's :func:`topic_of`; :class:`ValueError` if it is not a Topic.

    Never raises for what the network or the push service does: every outcome is a
    :class:`PushResult`. One HTTP request, :data:`TIMEOUT` seconds at most to connect and
    as many to wait for the answer, no redirect followed."""
    if not TOPIC.fullmatch(topic):
        raise ValueError("topic must be 1 to 32 characters of base64url (use topic_of)")
    keys = channel.keys or {}
    if not channel.target or not keys.get("p256dh") or not keys.get("auth"):
        return PushResult(ok=False, error="the subscription has no endpoint or keys")
    subscription = {
        "endpoint": channel.target,
        "keys": {"p256dh": keys["p256dh"], "auth": keys["auth"]},
    }
    try:
        pusher = WebPusher(subscription)
        data, size, truncated = fit(pusher, {"tag": topic, **payload})
    except (WebPushException, ValueError) as exc:
        return PushResult(ok=False, error=f"the subscription cannot be used: {_one_line(exc)}")
    if data is None:
        return PushResult(ok=False, error=f"the message does not fit {MAX_BODY} bytes", size=size)
    parts = urlsplit(channel.target)
    claims: dict[str, str | int] = {
        "sub": vapid.subject(settings),
        "aud": f"{parts.scheme}://{parts.netloc}",
        "exp": int(time.time()) + CLAIM_LIFETIME,
    }
    try:
        with _Session() as session:
            response = webpush(
                subscription,
                data=data.decode("utf-8"),
                vapid_private_key=Vapid02(vapid.private_key(settings)),
                vapid_claims=claims,
                ttl=max(0, min(int(ttl), MAX_TTL)),
                headers={"Topic": topic, "Urgency": "normal"},
                timeout=TIMEOUT,
                requests_session=session,
            )
    except WebPushException as exc:
        answer = exc.response
        if answer is None:
            return PushResult(ok=False, error=_one_line(exc.message), size=size)
        return _refused(answer, size, truncated)
    except VapidException as exc:
        return PushResult(ok=False, error=f"VAPID_SUBJECT: {_one_line(exc)}", size=size)
    except requests.RequestException as exc:
        return PushResult(
            ok=False,
            error=f"the push service could not be reached ({type(exc).__name__})",
            size=size,
            truncated=truncated,
        )
    assert isinstance(response, requests.Response)  # not curl
    return PushResult(ok=True, status=response.status_code, size=size, truncated=truncated)


def deliver(settings: Settings, channel: ChannelRow, notice: Notice) -> Delivered:
    """The push channels' sender of :mod:`service.notify.delivery`: ``notice`` as the
    service worker shows it (the game and what happened as its title, the decision and its
    deadline as its body, the turn page to open), kept by the push service until the
    deadline and replacing the game's older message (its ``Topic``)."""
    body = " ".join(part for part in (notice.prompt, notice.deadline) if part)
    message = {
        "title": f"{notice.title}: {notice.headline}",
        "body": body,
        "url": notice.url,
    }
    topic = topic_of(notice.game_id or "test")
    answer = send(settings, channel, message, ttl=ttl_until(notice.deadline_at, now()), topic=topic)
    return Delivered(ok=answer.ok, gone=answer.gone, error=answer.error)


def fit(pusher: WebPusher, message: dict[str, Any]) -> tuple[bytes | None, int, bool]:
    """The message as UTF-8 JSON whose encryption for ``pusher``'s subscription is at most
    :data:`MAX_BODY` bytes, its ``body`` then ``title`` cut as little as needed; with that
    size and whether it was cut. ``None`` when even both emptied do not fit."""
    data = _json(message)
    size = _encrypted_size(pusher, data)
    if size <= MAX_BODY:
        return data, size, False
    for field in ("body", "title"):
        text = message.get(field)
        if not isinstance(text, str) or not text:
            continue
        # The longest cut that fits, by halving: the encrypted size grows with the text.
        low, high = 0, len(text) - 1
        best: bytes | None = None
        while low <= high:
            middle = (low + high) // 2
            trial = _json({**message, field: _cut(text, middle)})
            if _encrypted_size(pusher, trial) <= MAX_BODY:
                best, low = trial, middle + 1
            else:
                high = middle - 1
        if best is not None:
            return best, _encrypted_size(pusher, best), True
        message = {**message, field: ""}
    data = _json(message)
    size = _encrypted_size(pusher, data)
    return (data, size, True) if size <= MAX_BODY else (None, size, True)


def _cut(text: str, keep: int) -> str:
    return text[:keep].rstrip() + ELLIPSIS if keep else ""


def _json(message: dict[str, Any]) -> bytes:
    # Not ASCII-escaped: Cyrillic and Japanese take 2 to 3 bytes a letter, not 6.
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _encrypted_size(pusher: WebPusher, data: bytes) -> int:
    """The size of ``data`` encrypted as it will be sent (``aes128gcm``, RFC 8188):
    measured by encrypting it."""
    return len(pusher.encode(data, "aes128gcm")["body"])


def _refused(answer: Any, size: int, truncated: bool) -> PushResult:
    status = int(getattr(answer, "status_code", 0) or 0)
    reason = _one_line(str(getattr(answer, "reason", "") or ""))[:80]
    retry = str(getattr(answer, "headers", {}).get("Retry-After", "") or "")
    return PushResult(
        ok=False,
        gone=status in GONE,
        status=status,
        error=f"the push service answered {status} {reason}".rstrip(),
        retry_after=int(retry) if retry.isdigit() else None,
        size=size,
        truncated=truncated,
    )


def _one_line(text: object) -> str:
    return " ".join(str(text).split())[:200]


class _Session(requests.Session):
    """requests, as a push service is called: no redirect followed (a push service answers
    what it does with our message; a 3xx sends it nowhere else), and at most
    :data:`MAX_ANSWER` bytes of the answer read."""

    def request(self, method: str, url: Any, *args: Any, **kwargs: Any) -> Any:
        kwargs["allow_redirects"] = False
        kwargs["stream"] = True
        response = super().request(method, url, *args, **kwargs)
        try:
            response._content = response.raw.read(MAX_ANSWER, decode_content=True)
        finally:
            response.close()
        return response
