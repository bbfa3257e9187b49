"""What one delivery on a channel came to (issue 36): every channel's sender answers one."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Delivered:
    """What one attempt at a channel came to: ``gone``, the receiver says the channel no
    longer exists (a webhook's or a push subscription's 404 or 410: it is disabled at
    once); not ``ok``, a failure RQ retries, counted against the channel."""

    ok: bool
    gone: bool = False
    error: str = ""
