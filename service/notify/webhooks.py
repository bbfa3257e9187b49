"""Webhooks (issue 36): a notice posted to a Discord or Slack incoming webhook, or to a
generic JSON receiver (its payload documented in docs/channels.md, version
:data:`VERSION`, signed with the channel's secret). Matrix rooms take them through their
webhook bridges, in the generic JSON or the Slack format.

A webhook's URL is checked when it is added and again at every send (a name that resolved
to a public address may resolve to a private one later): https only, and every address its
host resolves to public, unless ``WEBHOOK_ALLOW_PRIVATE`` (the demo, the tests). The post
goes to the address checked, never follows a redirect, waits ``WEBHOOK_TIMEOUT`` seconds
and reads at most :data:`ANSWER_CAP` bytes of the answer.

Every text is escaped for its receiver (players' names and words are hostile): Markdown and
mentions (``@everyone``, ``<@123>``, ``<!channel>``) are neutralised; no HTML is ever sent.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import re
import socket
import ssl
import time
from collections.abc import Callable
from typing import Any

from service import words
from service.config import Settings
from service.notify.notice import Notice
from service.notify.result import Delivered
from service.play.webhook_urls import Refused, Target, check
from service.store.models import ChannelRow
from service.words import _

VERSION = 1
"""The generic JSON payload's version: a field removed or changed in meaning raises it."""
ANSWER_CAP = 64 * 1024
"""Bytes of a receiver's answer read at most."""
SIGNATURE = "X-PBEM-Signature"
TIMESTAMP = "X-PBEM-Timestamp"
GONE = frozenset({404, 410})
"""Answers saying the webhook no longer exists: the channel is disabled at once."""
USER_AGENT = "pbem-webhook/1"


# -- escaping --------------------------------------------------------------------------------

_DISCORD_MARKS = re.compile(r"([\\*_~`|>#\-\[\]()<:])")
ZWSP = "\u200b"


def discord_text(text: str) -> str:
    """``text`` as Discord shows it literally: Markdown escaped, no mention can ping
    (``@`` is followed by a zero-width space; the payload also allows no mentions)."""
    escaped = _DISCORD_MARKS.sub(r"\\\1", text)
    return escaped.replace("@", "@" + ZWSP)


def slack_text(text: str) -> str:
    """``text`` for Slack's ``mrkdwn``: its three control characters escaped (so no
    ``<!channel>``, ``<@U123>`` or link can be written), formatting marks made inert."""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for mark in "*_~`":
        escaped = escaped.replace(mark, ZWSP + mark + ZWSP)
    return escaped.replace("@", "@" + ZWSP)


def slack_plain(text: str) -> str:
    """``text`` for a ``plain_text`` block, which Slack never reads as a format or a
    mention: broken all the same (a zero-width space after ``@`` and ``<``), should a
    client or a bridge read it as ``mrkdwn``."""
    for mark in "*_~`":
        text = text.replace(mark, ZWSP + mark + ZWSP)
    return text.replace("@", "@" + ZWSP).replace("<", "<" + ZWSP)


# -- payloads --------------------------------------------------------------------------------


def _lines(notice: Notice) -> list[str]:
    said = [notice.prompt] if notice.prompt else []
    if notice.deadline:
        said.append(_text(_("Deadline: {when}", when=notice.deadline), notice))
    return said


def _text(message: Any, notice: Notice) -> str:
    return str(words.text(message, notice.language))


def discord(notice: Notice) -> dict[str, Any]:
    """An incoming webhook's message for Discord: a line, and an embed with the link."""
    return {
        "content": discord_text(f"{notice.title}: {notice.headline}"),
        "embeds": [
            {
                "title": discord_text(notice.headline)[:256],
                "description": "\n".join(discord_text(line) for line in _lines(notice))[:4000],
                "url": notice.url,
            }
        ],
        "allowed_mentions": {"parse": []},
    }


def slack(notice: Notice) -> dict[str, Any]:
    """An incoming webhook's message for Slack: the fallback text and its blocks, the link
    a button (plain text blocks: nothing in them is read as a mention or a format)."""
    open_label = _text(_("Open"), notice)
    blocks: list[dict[str, Any]] = [
        {"type": "header", "text": _plain(notice.headline, 150)},
        {"type": "section", "text": _plain(notice.title, 3000)},
    ]
    lines = _lines(notice)
    if lines:
        blocks.append({"type": "section", "text": _plain("\n".join(lines), 3000)})
    blocks.append(
        {
            "type": "actions",
            "elements": [
                {
                    "type": "button",
                    "text": {"type": "plain_text", "text": open_label},
                    "url": notice.url,
                }
            ],
        }
    )
    return {"text": slack_text(f"{notice.title}: {notice.headline}"), "blocks": blocks}


def _plain(text: str, most: int) -> dict[str, str]:
    return {"type": "plain_text", "text": slack_plain(text)[:most]}


def generic(notice: Notice, moment: int) -> dict[str, Any]:
    """The generic JSON payload (docs/channels.md): ``moment`` is the timestamp header's,
    inside the signed body too."""
    return {
        "version": VERSION,
        "type": "test" if notice.kind == "test" else "notification",
        "kind": notice.kind,
        "timestamp": moment,
        "game": {"id": notice.game_id, "title": notice.title, "url": notice.game_url},
        "seq": notice.seq,
        "for_table": notice.for_table,
        "language": notice.language,
        "headline": notice.headline,
        "prompt": notice.prompt,
        "deadline": {
            "text": notice.deadline,
            "at": notice.deadline_at.isoformat() if notice.deadline_at else None,
        },
        "url": notice.url,
    }


def signature(secret: str, body: bytes) -> str:
    """The ``X-PBEM-Signature`` header's value: ``sha256=`` and the hex HMAC-SHA256 of the
    body (which holds the timestamp) with the channel's secret."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def request(channel: ChannelRow, notice: Notice, moment: int) -> tuple[bytes, dict[str, str]]:
    """The body and headers posted for ``notice`` to ``channel``."""
    headers = {"Content-Type": "application/json", "User-Agent": USER_AGENT}
    if channel.flavour == "json":
        body = _dumps(generic(notice, moment))
        headers[TIMESTAMP] = str(moment)
        headers[SIGNATURE] = signature(channel.secret, body)
        return body, headers
    return _dumps(PAYLOADS[channel.flavour](notice)), headers


def _dumps(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()


PAYLOADS: dict[str, Callable[[Notice], dict[str, Any]]] = {"discord": discord, "slack": slack}


# -- posting ------------------------------------------------------------------------------------


class _Pinned(http.client.HTTPSConnection):
    """An HTTPS connection to the address checked, its certificate checked for the host."""

    def __init__(self, target: Target, timeout: float) -> None:
        super().__init__(target.host, target.port, timeout=timeout)
        self._address = target.address

    def connect(self) -> None:
        sock = socket.create_connection((self._address, self.port), self.timeout)
        context = ssl.create_default_context()
        self.sock = context.wrap_socket(sock, server_hostname=self.host)


class _PinnedPlain(http.client.HTTPConnection):
    def __init__(self, target: Target, timeout: float) -> None:
        super().__init__(target.host, target.port, timeout=timeout)
        self._address = target.address

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


def post(settings: Settings, url: str, body: bytes, headers: dict[str, str]) -> Delivered:
    """POST ``body`` to ``url``, checked again now; a 2xx is ``ok``, a 404 or 410 ``gone``."""
    try:
        target = check(settings, url)
    except Refused as refused:
        return Delivered(False, error=f"refused: {refused}")
    timeout = float(settings.webhook_timeout)
    made = _Pinned if target.https else _PinnedPlain
    connection = made(target, timeout)
    try:
        connection.request("POST", target.path, body=body, headers=headers)
        answer = connection.getresponse()
        said = answer.read(ANSWER_CAP)
        status = answer.status
    except (OSError, http.client.HTTPException) as exc:
        return Delivered(False, error=f"{type(exc).__name__}: {exc}"[:500])
    finally:
        connection.close()
    if 200 <= status < 300:
        return Delivered(True)
    text = said[:200].decode("utf-8", "replace")
    return Delivered(False, gone=status in GONE, error=f"HTTP {status}: {text}"[:500])


def send(settings: Settings, channel: ChannelRow, notice: Notice) -> Delivered:
    """Post ``notice`` to the webhook ``channel``."""
    body, headers = request(channel, notice, int(time.time()))
    return post(settings, channel.target, body, headers)
