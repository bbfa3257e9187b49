"""Whether a reply comes from the seat's player (issues 18, 31), checked as a receiving mail
server would: the signed address names the seat, and the sender must be the seat's own
address; where the message carries a DKIM signature of the sender's domain, it must verify;
and where that domain publishes a DMARC policy of quarantine or reject (RFC 7489), the reply
must pass DKIM or SPF aligned with it.

Every check reads the headers alone (:func:`service.mail.reading.head`) and the raw bytes
DKIM hashes; nothing here parses a body. The libraries do the checking: dkimpy (DKIM),
pyspf (SPF), dmarc (a DMARC record's tags, its policy and the alignment of each result),
publicsuffixlist (organisational domains) and dnspython (the lookups).

The DNS is asked through :data:`DNS` when a test sets it (a function answering with the
test's own records, so mail is signed and checked for real without a network), else as
``INBOUND_DNS`` says: the host's resolver, or ``off``, nothing asked. A DNS that cannot
answer now (a timeout, SERVFAIL) decides nothing: :class:`DnsUnavailable` is raised and
the reply is read again later (docs/replies.md).
"""

from __future__ import annotations

import functools
import ipaddress
import re
from collections.abc import Callable
from email.message import Message
from email.policy import default as default_policy
from typing import Any

import dkim
import dmarc
import dns.exception
import dns.resolver
import spf
from publicsuffixlist import PublicSuffixList

from service.addresses import normal
from service.config import Settings
from service.mail import reading

DNS: Callable[..., bytes | None] | None = None
"""``dnsfunc(name, timeout=5) -> TXT record bytes`` (dkimpy's shape, ``name`` in bytes with
its final dot), asked for every lookup when set: DKIM keys, DMARC policies, SPF records. It
answers None for a name without one, raises ``dns.resolver.NXDOMAIN`` likewise, and any
other ``dns.exception.DNSException`` for a DNS that cannot answer. None: ``INBOUND_DNS``."""
TIMEOUT = 5.0
"""Seconds one lookup may take (dkimpy's default)."""
MAX_SIGNATURES = 8
"""DKIM signatures checked per message, each a DNS lookup: a real message has one to three
(its domain's, its provider's, a list's); a hostile one may carry thousands."""
DKIM_DOMAIN = re.compile(rb"(?:^|;)\s*d\s*=\s*([^;\s]+)")
ENFORCED = (dmarc.DMARCDisposition.QUARANTINE, dmarc.DMARCDisposition.REJECT)


class DnsUnavailable(Exception):
    """The DNS could not answer a lookup a check needed: nothing is decided now."""


def domain(address: str) -> str | None:
    """The domain of ``address`` as DNS knows it (IDNA, lower case), or None."""
    found = normal(address)
    return None if found is None else found.rsplit("@", 1)[1]


def sender(message: Message) -> str | None:
    """The one address of the one From field (RFC 5322 §3.6 allows one), or None when the
    message has none, several fields, or a field of several addresses."""
    found = reading.fields(message, "From")
    if len(found) != 1:
        return None
    try:
        addresses = default_policy.header_factory("From", found[0]).addresses
    except (ValueError, TypeError, IndexError, LookupError, AttributeError):
        return None
    if len(addresses) != 1:
        return None
    return addresses[0].addr_spec or None


def is_seat(seat_email: str, message: Message, mail_from: str) -> bool:
    """Whether the From address, and the envelope sender, are the seat's own."""
    mine = normal(seat_email)
    given = sender(message)
    if mine is None or given is None or normal(given) != mine:
        return False
    envelope = mail_from.strip()
    return not envelope or envelope == "<>" or normal(envelope) == mine


# --- the DNS --------------------------------------------------------------------------


def txt(settings: Settings, name: str) -> list[bytes]:
    """The TXT records at ``name`` (each its strings joined): ``[]`` when there are none;
    :class:`DnsUnavailable` when the DNS cannot say."""
    fqdn = name.rstrip(".") + "."
    if DNS is not None:
        try:
            record = DNS(fqdn.encode("ascii"), timeout=TIMEOUT)
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            return []
        except dns.exception.DNSException as exc:
            raise DnsUnavailable(f"{fqdn} TXT: {type(exc).__name__}") from exc
        return [record] if record else []
    if settings.inbound_dns.strip().lower() == "off":
        return []
    try:
        answer = dns.resolver.resolve(fqdn, "TXT", lifetime=TIMEOUT, search=False)
    except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
        return []
    except dns.exception.DNSException as exc:
        raise DnsUnavailable(f"{fqdn} TXT: {type(exc).__name__}") from exc
    return [b"".join(record.strings) for record in answer]


def _dkim_dns(settings: Settings) -> Callable[..., bytes | None]:
    """A dkimpy ``dnsfunc`` over :func:`txt` (whose failures, unlike dkimpy's own lookup,
    are not taken for a missing key)."""

    def lookup(name: bytes, timeout: float = TIMEOUT) -> bytes | None:
        found = txt(settings, name.decode("ascii", "replace"))
        return found[0] if found else None

    return lookup


_SYSTEM_LOOKUP = spf.DNSLookup


def _spf_lookup(name: str, qtype: str, strict: bool = True, timeout: float = TIMEOUT) -> Any:
    """pyspf's lookup: :data:`DNS` when a test sets it (TXT records only), else pyspf's own
    (dnspython); a DNS that cannot answer is pyspf's ``TempError`` (SPF ``temperror``)."""
    if DNS is None:
        return _SYSTEM_LOOKUP(name, qtype, strict, timeout)
    if qtype != "TXT":
        return []
    try:
        record = DNS((name.rstrip(".") + ".").encode("ascii"), timeout=timeout)
    except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
        return []
    except dns.exception.DNSException as exc:
        raise spf.TempError(f"DNS {type(exc).__name__}") from exc
    return [((name, "TXT"), [record])] if record else []


# pyspf asks the DNS through this module-level function (its documented seam).
spf.DNSLookup = _spf_lookup


# --- DKIM -----------------------------------------------------------------------------


def _signature_domains(message: Message) -> list[str]:
    """The ``d=`` domain of each DKIM-Signature field, in order (the first
    :data:`MAX_SIGNATURES`), lower case without a final dot."""
    found = []
    for value in reading.fields(message, "DKIM-Signature")[:MAX_SIGNATURES]:
        match = DKIM_DOMAIN.search(value.encode("utf-8", "replace"))
        found.append(
            match.group(1).decode("ascii", "replace").casefold().rstrip(".") if match else ""
        )
    return found


RANK = {False: 0, None: 1, True: 2}
"""A domain's signatures, one against another: one that verifies settles it; one the DNS
could not check may yet verify, so it outranks one that failed."""


def dkim_results(settings: Settings, raw: bytes, message: Message) -> dict[str, bool | None]:
    """Each signing domain and whether one of its signatures verifies: True, False, or None
    when the DNS could not say and none of them verified."""
    results: dict[str, bool | None] = {}
    signers = _signature_domains(message)
    if not any(signers):
        return results
    lookup = _dkim_dns(settings)
    try:
        checker = dkim.DKIM(raw, timeout=int(TIMEOUT))
    except (dkim.DKIMException, ValueError, IndexError, TypeError, UnicodeError):
        return {signer: False for signer in signers if signer}
    for index, signer in enumerate(signers):
        if not signer or results.get(signer) is True:
            continue
        try:
            passed: bool | None = bool(checker.verify(idx=index, dnsfunc=lookup))
        except DnsUnavailable:
            passed = None
        except (dkim.DKIMException, ValueError, IndexError, TypeError, UnicodeError):
            passed = False
        if signer not in results or RANK[passed] > RANK[results[signer]]:
            results[signer] = passed
    return results


def dkim_verdict(
    settings: Settings, message: Message, results: dict[str, bool | None]
) -> bool | None:
    """True when a DKIM signature of the From domain verifies, False when one is there but
    none does, None when the message carries none for that domain (nothing to check).
    :class:`DnsUnavailable` when the DNS could not say."""
    given = sender(message)
    own = domain(given) if given else None
    if own is None or own not in results:
        return None
    if results[own] is None:
        raise DnsUnavailable(f"the DKIM key of {own}")
    return results[own]


# --- DMARC ----------------------------------------------------------------------------


@functools.cache
def _suffixes() -> PublicSuffixList:
    return PublicSuffixList()


def organisational(name: str) -> str | None:
    """The organisational domain of ``name`` (RFC 7489 §3.2: one label below its public
    suffix), or None for a public suffix itself (``co.uk``)."""
    found = _suffixes().privatesuffix(name)
    return found if isinstance(found, str) else None


class _Suffixes:
    """The public suffix list in the shape the dmarc library asks of one."""

    def get_public_suffix(self, name: str) -> str:
        return organisational(name) or name


def policy(settings: Settings, from_domain: str) -> dmarc.DMARCPolicy | None:
    """The DMARC policy that covers ``from_domain`` (RFC 7489 §6.6.3): the record at
    ``_dmarc.<domain>``, else at its organisational domain's; None when neither holds
    exactly one valid record."""
    org = organisational(from_domain)
    for where in dict.fromkeys([from_domain, org]):
        if where is None:
            continue
        records = [r for r in txt(settings, f"_dmarc.{where}") if r.startswith(b"v=DMARC1")]
        if len(records) != 1:
            continue  # none, or several: no policy at this name
        try:
            return dmarc.DMARCPolicy(
                record=records[0].decode("ascii", "replace"),
                domain=from_domain,
                org_domain=where if where != from_domain else None,
                publicsuffix=_Suffixes(),
                strict=False,  # an unknown value is dropped for its default, as §6.3 says
            )
        except dmarc.Error:
            continue  # not a record (no p=): as none (§6.6.3)
    return None


def _enforced(found: dmarc.DMARCPolicy) -> bool:
    """Whether failing the policy means quarantine or reject (``sp`` for a subdomain whose
    record is its organisational domain's)."""
    published = found.policy
    disposition = published.p
    if published.org_domain and published.sp is not dmarc.DMARCDisposition.UNSPECIFIED:
        disposition = published.sp
    return disposition in ENFORCED


def _spf_result(
    settings: Settings, message: Message, mail_from: str, client_ip: str | None
) -> tuple[str, str] | None:
    """(result, domain) of SPF for the envelope sender: the trusted MTA's own verdict when
    ``INBOUND_TRUSTED_AUTHSERV_ID`` is set, else pyspf's for the stored IP address; None
    when there is nothing to check against."""
    envelope = domain(mail_from) if mail_from.strip() else None
    if envelope is None:
        return None
    trusted = settings.inbound_trusted_authserv_id.strip().casefold()
    if trusted:
        said = _trusted_spf(message, trusted)
        return None if said is None else (said, envelope)
    if client_ip is None:
        return None
    try:
        ipaddress.ip_address(client_ip)
        result, _code, _why = spf.query(
            i=client_ip, s=mail_from.strip().strip("<>"), h=envelope, timeout=int(TIMEOUT)
        ).check()
    except (spf.SPFError, ValueError, UnicodeError):
        return ("permerror", envelope)
    return (str(result), envelope)


AR_SPF = re.compile(r"(?:^|;)\s*spf\s*=\s*([a-z]+)", re.I)


def _trusted_spf(message: Message, authserv_id: str) -> str | None:
    """The SPF result our own MTA wrote (RFC 8601 Authentication-Results, else RFC 7208
    §9.1 Received-SPF naming it as ``receiver``): the topmost such field only, since the
    MTA writes its own above every one that came with the message (and removes any that
    came bearing its name)."""
    for value in reading.fields(message, "Authentication-Results"):
        served_by = value.split(";", 1)[0].split()
        if served_by and served_by[0].casefold() == authserv_id:
            found = AR_SPF.search(value)
            return found.group(1).lower() if found else None
    for value in reading.fields(message, "Received-SPF"):
        words = value.split()
        receiver = re.search(r"\breceiver\s*=\s*([^;\s]+)", value, re.I)
        if words and receiver and receiver.group(1).casefold() == authserv_id:
            return words[0].lower()
    return None


def dmarc_verdict(
    settings: Settings,
    message: Message,
    mail_from: str,
    client_ip: str | None,
    dkim_found: dict[str, bool | None],
) -> str | None:
    """None when the sender's domain lets the reply through (no DMARC record, ``p=none``,
    or an aligned DKIM or SPF pass); else the disposition its policy asks for
    (``quarantine`` or ``reject``). :class:`DnsUnavailable` when a lookup that could have
    let it through could not be made."""
    given = sender(message)
    from_domain = domain(given) if given else None
    if from_domain is None:
        return None
    found = policy(settings, from_domain)
    if found is None or not _enforced(found):
        return None
    results: list[dmarc.AuthResult] = []
    undecided = False
    for signer, passed in dkim_found.items():
        if passed is None:
            undecided = True
        elif passed and organisational(signer):
            results.append(dmarc.DKIMAuthResult(signer, dmarc.DKIMResult.PASS))
    spf_said = _spf_result(settings, message, mail_from, client_ip)
    if spf_said is not None:
        said, envelope = spf_said
        if said == "temperror":
            undecided = True
        elif said == "pass" and organisational(envelope):
            results.append(dmarc.SPFAuthResult(envelope, dmarc.SPFResult.PASS))
    try:
        found.verify(auth_results=results)
    except dmarc.PolicyNoneError:
        return None
    except dmarc.PolicyError:
        if undecided:
            raise DnsUnavailable(f"DKIM or SPF of {from_domain}") from None
        disposition = found.result.disposition if found.result else None
        return disposition.value if disposition is not None else "reject"
    return None
