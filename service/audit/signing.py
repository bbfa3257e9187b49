"""The service's own signing key (issue 14 §5): Ed25519, for exports that prove who wrote them.

The private key is ``SIGNING_KEY`` (base64 of the raw 32-byte seed, or a PEM private key)
or, when that is unset, derived from ``SECRET_KEY`` with HKDF-SHA256 (info
``pbem export signing v1``): production needs no new setting and the key stays the same as
long as ``SECRET_KEY`` does. The public key is published at ``/.well-known/pbem-key`` and
written into every export.
"""

from __future__ import annotations

import base64
import binascii
import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from service import secret_key
from service.config import Settings

ALGORITHM = "Ed25519"
DERIVATION_INFO = b"pbem export signing v1"
WELL_KNOWN = "/.well-known/pbem-key"
MAX_KEY_DOCUMENT = 64 * 1024
"""The most read from a key URL: the document is a few hundred bytes."""


class BadKey(ValueError):
    """A key that cannot be read; the message says what was expected."""


class MissingKey(BadKey):
    """No key to sign with here: neither a SIGNING_KEY nor a SECRET_KEY long enough to
    derive one from (a reading command may still export, unsigned)."""


@dataclass(frozen=True)
class Signer:
    """What signs this server's exports: its key, and the address it speaks for."""

    key: Ed25519PrivateKey
    server: str

    @classmethod
    def of(cls, settings: Settings) -> Signer:
        return cls(private_key(settings), settings.base_url.rstrip("/"))


def private_key(settings: Settings) -> Ed25519PrivateKey:
    if settings.signing_key.strip():
        return parse_private_key(settings.signing_key)
    why = secret_key.flaw(settings.secret_key)
    if why is not None:
        # A key derived from a secret anyone could know or guess signs for anyone: the rule
        # is the one links are held to (issue 14 §2, issue 30 §4).
        raise MissingKey(
            f"exports are signed with a key derived from SECRET_KEY, and this one cannot be "
            f"used: it {why}; give the service's SECRET_KEY or a SIGNING_KEY"
        )
    seed = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=DERIVATION_INFO).derive(
        settings.secret_key.encode()
    )
    return Ed25519PrivateKey.from_private_bytes(seed)


def parse_private_key(text: str) -> Ed25519PrivateKey:
    text = text.strip()
    if "-----BEGIN" in text:
        try:
            key = serialization.load_pem_private_key(text.encode(), password=None)
        except (ValueError, TypeError, UnsupportedAlgorithm) as exc:
            raise BadKey(f"SIGNING_KEY is not a readable PEM private key ({exc})") from exc
        if not isinstance(key, Ed25519PrivateKey):
            raise BadKey("SIGNING_KEY must be an Ed25519 key")
        return key
    raw = _base64(text)
    if raw is None or len(raw) != 32:
        raise BadKey(
            "SIGNING_KEY must be the base64 of 32 random bytes or an Ed25519 PEM private key"
        )
    return Ed25519PrivateKey.from_private_bytes(raw)


def public_text(key: Ed25519PublicKey) -> str:
    """The public key as written in exports and shown to people: base64 of its 32 bytes."""
    raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return base64.b64encode(raw).decode("ascii")


def public_pem(key: Ed25519PublicKey) -> str:
    return key.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    ).decode("ascii")


def parse_public_key(text: str) -> Ed25519PublicKey:
    """A public key given as base64 of its 32 bytes, as PEM, or as the JSON document of
    ``/.well-known/pbem-key``."""
    text = text.strip()
    if text.startswith("{"):
        try:
            document = json.loads(text)
        except ValueError as exc:
            raise BadKey(f"the key document is not JSON ({exc})") from exc
        if not isinstance(document, dict) or not isinstance(document.get("public_key"), str):
            raise BadKey('the key document has no "public_key"')
        if document.get("algorithm", ALGORITHM) != ALGORITHM:
            raise BadKey(f"the key document's algorithm is not {ALGORITHM}")
        text = document["public_key"].strip()
    if "-----BEGIN" in text:
        try:
            key = serialization.load_pem_public_key(text.encode())
        except (ValueError, UnsupportedAlgorithm) as exc:
            raise BadKey(f"not a readable PEM public key ({exc})") from exc
        if not isinstance(key, Ed25519PublicKey):
            raise BadKey("not an Ed25519 public key")
        return key
    raw = _base64(text)
    if raw is None or len(raw) != 32:
        raise BadKey("an Ed25519 public key is the base64 of 32 bytes, or PEM")
    return Ed25519PublicKey.from_public_bytes(raw)


def published(settings: Settings) -> dict[str, Any]:
    """What ``/.well-known/pbem-key`` serves."""
    key = private_key(settings).public_key()
    return {
        "algorithm": ALGORITHM,
        "public_key": public_text(key),
        "pem": public_pem(key),
        "server": settings.base_url.rstrip("/"),
        "signs": "the header, head hash, length and end of every pbem-log/1 export",
    }


def key_url(server: str) -> str:
    return server.rstrip("/") + WELL_KNOWN


def fetch_public_key(url: str, timeout: float = 10) -> Ed25519PublicKey:
    """The key published at ``url`` (http or https only: a URL may come from the file being
    checked, which must not make us read a local file)."""
    if not url.lower().startswith(("https://", "http://")):
        raise BadKey(f"{url!r} is not an http(s) address")
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read(MAX_KEY_DOCUMENT + 1)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise BadKey(f"cannot fetch {url}: {exc}") from exc
    if len(body) > MAX_KEY_DOCUMENT:
        raise BadKey(f"{url} answered with more than a key")
    try:
        return parse_public_key(body.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise BadKey(f"{url} did not answer with a key") from exc


def sign(key: Ed25519PrivateKey, message: bytes) -> str:
    return base64.b64encode(key.sign(message)).decode("ascii")


def verifies(key: Ed25519PublicKey, signature: str, message: bytes) -> bool:
    raw = _base64(signature)
    if raw is None:
        return False
    try:
        key.verify(raw, message)
    except InvalidSignature:
        return False
    return True


def _base64(text: str) -> bytes | None:
    try:
        return base64.b64decode(text.strip(), validate=True)
    except (binascii.Error, ValueError):
        return None
