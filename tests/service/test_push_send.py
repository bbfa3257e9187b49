"""Web Push (issue 36 §2), against a real push service in the test process: each message is
encrypted for the subscription's keys alone (the test decrypts it with http-ece, as the
browser would), signed with the service's VAPID key for the endpoint's origin, kept no
longer than the deadline, one per game (Topic), within 4096 bytes; a 404/410 says the
subscription is gone."""

from __future__ import annotations

import base64
import json
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, utils

from service.config import Settings
from service.notify import push, vapid
from tests.fixtures import TEST_KEY
from tests.service.pushservice import Browser, PushService, b64url, running, unb64url

SETTINGS = Settings(secret_key=TEST_KEY, mail_from="Play by email <games@pbem.example>")
TURN = {
    "title": "Origin #g1: your turn",
    "body": "Choose a card to play.",
    "url": "https://pbem.example/act/abc",
}


@pytest.fixture
def service():
    with running() as found:
        yield found


def browser(service: PushService, name: str = "one") -> Browser:
    return Browser(endpoint=f"{service.url}/push/{name}")


def claims_of(authorization: str, public: str) -> dict:
    """The VAPID token's claims, after checking its ES256 signature with ``public``
    (RFC 8292 §3: ``vapid t=<JWT>, k=<key>``)."""
    scheme, _, rest = authorization.partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in rest.split(","))
    assert fields["k"] == public, "the key named is the service's public key"
    header, claims, signature = fields["t"].split(".")
    assert json.loads(unb64url(header)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64url(signature)
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public))
    key.verify(  # raises InvalidSignature
        utils.encode_dss_signature(int.from_bytes(raw[:32]), int.from_bytes(raw[32:])),
        f"{header}.{claims}".encode(),
        ec.ECDSA(hashes.SHA256()),
    )
    return dict(json.loads(unb64url(claims)))


def test_a_turn_reaches_the_browser_encrypted_for_its_keys_alone(service):
    ann, bob = browser(service, "ann"), browser(service, "bob")
    topic = push.topic_of("g1")
    result = push.send(SETTINGS, ann.channel(), TURN, ttl=3600, topic=topic)
    assert result.ok and not result.gone and result.status == 201, result
    (got,) = service.received
    assert got.path == "/push/ann"
    assert got.headers["content-encoding"] == "aes128gcm"
    assert ann.read(got.body) == {**TURN, "tag": topic}
    assert b"Choose a card" not in got.body, "the body travels encrypted"
    with pytest.raises(http_ece.ECEException):
        bob.read(got.body)  # another browser's keys read nothing
    assert result.size == len(got.body)


def test_a_tag_given_by_the_caller_is_kept_and_other_keys_travel_as_they_are(service):
    ann = browser(service)
    message = {**TURN, "tag": "mine", "icon": "/static/icon.png", "game": "g1"}
    assert push.send(SETTINGS, ann.channel(), message, ttl=60, topic=push.topic_of("g1")).ok
    assert ann.read(service.received[0].body) == message


def test_every_message_is_signed_by_the_services_vapid_key_for_the_endpoints_origin(service):
    ann = browser(service)
    before = int(time.time())
    assert push.send(SETTINGS, ann.channel(), TURN, ttl=60, topic=push.topic_of("g1")).ok
    claims = claims_of(service.received[0].headers["authorization"], vapid.public_key(SETTINGS))
    assert claims["aud"] == service.url, "aud is the push service's origin, no path"
    assert claims["sub"] == "mailto:games@pbem.example"
    assert before < claims["exp"] <= before + 24 * 3600 + 5, "RFC 8292: at most 24 hours"
    other = replace(SETTINGS, vapid_subject="https://pbem.example")
    assert push.send(other, ann.channel(), TURN, ttl=60, topic=push.topic_of("g1")).ok
    assert claims_of(service.received[1].headers["authorization"], vapid.public_key(other))[
        "sub"
    ] == ("https://pbem.example")


def test_ttl_is_the_time_to_the_deadline_capped_and_urgency_is_normal(service):
    ann = browser(service)
    topic = push.topic_of("g1")
    for ttl, sent in ((3600, "3600"), (10**9, str(push.MAX_TTL)), (-5, "0")):
        assert push.send(SETTINGS, ann.channel(), TURN, ttl=ttl, topic=topic).ok
        assert service.received[-1].headers["ttl"] == sent
        assert service.received[-1].headers["urgency"] == "normal"
    now = datetime(2026, 11, 28, 12, tzinfo=UTC)
    assert push.ttl_until(now + timedelta(hours=2), now) == 7200
    assert push.ttl_until(now - timedelta(hours=2), now) == 0
    assert push.ttl_until(now + timedelta(days=400), now) == push.MAX_TTL
    assert push.ttl_until(None, now) == push.MAX_TTL


def test_one_topic_per_game_so_a_newer_turn_replaces_the_older(service):
    ann = browser(service)
    topics = {game: push.topic_of(game) for game in ("g1", "g2", "a-much-longer-game-id-" * 4)}
    assert len(set(topics.values())) == 3, "each game its own topic"
    assert push.topic_of("g1") == topics["g1"], "the same game, the same topic, every time"
    for topic in topics.values():
        assert push.TOPIC.fullmatch(topic) and len(topic) <= 32
        assert push.send(SETTINGS, ann.channel(), TURN, ttl=60, topic=topic).ok
        assert service.received[-1].headers["topic"] == topic
        assert ann.read(service.received[-1].body)["tag"] == topic
    for bad in ("", "x" * 33, "has space", "slash/", "plus+"):
        with pytest.raises(ValueError):
            push.send(SETTINGS, ann.channel(), TURN, ttl=60, topic=bad)
    assert len(service.received) == 3


def test_a_long_prompt_is_cut_to_fit_4096_bytes_and_the_rest_is_whole(service):
    ann = browser(service)
    long_prompt = "Выберите карту и место для неё. " * 400  # ~25 000 bytes of UTF-8
    result = push.send(
        SETTINGS, ann.channel(), {**TURN, "body": long_prompt}, ttl=60, topic=push.topic_of("g")
    )
    assert result.ok and result.truncated
    body = service.received[-1].body
    assert len(body) <= push.MAX_BODY == 4096
    assert len(body) > push.MAX_BODY - 40, "cut no more than it must"
    got = ann.read(body)
    assert got["title"] == TURN["title"] and got["url"] == TURN["url"]
    assert got["body"].endswith("…") and long_prompt.startswith(got["body"][:-1].rstrip())

    fits = {**TURN, "body": "x" * 3800}
    result = push.send(SETTINGS, ann.channel(), fits, ttl=60, topic=push.topic_of("g"))
    assert result.ok and not result.truncated
    assert ann.read(service.received[-1].body)["body"] == fits["body"]


def test_a_long_title_is_cut_after_the_body_and_an_enormous_url_is_not_sent(service):
    ann = browser(service)
    huge = {**TURN, "title": "T" * 6000, "body": "B" * 6000}
    assert push.send(SETTINGS, ann.channel(), huge, ttl=60, topic=push.topic_of("g")).ok
    got = ann.read(service.received[-1].body)
    assert got["body"] == "" and got["title"].startswith("TTT") and got["title"].endswith("…")
    sent = len(service.received)
    result = push.send(
        SETTINGS, ann.channel(), {**TURN, "url": "https://x/" + "u" * 5000}, ttl=60, topic="t"
    )
    assert not result.ok and not result.gone and "4096" in result.error
    assert len(service.received) == sent, "nothing is sent that does not fit"


@pytest.mark.parametrize("status", [404, 410])
def test_a_404_or_410_answer_reports_the_subscription_gone(service, status):
    ann = browser(service, "dead")
    service.answers["/push/dead"] = status
    result = push.send(SETTINGS, ann.channel(), TURN, ttl=60, topic=push.topic_of("g1"))
    assert result.gone and not result.ok and result.status == status
    assert str(status) in result.error and service.url not in result.error


@pytest.mark.parametrize("status", [400, 413, 429, 500, 503])
def test_any_other_refusal_is_an_error_to_retry_not_gone(service, status):
    ann = browser(service)
    service.status = status
    result = push.send(SETTINGS, ann.channel(), TURN, ttl=60, topic=push.topic_of("g1"))
    assert not result.ok and not result.gone and result.status == status
    assert str(status) in result.error


def test_an_unreachable_push_service_is_an_error_not_an_exception(service):
    ann = Browser(endpoint="http://127.0.0.1:9/push/none")  # the discard port: refused
    result = push.send(SETTINGS, ann.channel(), TURN, ttl=60, topic=push.topic_of("g1"))
    assert not result.ok and not result.gone and result.status is None
    assert "could not be reached" in result.error and "127.0.0.1" not in result.error


def test_a_removed_subscription_or_bad_keys_send_nothing(service):
    ann = browser(service)
    removed = ann.channel()
    removed.target, removed.keys = "", None
    assert not push.send(SETTINGS, removed, TURN, ttl=60, topic="t").ok
    broken = ann.channel()
    broken.keys = {"p256dh": b64url(b"\x04" + b"\x00" * 64), "auth": b64url(b"a" * 16)}
    result = push.send(SETTINGS, broken, TURN, ttl=60, topic="t")
    assert not result.ok and result.error
    assert service.received == []


def test_the_vapid_key_is_derived_from_the_secret_key_unless_one_is_given():
    public = vapid.public_key(SETTINGS)
    raw = unb64url(public)
    assert len(raw) == 65 and raw[0] == 4, "an uncompressed P-256 point"
    assert vapid.public_key(replace(SETTINGS)) == public, "the same while SECRET_KEY is"
    assert vapid.public_key(replace(SETTINGS, secret_key=TEST_KEY[::-1])) != public
    given = ec.generate_private_key(ec.SECP256R1())
    number = given.private_numbers().private_value.to_bytes(32, "big")
    for text in (b64url(number), base64.b64encode(number).decode()):
        mine = replace(SETTINGS, vapid_private_key=text)
        assert unb64url(vapid.public_key(mine)) == unb64url(b64url(_point(given)))
        assert vapid.problem(mine) is None
    for bad in ("short", b64url(b"\x00" * 32), b64url(b"\xff" * 32), "-----BEGIN nonsense"):
        with pytest.raises(vapid.BadVapidKey):
            vapid.public_key(replace(SETTINGS, vapid_private_key=bad))
        assert "VAPID_PRIVATE_KEY" in (
            vapid.problem(replace(SETTINGS, vapid_private_key=bad)) or ""
        )
    with pytest.raises(vapid.BadVapidKey, match="SECRET_KEY"):
        vapid.public_key(Settings(secret_key="short"))


def _point(key: ec.EllipticCurvePrivateKey) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )


def test_the_push_settings_are_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("VAPID_PRIVATE_KEY", "k")
    monkeypatch.setenv("VAPID_SUBJECT", "mailto:ops@pbem.example")
    for raw, meant in (("1", True), ("true", True), ("0", False), ("no", False)):
        monkeypatch.setenv("PUSH_ALLOW_LOOPBACK", raw)
        monkeypatch.setenv("BENCH_ENDPOINTS", raw)
        read = Settings.from_env()
        assert (read.push_allow_loopback, read.bench_endpoints) == (meant, meant)
        assert (read.vapid_private_key, read.vapid_subject) == ("k", "mailto:ops@pbem.example")
        assert read.as_env()["PUSH_ALLOW_LOOPBACK"] == ("1" if meant else "0"), "for workers"
