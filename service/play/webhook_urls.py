"""Where a webhook may post (issue 36 §2): its URL checked when it is added (on the desk,
by reply, at a game's creation) and again at every send, since a name that resolved to a
public address may later resolve to a private one. https only, and every address the host
resolves to public (no private, loopback, link-local, multicast or reserved one), unless
``WEBHOOK_ALLOW_PRIVATE`` (the demo, the tests). :mod:`service.notify.webhooks` posts to
the address checked here, never to the name resolved again.

The caller owns the transaction of :func:`add`.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from sqlalchemy.orm import Session

from service.config import Settings
from service.errors import BadRequest
from service.play import channels
from service.store.models import ChannelRow
from service.words import _

MAX_URL = 2000
FLAVOURS = channels.FLAVOURS["webhook"]


class Refused(ValueError):
    """A webhook's URL that may not be posted to (its reason in the reader's words)."""


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not (
        ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_reserved
        or ip.is_multicast
        or ip.is_unspecified
    )


Resolver = Callable[[str, int], list[str]]


def _resolve(host: str, port: int) -> list[str]:
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return sorted({str(info[4][0]) for info in found})


RESOLVE: list[Resolver] = [_resolve]
"""How a host is resolved (a test puts its own first)."""


@dataclass(frozen=True)
class Target:
    """Where a post goes: the URL's parts and the address checked."""

    https: bool
    host: str
    port: int
    path: str
    address: str


def check(settings: Settings, url: str) -> Target:
    """Where ``url`` posts to, checked; else :class:`Refused`."""
    if len(url) > MAX_URL or any(c.isspace() for c in url):
        raise Refused(_("That is not a webhook's address."))
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise Refused(_("That is not a webhook's address.")) from None
    allow = settings.webhook_allow_private
    if parts.scheme not in (("https", "http") if allow else ("https",)):
        raise Refused(_("A webhook's address must begin with https://."))
    host = parts.hostname or ""
    if not host or parts.username or parts.password:
        raise Refused(_("That is not a webhook's address."))
    https = parts.scheme == "https"
    port = port or (443 if https else 80)
    try:
        addresses = RESOLVE[0](host, port)
    except (OSError, UnicodeError):
        raise Refused(_("The webhook's host could not be found.")) from None
    if not addresses:
        raise Refused(_("The webhook's host could not be found."))
    if not allow and not all(_public(a) for a in addresses):
        raise Refused(_("A webhook may not post to a private or local address."))
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(https, host, port, path, addresses[0])


def validate(settings: Settings, url: str, flavour: str) -> str:
    """``url`` as a new webhook's target, checked; else :class:`BadRequest`."""
    if flavour not in FLAVOURS:
        raise BadRequest(_("Unknown kind of channel."))
    try:
        check(settings, url.strip())
    except Refused as refused:
        raise BadRequest(refused.args[0]) from None
    return url.strip()


def add(
    session: Session,
    settings: Settings,
    url: str,
    flavour: str,
    *,
    email: str | None,
    game_id: str | None = None,
    label: str = "",
) -> ChannelRow:
    """A new webhook, its URL checked: a player's (``email``; every game of theirs, or
    ``game_id`` alone), or a table's (``email`` None, ``game_id``): one per table, the new
    one replacing the old."""
    target = validate(settings, url, flavour)
    if email is None and game_id is not None:
        for old in channels.of_table(session, game_id):
            if old.kind == "webhook" and old.disabled_at is None:
                channels.disable(session, old, channels.REPLACED)
    return channels.add(
        session, "webhook", flavour, email=email, target=target, label=label, game_id=game_id
    )


def flavour_of(url: str) -> str:
    """The receiver a webhook's URL names when none is said: Discord's or Slack's own
    incoming webhooks, else generic JSON."""
    try:
        host = (urlsplit(url.strip()).hostname or "").lower()
    except ValueError:
        return "json"
    if host.endswith(("discord.com", "discordapp.com")):
        return "discord"
    if host == "hooks.slack.com":
        return "slack"
    return "json"
