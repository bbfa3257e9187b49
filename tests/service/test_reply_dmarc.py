"""Replies checked as a receiving mail server checks them (issue 31 §4): where the sender's
domain publishes a DMARC policy of quarantine or reject, a reply must pass DKIM or SPF
aligned with it. The DNS is the test's own zone (``authenticity.DNS``): signed for real with dkimpy,
SPF judged by pyspf against the stored IP address; nothing touches the network."""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import replace
from email import policy

import dkim
import dns.exception
import dns.resolver
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from service.mail import authenticity, replies
from service.mail.inbox import recipient, store
from service.mail.queue import enqueue_inbox
from service.store import eventstore
from service.store.db import sessions
from service.store.models import InboxRow
from tests.service.replying import deliver, reply_message
from tests.service.test_replies import answers, new_game, order

REJECT = "v=DMARC1; p=reject; rua=mailto:reports@example.org"
SENDERS_SERVER = "192.0.2.25"


class Zone:
    """TXT records by name, and names whose lookups fail (a timeout, SERVFAIL)."""

    def __init__(self) -> None:
        self.records: dict[str, bytes] = {}
        self.failing: dict[str, type[dns.exception.DNSException]] = {}
        self.asked: list[str] = []

    def __call__(self, name: bytes, timeout: float = 5) -> bytes | None:
        asked = name.decode().rstrip(".").lower()
        self.asked.append(asked)
        if asked in self.failing:
            raise self.failing[asked]()
        return self.records.get(asked)


@pytest.fixture
def zone(monkeypatch) -> Zone:
    found = Zone()
    monkeypatch.setattr(authenticity, "DNS", found)
    return found


@pytest.fixture
def signer(zone: Zone) -> Callable[[bytes, str], bytes]:
    """Signs a raw message with a key of ``domain`` the zone publishes (selector ``sel``)."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    private = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )
    public = key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )

    def sign(raw: bytes, domain: str) -> bytes:
        zone.records[f"sel._domainkey.{domain}"] = b"v=DKIM1; k=rsa; p=" + base64.b64encode(public)
        headers = [b"from", b"to", b"subject"]
        return dkim.sign(raw, b"sel", domain.encode(), private, include_headers=headers) + raw

    return sign


def a_reply(settings, smtp, work, sender_domain: str = "example.org"):
    """(game id, the seat's address, its seat, the reply's raw bytes, its envelope): a reply
    of a legal code from the seat to play."""
    game_id = new_game(settings, work)
    me, _you, mine, _yours = order(settings)
    sent = reply_message(smtp.to(me)[-1], "1", sender=me)
    assert me.endswith("@" + sender_domain)
    return game_id, me, mine, sent.as_bytes(policy=policy.SMTP), str(sent["To"])


def to_act(settings, game_id) -> list[str]:
    with sessions(settings.database_url)() as s:
        loaded = eventstore.load(s, game_id)
        return sorted(loaded.game.to_act(loaded.state))


@pytest.mark.hostile
@pytest.mark.parametrize("disposition", ["reject", "quarantine"])
def test_a_reply_without_dkim_or_spf_from_a_domain_that_enforces_dmarc_is_refused(
    settings, smtp, work, zone, disposition
):
    # Today's gap: without a DKIM signature there was nothing to check, so a forger who
    # dropped it played for the seat.
    zone.records["_dmarc.example.org"] = f"v=DMARC1; p={disposition}".encode()
    game_id, me, mine, raw, to = a_reply(settings, smtp, work)
    row, ids = deliver(settings, raw, rcpt_to=to, mail_from=me)
    assert row.outcome == f"refused: DMARC policy of the sender's domain ({disposition})"
    assert len(ids) == 1 and to_act(settings, game_id) == [mine]
    work()
    (warning,) = answers(smtp, me)
    assert "nothing was done" in warning.get_body(("plain",)).get_content()


def test_an_aligned_dkim_signature_passes_a_reject_policy(settings, smtp, work, zone, signer):
    zone.records["_dmarc.example.org"] = REJECT.encode()
    game_id, me, mine, raw, to = a_reply(settings, smtp, work)
    row, _ = deliver(settings, signer(raw, "example.org"), rcpt_to=to, mail_from=me)
    assert row.outcome == "applied" and to_act(settings, game_id) != [mine]


def test_a_subdomains_signature_aligns_relaxed_and_not_strict(settings, smtp, work, zone, signer):
    zone.records["_dmarc.example.org"] = REJECT.encode()
    _game_id, me, _mine, raw, to = a_reply(settings, smtp, work)
    signed = signer(raw, "mail.example.org")
    assert deliver(settings, signed, rcpt_to=to, mail_from=me)[0].outcome == "applied"
    zone.records["_dmarc.example.org"] = b"v=DMARC1; p=reject; adkim=s"
    row, _ = deliver(
        settings, signed.replace(b"\r\n\r\n1", b"\r\n\r\n2", 1), rcpt_to=to, mail_from=me
    )
    assert row.outcome == "refused: DMARC policy of the sender's domain (reject)"


def test_a_signature_of_another_domain_does_not_pass_the_policy(settings, smtp, work, zone, signer):
    zone.records["_dmarc.example.org"] = REJECT.encode()
    game_id, me, mine, raw, to = a_reply(settings, smtp, work)
    row, _ = deliver(settings, signer(raw, "bulk-mailer.example.net"), rcpt_to=to, mail_from=me)
    assert row.outcome == "refused: DMARC policy of the sender's domain (reject)"
    assert to_act(settings, game_id) == [mine]


def test_an_aligned_spf_pass_for_the_sending_server_passes_a_reject_policy(
    settings, smtp, work, zone
):
    zone.records["_dmarc.example.org"] = REJECT.encode()
    zone.records["example.org"] = b"v=spf1 ip4:192.0.2.0/24 -all"
    game_id, me, mine, raw, to = a_reply(settings, smtp, work)
    row, _ = deliver(settings, raw, rcpt_to=to, mail_from=me, client_ip="198.51.100.7")
    assert row.outcome == "refused: DMARC policy of the sender's domain (reject)"
    row, _ = deliver(settings, raw, rcpt_to=to, mail_from=me, client_ip=SENDERS_SERVER)
    assert row.outcome == "applied" and to_act(settings, game_id) != [mine]


def test_p_none_and_no_record_let_an_unsigned_reply_through(settings, smtp, work, zone):
    zone.records["_dmarc.example.org"] = b"v=DMARC1; p=none; rua=mailto:r@example.org"
    _game_id, me, _mine, raw, to = a_reply(settings, smtp, work)
    delivered = deliver(settings, raw, rcpt_to=to, mail_from=me, client_ip=SENDERS_SERVER)
    assert delivered[0].outcome == "applied"
    assert "example.org" not in zone.asked, "p=none costs no SPF lookup"
    del zone.records["_dmarc.example.org"]
    _game, me2, _m, raw2, to2 = a_reply(settings, smtp, work)
    assert deliver(settings, raw2, rcpt_to=to2, mail_from=me2)[0].outcome == "applied"
    assert "_dmarc.example.org" in zone.asked


def test_the_organisational_domains_policy_covers_a_subdomain_and_sp_overrides_it(
    settings, smtp, work, zone
):
    players = ["ann@eu.example.org", "bob@eu.example.org"]
    zone.records["_dmarc.example.org"] = REJECT.encode()
    game_id = new_game(settings, work, players=players)
    me, _you, mine, _yours = order(settings)
    sent = reply_message(smtp.to(me)[-1], "1", sender=me)
    row, _ = deliver(settings, sent.as_bytes(), rcpt_to=str(sent["To"]), mail_from=me)
    assert row.outcome == "refused: DMARC policy of the sender's domain (reject)"
    assert zone.asked[-2:] == ["_dmarc.eu.example.org", "_dmarc.example.org"]
    zone.records["_dmarc.example.org"] = b"v=DMARC1; p=reject; sp=none"
    row, _ = deliver(
        settings, sent.as_bytes(), rcpt_to=str(sent["To"]), mail_from=me, client_ip=SENDERS_SERVER
    )
    assert row.outcome == "applied" and to_act(settings, game_id) != [mine]
    # A policy that enforces nothing costs no SPF lookup.
    assert "eu.example.org" not in zone.asked


@pytest.mark.hostile
@pytest.mark.parametrize(
    "record",
    [b"v=DMARC1; p=banana", b"v=DMARC2; p=reject", b"p=reject; v=DMARC1", b"v=DMARC1"],
)
def test_a_record_that_is_no_dmarc_policy_is_as_none(settings, smtp, work, zone, record):
    zone.records["_dmarc.example.org"] = record
    _game, me, _mine, raw, to = a_reply(settings, smtp, work)
    assert deliver(settings, raw, rcpt_to=to, mail_from=me)[0].outcome == "applied"


@pytest.mark.parametrize("failure", [dns.exception.Timeout, dns.resolver.NoNameservers])
def test_a_dns_that_cannot_answer_leaves_the_reply_for_later_and_the_last_try_says_so(
    settings, smtp, work, zone, failure
):
    zone.failing["_dmarc.example.org"] = failure
    game_id, me, mine, raw, to = a_reply(settings, smtp, work)
    with pytest.raises(authenticity.DnsUnavailable):
        deliver(settings, raw, rcpt_to=to, mail_from=me, last_try=False)
    row, ids = deliver(settings, raw, rcpt_to=to, mail_from=me, last_try=True)
    assert row.outcome == "refused: sender could not be checked" and len(ids) == 1
    assert to_act(settings, game_id) == [mine]
    work()
    (told,) = answers(smtp, me)
    assert "could not be checked" in told.get_body(("plain",)).get_content()


def test_a_reply_read_while_the_dns_fails_is_played_once_it_answers(settings, smtp, work, zone):
    """Through the reading job and RQ's retries (the tests' intervals are 0 s): the first
    try cannot ask the DNS, the retry can, and the move is played once, answered once."""
    zone.records["_dmarc.example.org"] = b"v=DMARC1; p=none"
    zone.failing["_dmarc.example.org"] = dns.exception.Timeout
    game_id, me, mine, raw, to = a_reply(settings, smtp, work)
    real_read = replies.read
    tries: list[bool] = []

    def read(*args, last_try, **kwargs):
        tries.append(last_try)
        if len(tries) == 2:
            zone.failing.clear()  # the DNS is back for the retry
        return real_read(*args, last_try=last_try, **kwargs)

    with sessions(settings.database_url).begin() as session:
        inbox_id = store(session, raw, me, recipient(settings, to))
    replies_read = pytest.MonkeyPatch()
    replies_read.setattr(replies, "read", read)
    try:
        enqueue_inbox(settings, [inbox_id])
        work()
    finally:
        replies_read.undo()
    assert tries[:2] == [False, False]
    with sessions(settings.database_url)() as session:
        row = session.get(InboxRow, inbox_id)
        assert row is not None and row.outcome == "applied"
    assert to_act(settings, game_id) != [mine]
    assert len(answers(smtp, me)) == 1


def test_the_dns_failing_on_every_try_tells_the_seat_once(settings, smtp, work, zone):
    zone.failing["_dmarc.example.org"] = dns.resolver.NoNameservers
    game_id, me, mine, raw, to = a_reply(settings, smtp, work)
    with sessions(settings.database_url).begin() as session:
        inbox_id = store(session, raw, me, recipient(settings, to))
    enqueue_inbox(settings, [inbox_id])
    work()
    with sessions(settings.database_url)() as session:
        row = session.get(InboxRow, inbox_id)
        assert row is not None and row.outcome == "refused: sender could not be checked"
    assert zone.asked.count("_dmarc.example.org") == 1 + len(settings.retry_intervals)
    assert to_act(settings, game_id) == [mine] and len(answers(smtp, me)) == 1


def test_a_hostile_message_of_many_signatures_costs_a_few_lookups(settings, smtp, work, zone):
    zone.records["_dmarc.example.org"] = REJECT.encode()
    _game, me, _mine, raw, to = a_reply(settings, smtp, work)
    forged = b"".join(
        b"DKIM-Signature: v=1; a=rsa-sha256; d=d%d.example; s=s; h=from; bh=AAAA; b=AAAA\r\n" % i
        for i in range(2000)
    )
    row, _ = deliver(settings, forged + raw, rcpt_to=to, mail_from=me)
    assert row.outcome == "refused: DMARC policy of the sender's domain (reject)"
    assert len([n for n in zone.asked if "._domainkey." in n]) == authenticity.MAX_SIGNATURES


# --- behind an MTA: its own verdict -----------------------------------------------------

MTA = "mx.pbem.test"


@pytest.mark.parametrize(
    ("stamp", "outcome"),
    [
        (f"Authentication-Results: {MTA}; spf=pass smtp.mailfrom={{me}}", "applied"),
        (f"Authentication-Results: {MTA}; spf=fail smtp.mailfrom={{me}}", "refused"),
        ("Authentication-Results: mx.elsewhere.example; spf=pass", "refused"),
        (
            f"Received-SPF: Pass (mailfrom) identity=mailfrom; client-ip={SENDERS_SERVER}; "
            f"envelope-from={{me}}; receiver={MTA}",
            "applied",
        ),
        ("Received-SPF: Pass identity=mailfrom; receiver=other.example", "refused"),
    ],
    ids=["ours-pass", "ours-fail", "another-server", "received-spf", "received-spf-other"],
)
def test_behind_an_mta_its_own_spf_verdict_is_read_and_no_one_elses(
    settings, smtp, work, zone, stamp, outcome
):
    zone.records["_dmarc.example.org"] = REJECT.encode()
    behind = replace(settings, inbound_trusted_authserv_id=MTA)
    _game, me, _mine, raw, to = a_reply(settings, smtp, work)
    stamped = stamp.format(me=me).encode() + b"\r\n" + raw
    row, _ = deliver(behind, stamped, rcpt_to=to, mail_from=me)  # over LMTP: no client IP
    assert row.outcome.startswith(outcome), row.outcome


def test_behind_an_mta_only_its_topmost_verdict_counts(settings, smtp, work, zone):
    # A forger's own "pass" lies below what our MTA wrote on top.
    zone.records["_dmarc.example.org"] = REJECT.encode()
    behind = replace(settings, inbound_trusted_authserv_id=MTA)
    _game, me, _mine, raw, to = a_reply(settings, smtp, work)
    stamped = (
        f"Authentication-Results: {MTA}; spf=softfail smtp.mailfrom={me}\r\n"
        f"Authentication-Results: {MTA}; spf=pass smtp.mailfrom={me}\r\n"
    ).encode() + raw
    row, _ = deliver(behind, stamped, rcpt_to=to, mail_from=me)
    assert row.outcome == "refused: DMARC policy of the sender's domain (reject)"


def test_without_a_trusted_mta_a_stamp_in_the_message_is_not_believed(settings, smtp, work, zone):
    zone.records["_dmarc.example.org"] = REJECT.encode()
    _game, me, _mine, raw, to = a_reply(settings, smtp, work)
    stamped = f"Authentication-Results: {MTA}; spf=pass dmarc=pass\r\n".encode() + raw
    row, _ = deliver(settings, stamped, rcpt_to=to, mail_from=me)
    assert row.outcome == "refused: DMARC policy of the sender's domain (reject)"


def test_dns_off_asks_nothing_and_a_reply_is_read_as_before(settings, smtp, work, monkeypatch):
    monkeypatch.setattr(authenticity, "DNS", None)
    asked: list[str] = []
    monkeypatch.setattr(dns.resolver, "resolve", lambda *a, **k: asked.append(a[0]))
    game_id, me, mine, raw, to = a_reply(settings, smtp, work)
    assert settings.inbound_dns == "off"
    assert deliver(settings, raw, rcpt_to=to, mail_from=me)[0].outcome == "applied"
    assert asked == [] and to_act(settings, game_id) != [mine]
