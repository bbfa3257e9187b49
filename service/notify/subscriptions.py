"""A browser's Web Push subscription, as the desk's "Notify this browser" sends it (issue 36
§1): checked, then kept as a ``push``/``webpush`` channel of the signed-in address.

What a page sends is hostile like any form: the endpoint is where our workers will POST,
so it must be an ``https`` URL of a named host (a push service: FCM, Mozilla's, Apple's,
Microsoft's), never an address inside our network; ``http://127.0.0.1`` only where
``PUSH_ALLOW_LOOPBACK`` says so (the tests' own push service). The keys are the browser's
ECDH P-256 public key (``p256dh``, a 65-byte uncompressed point on the curve) and its
16-byte ``auth`` secret, in base64url (RFC 8291 §3). The caller owns the transaction.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy.orm import Session

from service.config import Settings
from service.errors import BadRequest
from service.notify.vapid import b64decode, b64encode
from service.play import channels
from service.store.models import ChannelRow
from service.words import _

MAX_ENDPOINT = 2048
"""The longest endpoint taken (the push services' are a few hundred characters)."""
LABEL_LENGTH = 60
LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class Subscription:
    endpoint: str
    p256dh: str
    """base64url, unpadded, of the 65-byte point."""
    auth: str
    """base64url, unpadded, of the 16 bytes."""


def read(settings: Settings, form: Mapping[str, str]) -> Subscription:
    """The subscription a form sent (``endpoint``, ``p256dh``, ``auth``), or
    :class:`BadRequest` saying what is wrong with it."""
    endpoint = (form.get("endpoint") or "").strip()
    if not endpoint:
        raise BadRequest(_("The browser sent no subscription: press the button again."))
    if len(endpoint) > MAX_ENDPOINT or not _push_service(settings, endpoint):
        raise BadRequest(
            _(
                "This browser's push service address is not one we send to: we send only to "
                "https addresses."
            )
        )
    point = b64decode(form.get("p256dh") or "")
    secret = b64decode(form.get("auth") or "")
    if point is None or len(point) != 65 or point[0] != 4 or not _on_curve(point):
        raise BadRequest(_("This browser's subscription key is not valid."))
    if secret is None or len(secret) != 16:
        raise BadRequest(_("This browser's subscription secret is not valid."))
    return Subscription(endpoint, b64encode(point), b64encode(secret))


def _push_service(settings: Settings, endpoint: str) -> bool:
    try:
        parts = urlsplit(endpoint)
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        return False
    if parts.username is not None or parts.password is not None or parts.fragment:
        return False
    if settings.push_allow_loopback and parts.scheme == "http" and host == LOOPBACK:
        return port is not None
    if parts.scheme != "https" or "." not in host or host.endswith((".localhost", ".local")):
        return False
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return re.fullmatch(r"[A-Za-z0-9.-]+", host) is not None  # a name, not an address
    return False


def _on_curve(point: bytes) -> bool:
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        return False
    return True


def save(session: Session, email: str, subscription: Subscription, label: str) -> ChannelRow:
    """Keep ``subscription`` as a push channel of ``email``: the one it already has for the
    same endpoint (its keys renewed), or a new one."""
    for row in channels.of_player(session, email):
        if row.kind == "push" and channels.active(row) and row.target == subscription.endpoint:
            row.keys = {"p256dh": subscription.p256dh, "auth": subscription.auth}
            row.label = label
            row.failures = 0
            return row
    return channels.add(
        session,
        "push",
        "webpush",
        email=email,
        target=subscription.endpoint,
        keys={"p256dh": subscription.p256dh, "auth": subscription.auth},
        label=label,
    )


BROWSERS = (
    ("Edg/", "Edge"),
    ("EdgA/", "Edge"),
    ("OPR/", "Opera"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("YaBrowser/", "Yandex Browser"),
    ("Vivaldi/", "Vivaldi"),
    ("Firefox/", "Firefox"),
    ("FxiOS/", "Firefox"),
    ("CriOS/", "Chrome"),
    ("Chrome/", "Chrome"),
    ("Chromium/", "Chromium"),
    ("Safari/", "Safari"),
)
"""The first that a User-Agent names, in this order (Edge's and Opera's name Chrome too,
Chrome's names Safari)."""
SYSTEMS = (
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def browser_label(user_agent: str) -> str:
    """A name for the browser the player will know it by in their list ("Firefox ·
    Android"), from its User-Agent; nothing of it but these known names is kept."""
    browser = next((name for mark, name in BROWSERS if mark in user_agent), "")
    system = next((name for mark, name in SYSTEMS if mark in user_agent), "")
    return " · ".join(part for part in (browser, system) if part)[:LABEL_LENGTH] or "Web Push"
