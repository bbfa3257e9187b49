"""The key that signs our Web Push messages (VAPID, RFC 8292; issue 36 §2).

A browser subscribes with our public key (``applicationServerKey``); its push service then
takes only messages signed by the private one. The private key is ``VAPID_PRIVATE_KEY``
(base64url of the 32-byte private number, as ``vapid --gen`` and web-push's
``generate-vapid-keys`` print it, or a PEM private key) or, when that is unset, derived
from ``SECRET_KEY`` with HKDF-SHA256 (info ``pbem web push vapid v1``), as the export
signing key is (:mod:`service.audit.signing`): production needs no new setting, and the
key stays the same as long as ``SECRET_KEY`` does. A new key orphans every subscription
(each browser must press "Notify this browser" again), so an operator who may rotate
``SECRET_KEY`` sets ``VAPID_PRIVATE_KEY`` of its own.
"""

from __future__ import annotations

import base64
import binascii
import threading
from email.utils import parseaddr

from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from service import secret_key
from service.config import Settings

DERIVATION_INFO = b"pbem web push vapid v1"
ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
"""The order of P-256's group (SEC 2 §2.4.2): a private number is in [1, ORDER - 1]."""


class BadVapidKey(ValueError):
    """A VAPID setting that cannot sign; the message names the setting, never the key."""


_cache: dict[tuple[str, str], ec.EllipticCurvePrivateKey] = {}
_lock = threading.Lock()


def private_key(settings: Settings) -> ec.EllipticCurvePrivateKey:
    """The P-256 key that signs every push message (see the module's text)."""
    stamp = (settings.vapid_private_key, settings.secret_key)
    with _lock:
        if stamp in _cache:
            return _cache[stamp]
    key = (
        parse_private_key(settings.vapid_private_key)
        if settings.vapid_private_key.strip()
        else _derived(settings.secret_key)
    )
    with _lock:
        _cache.clear()
        _cache[stamp] = key
    return key


def _derived(secret: str) -> ec.EllipticCurvePrivateKey:
    why = secret_key.flaw(secret)
    if why is not None:
        raise BadVapidKey(
            f"push messages are signed with a key derived from SECRET_KEY, and this one cannot "
            f"be used: it {why}; give the service's SECRET_KEY or a VAPID_PRIVATE_KEY"
        )
    # 48 bytes reduced modulo the group's order: a bias below 2^-128 (FIPS 186-5 A.2.1).
    wide = HKDF(algorithm=hashes.SHA256(), length=48, salt=None, info=DERIVATION_INFO).derive(
        secret.encode()
    )
    return ec.derive_private_key(int.from_bytes(wide, "big") % (ORDER - 1) + 1, ec.SECP256R1())


def parse_private_key(text: str) -> ec.EllipticCurvePrivateKey:
    """``VAPID_PRIVATE_KEY``: base64url (or base64) of the 32-byte private number, or PEM."""
    text = text.strip()
    if "-----BEGIN" in text:
        try:
            key = serialization.load_pem_private_key(text.encode(), password=None)
        except (ValueError, TypeError, UnsupportedAlgorithm):
            raise BadVapidKey("VAPID_PRIVATE_KEY is not a readable PEM private key") from None
        if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
            raise BadVapidKey("VAPID_PRIVATE_KEY must be a P-256 (prime256v1) key")
        return key
    raw = b64decode(text)
    number = int.from_bytes(raw, "big") if raw is not None and len(raw) == 32 else 0
    if not 0 < number < ORDER:
        raise BadVapidKey(
            "VAPID_PRIVATE_KEY must be base64url of a P-256 private key's 32 bytes, or a PEM "
            "private key (make one with: vapid --gen, or openssl ecparam -name prime256v1 "
            "-genkey -noout)"
        )
    return ec.derive_private_key(number, ec.SECP256R1())


def public_key(settings: Settings) -> str:
    """The ``applicationServerKey`` a page subscribes with: base64url (unpadded) of the
    public key's uncompressed point, 65 bytes."""
    point = (
        private_key(settings)
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return b64encode(point)


def subject(settings: Settings) -> str:
    """VAPID's ``sub``: ``VAPID_SUBJECT``, else ``mailto:`` and ``MAIL_FROM``'s address."""
    if settings.vapid_subject.strip():
        return settings.vapid_subject.strip()
    return f"mailto:{parseaddr(settings.mail_from)[1]}"


def problem(settings: Settings) -> str | None:
    """What is wrong with ``VAPID_PRIVATE_KEY`` (one line), or None."""
    if not settings.vapid_private_key.strip():
        return None  # derived from SECRET_KEY, which every process checks itself
    try:
        parse_private_key(settings.vapid_private_key)
    except BadVapidKey as exc:
        return str(exc)
    return None


def b64encode(data: bytes) -> str:
    """base64url without padding, as the Push API and VAPID write keys."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64decode(text: str) -> bytes | None:
    """base64url or base64, padded or not; None when ``text`` is neither."""
    cleaned = text.strip().replace("+", "-").replace("/", "_").rstrip("=")
    if not cleaned or any(c not in _ALPHABET for c in cleaned) or len(cleaned) % 4 == 1:
        return None
    try:
        return base64.urlsafe_b64decode(cleaned + "=" * (-len(cleaned) % 4))
    except (binascii.Error, ValueError):
        return None


_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
