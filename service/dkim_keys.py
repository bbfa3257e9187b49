"""The keys that DKIM-sign every email we send (issue 31 §1), and the DNS records that
publish them.

``DKIM_KEY`` is the path of an RSA private key in PEM (2048 bits at least: receivers ignore
or distrust shorter ones, and RFC 8301 forbids under 1024), ``DKIM_SELECTOR`` the selector
its public key is published under. ``DKIM_ED25519_KEY`` adds a second signature with an
Ed25519 key (RFC 8463), under ``DKIM_ED25519_SELECTOR`` (by default the RSA selector and
``-ed25519``): receivers that know Ed25519 check it, the others the RSA one. The signing
domain ``d=`` is the domain of ``MAIL_FROM``, so DMARC finds the signature aligned.

A key that cannot be read, or is not what it must be, is refused when a process starts,
as a bad ``SECRET_KEY`` is (:mod:`service.secret_key`): an email signed by a key nobody
published, or not signed at all when the operator meant it to be, lands in spam folders
without anyone noticing. The reasons name the setting and the path, never the key.
"""

from __future__ import annotations

import base64
import binascii
import os
import re
import threading
from dataclasses import dataclass

from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519, rsa

from service.addresses import domain_of
from service.config import Settings

RSA_BITS = 2048
"""The shortest RSA key accepted (issue 31): 1024-bit keys are deprecated (RFC 8301 §3.2)
and Gmail and Yahoo ask for 2048."""
LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
SELECTOR = re.compile(rf"{LABEL}(?:\.{LABEL})*")
"""A selector is one or more DNS labels (RFC 6376 §3.1)."""
ED25519_SUFFIX = "-ed25519"


class DkimKeyError(RuntimeError):
    """A DKIM setting that cannot sign what we send; the message is one line."""


@dataclass(frozen=True)
class Key:
    """One signing key as dkimpy takes it, and the record that publishes it."""

    selector: str
    algorithm: bytes
    """``rsa-sha256`` or ``ed25519-sha256`` (the signature's ``a=``)."""
    private: bytes = b""
    """What dkimpy signs with: an RSA key in PKCS#1 PEM, or an Ed25519 seed in base64."""
    public: str = ""
    """The ``p=`` of its DNS record: base64 of the key, as RFC 6376 and RFC 8463 say."""

    @property
    def kind(self) -> str:
        return "ed25519" if self.algorithm == b"ed25519-sha256" else "rsa"

    def record(self) -> str:
        """The TXT record at ``<selector>._domainkey.<domain>``."""
        return f"v=DKIM1; k={self.kind}; p={self.public}"

    def __repr__(self) -> str:  # never the private key, in any log or traceback
        return f"Key(selector={self.selector!r}, algorithm={self.algorithm!r})"


@dataclass(frozen=True)
class Signing:
    """Whom every email is signed as: the domain and its keys (RSA first)."""

    domain: str
    keys: tuple[Key, ...]


_cache: dict[tuple[object, ...], Signing | None] = {}
_lock = threading.Lock()


def signing(settings: Settings) -> Signing | None:
    """The keys every email is signed with, or None when ``DKIM_KEY`` is unset (nothing is
    signed). Read again when a key file changes (a key rotated in place is taken at once);
    :class:`DkimKeyError` saying what is wrong with them."""
    if not settings.dkim_key and not settings.dkim_selector and not settings.dkim_ed25519_key:
        return None
    stamp = (
        settings.dkim_key,
        settings.dkim_selector,
        settings.dkim_ed25519_key,
        settings.dkim_ed25519_selector,
        settings.mail_from,
        _stat(settings.dkim_key),
        _stat(settings.dkim_ed25519_key),
    )
    with _lock:
        if stamp in _cache:
            return _cache[stamp]
    found = _load(settings)
    with _lock:
        _cache.clear()
        _cache[stamp] = found
    return found


def _stat(path: str) -> tuple[int, int] | None:
    try:
        status = os.stat(path) if path else None
    except OSError:
        return None
    return None if status is None else (status.st_mtime_ns, status.st_size)


def _load(settings: Settings) -> Signing:
    if not settings.dkim_key:
        given = "DKIM_SELECTOR" if settings.dkim_selector else "DKIM_ED25519_KEY"
        raise DkimKeyError(
            f"{given} is set but DKIM_KEY is not: give the path of an RSA private key "
            f"({RSA_BITS} bits at least) to sign every email with"
        )
    selector = _selector("DKIM_SELECTOR", settings.dkim_selector)
    domain = domain_of(settings.mail_from)
    if not domain or "." not in domain:
        raise DkimKeyError(
            "MAIL_FROM has no domain to sign for (d= is MAIL_FROM's domain): "
            f"{settings.mail_from!r}"
        )
    keys = [_rsa(settings.dkim_key, selector)]
    if settings.dkim_ed25519_key:
        second = _selector(
            "DKIM_ED25519_SELECTOR", settings.dkim_ed25519_selector or selector + ED25519_SUFFIX
        )
        if second.lower() == selector.lower():
            raise DkimKeyError(
                "DKIM_ED25519_SELECTOR is DKIM_SELECTOR: each key needs a selector of its own"
            )
        keys.append(_ed25519(settings.dkim_ed25519_key, second))
    return Signing(domain=domain, keys=tuple(keys))


def _selector(name: str, value: str) -> str:
    if not value:
        raise DkimKeyError(f"{name} is not set: the selector its key is published under")
    if not SELECTOR.fullmatch(value) or len(value) > 200:
        raise DkimKeyError(f"{name} is not a selector (DNS labels: letters, digits, hyphens)")
    return value


def _read(name: str, path: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(64 * 1024)
    except OSError as exc:
        raise DkimKeyError(f"{name} {path!r} cannot be read: {exc.strerror or exc}") from None


def _rsa(path: str, selector: str) -> Key:
    data = _read("DKIM_KEY", path)
    key = _private(data, "DKIM_KEY", path)
    if not isinstance(key, rsa.RSAPrivateKey):
        raise DkimKeyError(
            f"DKIM_KEY {path!r} is not an RSA key: every receiver checks RSA; an Ed25519 key "
            "signs beside it as DKIM_ED25519_KEY"
        )
    if key.key_size < RSA_BITS:
        raise DkimKeyError(
            f"DKIM_KEY {path!r} is an RSA key of {key.key_size} bits: {RSA_BITS} at least "
            "(openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048)"
        )
    private = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,  # PKCS#1, which dkimpy reads
        serialization.NoEncryption(),
    )
    public = key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return Key(selector, b"rsa-sha256", private, base64.b64encode(public).decode("ascii"))


def _ed25519(path: str, selector: str) -> Key:
    data = _read("DKIM_ED25519_KEY", path)
    if b"-----BEGIN" in data:
        key = _private(data, "DKIM_ED25519_KEY", path)
        if not isinstance(key, ed25519.Ed25519PrivateKey):
            raise DkimKeyError(f"DKIM_ED25519_KEY {path!r} is not an Ed25519 key")
    else:
        # dkimpy's own format (dknewkey --ktype ed25519): the 32-byte seed in base64.
        try:
            seed = base64.b64decode(data.strip(), validate=True)
        except (binascii.Error, ValueError):
            seed = b""
        if len(seed) != 32:
            raise DkimKeyError(
                f"DKIM_ED25519_KEY {path!r} is neither a PEM Ed25519 key nor a base64 seed "
                "of 32 bytes"
            )
        key = ed25519.Ed25519PrivateKey.from_private_bytes(seed)
    seed = key.private_bytes(
        serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()
    )
    public = key.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    return Key(
        selector,
        b"ed25519-sha256",
        base64.b64encode(seed),
        base64.b64encode(public).decode("ascii"),
    )


def _private(data: bytes, name: str, path: str) -> object:
    try:
        return serialization.load_pem_private_key(data, password=None)
    except TypeError:
        raise DkimKeyError(
            f"{name} {path!r} is encrypted: give the key without a passphrase, readable by "
            "the service's user alone"
        ) from None
    except (ValueError, UnsupportedAlgorithm):
        raise DkimKeyError(f"{name} {path!r} is not a PEM private key") from None


def problem(settings: Settings) -> str | None:
    """What is wrong with the DKIM settings, in one line; None when they sign (or are off)."""
    try:
        signing(settings)
    except DkimKeyError as exc:
        return str(exc)
    return None


def require(settings: Settings) -> None:
    """Raise :class:`DkimKeyError` unless the DKIM settings can sign (or sign nothing)."""
    signing(settings)


def refuse_to_start(settings: Settings) -> None:
    """Stop this process with the one-line reason (exit status 1) unless the DKIM settings
    can sign: for the RQ processes, as :func:`service.secret_key.refuse_to_start`."""
    found = problem(settings)
    if found is not None:
        raise SystemExit(found)
