"""An email address as the service compares it (issues 18, 31): one address however it was
typed, so a reply's sender, a bounce's recipient and the ledger of sent emails agree."""

from __future__ import annotations

from functools import lru_cache

from email_validator import EmailNotValidError, validate_email


@lru_cache(maxsize=4096)
def normal(address: str) -> str | None:
    """``address`` as addresses are compared: the local part case-folded, the domain in
    IDNA (``имя@пример.рф`` and ``ИМЯ@xn--e1afmkfd.xn--p1ai`` are one), or None for no
    address at all."""
    try:
        checked = validate_email(
            address.strip().strip("<>"), check_deliverability=False, allow_smtputf8=True
        )
    except (EmailNotValidError, ValueError, TypeError):
        return None
    domain = checked.ascii_domain or checked.domain
    return f"{checked.local_part.casefold()}@{domain.casefold()}"


def domain_of(address: str) -> str:
    """The domain of an address (``Play <games@Example.org>``: ``example.org``), lower
    case, in ASCII (IDNA) when it is one; what it holds after the last ``@`` otherwise."""
    found = normal(address.rpartition("<")[2].rstrip(">") if "<" in address else address)
    if found is not None:
        return found.rsplit("@", 1)[1]
    return address.strip().strip("<>").rpartition("@")[2].lower()
