"""Bounce addresses (issue 31 §2): the envelope sender of each email names that email,
signed, so a delivery report cannot be forged to name another; and they fit an address."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service.links import bounces, replyto, sealed
from tests.fixtures import TEST_KEY


@given(email_id=st.integers(0, 2**35 - 1))
def test_a_bounce_address_fits_rfc_5321_and_survives_a_folded_case(email_id):
    local = bounces.encode(TEST_KEY, email_id)
    assert local.startswith("bounce+") and len(local) <= sealed.LOCAL_PART_LIMIT
    assert local == local.lower() and "." not in local
    assert bounces.decode(TEST_KEY, f"{local}@pbem.test") == email_id
    assert bounces.decode(TEST_KEY, f"<{local.upper()}@PBEM.TEST>") == email_id


def test_an_altered_bounce_address_or_another_key_names_no_email():
    local = bounces.encode(TEST_KEY, 4242)
    token = local[len(bounces.PREFIX) :]
    for i in range(len(token)):
        flipped = token[:i] + ("a" if token[i] != "a" else "b") + token[i + 1 :]
        assert bounces.decode(TEST_KEY, bounces.PREFIX + flipped) is None
    assert bounces.decode(TEST_KEY + "x", local) is None
    assert bounces.decode(TEST_KEY, local[:-1]) is None
    assert bounces.decode(TEST_KEY, local + "a") is None
    assert bounces.decode(TEST_KEY, "bounce+@pbem.test") is None


def test_a_reply_address_is_no_bounce_address_and_a_bounce_address_no_reply_address():
    reply = replyto.encode(TEST_KEY, replyto.ReplyTo("abcd1234", 1, 0, 7, 9, "0123abcd"))
    assert bounces.decode(TEST_KEY, reply) is None
    assert bounces.decode(TEST_KEY, "bounce+" + reply.removeprefix("play+")) is None
    bounce = bounces.encode(TEST_KEY, 7)
    assert replyto.decode(TEST_KEY, "play+" + bounce.removeprefix("bounce+")) is None
