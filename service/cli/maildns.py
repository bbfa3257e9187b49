"""``pbem mail-dns`` (issue 31 §1): the DNS records that make our email land, for the
domains the settings name, in zone-file lines an operator pastes into their DNS.

- SPF at ``MAIL_DOMAIN``: every email's envelope sender is a bounce address there, so that
  is the domain receivers check SPF for (RFC 7208).
- DKIM at ``<selector>._domainkey.<MAIL_FROM's domain>``: each key's public half (RFC 6376,
  RFC 8463), so receivers can check the signature on every email.
- DMARC at ``_dmarc.<MAIL_FROM's domain>``: a policy to start with, ``p=none`` and the
  address aggregate reports go to, and how to move on to quarantine and reject.
- MX of ``MAIL_DOMAIN``: where replies and bounces come back (``pbem inbound``).

README's *Mail that lands* explains each record.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from service import dkim_keys
from service.addresses import domain_of, normal
from service.config import Settings

TXT_CHUNK = 255
"""The longest string of a TXT record (RFC 1035 §3.3.14); a longer value is several."""
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
MECHANISM = re.compile(r"[+?~-]?(?:a|mx|ptr|ip4|ip6|include|exists)(?:[:/][!-~]+)?", re.I)
"""An SPF mechanism (RFC 7208 §5), which a quote, a space or ``all`` would break."""
HOST = re.compile(
    r"(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9-]{1,63}"
)


@dataclass(frozen=True)
class Choices:
    """What the settings cannot say: given on the command line, else a stated default."""

    spf: tuple[str, ...] = ()
    """SPF mechanisms of the relays that send for us (``include:_spf.relay.example``)."""
    mx: str = ""
    """The host that receives mail for ``MAIL_DOMAIN``; by default ``BASE_URL``'s."""
    rua: str = ""
    """Where DMARC aggregate reports go; by default ``postmaster@`` the From domain."""


class Mistake(ValueError):
    """A command-line choice that would publish a broken record; one line."""


def checked(choices: Choices) -> Choices:
    """``choices`` when each makes a well-formed record, else :class:`Mistake` saying which."""
    for given in choices.spf:
        if not MECHANISM.fullmatch(given) or '"' in given:
            raise Mistake(
                f"--spf {given!r} is not an SPF mechanism (such as include:... or ip4:...)"
            )
    if choices.mx and not HOST.fullmatch(choices.mx.rstrip(".")):
        raise Mistake(f"--mx {choices.mx!r} is not a host name")
    if choices.rua and (normal(choices.rua) is None or ";" in choices.rua or "!" in choices.rua):
        raise Mistake(f"--rua {choices.rua!r} is not an email address")
    return choices


def quoted(value: str) -> str:
    """``value`` as a TXT record's strings: quoted, in pieces of at most 255 characters."""
    pieces = [value[i : i + TXT_CHUNK] for i in range(0, len(value), TXT_CHUNK)] or [""]
    return " ".join(f'"{piece}"' for piece in pieces)


def records(settings: Settings, choices: Choices) -> list[str]:
    """The lines ``pbem mail-dns`` prints: comments (``;``) and records. Raises
    :class:`service.dkim_keys.DkimKeyError` for keys that cannot sign."""
    sender = domain_of(settings.mail_from)
    bounces = domain_of(settings.mail_domain)
    signing = dkim_keys.signing(settings)
    mx = (choices.mx or urlsplit(settings.base_url).hostname or bounces).rstrip(".")
    rua = choices.rua or f"postmaster@{sender}"
    lines = [
        f"; DNS records for the email of this service: From {sender} (MAIL_FROM), envelope",
        f"; sender and replies at {bounces} (MAIL_DOMAIN). Zone-file lines, names with their",
        "; final dot; publish each, then check it with dig (e.g. dig +short TXT NAME).",
        "",
    ]
    lines += _spf(settings, choices, bounces, mx)
    lines += _dkim(signing)
    lines += _dmarc(sender, bounces, rua)
    lines += [
        f"; MX: where replies and bounces for {bounces} come back: the host of 'pbem inbound'",
        "; (or of the MTA in front of it that hands it mail by LMTP).",
        f"{bounces}. IN MX 10 {mx}.",
    ]
    return lines


def _spf(settings: Settings, choices: Choices, bounces: str, mx: str) -> list[str]:
    lines = [
        f"; SPF (RFC 7208): which hosts may send mail whose envelope sender is at {bounces}",
        "; (every email's is its bounce address there).",
    ]
    mechanisms = list(choices.spf)
    if not mechanisms:
        relay = (urlsplit(settings.smtp_url).hostname or "").lower()
        if not relay or relay in LOCAL_HOSTS:
            lines += [
                f"; SMTP_URL is a relay on this machine: {mx}'s own address sends. If a",
                "; provider relays for you, give its SPF instead: --spf include:...",
            ]
            mechanisms = [f"a:{mx}"]
        else:
            lines += [
                f"; The relay of SMTP_URL, {relay}, by its address; a provider usually",
                "; publishes an include for its relays instead: --spf include:...",
            ]
            mechanisms = [_mechanism(relay)]
    lines.append(f"{bounces}. IN TXT {quoted('v=spf1 ' + ' '.join(mechanisms) + ' -all')}")
    return [*lines, ""]


def _mechanism(host: str) -> str:
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return f"a:{host}"
    return f"ip{address.version}:{address}"


def _dkim(signing: dkim_keys.Signing | None) -> list[str]:
    if signing is None:
        return [
            "; DKIM: off. Set DKIM_KEY (an RSA key of 2048 bits: openssl genpkey -algorithm RSA",
            "; -pkeyopt rsa_keygen_bits:2048 -out dkim.pem) and DKIM_SELECTOR, then run this",
            "; again for its record: without DKIM, Gmail, Yahoo and Outlook file our email as",
            "; spam or refuse it.",
            "",
        ]
    lines = []
    for key in signing.keys:
        named = "RSA" if key.kind == "rsa" else "Ed25519 (RFC 8463)"
        lines += [
            f"; DKIM (RFC 6376): the public key of every email's {named} signature,",
            f"; d={signing.domain} s={key.selector}.",
            f"{key.selector}._domainkey.{signing.domain}. IN TXT {quoted(key.record())}",
        ]
    return [*lines, ""]


def _dmarc(sender: str, bounces: str, rua: str) -> list[str]:
    aligned = bounces == sender or bounces.endswith("." + sender)
    lines = [
        f"; DMARC (RFC 7489): what receivers do with mail From {sender} that fails DKIM and",
        "; SPF aligned with it. Start with p=none, which changes nothing for any email, and",
        f"; read the aggregate reports sent to {rua} (daily, one per receiver).",
    ]
    if not aligned:
        lines.append(
            f"; {bounces} is not under {sender}: SPF passes for it but is not aligned with "
            "From, so DMARC rests on DKIM alone."
        )
    policy = f"v=DMARC1; p=none; rua=mailto:{rua}; adkim=r; aspf=r"
    lines += [
        f"_dmarc.{sender}. IN TXT {quoted(policy)}",
        "; When weeks of reports show every source of our mail passing DKIM, move on:",
        f";   {quoted(policy.replace('p=none', 'p=quarantine; pct=25'))}",
        "; then pct=100, then p=reject. Gmail and Yahoo ask every bulk sender for a DMARC",
        "; record; p=none is enough for them.",
        "",
    ]
    return lines
