"""Sending a message to the relay named by ``SMTP_URL``.

``smtp://[user:password@]host[:port]`` (plain, STARTTLS if the server offers it),
``smtps://…`` (TLS from the start).

A worker keeps its connection to the relay open between messages (one per thread):
greeting, TLS and login are paid once, not per email. Before a kept connection carries a
message, a ``NOOP`` proves it alive; one the relay has closed is replaced by a new one, so
a message is never handed over twice because its connection had gone stale.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import email.policy
import io
import re
import smtplib
import threading
from email.generator import BytesGenerator
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import getaddresses, quote
from typing import Any
from urllib.parse import unquote, urlsplit

import idna

POLICY = email.policy.SMTP.clone(max_line_length=998)
"""How our messages are written (issue 17): RFC 5322's longest line, so a subject or a name
is not folded. Folding a non-ASCII phrase splits it into encoded words, and a reader drops
the space between two encoded words ("Олена Коваленко" read as "ОленаКоваленко")."""


def message() -> EmailMessage:
    """A new message written with :data:`POLICY`."""
    return EmailMessage(policy=POLICY)


_kept = threading.local()
"""This thread's open connection and the URL it goes to (one at a time)."""


def recipient(name: str, email: str) -> Address | str:
    """The ``To`` of a message: the display name quoted or encoded as RFC 5322 wants, so
    no name (commas, quotes, colons, any script) reads as another address or header; the
    address as :func:`envelope` writes it. Python's ``Address`` refuses a local part in
    another script, which RFC 6532 allows in a message sent with SMTPUTF8 (and so written
    in UTF-8): that one is written here, its name always quoted."""
    address = envelope(email)
    if address.isascii():
        return Address(display_name=name, addr_spec=address)
    return f'"{quote(name)}" <{address}>'


def envelope(email: str) -> str:
    """The address as relays take it: an internationalised domain in punycode (IDNA), so
    ``ann@bücher.de`` goes anywhere; a local part in another script stays as it is, and its
    message goes out with SMTPUTF8 (``smtplib`` asks for it when the address needs it)."""
    local, _, domain = email.rpartition("@")
    if domain.isascii():
        return email
    return f"{local}@{idna.encode(domain, uts46=True).decode('ascii')}"


def flatten(message: EmailMessage, *, utf8: bool = False) -> bytes:
    """The message as it goes over the wire (CRLF line ends), as ``smtplib`` would write
    it: in UTF-8 (RFC 6532) when it goes out with SMTPUTF8, else in ASCII with encoded
    words. These are the bytes a DKIM signature covers (:mod:`service.mail.signing`)."""
    policy = message.policy
    if utf8:
        # Every message here has an EmailPolicy (POLICY), the policy that knows utf8.
        assert isinstance(policy, email.policy.EmailPolicy), policy
        policy = policy.clone(utf8=True)
    with io.BytesIO() as out:
        BytesGenerator(out, policy=policy).flatten(message, linesep="\r\n")
        return out.getvalue()


def needs_utf8(to: str, sender: str = "") -> bool:
    """Whether a message to ``to`` goes out with SMTPUTF8: an address of its envelope has a
    local part in another script (a domain goes in punycode, :func:`envelope`)."""
    return not (envelope(to) + sender).isascii()


def send(
    url: str, message: EmailMessage, *, to: str, sender: str | None = None, timeout: float = 30
) -> None:
    """Send ``message`` to the one address ``to``, from the envelope sender ``sender`` (by
    default the From address): the envelope never comes from headers that hold what
    players typed. The service's own emails go through :func:`deliver` instead, signed
    and with their bounce address (:mod:`service.mail.ledger`)."""
    if sender is None:
        sender = getaddresses([str(message["From"] or "")])[0][1]
    raw = flatten(message, utf8=needs_utf8(to, sender))
    deliver(url, raw, sender=sender, to=to, timeout=timeout)


def deliver(url: str, raw: bytes, *, sender: str, to: str, timeout: float = 30) -> None:
    """Hand the finished bytes ``raw`` to the relay for the one address ``to``, with the
    envelope sender (Return-Path) ``sender``. A relay's refusal is raised as it came, the
    address it names written ``<recipient>``: RQ logs and keeps a failed job's exception,
    and no log holds a player's address (issue 30)."""
    utf8 = needs_utf8(to, sender)
    try:
        client = _alive(url) or connect(url, timeout)
    except (smtplib.SMTPException, OSError) as exc:
        raise without_address(exc, to) from None
    try:
        if utf8 and not client.has_extn("smtputf8"):
            raise smtplib.SMTPNotSupportedError(
                "the address needs SMTPUTF8, which the relay does not announce"
            )
        options = ("SMTPUTF8", "BODY=8BITMIME") if utf8 else ()
        client.sendmail(sender, [envelope(to)], raw, options)
    except BaseException as exc:
        _close(client)
        if isinstance(exc, smtplib.SMTPException | OSError):
            raise without_address(exc, to) from None
        raise
    _keep(url, client)


def refused_for_good(exc: BaseException) -> str | None:
    """The relay's answer when it refused the recipient itself with a permanent failure
    (5xx at RCPT: ``550 5.1.1 user unknown``), else None: a temporary refusal, a relay out
    of reach, or a refused message (not its address) may all go another time."""
    if not isinstance(exc, smtplib.SMTPRecipientsRefused) or not exc.recipients:
        return None
    answers = list(exc.recipients.values())
    if not all(500 <= int(code) < 600 for code, _said in answers):
        return None
    code, said = answers[0]
    text = said.decode("utf-8", "replace") if isinstance(said, bytes) else str(said)
    return f"{code} {text}"[:200]


RECIPIENT = "<recipient>"


def without_address(exc: BaseException, to: str) -> BaseException:
    """A copy of ``exc`` of its own type, every spelling of the address ``to`` in its
    arguments (an SMTP reply's text, a refused recipients' table) written ``<recipient>``."""
    spellings = sorted({to, envelope(to)}, key=len, reverse=True)
    text = re.compile("|".join(map(re.escape, spellings)), re.IGNORECASE)
    raw = re.compile(b"|".join(re.escape(s.encode()) for s in spellings), re.IGNORECASE)

    def scrub(value: Any) -> Any:
        if isinstance(value, str):
            return text.sub(RECIPIENT, value)
        if isinstance(value, bytes):
            return raw.sub(RECIPIENT.encode(), value)
        if isinstance(value, dict):
            return {scrub(k): scrub(v) for k, v in value.items()}
        if isinstance(value, tuple | list):
            return type(value)(scrub(v) for v in value)
        return value

    clean = copy.copy(exc)
    clean.args = scrub(exc.args)
    for name, value in vars(exc).items():
        setattr(clean, name, scrub(value))
    return clean


def connect(url: str, timeout: float = 30) -> smtplib.SMTP:
    parts = urlsplit(url)
    host = parts.hostname or "127.0.0.1"
    if parts.scheme == "smtps":
        client: smtplib.SMTP = smtplib.SMTP_SSL(host, parts.port or 465, timeout=timeout)
    elif parts.scheme == "smtp":
        client = smtplib.SMTP(host, parts.port or 25, timeout=timeout)
    else:
        raise ValueError(f"SMTP_URL must start with smtp:// or smtps://, not {url!r}")
    try:
        client.ehlo()
        if parts.scheme == "smtp" and client.has_extn("starttls"):
            client.starttls()
            client.ehlo()
        if parts.username:
            client.login(unquote(parts.username), unquote(parts.password or ""))
    except BaseException:
        _close(client)
        raise
    return client


def _alive(url: str) -> smtplib.SMTP | None:
    """The kept connection to ``url`` if it still answers; any other kept one is closed."""
    kept_url: str | None = getattr(_kept, "url", None)
    client: smtplib.SMTP | None = getattr(_kept, "client", None)
    _kept.url, _kept.client = None, None
    if client is None:
        return None
    if kept_url == url:
        try:
            if client.noop()[0] == 250:
                return client
        except (smtplib.SMTPException, OSError):
            pass
    _close(client)
    return None


def _keep(url: str, client: smtplib.SMTP) -> None:
    _kept.url, _kept.client = url, client


def _close(client: smtplib.SMTP) -> None:
    with contextlib.suppress(smtplib.SMTPException, OSError):
        client.close()


@atexit.register
def close() -> None:
    """Say goodbye to the relay this thread is still connected to (a worker's jobs run in
    its main thread; at exit, the operating system closes any other thread's socket)."""
    client = getattr(_kept, "client", None)
    _kept.url, _kept.client = None, None
    if client is not None:
        with contextlib.suppress(smtplib.SMTPException, OSError):
            client.quit()
